"""The docs keep up with the code: every Cracker error code and action type is in docs/api.md's Cracker
section, its STATE example is what the engine answers for the game it describes, every rule of
docs/rules-cracker.md is cited by a test, and every code has both sentences."""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion.games.cracker import ACTIONS, CODES, GAME, CrackerError, Draw, Pair, Pass, apply, new_game, state_to_json

ROOT = Path(__file__).resolve().parents[4]


def cracker_section() -> str:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    start = text.index("## Cracker over the JSON API")
    end = text.find("\n## ", start + 10)
    return text[start:end if end > 0 else None]


def test_every_error_code_and_action_is_documented() -> None:
    section = cracker_section()
    table = section[section.index("### Error codes"):]
    for code in GAME.codes:
        assert f"| `{code}` |" in table, code
    for kind in ACTIONS.kinds:
        assert f'"type": "{kind}"' in section, kind


def test_the_state_example_is_what_the_engine_answers() -> None:
    section = cracker_section()
    block = section[section.index("### STATE"):]
    start = block.index("```json") + 7
    documented = json.loads(block[start:block.index("```", start)])
    state = new_game(("Aki", "Ben", "Chie"), 0, {})
    for action in (Draw(3), Pair(), Pass(5)):
        state = apply(state, action)
    assert state_to_json(state) == documented


def test_every_code_speaks_english_and_japanese() -> None:
    for code in CODES:  # each its sentence in Cracker's catalogs (err_<code>)
        err = CrackerError(code, player_name="Aki", card=3, received=4, hand=[3, 4], want=10, got=9, size=2, max=5,
                           step="draw")
        en, ja = err.message("en"), err.message("ja")
        assert en and ja and en != ja and en != code and "{" not in en + ja, code


def test_every_rule_is_cited_by_a_test() -> None:
    rules = set(re.findall(r"\*\*(CR\d+)\b", (ROOT / "docs" / "rules-cracker.md").read_text(encoding="utf-8")))
    assert rules == {f"CR{i}" for i in range(1, 13)}
    tests = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py")
                    if p.name != Path(__file__).name)
    cited = {f"CR{n}" for n in re.findall(r"(?:CR|_cr)(\d+)", tests, re.I)}
    assert rules <= cited, sorted(rules - cited)
