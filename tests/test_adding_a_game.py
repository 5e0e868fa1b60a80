"""docs/adding-a-game.md is true. Its files, copied from the page into a scratch folder that stands for
``companion/games/higher_or_lower/`` and registered with the one line the guide gives, pass the guide's own
tests (each rule, the JSON API, the OpenAPI document, the pages), what the shared tests read from its folder
(its api.md, its sample play) and mypy; and the same folder installed as its
own distribution (an entry point) is offered and served like a built-in game. Nothing else is copied: a guide
that leaves a step out fails here."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
# A file of the walk-through: a fenced block headed by its path (``~~~`` when the file itself holds ``` blocks).
FILE = re.compile(r"^(```|~~~)\w+ (higher_or_lower/\S+)\n(.*?)^\1", re.S | re.M)

pytestmark = pytest.mark.slow

CONFTEST = textwrap.dedent('''
    """The scratch folder as if it stood in companion/games/, with the guide's registration line."""
    from __future__ import annotations

    import pytest

    import companion.games

    companion.games.__path__.append({games!r})
    companion.games.BUILTIN += ({line},)


    @pytest.fixture
    def app(tmp_path):  # as the repository's conftest.py has it
        from companion.web import create_app

        app = create_app(str(tmp_path / "companion.db"), secret_key="test")
        app.config.update(TESTING=True)
        yield app
        app.extensions["companion"].close()
        app.extensions["companion"].store.close()


    @pytest.fixture
    def client(app):
        return app.test_client()
''')

# What the repository's shared tests read from the game's folder, read the way they read it (step 11).
SHARED = textwrap.dedent('''
    import sys

    sys.path.insert(0, {tests!r})
    from game_folders import plays_sample
    from test_contract import _doc_actions

    from companion import games


    def test_its_api_md_shows_every_example():
        game = games.get("higher-or-lower")
        documented = _doc_actions(game)
        assert documented and all(game.actions.dump(e) in documented for e in game.actions.examples)


    def test_its_sample_play_is_exported_as_its_sheet_says(app, client):
        game = games.get("higher-or-lower")
        sample = plays_sample(game)
        assert sample.SHEET == (game.cooperative, game.highest_wins, not (game.scores and game.scores_are_points))
        sample.play(app, client)
        data = client.get("/api/plays/bgstats.json", query_string={{"game": game.id}}).get_json()
        (sheet,) = data["games"]
        assert (sheet["cooperative"], sheet["highestWins"], sheet["noPoints"]) == sample.SHEET
        assert len(data["plays"]) == 1
''')

AS_DISTRIBUTION = textwrap.dedent('''
    import tempfile
    from companion import games
    from companion.web import create_app

    game = games.get("higher-or-lower")
    assert game is not None and game.package == "higher_or_lower", game
    client = create_app(tempfile.mkdtemp() + "/t.db", secret_key="x").test_client()
    assert "/static/games/higher_or_lower/icon.svg" in client.get("/").get_data(as_text=True)
    assert client.get("/static/games/higher_or_lower/icon.svg").status_code == 200
    tid = client.post("/api/tables", json={"game": "higher-or-lower", "players": ["A", "B"]}).get_json()["id"]
    assert 'class="table pd hl phase-open' in client.get(f"/t/{tid}").get_data(as_text=True)
    print("offered")
''')


def copy_the_guide(games: Path) -> list[str]:
    written = []
    for _, path, text in FILE.findall(GUIDE):
        target = games / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def registration_line() -> str:
    """The line the guide adds to BUILTIN (step 9)."""
    step = GUIDE[GUIDE.index("### 9. Register it"):]
    line = re.search(r"```python\n\s*(\(.*\)),\n```", step)
    assert line, "step 9 shows no registration line"
    return line.group(1)


def test_the_guide_s_game_passes_its_tests_and_mypy(tmp_path: Path) -> None:
    games = tmp_path / "games"
    written = copy_the_guide(games)
    assert {"higher_or_lower/__init__.py", "higher_or_lower/tests/test_hl.py",
            "higher_or_lower/templates/higher-or-lower/_table.html"} <= set(written)
    assert all(p.startswith("higher_or_lower/") for p in written)  # the folder, nothing outside it
    (tmp_path / "conftest.py").write_text(CONFTEST.format(games=str(games), line=registration_line()))
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_shared.py").write_text(SHARED.format(tests=str(ROOT / "tests")))
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    tests = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c",
                            str(tmp_path / "pytest.ini"), "--rootdir", str(tmp_path),
                            str(games / "higher_or_lower" / "tests"), str(tmp_path / "test_shared.py")],
                           cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-2000:]
    assert " passed" in tests.stdout and "failed" not in tests.stdout
    typed = subprocess.run([sys.executable, "-m", "mypy", "--check-untyped-defs", "--python-version", "3.10",
                            "--cache-dir", str(tmp_path / ".mypy_cache"), "--exclude", "tests",
                            str(games / "higher_or_lower")],
                           cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert typed.returncode == 0, typed.stdout[-3000:]


def test_the_guide_s_game_as_its_own_distribution_is_offered(tmp_path: Path) -> None:
    site = tmp_path / "site"
    copy_the_guide(site)
    toml = GUIDE[GUIDE.index("## A game as its own distribution"):]
    entry = re.search(r'\[project.entry-points."companion.games"\]\n(.+?) = "(.+?)"', toml)
    assert entry, "the guide shows no entry point"
    info = site / "higher_or_lower-0.1.dist-info"  # what installing that pyproject.toml leaves
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: higher-or-lower\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[companion.games]\n{entry.group(1)} = {entry.group(2)}\n")
    env = {**os.environ, "PYTHONPATH": str(site), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-c", AS_DISTRIBUTION], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0 and done.stdout.strip() == "offered", done.stderr[-3000:]
