"""A non-editable install ships every game whole: the wheel built from this checkout holds each game package's
templates, static files and message catalogs (and not its tests), and the app installed from it alone — run
away from the checkout — serves a game's page, its style sheet, its script and its picture."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow

# Run in the installed copy: a table of each of these games, its page and its files, through Flask's test client.
SERVE = textwrap.dedent("""
    import re, sys, tempfile
    import companion
    from companion.web import create_app
    assert companion.__file__.startswith(sys.argv[1]), companion.__file__  # the installed copy, not the checkout
    app = create_app(tempfile.mkdtemp() + "/t.db", secret_key="x")
    client = app.test_client()
    for game, names in (("the-pairs", ["A", "B", "C"]), ("pyramid", ["A", "B"]), ("laminate", ["A", "B", "C"]),
                        ("rummikub", ["A", "B"])):
        tid = client.post("/api/tables", json={"game": game, "players": names}).get_json()["id"]
        page = client.get(f"/t/{tid}")
        assert page.status_code == 200 and 'id="table"' in page.get_data(as_text=True), game
        html = page.get_data(as_text=True)
        for url in re.findall(r'(?:href|src)="(/static/games/[^"?]+)', html):
            assert client.get(url).status_code == 200, url
    home = client.get("/").get_data(as_text=True)
    for icon in ("/static/games/the_pairs/icon.svg", "/static/games/pyramid/icon.svg",
                 "/static/games/laminate/icon.svg", "/static/games/laminate/laminate-deck.js",
                 "/static/games/rummikub/icon.svg"):
        assert icon in home and client.get(icon).status_code == 200, icon
    print("served")
""")


def test_the_wheel_ships_each_games_templates_and_static_files_and_they_are_served(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path / "dist"),
                    str(ROOT)], check=True, timeout=600)
    wheel, = (tmp_path / "dist").glob("companion-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for inside in ("companion/games/the_pairs/templates/the-pairs/_table.html",
                   "companion/games/the_pairs/static/the-pairs.css", "companion/games/the_pairs/static/icon.svg",
                   "companion/games/pyramid/templates/pyramid/_table.html", "companion/games/pyramid/static/pyramid.js",
                   "companion/games/pairs/templates/pairs/_cards.html", "companion/games/pairs/static/pairs.css",
                   "companion/games/laminate/templates/laminate/_table.html",
                   "companion/games/laminate/templates/laminate/_deck_form.html",
                   "companion/games/laminate/static/laminate-picker.js", "companion/games/laminate/deck.json",
                   "companion/games/rummikub/templates/rummikub/_table.html",
                   "companion/games/rummikub/templates/rummikub/_tiles.html",
                   "companion/games/rummikub/static/rummikub-editor.js", "companion/games/rummikub/static/icon.svg",
                   "companion/templates/_game_table.html", "companion/static/app.css",
                   # the message catalogs, read at start-up (docs/translating.md)
                   "companion/locale/en/LC_MESSAGES/frame.po", "companion/locale/ja/LC_MESSAGES/frame.po",
                   "companion/games/pyramid/locale/ja/LC_MESSAGES/pyramid.po",
                   "companion/games/pairs/locale/en/LC_MESSAGES/pairs.po"):
        assert inside in names, inside
    assert not [n for n in names if "/tests/" in n]  # a game's tests stay in the checkout

    target = tmp_path / "installed"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, timeout=600)
    env = {**os.environ, "PYTHONPATH": str(target)}  # before the editable checkout on sys.path
    done = subprocess.run([sys.executable, "-c", SERVE, str(target)], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0 and done.stdout.strip() == "served", done.stderr[-2000:]
