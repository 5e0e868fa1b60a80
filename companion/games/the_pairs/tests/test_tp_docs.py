"""The docs keep up with the code: docs/api.md's The Pairs section names every action, STATE field and error
code; docs/rules-the-pairs.md has every rule the code and tests cite; every code has both sentences."""

from __future__ import annotations

import re
from pathlib import Path

from companion.games.the_pairs import CODES, GAME, PairsError, new_game, state_to_json

ROOT = Path(__file__).resolve().parents[4]
HERE = Path(__file__).resolve().parent
ERROR_CODES = GAME.codes


def section() -> str:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    start = text.index("## The Pairs over the JSON API")
    end = text.find("\n## ", start + 10)
    return text[start:end if end > 0 else None]


def test_api_md_documents_every_action_field_and_code() -> None:
    doc = section()
    assert GAME.actions is not None
    for kind in GAME.actions.kinds:
        assert f'"type": "{kind}"' in doc, kind
    for field in state_to_json(new_game(("A", "B", "C"), 0, {})):
        assert f"`{field}`" in doc or f'"{field}"' in doc, field
    for code in ERROR_CODES:
        assert f"`{code}`" in doc, code


def test_every_rule_cited_in_code_and_tests_exists() -> None:
    rules = (ROOT / "docs" / "rules-the-pairs.md").read_text(encoding="utf-8")
    defined = set(re.findall(r"\*\*(TP\d+)\b", rules))
    assert defined == {f"TP{i}" for i in range(1, 11)}
    cited: set[str] = set()
    for folder in (HERE.parent, HERE):
        for path in folder.glob("*.py"):
            cited |= set(re.findall(r"\bTP(\d+)", path.read_text(encoding="utf-8")))
    assert {f"TP{n}" for n in cited} <= defined
    tests = "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    for rule in ("tp1", "tp2", "tp5", "tp6", "tp7", "tp8", "tp9", "tp10"):
        assert f"test_{rule}_" in tests, rule


def test_every_code_has_a_sentence_in_both_languages() -> None:
    for code in CODES:  # each its sentence in The Pairs' catalogs (err_<code>)
        err = PairsError(code, player_name="Aki", card=3, place=4, pile="a", accepts=[2, 3, 4], top=3, total=9,
                         players=3, copies=3, want=4, got=3)
        en, ja = err.message("en"), err.message("ja")
        assert en and ja and en != ja and en != code and "{" not in en + ja, code
