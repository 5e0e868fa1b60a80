"""The documents hold: the Pyramid section of docs/api.md lists every error code and action, its STATE example is
what the engine answers for the game it describes, and every rule of docs/rules-pyramid.md is cited by a test."""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion.games.pyramid import GAME, Place, Stop, Turn, apply, new_game, state_to_json

ROOT = Path(__file__).resolve().parents[4]
ERROR_CODES = GAME.codes


def section() -> str:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    start = text.index("## Pyramid over the JSON API")
    end = text.find("\n## ", start + 10)
    return text[start:end if end > 0 else None]


def test_every_error_code_and_action_is_documented() -> None:
    doc = section()
    table = doc[doc.index("### Error codes"):]
    for code in ERROR_CODES:
        assert f"| `{code}` |" in table, code
    for kind in ("turn", "stop", "place"):
        assert f"**{kind}**" in doc and f'"type": "{kind}"' in doc


def test_the_state_example_is_what_the_engine_answers() -> None:
    doc = section()
    block = doc[doc.index("### STATE"):]
    raw = block[block.index("```json") + 7:block.index("```", block.index("```json") + 7)]
    documented = json.loads(raw)
    state = new_game(("Aki", "Ben"), 0, {})
    for card in (9, 6, 5):
        state = apply(state, Turn(card))
    state = apply(state, Stop())
    for card, row, x in ((9, 1, 0), (6, 1, 1), (5, 2, 0)):
        state = apply(state, Place(card, row, x))
    for card in (10, 4, 10, 8, 3):
        state = apply(state, Turn(card))
    assert state_to_json(state, None, {"risk": True}) == documented


def test_every_rule_is_cited_by_a_test() -> None:
    rules = set(re.findall(r"\*\*(PY\d+)[a-z]? ", (ROOT / "docs" / "rules-pyramid.md").read_text(encoding="utf-8")))
    assert {f"PY{i}" for i in range(1, 10)} <= rules
    tests = " ".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    cited = {m.upper() for m in re.findall(r"(?<![a-z0-9])(py\d+)(?!\d)", tests, flags=re.IGNORECASE)}
    assert rules - cited == set(), f"rules no test cites: {sorted(rules - cited)}"
