"""Each game's own templates and static files, served from its package through a blueprint per package (as a
Flask app serves a blueprint's, or Django an app's): ``<package>/templates/<game id>/…`` join the pages'
templates, ``<package>/static/…`` is served at ``/static/games/<package name>/…``. A game names the shared
packages it draws on (``Game.kits``: the Pairs deck's card faces) and they are served the same way. So a game
is one folder, and a game installed as its own distribution brings its pages along.

In a game's ``GameUI`` (``styles``, ``scripts``) a path is the game's own static file (``"the-pairs.css"``)
or a kit's (``"pairs:pairs.css"``); a game without a package (registered by hand, as the tests do) names the
app's static files.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask

from .. import games
from ..games.base import Game

PREFIX = "/static/games"
ICON = "icon.svg"  # a game's picture on the start page and the plays page, in its static folder


def package_dir(package: str) -> Path | None:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def short(package: str) -> str:
    """A package's name in URLs and blueprint names: its last part (``companion.games.my_game`` → my_game)."""
    return package.rsplit(".", 1)[-1]


def packages(offered: list[Game[Any, Any]]) -> dict[str, str]:
    """Short name -> package of every game package and kit whose files are served."""
    out: dict[str, str] = {}
    for game in offered:
        for package in (*((game.package,) if game.package else ()), *game.kits):
            name = short(package)
            if out.setdefault(name, package) != package:
                raise RuntimeError(f"two packages are served as {name!r}: {out[name]} and {package}")
    return out


def register(app: Flask) -> None:
    """A blueprint per game package and kit (what it has of templates/ and static/), before any request."""
    for name, package in packages(games.all_games()).items():
        root = package_dir(package)
        if root is None:
            continue
        static = root / "static"
        templates = root / "templates"
        blueprint = Blueprint(f"game_{name}", package, url_prefix=f"{PREFIX}/{name}",
                              static_folder=str(static) if static.is_dir() else None, static_url_path="",
                              template_folder=str(templates) if templates.is_dir() else None)
        app.register_blueprint(blueprint)


def static_file(game: Game[Any, Any] | None, path: str) -> tuple[str | None, str]:
    """(blueprint, path in its static folder) of a game's asset path; (None, path) for the app's own."""
    kit, sep, rest = path.partition(":")
    if sep:
        return f"game_{short(kit)}", rest
    if game is not None and game.package:
        return f"game_{short(game.package)}", path
    return None, path


def icon(game: Game[Any, Any] | None, game_id: str) -> tuple[str | None, str]:
    """The asset of a game's picture: its package's static icon.svg, or the app's icons/games/<id>.svg."""
    if game is not None and game.package:
        root = package_dir(game.package)
        if root is not None and (root / "static" / ICON).is_file():
            return f"game_{short(game.package)}", ICON
    return None, f"icons/games/{game_id}.svg"
