"""The registry of games: game id -> :class:`~companion.games.base.Game`. The one place that lists them.

Everything above the engines (service, store, web, cli) finds a game here and speaks to it only through
the ``Game`` interface, so a new game is a new package plus one line below, never a change to the core. A
game may also ship as its own distribution: it names its ``GAME`` under the entry point group
``companion.games`` (``[project.entry-points."companion.games"] my-game = "my_game:GAME"``), or a test calls
``register``. docs/adding-a-game.md walks through all three.
"""

from __future__ import annotations

import threading
from importlib import import_module, metadata
from typing import Any

from .contract import Game

DEFAULT_GAME = "laminate"

# The games this server offers, in the order the home page lists them: (id, module with a ``GAME``).
BUILTIN: tuple[tuple[str, str], ...] = (
    ("laminate", "companion.games.laminate"),
    ("rummikub", "companion.games.rummikub"),
    ("pyramid", "companion.games.pyramid"),
    ("cracker", "companion.games.cracker"),
    ("long-seat", "companion.games.long_seat"),
    ("stapstap", "companion.games.stapstap"),
    ("the-pairs", "companion.games.the_pairs"),
)

ENTRY_POINTS = "companion.games"  # games installed as their own distributions

_GAMES: dict[str, Game[Any, Any]] = {}
_loaded = False
_load_lock = threading.Lock()


def _load() -> None:
    """Import the built-in games once, under a lock, and mark the registry loaded only when every game is in:
    right after start, a request arriving while another thread still imports the games waits for them
    instead of seeing a half-filled registry (400 "unknown game", a short /api/games)."""
    global _loaded
    if _loaded:
        return
    with _load_lock:
        if _loaded:
            return
        found: dict[str, Game[Any, Any]] = {}
        for game_id, module in BUILTIN:
            game = import_module(module).GAME
            if game.id != game_id:  # pragma: no cover - a packaging mistake, caught at start-up
                raise RuntimeError(f"{module} registers {game.id!r}, expected {game_id!r}")
            found[game_id] = game
        for entry in metadata.entry_points(group=ENTRY_POINTS):  # after the built-in ones, in install order
            plugin = entry.load()
            if not isinstance(plugin, Game) or plugin.id != entry.name:  # pragma: no cover - a packaging mistake
                raise RuntimeError(f"entry point {entry.name!r} = {entry.value!r} is not the Game {entry.name!r}")
            found.setdefault(plugin.id, plugin)
        for game_id, game in found.items():
            _GAMES.setdefault(game_id, game)
        _loaded = True  # only now may a look-up read _GAMES (every reader passes through here first)


def register(game: Game[Any, Any]) -> None:
    """Add (or replace) a game at run time: used by tests and by plug-ins."""
    _load()
    _GAMES[game.id] = game


def unregister(game_id: str) -> None:
    _load()
    if game_id != DEFAULT_GAME:
        _GAMES.pop(game_id, None)


def get(game_id: str) -> Game[Any, Any] | None:
    _load()
    return _GAMES.get(game_id)


def all_games() -> list[Game[Any, Any]]:
    _load()
    return list(_GAMES.values())
