"""The best-play assistant (``/hints``) as the table sees it: it only ever suggests a play the table accepts,
sent verbatim, under every option; it refuses a rack the seat cannot hold."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from rk_helpers import apply, board, game, parse, table_set

from companion.games.base import RuleError
from companion.games.rummikub import Phase, State, assistant, solver

pytestmark = pytest.mark.skipif(not solver.available(), reason="highspy is not installed")


def refused(state: State, body: dict[str, Any], code: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        assistant.hints(state, body)
    assert caught.value.code == code, caught.value
    return caught.value


def lay(state: State, answer: dict[str, Any]) -> State:
    """The suggested play sent as it is as the table's play action (a RuleError if the table says no)."""
    return apply(state, parse({"type": "play", "table": answer["play"]["table"]}, state))


def test_rk8a_hints_respect_locked_joker_sets() -> None:
    """b7 J b9 on a locked table: the joker may not give way to b8 (that table is refused with
    joker_set_broken), so the best play lays the other three tiles."""
    rack = ["b8", "r1", "r2", "r3"]
    free = assistant.hints(board("b7 J b9"), {"player": 0, "rack": rack})
    assert free["play"]["tiles"] == 4  # unlocked: b7 b8 b9 J
    state = board("b7 J b9", joker_sets_locked=True)
    answer = assistant.hints(state, {"player": 0, "rack": rack})
    assert answer["play"]["tiles"] == 3 and answer["play"]["laid"] == ["r1", "r2", "r3"]
    assert lay(state, answer).racks[0] == 11
    grown = assistant.hints(state, {"player": 0, "rack": ["b6", "b10", "J", "k1"]})
    assert grown["play"]["table"][0]["tiles"] == ["b6", "b7", "J", "b9", "b10", "J"]
    assert lay(state, grown).table[0].stands == (None, None, "b8", None, None, "b11")


def test_rk5d_hints_keep_a_table_set_of_the_kind_it_lies_as() -> None:
    """r5 J J lies on the table as a group of 5s: a first meld leaves it exactly so (RK6), kind and all."""
    state = replace(board(n=2, melded=(False, True)), table=(table_set("r5 J J", "group"),))
    answer = assistant.hints(state, {"player": 0, "rack": ["b10", "b11", "b12"]})
    kept = answer["play"]["table"][0]
    assert answer["initial"] and (kept["tiles"], kept["kind"]) == (["r5", "J", "J"], "group")
    assert lay(state, answer).table[0].kind == "group"


def test_rk7iv_hints_refuse_a_rack_larger_than_the_seat_holds() -> None:
    """The seat's rack count is public: a rack with more tiles is not that player's rack (422, like a rack
    entry of the wrong size), a smaller one is a fair question (the tiles typed in so far)."""
    state = board("r5 r6 r7", racks=(4, 14, 14))
    err = refused(state, {"player": 0, "rack": ["r8", "r9", "b1", "b2", "b3"]}, "rack_too_large")
    assert err.params == {"seat": 0, "rack": 4, "got": 5, "player_name": "Aki"}
    assert "4" in err.message("en") and "5" in err.message("en") and "Aki" in err.message("ja")
    answer = assistant.hints(state, {"player": 0, "rack": ["r8", "r9", "b1", "b2"]})
    assert answer["play"]["laid"] == ["r8", "r9"]
    assert assistant.hints(state, {"player": 0, "rack": ["r8"]})["play"]["laid"] == ["r8"]


def test_rk7iv_the_seat_count_caps_every_seat_the_same_way() -> None:
    state = board(racks=(14, 2, 14), melded=True)
    refused(state, {"player": 1, "rack": ["r1", "r2", "r3"]}, "rack_too_large")
    assert assistant.hints(state, {"player": 1, "rack": ["r1", "r2"]})["play"] is None


def test_rk3_hints_outside_a_round_in_play_are_refused_like_the_play() -> None:
    ended = replace(board("r5 r6 r7", racks=(0, 3, 14)), active=None, phase=Phase.RACKS)
    refused(ended, {"player": 1, "rack": ["r8", "r9", "r4"]}, "round_over")
    refused(replace(ended, phase=Phase.OVER), {"player": 1, "rack": ["r8", "r9", "r4"]}, "game_over")
    assert assistant.hints(game(), {"player": 0, "rack": ["r10", "r11", "r12"]})["play"]["tiles"] == 3
