"""Every document the project cites exists: a ``docs/….md`` path named in the code, the templates, the scripts,
the tests, the benchmarks, the README or the docs themselves is a file in the repository (issue 19: the Pairs
deck module cited a docs/rules-pairs-deck.md that was never written)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WHERE = ("companion", "templates", "static", "tests", "benchmarks", "docs")
SUFFIXES = {".py", ".html", ".js", ".css", ".md", ".txt", ".toml", ".json"}
CITED = re.compile(r"\bdocs/[A-Za-z0-9_./-]+?\.md\b")


def citations() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    files = [ROOT / "README.md", ROOT / "pyproject.toml"]
    for folder in WHERE:
        files += [p for p in (ROOT / folder).rglob("*") if p.suffix in SUFFIXES and p.is_file()]
    for path in files:
        for cited in CITED.findall(path.read_text(encoding="utf-8", errors="replace")):
            found.setdefault(cited, set()).add(str(path.relative_to(ROOT)))
    return found


def test_every_cited_doc_exists() -> None:
    found = citations()
    assert "docs/rules-pairs-deck.md" in found and "docs/api.md" in found  # the scan does find citations
    missing = {doc: sorted(where) for doc, where in found.items() if not (ROOT / doc).is_file()}
    assert not missing, f"cited documents that do not exist: {missing}"


def test_the_pairs_deck_rules_are_numbered_as_the_code_cites_them() -> None:
    text = (ROOT / "docs/rules-pairs-deck.md").read_text(encoding="utf-8")
    cited = set()
    for path in (ROOT / "companion").rglob("*.py"):
        cited |= set(re.findall(r"\bPD\d+\b", path.read_text(encoding="utf-8")))
    assert cited, "the code cites no PD rule"
    for rule in sorted(cited):
        assert f"**{rule} " in text, f"{rule} is cited in the code but not stated in docs/rules-pairs-deck.md"
