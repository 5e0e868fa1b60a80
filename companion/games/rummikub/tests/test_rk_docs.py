"""The documents hold: the Rummikub section of docs/api.md lists every error code and action, its STATE example and
the answers of its two questions are what the engine gives for the table they describe, and every rule of
docs/rules-rummikub.md is defined once, cited by the code only where it exists, and tested by name."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from rk_helpers import apply, parse

from companion.games.rummikub import CODES, GAME, RummikubError, State, check_play, new_game, solver, state_to_json

ROOT = Path(__file__).resolve().parents[4]
HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent


def section() -> str:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    start = text.index("## Rummikub over the JSON API")
    end = text.find("\n## ", start + 10)
    return text[start:end if end > 0 else None]


def example(heading: str) -> Any:
    """The first JSON block after a heading of the section."""
    block = section()[section().index(heading):]
    start = block.index("```json") + 7
    return json.loads(block[start:block.index("```", start)])


def aki_melded() -> State:
    """The table the examples describe: Aki lays r9 J r11 and b10 r10 k10 (RK6, 60); Ben to play."""
    state = new_game(("Aki", "Ben", "Chie"), 0, {})
    return apply(state, parse({"type": "play", "table": [["r9", "J", "r11"], ["b10", "r10", "k10"]]}, state))


def test_every_error_code_and_action_is_documented() -> None:
    doc = section()
    table = doc[doc.index("### Error codes"):]
    for code in GAME.codes:
        assert f"| `{code}` |" in table, code
    for kind in GAME.actions.kinds:
        assert f'{{"type": "{kind}"' in doc, kind


def test_the_state_example_is_what_the_engine_answers() -> None:
    assert state_to_json(aki_melded(), None, {"hints": True}) == example("### STATE")


def test_the_check_example_is_what_the_engine_answers() -> None:
    """RK6/RK7: Ben (not melded yet) proposes to extend Aki's run, cut the group and lay a run with its 10."""
    proposed = [["r9", "J", "r11", "r12"], ["b10", "r10"], ["k8", "k9", "k10"]]
    assert check_play(aki_melded(), proposed) == example("### The check question")


@pytest.mark.skipif(not solver.available(), reason="highspy is not installed")
def test_the_hints_example_is_what_the_assistant_answers(client: Any) -> None:
    """RK6: the best initial meld of a rack holding b1 b2 b3 r9 r11 J (and a k5 that fits nowhere)."""
    tid = client.post("/api/tables", json={"game": "rummikub", "players": ["Aki", "Ben", "Chie"]}).get_json()["id"]
    rack = ["b1", "b2", "b3", "r9", "r11", "J", "k5"]
    answer = client.post(f"/api/tables/{tid}/hints", json={"player": 0, "rack": rack})
    assert answer.status_code == 200 and answer.get_json() == example("### The hints question")


def test_every_rule_is_defined_cited_where_it_exists_and_tested() -> None:
    defined = re.findall(r"\*\*(RK\d+[a-z]*)\b", (ROOT / "docs" / "rules-rummikub.md").read_text(encoding="utf-8"))
    rules = set(defined)
    assert len(defined) == len(rules)  # each defined once
    assert {r for r in rules if r[-1].isdigit()} == {f"RK{i}" for i in range(1, 14)}
    cited: set[str] = set()
    for path in [*PACKAGE.glob("*.py"), *HERE.glob("*.py"), *PACKAGE.glob("templates/rummikub/*.html"),
                 *PACKAGE.glob("static/*.js")]:
        cited |= set(re.findall(r"\b(RK\d+[a-z]*)", path.read_text(encoding="utf-8")))
    assert cited <= rules, cited - rules
    tests = "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    for number in range(1, 14):
        assert re.search(rf"def test_rk{number}[a-z]*_", tests), f"RK{number}"


def test_every_code_has_a_sentence_in_both_languages() -> None:
    for code in CODES:  # each its sentence in Rummikub's catalogs (err_<code>)
        err = RummikubError(code, player_name="Aki", tile="r9", tiles=["r9", "r10"], numbers=[7, 8], set=2, want=3,
                            got=2, added=3, rack=2, count=3, minimum=30, total=20)
        en, ja = err.message("en"), err.message("ja")
        assert en and ja and en != ja and en != code and "{" not in en + ja, code
