"""Every document the project cites exists: a ``docs/….md`` path named in the code, the templates, the scripts,
the tests, the benchmarks, the README or the docs themselves is a file in the repository (issue 19: the Pairs
deck module cited a docs/rules-pairs-deck.md that was never written). A game keeps its own documents in its own
folder (docs/adding-a-game.md): ``companion/games/<package>/rules.md`` from anywhere, or ``./rules.md`` in the
game's own files, which names a file in the game's package folder."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WHERE = ("companion", "templates", "static", "tests", "benchmarks", "docs")
SUFFIXES = {".py", ".html", ".js", ".css", ".md", ".txt", ".toml", ".json"}
CITED = re.compile(r"\bdocs/[A-Za-z0-9_./-]+?\.md\b")
IN_A_GAME = re.compile(r"\bcompanion/games/[A-Za-z0-9_]+/[A-Za-z0-9_./-]+?\.md\b")  # from the repository's root
BESIDE = re.compile(r"(?<![\w/.-])\./([A-Za-z0-9_-]+(?:/[A-Za-z0-9_-]+)*\.md)\b")  # in a game's folder: from it
GAMES = ROOT / "companion" / "games"


def game_folder(path: Path) -> Path | None:
    """The game package a file lies in (``companion/games/<package>/…``), if any."""
    parts = path.relative_to(GAMES).parts if path.is_relative_to(GAMES) else ()
    return GAMES / parts[0] if len(parts) > 1 else None


def citations() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    files = [ROOT / "README.md", ROOT / "pyproject.toml"]
    for folder in WHERE:
        files += [p for p in (ROOT / folder).rglob("*") if p.suffix in SUFFIXES and p.is_file()]
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        cited = CITED.findall(text) + IN_A_GAME.findall(text)
        package = game_folder(path)
        if package is not None:
            cited += [str((package / name).relative_to(ROOT)) for name in BESIDE.findall(text)]
        for doc in cited:
            found.setdefault(doc, set()).add(str(path.relative_to(ROOT)))
    return found


def test_every_cited_doc_exists() -> None:
    found = citations()
    assert "docs/rules-pairs-deck.md" in found and "docs/api.md" in found  # the scan does find citations
    missing = {doc: sorted(where) for doc, where in found.items() if not (ROOT / doc).is_file()}
    assert not missing, f"cited documents that do not exist: {missing}"


def test_a_game_cites_its_own_documents_from_its_folder(tmp_path: Path) -> None:
    """``./rules.md`` in a game's file is its package folder's rules.md, wherever in the folder the file is."""
    text = '"""Pig (PIG1–PIG5, ./rules.md; the API: ./api.md); not ../x.md nor a/./b.md."""'
    assert BESIDE.findall(text) == ["rules.md", "api.md"]
    assert game_folder(GAMES / "pig" / "tests" / "test_pig.py") == GAMES / "pig"
    assert game_folder(GAMES / "base.py") is None and game_folder(ROOT / "tests" / "x.py") is None
    example = "companion/games/" + "pig/rules.md"  # split: this file cites no such document itself
    assert IN_A_GAME.findall(f"see {example}.") == [example]


def test_the_pairs_deck_rules_are_numbered_as_the_code_cites_them() -> None:
    text = (ROOT / "docs/rules-pairs-deck.md").read_text(encoding="utf-8")
    cited = set()
    for path in (ROOT / "companion").rglob("*.py"):
        cited |= set(re.findall(r"\bPD\d+\b", path.read_text(encoding="utf-8")))
    assert cited, "the code cites no PD rule"
    for rule in sorted(cited):
        assert f"**{rule} " in text, f"{rule} is cited in the code but not stated in docs/rules-pairs-deck.md"
