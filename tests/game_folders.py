"""A registered game's own folder and the conventional files the shared tests read from it
(docs/adding-a-game.md): ``tests/plays_sample.py`` (a finished play and how BG Stats reads its result),
``api.md`` (its section of the JSON API docs) and the documents its code cites relative to the folder."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: The module in a game's ``tests/`` folder that the BG Stats export test plays (see its docstring there).
PLAYS_SAMPLE = "plays_sample.py"


def folder(game: Any) -> Path:
    """The game's package folder: its declared ``package``, else the package its engine lives in."""
    if game.package:
        return Path(importlib.import_module(game.package).__file__ or "").resolve().parent
    return Path(inspect.getfile(game.new_game)).resolve().parent


def shown(path: Path) -> str:
    """A path as the repository names it (an installed game's own path otherwise)."""
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def plays_sample(game: Any) -> ModuleType:
    """The game's ``tests/plays_sample.py``, imported under a name of its own (every game has one of that
    name); its folder goes on ``sys.path`` so it may import its neighbours, as pytest lets the tests there."""
    path = folder(game) / "tests" / PLAYS_SAMPLE
    if not path.is_file():
        raise AssertionError(f"{game.id}: add {shown(path)} with SHEET (how BG Stats reads its result) and "
                             f"play(app, client) (one finished play through the API); docs/adding-a-game.md")
    name = f"plays_sample_{game.id.replace('-', '_')}"
    if name in sys.modules:
        return sys.modules[name]
    if str(path.parent) not in sys.path:
        sys.path.insert(0, str(path.parent))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
