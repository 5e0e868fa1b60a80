"""RK6–RK8: the initial meld, later plays and rearrangements, locked joker sets, and the draft report."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from rk_helpers import board, game, play, play_action, proposal, refuse, refuse_play

from companion.games.rummikub import check_play


def test_rk6_seed_example_r9_joker_r11_is_30() -> None:
    state = game()
    report = check_play(state, proposal("r9 J r11"))
    assert report["legal"] and report["initial"] and report["initial_sum"] == 30 and report["initial_min"] == 30
    after = play(state, "r9 J r11")
    assert after.melded == (True, False, False) and after.racks == (11, 14, 14) and after.active == 1
    assert after.table[0].stands == (None, "r10", None) and after.pool == 64 and after.turn == 1


def test_rk6_initial_meld_exactly_30_accepted_29_refused() -> None:
    assert play(game(), "b9 b10 b11").melded[0]
    assert play(game(), "y2 y3 y4", "b1 r1 k1", "k5 k6 k7").melded[0]  # 9 + 3 + 18 = 30
    err = refuse_play(game(), "b2 r2 y2 k2", "r6 r7 r8", code="initial_meld_too_low")  # 8 + 21 = 29
    assert err.params == {"total": 29, "minimum": 30}
    assert "29" in err.message("en") and "30以上" in err.message("ja")


def test_rk6_a_wrong_set_is_reported_before_the_sum() -> None:
    err = refuse_play(game(), "b8 b10 b11", "b1 b2", code="run_gap")
    assert err.params["set"] == 1 and err.params["numbers"] == [9]


def test_rk6_several_sets_add_up() -> None:
    report = check_play(game(), proposal("b1 b2 b3", "r10 y10 k10"))
    assert report["legal"] and report["initial_sum"] == 36 and report["added_count"] == 6


def test_rk6_option_initial_meld_min() -> None:
    assert play(game(initial_meld_min=1), "b1 b2 b3").melded[0]
    refuse_play(game(initial_meld_min=50), "b10 b11 b12 b13", code="initial_meld_too_low")


def test_rk6_initial_meld_counts_joker_as_its_stand_in() -> None:
    assert check_play(game(), proposal(("J J r10", "group")))["initial_sum"] == 30
    assert check_play(game(), proposal("J J r10"))["initial_sum"] == 27  # run r8 r9 r10
    refuse_play(game(), "J J r10", code="initial_meld_too_low")


def test_rk6_initial_meld_using_table_refused() -> None:
    state = board("r5 r6 r7", melded=(False, True, True))
    refuse_play(state, "r5 r6 r7 r8", "b10 r10 k10", code="initial_meld_uses_table")
    refuse_play(state, "r5 r6", "r7 r8 r9", "b10 y10 k10", code="set_too_short")
    assert play(state, "r5 r6 r7", "b10 r10 k10").melded[0]
    assert play(state, "b10 r10 k10", "r7 r6 r5").table[1].tiles == ("r5", "r6", "r7")  # order of sets is free


def test_rk6_initial_meld_may_not_rearrange_even_with_same_tiles() -> None:
    state = board("r5 r6 r7 r8 r9 r10", melded=(False, True, True))
    refuse_play(state, "r5 r6 r7", "r8 r9 r10", "b11 b12 b13", code="initial_meld_uses_table")


def test_rk7_seed_example_extend_run_and_group() -> None:
    state = board("r5 r6 r7", "b10 r10 k10")
    after = play(state, "r4 r5 r6 r7 r8 r9", "b10 r10 y10 k10")
    assert after.racks[0] == 10 and after.table[0].value == 39


def test_rk7_seed_example_rearrange_group_into_run() -> None:
    state = board("b10 r10 y10 k10")
    after = play(state, "b10 r10 y10", "k8 k9 k10")
    assert [s.kind for s in after.table] == ["group", "run"] and after.racks[0] == 12


def test_rk7_seed_example_impossible_without_yellow_10() -> None:
    state = board("b10 r10 k10")
    err = refuse_play(state, "b10 r10", "k8 k9 k10", code="set_too_short")
    assert err.params["set"] == 1
    refuse_play(state, "b10 r10 k10", "k8 k9", code="set_too_short")
    assert play(state, "b10 r10 y10", "k8 k9 k10").racks[0] == 11


def test_rk7ii_table_tile_removed() -> None:
    state = board("b10 r10 y10 k10")
    err = refuse_play(state, "b10 r10 y10", "b1 b2 b3", code="table_tile_removed")
    assert err.params["tiles"] == ["k10"]
    assert "black 10" in err.message("en") and "黒の10" in err.message("ja")


def test_rk7ii_joker_must_stay_on_table() -> None:
    state = board("r9 J r11")
    refuse_play(state, "r9 r10 r11", code="table_tile_removed")
    assert play(state, "r9 r10 r11", "b5 J b7").table[1].stands == (None, "b6", None)  # freed joker reused


def test_rk7iii_no_rack_tile() -> None:
    state = board("r5 r6 r7 r8 r9 r10")
    refuse_play(state, "r5 r6 r7 r8 r9 r10", code="no_rack_tile")
    refuse_play(state, "r5 r6 r7", "r8 r9 r10", code="no_rack_tile")  # a rearrangement alone adds nothing


def test_rk7iv_rack_count_exceeded() -> None:
    state = board("r5 r6 r7", racks=(2, 14, 14))
    err = refuse_play(state, "r5 r6 r7", "b1 b2 b3", code="rack_count_exceeded")
    assert err.params["added"] == 3 and err.params["rack"] == 2


def test_rk7v_third_copy_refused() -> None:
    state = board("r5 r6 r7", "r5 r6 r7")
    err = refuse_play(state, "r5 r6 r7", "r5 r6 r7", "r4 r5 r6", code="tile_not_in_supply")
    assert err.params["tile"] == "r5" and err.params["count"] == 3
    refuse_play(board("r9 J r11", "b9 J b11"), "r9 J r11", "b9 J b11", "J k1 k2", code="tile_not_in_supply")


def test_rk7_goes_out_ends_round() -> None:
    state = board("r5 r6 r7", racks=(3, 14, 14))
    report = check_play(state, proposal("r5 r6 r7", "k1 k2 k3"))
    assert report["goes_out"]
    after = play(state, "r5 r6 r7", "k1 k2 k3")
    assert after.phase == "racks" and after.active is None and after.racks[0] == 0
    assert after.round_end is not None and after.round_end.reason == "out" and after.round_end.seat == 0
    assert after.entered == ((), None, None)


def test_rk8_jokers_rearrange_freely_by_default() -> None:
    state = board("r9 J r11")
    assert play(state, "r8 r9 r10 r11", "J y11 k11").racks[0] == 10


def test_rk8a_locked_joker_set_may_be_extended() -> None:
    state = board("r9 J r11", "b5 r5 J", joker_sets_locked=True)
    after = play(state, "r8 r9 J r11 r12", "b5 r5 y5 J")
    assert after.table[0].stands == (None, None, "r10", None, None)


def test_rk8a_locked_joker_set_broken_refused() -> None:
    state = board("r9 J r11", joker_sets_locked=True)
    err = refuse_play(state, "r9 r10 r11", "b5 J b7", code="joker_set_broken")
    assert err.params["tiles"] == ["r9", "J", "r11"]
    refuse_play(state, "J r9 r10 r11", code="joker_set_broken")  # the joker moved to the other end
    assert play(state, "r9 J r11 r12 r13", "r8 r9 r10").racks[0] == 9  # extended: still whole


def test_rk8a_locked_group_may_not_become_a_run() -> None:
    state = board(("J J r5"), joker_sets_locked=True)  # a run r3 r4 r5
    refuse_play(state, ("r5 J J", "group"), "b1 b2 b3", code="joker_set_broken")
    assert play(state, "J J r5 r6", "b1 b2 b3").racks[0] == 10


def test_rk8a_locked_ignores_sets_without_joker() -> None:
    state = board("r5 r6 r7 r8 r9 r10", "k1 J k3", joker_sets_locked=True)
    assert play(state, "r5 r6 r7", "r8 r9 r10", "k1 J k3 k4").racks[0] == 13


def test_draft_report_lists_every_problem_and_every_set() -> None:
    state = board("b10 r10 y10 k10", racks=(1, 14, 14))
    report = check_play(state, proposal("b10 r10", "k8 k9 k10", "r5 r7 r8"))
    assert not report["legal"] and report["error"] == "set_too_short"
    assert report["errors"] == ["set_too_short", "run_gap", "table_tile_removed", "rack_count_exceeded"]
    assert [s["valid"] for s in report["sets"]] == [False, True, False]
    assert report["sets"][2]["message_en"] == "Set 3: red 5, red 7, red 8 is not a run: 6 is missing."
    assert report["sets"][2]["message_ja"].startswith("セット3（赤の5、赤の7、赤の8）")
    assert report["sets"][1]["kind"] == "run" and report["sets"][1]["value"] == 27
    assert report["removed"] == ["y10"] and not report["keeps_table"]
    assert report["added"] == ["r5", "r7", "r8", "k8", "k9"] and report["added_count"] == 5 and report["rack"] == 1
    assert report["initial"] is False and report["initial_sum"] is None and report["goes_out"] is False


def test_draft_report_outside_play() -> None:
    state = board("r5 r6 r7", racks=(3, 14, 14))
    over = play(state, "r5 r6 r7", "k1 k2 k3")
    report = check_play(over, proposal("r5 r6 r7 r8"))
    assert not report["legal"] and report["error"] == "round_over"


def test_play_with_kind_object_and_player_field() -> None:
    state = board(n=2)
    after = play(state, ("J J r10", "group"))
    assert after.table[0].kind == "group"
    refuse(state, play_action("b1 b2 b3", player=1), "not_your_turn")


def test_rk5d_a_set_sent_back_unchanged_keeps_its_kind() -> None:
    state = play(board(n=2, melded=(False, True)), ("J J r10", "group"))
    assert state.table[0].tiles == ("r10", "J", "J") and state.table[0].kind == "group"
    after = play(state, "r10 J J", "b1 b2 b3")  # no kind given: still the group of 10s
    assert after.table[0].kind == "group" and after.table[0].value == 30
    assert play(state, "J J r10", "b1 b2 b3").table[0].kind == "run"  # a different order: read afresh


def test_rk6_initial_sum_is_the_sum_of_the_new_sets_values() -> None:
    """The report's initial_sum adds up the ``value`` it shows for each new set (an unfinished set counts its
    real tiles there too); sets kept exactly from the table are not part of the initial meld."""
    report = check_play(game(), proposal("r1 r2"))  # a set still being built, worth 3 so far
    assert report["sets"][0]["value"] == 3 and report["initial_sum"] == 3
    state = board("b1 r1 k1", melded=(False, True, True))
    report = check_play(state, proposal("b1 r1 k1", "y5 y6", "b10 r10 k10"))
    assert [s["value"] for s in report["sets"]] == [3, 11, 30] and report["initial_sum"] == 41
    err = refuse_play(state, "k1 r1 b1", "y5 y6 J", "b2 b3 b4", code="initial_meld_too_low")
    assert err.params == {"total": 27, "minimum": 30}  # 18 (y5 y6 and the joker as y7) + 9


@given(st.lists(st.lists(st.sampled_from(["b1", "r1", "y1", "k1", "r2", "r3", "J"]), min_size=1, max_size=4),
                min_size=1, max_size=3), st.sampled_from([(), ("b1 r1 k1",), ("r1 J k1",), ("r1 r2 r3",)]))
@settings(max_examples=200, deadline=None)
def test_rk6_initial_sum_agrees_with_the_sets_shown(sets: list[list[str]], table: tuple[str, ...]) -> None:
    state = board(*table, melded=(False, True, True))
    report = check_play(state, sets)
    left = Counter((s.tiles, s.kind) for s in state.table)
    new = 0
    for s in report["sets"]:
        key = (tuple(s["tiles"]), s["kind"])
        if s["valid"] and left[key] > 0:
            left[key] -= 1
        else:
            new += s["value"]
    assert report["initial"] and report["initial_sum"] == new, report


def test_rk8a_locked_sets_may_come_in_any_order() -> None:
    """Two locked runs whose tiles overlap: the new table is judged by the best reading, not the first fit."""
    state = board("r4 r5 J", "r5 J r7", joker_sets_locked=True)
    assert play(state, "r4 r5 J r7", "r4 r5 J").racks[0] == 13
    assert play(state, "r4 r5 J", "r4 r5 J r7").racks[0] == 13
    err = refuse_play(state, "r4 r5 J r7", "r4 r5 r6 J", code="joker_set_broken")
    assert err.params["tiles"] == ["r5", "J", "r7"]  # one of the two cannot stay whole
