"""Pyramid rules, one scenario (or a few) per rule of docs/rules-pyramid.md."""

from __future__ import annotations

from fractions import Fraction

import pytest
from py_helpers import bottom, build, conserved, game, parse, refuse, small_deck, turn

from companion.games.base import RuleError
from companion.games.pyramid import (
    GAME,
    Place,
    Stop,
    Turn,
    apply,
    bust_risk,
    legal_slots,
    new_game,
    outcome,
    rank_key,
    state_to_json,
)


def test_py1_players_two_to_four_and_the_whole_deck() -> None:
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    state = game(4)
    assert state.deck_size == 55 and state.deck.total == 55 and state.remaining()[10] == 10
    for names in (("A",), ("A", "B", "C", "D", "E")):
        with pytest.raises(RuleError) as caught:
            new_game(names, 0, {})
        assert caught.value.malformed


def test_py1_pd5_an_edited_deck_is_used_for_every_count() -> None:
    state = game(deck=small_deck(**{"1": 1, "10": 9}))  # a 10 is missing
    assert state.deck_size == 10 and state.deck.total == 10
    assert bust_risk(turn(state, 10)) == Fraction(8, 9)


def test_py2_start_seat_turns_first_and_play_goes_clockwise() -> None:
    state = game(3, start=2)
    assert state.active == 2
    state = bottom(state, 4)
    assert state.active == 0
    state = bottom(state, 5)
    assert state.active == 1 and state.turn == 3


def test_py4_turning_is_unlimited_and_stop_needs_a_card() -> None:
    state = game()
    refuse(state, Stop(), "nothing_turned")
    state = turn(state, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    assert state.phase == "turning" and state.turned == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    assert bust_risk(state) == 1  # PY5 consequence: the eleventh card always busts
    assert apply(state, Stop()).phase == "building"


def test_py5_a_repeated_number_busts_and_discards_the_whole_turn() -> None:
    state = turn(game(), 7, 3, 9)
    busted = apply(state, Turn(3))
    assert busted.discard == (7, 3, 9, 3) and busted.turned == () and busted.active == 1
    assert busted.pyramids == ((), ()) and busted.phase == "turning"
    assert busted.last is not None and (busted.last.result, busted.last.card) == ("bust", 3)
    assert conserved(busted)


def test_py5_only_this_turns_cards_count_for_a_bust() -> None:
    state = bottom(game(), 6)  # Aki's pyramid holds a 6
    state = turn(state, 6)  # Ben turns a 6: not a bust
    state = build(state, (6, 1, 0))
    state = turn(state, 6, 5)  # Aki again: a 6 in pyramids and one earlier this game, not this turn
    assert state.turned == (6, 5) and state.phase == "turning"


def test_py3_py6_stop_takes_the_cards_and_building_ends_the_turn_after_the_last_one() -> None:
    """A turn is turning, then (after a stop) building; the last placement ends it."""
    state = apply(turn(game(), 8, 2), Stop())
    assert state.phase == "building" and state.turned == (8, 2) and state.acquired == (8, 2)
    refuse(state, Turn(5), "not_turning")
    refuse(state, Stop(), "not_turning")
    state = apply(state, Place(8, 1, 0))
    assert state.active == 0 and state.phase == "building" and state.turned == (2,)
    state = apply(state, Place(2, 1, 1))
    assert state.active == 1 and state.phase == "turning" and state.pyramids[0] == ((1, 0, 8), (1, 1, 2))
    assert state.last is not None and state.last.result == "built"


def test_py6_a_card_placed_this_turn_may_carry_the_next() -> None:
    state = build(turn(game(), 5, 4, 3), (5, 1, 0), (4, 1, 1), (3, 2, 0))
    assert state.pyramids[0][-1] == (2, 0, 3)


def test_py6_placing_before_stopping_is_refused() -> None:
    refuse(turn(game(), 5), Place(5, 1, 0), "not_building")


def test_py7a_bottom_row_grows_only_at_its_ends() -> None:
    state = bottom(game(), 5, 6, 7)  # Aki: x 0, 1, 2
    state = bottom(state, 1)  # Ben
    state = build(turn(state, 9, 8))
    assert legal_slots(state)["9"][:2] == [{"row": 1, "x": -1}, {"row": 1, "x": 3}]
    refuse(state, Place(9, 1, 4), "bottom_gap")
    refuse(state, Place(9, 1, -2), "bottom_gap")
    refuse(state, Place(9, 1, 1), "occupied")  # PY7c: inserting would move cards
    state = apply(state, Place(9, 1, -1))
    state = apply(state, Place(8, 1, 3))
    assert sorted(x for r, x, _ in state.pyramids[0] if r == 1) == [-1, 0, 1, 2, 3]


def test_py7a_the_first_card_goes_at_the_origin() -> None:
    state = build(turn(game(), 4))
    refuse(state, Place(4, 1, 3), "first_at_origin")
    assert legal_slots(state) == {"4": [{"row": 1, "x": 0}]}


def test_py7b_over_a_six_and_a_three_only_three_or_less() -> None:
    state = bottom(bottom(game(), 6, 3), 1)
    state = build(turn(state, 4, 3))
    err = refuse(state, Place(4, 2, 0), "too_big")
    assert err.params == {"card": 4, "left": 6, "right": 3, "limit": 3, "row": 2, "x": 0}
    assert "3" in err.message("en") and "6" in err.message("ja")
    assert {"row": 2, "x": 0} in legal_slots(state)["3"] and {"row": 2, "x": 0} not in legal_slots(state)["4"]
    state = apply(state, Place(3, 2, 0))  # equal is allowed
    assert (2, 0, 3) in state.pyramids[0]


def test_py7b_an_upper_card_needs_both_supports_but_rows_may_have_gaps() -> None:
    state = bottom(bottom(game(), 9, 8, 7, 6), 1)  # Aki: 9 8 7 6 at x 0..3
    state = build(turn(state, 2, 3))
    refuse(state, Place(2, 2, 3), "no_support")  # over (1,3) and a missing (1,4)
    refuse(state, Place(2, 3, 0), "no_support")
    state = apply(state, Place(2, 2, 0))
    state = apply(state, Place(3, 2, 2))  # a gap at (2,1): allowed
    assert {(r, x) for r, x, _ in state.pyramids[0] if r == 2} == {(2, 0), (2, 2)}


def test_py7c_a_position_holds_one_card() -> None:
    state = bottom(bottom(game(), 5, 4), 1)
    state = build(turn(state, 2, 3))
    state = apply(state, Place(2, 2, 0))
    refuse(state, Place(3, 2, 0), "occupied")


def test_py7d_only_acquired_cards_not_yet_placed() -> None:
    state = build(turn(game(), 5, 6))
    refuse(state, Place(7, 1, 0), "not_acquired")
    state = apply(state, Place(5, 1, 0))
    refuse(state, Place(5, 1, 1), "not_acquired")


def test_pd4_card_exhausted_when_every_copy_is_face_up() -> None:
    state = bottom(game(), 1)  # the only 1
    err = refuse(state, Turn(1), "card_exhausted")
    assert err.params == {"card": 1}


def test_py8_last_card_busts_ends_the_game_at_once() -> None:
    state = turn(game(deck=small_deck(**{"2": 2, "3": 1})), 2, 3)
    over = apply(state, Turn(2))
    assert over.over and over.deck_size == 0 and over.discard == (2, 3, 2)
    refuse(over, Turn(2), "game_over")
    assert outcome(over) is not None and outcome(over).decided_by == "tie"


def test_py8_last_card_forces_a_stop_and_the_player_still_builds() -> None:
    state = turn(game(deck=small_deck(**{"2": 1, "3": 1, "4": 1})), 4)
    state = build(state, (4, 1, 0))  # Aki
    state = turn(state, 3, 2)  # Ben turns the last card
    assert state.phase == "building" and state.forced and state.deck_size == 0
    refuse(state, Turn(2), "deck_empty")
    refuse(state, Stop(), "not_turning")
    state = build(state, (3, 1, 0), (2, 1, 1))
    assert state.over
    result = outcome(state)
    assert result is not None and result.winners == (1,) and result.decided_by == "row"


def test_py9_height_then_top_row_then_the_rows_below() -> None:
    assert rank_key(()) == (0,)
    tall = ((1, 0, 5), (1, 1, 5), (2, 0, 5))
    wide = ((1, 0, 5), (1, 1, 5), (1, 2, 5), (1, 3, 5))
    assert rank_key(tall) > rank_key(wide)
    two_top = ((1, 0, 5), (1, 1, 5), (1, 2, 5), (2, 0, 5), (2, 1, 5))
    one_top_wide = ((1, 0, 5), (1, 1, 5), (1, 2, 5), (1, 3, 5), (2, 0, 5))
    assert rank_key(two_top) > rank_key(one_top_wide)  # the top row decides before the bottom row
    same_top_wider = ((1, 0, 5), (1, 1, 5), (1, 2, 5), (1, 3, 5), (2, 0, 5), (2, 2, 5))
    assert rank_key(same_top_wider) > rank_key(two_top)  # then the row below


def test_py9_ranking_shares_places_on_a_full_tie() -> None:
    state = game(3, deck=small_deck(**{"5": 3}))
    state = bottom(state, 5)
    state = bottom(state, 5)
    state = turn(state, 5)
    state = build(state, (5, 1, 0))
    assert state.over
    data = state_to_json(state)
    assert data["winners"] == [0, 1, 2] and [p["place"] for p in data["players"]] == [1, 1, 1]
    assert data["result"] == {"winners": [0, 1, 2], "decided_by": "tie", "row": None}


def test_risk_is_the_exact_share_of_this_turns_numbers_in_the_deck() -> None:
    state = turn(game(), 5, 7)  # 53 left: 4 fives, 6 sevens
    assert bust_risk(state) == Fraction(10, 53)
    data = state_to_json(state, None, {"risk": True})
    assert data["risk"] == {"numerator": 10, "denominator": 53, "percent": 18.9}
    assert state_to_json(state, None, {"risk": False})["risk"] is None
    assert bust_risk(game()) == 0


def test_player_field_must_be_the_active_seat() -> None:
    state = game()
    refuse(state, Turn(5, player=1), "not_your_turn")
    assert apply(state, Turn(5, player=0)).turned == (5,)


@pytest.mark.parametrize("raw", [
    None, [], "turn", {"type": "dance"}, {"type": "turn"}, {"type": "turn", "card": 0},
    {"type": "turn", "card": 11}, {"type": "turn", "card": "5"}, {"type": "turn", "card": True},
    {"type": "turn", "card": 5.0}, {"type": "stop", "card": 5}, {"type": "place", "card": 5, "row": 0, "x": 0},
    {"type": "place", "card": 5, "row": 1}, {"type": "place", "card": 5, "row": 1, "x": 10**30},
    {"type": "turn", "card": 5, "player": -1}, {"type": "turn", "card": 5, "player": 9},
])
def test_malformed_actions_are_bad_requests(raw: object) -> None:
    with pytest.raises(RuleError) as caught:
        parse(raw, game())
    assert caught.value.malformed and caught.value.code == "bad_request"
    assert caught.value.message("ja") and caught.value.message("en")


def test_apply_never_mutates_and_refusals_change_nothing() -> None:
    state = build(turn(game(), 5, 6))
    before = repr(state)
    refuse(state, Place(5, 1, 4), "first_at_origin")
    apply(state, Place(5, 1, 0))
    assert repr(state) == before
