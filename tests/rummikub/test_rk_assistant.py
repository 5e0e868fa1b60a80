"""The best-play assistant (``/hints``) as the table sees it: it only ever suggests a play the table accepts,
sent verbatim, under every option; it refuses a rack the seat cannot hold."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rk_helpers import board, game

from companion.games.base import RuleError
from companion.games.rummikub import assistant, solver

pytestmark = pytest.mark.skipif(not solver.available(), reason="highspy is not installed")


def refused(state, body: dict, code: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        assistant.hints(state, body)
    assert caught.value.code == code, caught.value
    return caught.value


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
    ended = replace(board("r5 r6 r7", racks=(0, 3, 14)), active=None, phase="racks")
    refused(ended, {"player": 1, "rack": ["r8", "r9", "r4"]}, "round_over")
    refused(replace(ended, phase="over"), {"player": 1, "rack": ["r8", "r9", "r4"]}, "game_over")
    assert assistant.hints(game(), {"player": 0, "rack": ["r10", "r11", "r12"]})["play"]["tiles"] == 3
