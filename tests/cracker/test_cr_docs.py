"""The docs keep up with the code: every Cracker error code and action type is in docs/api.md's Cracker
section, every rule of docs/rules-cracker.md is cited by a test, and every code has both sentences."""

from __future__ import annotations

import re
from pathlib import Path

from companion.games.cracker import ERROR_CODES, MESSAGES
from companion.games.cracker.actions import _TYPES

ROOT = Path(__file__).resolve().parents[2]


def cracker_section() -> str:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    start = text.index("## Cracker over the JSON API")
    end = text.find("\n## ", start + 10)
    return text[start:end if end > 0 else None]


def test_every_error_code_and_action_is_documented() -> None:
    section = cracker_section()
    for code in ERROR_CODES:
        assert f"`{code}`" in section, code
    for kind in _TYPES:
        assert f'"type": "{kind}"' in section, kind


def test_every_code_speaks_english_and_japanese() -> None:
    for code, (en, ja) in MESSAGES.items():
        assert en and ja and en != ja, code


def test_every_rule_is_cited_by_a_test() -> None:
    rules = set(re.findall(r"\*\*(CR\d+)\b", (ROOT / "docs" / "rules-cracker.md").read_text(encoding="utf-8")))
    assert rules == {f"CR{i}" for i in range(1, 13)}
    tests = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py")
                    if p.name != Path(__file__).name)
    cited = {f"CR{n}" for n in re.findall(r"(?:CR|_cr)(\d+)", tests, re.I)}
    assert rules <= cited, sorted(rules - cited)
