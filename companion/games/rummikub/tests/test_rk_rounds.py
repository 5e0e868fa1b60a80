"""RK3 draw/pass, RK9 timeouts, RK10–RK13 round ends, rack entry, scoring, rounds and the match."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rk_helpers import apply, board, game, play, refuse

from companion.games.rummikub import (
    GAME,
    Draw,
    NextRound,
    Pass,
    Rack,
    RoundEnd,
    State,
    Timeout,
    outcome,
    state_to_json,
)


def ended(reason: str, racks: tuple[int, ...], seat: int | None = None, table: tuple[str, ...] = (),
          **options: object) -> State:
    """A round just ended (phase "racks") with these rack counts."""
    state = board(*table, n=len(racks), racks=racks, pool=0, **options)
    entered = tuple(() if i == seat else None for i in range(len(racks)))
    return replace(state, active=None, phase="racks", round_end=RoundEnd(reason, seat), entered=entered)


def enter(state: State, *racks: str | None) -> State:
    for seat, text in enumerate(racks):
        if text is not None:
            state = apply(state, Rack(seat, tuple(text.split())))
    return state


def test_rk2_new_game_counts() -> None:
    for n, pool in ((2, 78), (3, 64), (4, 50)):
        state = game(n, start=n - 1)
        assert state.pool == pool and state.racks == (14,) * n and state.active == n - 1 and state.round == 1
        assert state.phase == "play" and state.melded == (False,) * n and state.totals == (0,) * n


def test_rk3b_draw_moves_a_tile_and_passes_the_turn() -> None:
    after = apply(game(), Draw())
    assert after.racks == (15, 14, 14) and after.pool == 63 and after.active == 1 and after.turn == 1


def test_rk3b_draw_from_empty_pool_refused() -> None:
    refuse(board(pool=0), Draw(), "pool_empty")


def test_rk3c_pass_only_with_empty_pool() -> None:
    refuse(game(), Pass(), "cannot_pass")
    after = apply(board(pool=0), Pass())
    assert after.passes == 1 and after.active == 1


def test_rk11_a_full_circle_of_passes_blocks_the_round() -> None:
    state = board(pool=0)
    for _ in range(3):
        state = apply(state, Pass())
    assert state.phase == "racks" and state.round_end == RoundEnd("blocked", None) and state.active is None
    assert state.entered == (None, None, None)


def test_rk11_a_play_breaks_the_chain_of_passes() -> None:
    state = apply(apply(board("r5 r6 r7", pool=0), Pass()), Pass())
    state = play(state, "r5 r6 r7 r8")
    assert state.passes == 0 and state.phase == "play"


def test_rk9_timeout_draws_the_penalty() -> None:
    after = apply(game(), Timeout())
    assert after.racks == (17, 14, 14) and after.pool == 61 and after.active == 1
    after = apply(game(timeout_penalty_tiles=5), Timeout())
    assert after.racks[0] == 19


def test_rk9_timeout_draws_what_is_left() -> None:
    after = apply(board(pool=2), Timeout())
    assert after.racks[0] == 16 and after.pool == 0


def test_rk9b_timeout_on_empty_pool_counts_as_a_pass() -> None:
    state = apply(apply(board(pool=0), Pass()), Pass())
    after = apply(state, Timeout())
    assert after.phase == "racks" and after.round_end == RoundEnd("blocked", None)


def test_rk9_timer_off_refuses_timeout() -> None:
    refuse(game(turn_timer=0), Timeout(), "timer_off")


def test_turn_actions_outside_play_refused() -> None:
    state = ended("blocked", (3, 3, 3))
    for action in (Draw(), Pass(), Timeout()):
        refuse(state, action, "round_over")


def test_not_your_turn() -> None:
    err = refuse(game(), Draw(player=2), "not_your_turn")
    assert err.message("en") == "It is Aki's turn, not Chie's."
    assert apply(game(), Draw(player=0)).active == 1


def test_rk10_out_scoring_with_joker_50() -> None:
    state = ended("out", (0, 3, 2), seat=0)
    state = enter(state, None, "r5 J k13", "b1 b2")
    assert state.phase == "scored" and state.round_scores == (71, -68, -3) and state.totals == (71, -68, -3)
    assert state.history[0].reason == "out" and state.history[0].seat == 0


def test_rk10_joker_penalty_30() -> None:
    state = enter(ended("out", (0, 3, 2), seat=0, joker_penalty=30), None, "r5 J k13", "b1 b2")
    assert state.round_scores == (51, -48, -3)


def test_rk11_blocked_difference() -> None:
    state = enter(ended("blocked", (2, 2, 1)), "r5 r6", "b1 b2", "J")
    assert state.round_scores == (-8, 55, -47)  # values 11, 3, 50: lowest 3 wins


def test_rk11_blocked_plain() -> None:
    state = enter(ended("blocked", (2, 2, 1), blocked_scoring="plain"), "r5 r6", "b1 b2", "J")
    assert state.round_scores == (-11, 61, -50)


def test_rk11a_tie_for_lowest_shares_rounded_down() -> None:
    state = enter(ended("blocked", (2, 2, 2)), "b1 b2", "r1 r2", "k5 k9")
    assert state.round_scores == (5, 5, -11) and state.remainder == 1
    assert state_to_json(state)["round_end"]["remainder"] == 1
    assert sum(state.round_scores) + state.remainder == 0


def test_rk11a_all_tied_score_nothing() -> None:
    state = enter(ended("blocked", (1, 1), blocked_scoring="plain"), "b3", "r3")
    assert state.round_scores == (0, 0)


def test_rk13_rack_size_mismatch() -> None:
    err = refuse(ended("out", (0, 3, 2), seat=0), Rack(1, ("r5", "r6")), "rack_size_mismatch")
    assert err.params["want"] == 3 and err.params["got"] == 2
    assert err.message("ja") == "Benさんの残りは3枚のはずですが、2枚が入力されました。"


def test_rk13_rack_already_entered() -> None:
    state = ended("out", (0, 3, 2), seat=0)
    refuse(state, Rack(0, ()), "rack_already_entered")
    refuse(enter(state, None, "r1 r2 r3"), Rack(1, ("r1", "r2", "r3")), "rack_already_entered")


def test_rk13_racks_and_table_cannot_hold_a_third_copy() -> None:
    state = ended("out", (0, 2, 2), seat=0, table=("r5 r6 r7",))
    state = enter(state, None, "r5 J")
    err = refuse(state, Rack(2, ("r5", "b1")), "tile_not_in_supply")
    assert err.params == {"tile": "r5", "count": 3}
    refuse(ended("blocked", (3, 3)), Rack(0, ("J", "J", "J")), "tile_not_in_supply")


def test_rack_entry_only_after_the_round() -> None:
    refuse(game(), Rack(0, tuple(["r1"] * 14)), "round_not_over")


def test_rk12_rounds_and_start_seat_moving() -> None:
    state = enter(ended("out", (0, 1, 1), seat=0), None, "r5", "b2")
    refuse(state, Draw(), "round_over")
    after = apply(state, NextRound())
    assert after.round == 2 and after.start == 1 and after.active == 1 and after.phase == "play"
    assert after.racks == (14, 14, 14) and after.pool == 64 and after.table == () and after.melded == (False,) * 3
    assert after.totals == (7, -5, -2) and after.round_scores is None and after.round_end is None
    assert after.entered == (None, None, None) and after.turn == 0
    third = replace(after, start=2)
    assert apply(replace(third, phase="scored"), NextRound()).start == 0  # wraps round the table


def test_next_round_only_when_scored() -> None:
    refuse(game(), NextRound(), "round_not_scored")
    refuse(ended("out", (0, 1, 1), seat=0), NextRound(), "round_not_scored")


def test_rk12_game_over_after_the_last_round() -> None:
    state = enter(ended("out", (1, 0, 1), seat=1, rounds=1), "r5", None, "r5")
    assert state.phase == "over" and GAME.over(state)
    result = outcome(state)
    assert result is not None and result.winners == (1,) and result.ranking == (1, 0, 2)
    for action in (Draw(), NextRound(), Rack(0, ("r1",)), Pass(), Timeout()):
        refuse(state, action, "game_over")
    view = state_to_json(state)
    assert view["over"] and view["winners"] == [1] and view["ranking"] == [1, 0, 2]


def test_rk12_tied_totals_are_joint_winners() -> None:
    state = enter(ended("blocked", (1, 1, 1), rounds=1), "r5", "b5", "k9")
    result = outcome(state)
    assert result is not None and result.winners == (0, 1) and result.ranking == (0, 1, 2)
    assert outcome(game()) is None


def test_match_of_two_rounds_sums_totals() -> None:
    state = enter(ended("out", (0, 1, 1), seat=0, rounds=2), None, "r5", "b2")
    state = apply(state, NextRound())
    state = enter(replace(state, phase="racks", active=None, racks=(1, 0, 1), round_end=RoundEnd("out", 1),
                          entered=(None, (), None)), "k10", None, "J")
    assert state.phase == "over" and state.totals == (7 - 10, -5 + 60, -2 - 50)
    assert [r.round for r in state.history] == [1, 2]
    assert state_to_json(state)["rounds_played"][1] == {"round": 2, "reason": "out", "seat": 1,
                                                        "scores": [-10, 60, -50]}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_state_json_shape(n: int) -> None:
    view = state_to_json(game(n), None, {})
    assert [p["seat"] for p in view["players"]] == list(range(n))
    assert view["players"][0] == {"seat": 0, "name": "Aki", "rack": 14, "melded": False, "total": 0,
                                  "round_score": None, "rack_entered": False}
    assert view["phase"] == "play" and view["active"] == 0 and view["round"] == 1 and view["rounds"] == 3
    assert view["timer"] == 60 and view["round_end"] is None and view["winners"] == [] and not view["over"]
    assert view["can"] == {"draw": True, "play": True, "pass": False, "timeout": True, "next_round": False}
    assert view["tiles_on_table"] == 0 and view["options"]["initial_meld_min"] == 30


def test_state_json_table_and_round_end() -> None:
    state = play(game(turn_timer=0), "r9 J r11")
    view = state_to_json(state)
    assert view["table"] == [{"tiles": ["r9", "J", "r11"], "kind": "run", "stands": [None, "r10", None],
                              "value": 30}]
    assert view["timer"] is None and view["can"]["timeout"] is False and view["tiles_on_table"] == 3
    half = enter(ended("out", (0, 1, 1), seat=0), None, "r5")
    end = state_to_json(half)["round_end"]
    assert end == {"reason": "out", "seat": 0, "racks": {"0": [], "1": ["r5"], "2": None}, "values": None,
                   "scores": None, "remainder": 0}
    assert [p["rack_entered"] for p in state_to_json(half)["players"]] == [True, True, False]
    done = state_to_json(enter(half, None, None, "b2"))
    assert done["round_end"]["values"] == [0, 5, 2] and done["round_end"]["scores"] == [7, -5, -2]
    assert done["can"]["next_round"] and done["phase"] == "scored"
