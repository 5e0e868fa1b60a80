"""RK4/RK5: runs, groups, jokers' stand-ins, values, and the single most helpful reason a set is wrong."""

from __future__ import annotations

import pytest
from rk_helpers import tiles

from companion.games.rummikub import check_set


def ok(text: str, kind: str | None = None):
    found = check_set(tiles(text), kind)
    assert found.valid, found.code
    return found.table_set


def why_not(text: str, kind: str | None = None) -> str:
    found = check_set(tiles(text), kind)
    assert not found.valid
    return found.code


def test_rk4a_seed_run_red_5_6_7() -> None:
    s = ok("r5 r6 r7")
    assert s.kind == "run" and s.value == 18 and s.stands == (None, None, None)


def test_rk4a_run_without_joker_is_sorted() -> None:
    assert ok("r7 r5 r6").tiles == ("r5", "r6", "r7")


def test_rk4b_seed_group_blue_red_black_10_in_colour_order() -> None:
    s = ok("k10 b10 r10")
    assert s.kind == "group" and s.tiles == ("b10", "r10", "k10") and s.value == 30


def test_rk4_set_too_short() -> None:
    assert why_not("r5 r6") == "set_too_short"
    assert why_not("") == "set_too_short"


def test_rk4_run_gap_refused() -> None:
    found = check_set(tiles("r5 r6 r8"), None)
    assert found.code == "run_gap" and found.numbers == (7,)


def test_rk4_run_gap_with_joker_names_what_is_still_missing() -> None:
    found = check_set(tiles("r9 J r13"), None)
    assert found.code == "run_gap" and found.numbers == (11, 12)


def test_rk4_run_mixed_colours() -> None:
    assert why_not("r5 r6 b7") == "run_mixed_colours"
    assert why_not("b5 r5 k5", "run") == "run_mixed_colours"


def test_rk4_13_to_1_wrap_refused() -> None:
    assert why_not("r12 r13 r1") == "run_out_of_range"
    assert why_not("r13 r1 r2") == "run_out_of_range"


def test_rk5c_joker_beyond_13_or_below_1_refused() -> None:
    assert why_not("r12 r13 J") == "run_out_of_range"
    assert why_not("J r1 r2") == "run_out_of_range"


def test_rk4_13_tile_cap() -> None:
    full = " ".join(f"b{n}" for n in range(1, 14))
    assert ok(full).value == 91
    assert why_not(full + " J") == "run_too_long"


def test_rk4b_group_rules() -> None:
    assert why_not("b5 r5 k6") == "group_mixed_numbers"
    assert why_not("b10 b10 r10") == "group_repeated_colour"
    assert why_not("b10 r10 y10 k10 J") == "group_too_big"
    assert why_not("b10 r10 y10 k10 b10") == "group_too_big"


def test_rk4_not_a_set() -> None:
    assert why_not("r5 b7 k9") == "not_a_set"
    assert why_not("r5 r5 r6") == "not_a_set"  # a number twice in one colour
    assert why_not("r7 J r5") == "not_a_set"  # with a joker the order must be ascending
    assert why_not("r5 J J r7") == "not_a_set"  # more jokers between than numbers


def test_rk5_seed_example_r9_joker_r11_stands_for_red_10() -> None:
    s = ok("r9 J r11")
    assert s.stands == (None, "r10", None) and s.value == 30


def test_rk5c_jokers_both_in_one_set() -> None:
    s = ok("r5 J J r8")
    assert s.stands == (None, "r6", "r7", None) and s.value == 26
    assert ok("J r5 J").stands == ("r4", None, "r6")


def test_rk5b_group_of_4_with_joker() -> None:
    s = ok("b10 J r10 k10")
    assert s.kind == "group" and s.tiles == ("b10", "r10", "k10", "J") and s.stands == (None, None, None, "*10")
    assert s.value == 40


def test_rk5d_ambiguous_j_j_r5_is_a_run_by_default() -> None:
    s = ok("J J r5")
    assert s.kind == "run" and s.stands == ("r3", "r4", None) and s.value == 12


def test_rk5d_ambiguous_j_j_r5_as_group_when_asked() -> None:
    s = ok("J J r5", "group")
    assert s.kind == "group" and s.tiles == ("r5", "J", "J") and s.value == 15


def test_rk5d_ambiguous_falls_back_to_the_only_kind_that_fits() -> None:
    assert ok("r13 J J").kind == "group"
    assert why_not("r13 J J", "run") == "run_out_of_range"
    assert why_not("r5 J J J J", "group") == "group_too_big"


def test_rk5_joker_only_set_is_not_a_set() -> None:
    assert why_not("J J J") == "not_a_set"


@pytest.mark.parametrize("text", ["y1 y2 y3", "k11 k12 k13", "J b2 b3", "b11 b12 J", "b1 r1 y1 k1", "J y4 k4"])
def test_rk4_valid_sets(text: str) -> None:
    ok(text)
