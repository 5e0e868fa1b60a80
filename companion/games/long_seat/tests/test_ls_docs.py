"""The documents hold: the Long Seat section of docs/api.md lists every error code and action, its STATE example
is what the engine answers for the game it describes, and every rule of docs/rules-long-seat.md is defined once,
cited by the code only where it exists, and tested by name."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ls_helpers import lay

from companion.games.long_seat import CODES, GAME, LongSeatError, new_game, state_to_json

ROOT = Path(__file__).resolve().parents[4]
HERE = Path(__file__).resolve().parent


def section() -> str:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    start = text.index("## Long Seat over the JSON API")
    end = text.find("\n## ", start + 10)
    return text[start:end if end > 0 else None]


def test_every_error_code_and_action_is_documented() -> None:
    doc = section()
    table = doc[doc.index("### Error codes"):]
    for code in GAME.codes:
        assert f"| `{code}` |" in table, code
    assert GAME.actions is not None
    for kind in GAME.actions.kinds:
        assert f'{{"type": "{kind}"' in doc, kind


def test_the_state_example_is_what_the_engine_answers() -> None:
    doc = section()
    block = doc[doc.index("### STATE"):]
    start = block.index("```json") + 7
    documented = json.loads(block[start:block.index("```", start)])
    state = lay(new_game(("Aki", "Ben", "Chie"), 0, {}), 3, 7, 3, 5)  # Aki's pair of 3s, then Ben lays a 5
    assert state_to_json(state, None, {"risk": True}) == documented


def test_every_rule_is_defined_cited_where_it_exists_and_tested() -> None:
    rules = set(re.findall(r"\*\*(LS\d+)\b", (ROOT / "docs" / "rules-long-seat.md").read_text(encoding="utf-8")))
    assert rules == {f"LS{i}" for i in range(1, 12)}
    cited: set[str] = set()
    for folder in (HERE.parent, HERE):
        for path in folder.glob("*.py"):
            cited |= {f"LS{n}" for n in re.findall(r"\bLS(\d+)", path.read_text(encoding="utf-8"))}
    assert cited <= rules
    tests = "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    for rule in rules:
        assert f"def test_{rule.lower()}_" in tests, rule


def test_every_code_has_a_sentence_in_both_languages() -> None:
    for code in CODES:  # each its sentence in Long Seat's catalogs (err_<code>)
        err = LongSeatError(code, card=3, copies=3)
        en, ja = err.message("en"), err.message("ja")
        assert en and ja and en != ja and en != code and "{" not in en + ja, code
