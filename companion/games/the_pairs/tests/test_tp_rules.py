"""The rules of The Pairs, one scenario per rule (docs/rules-the-pairs.md, TP1–TP10)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tp_helpers import act, conserved, empty_deck, parse, table

from companion.games.base import BadRequest
from companion.games.the_pairs import GAME, PairsError, apply, new_game, outcome, surely_stuck


def refused(state, raw) -> str:
    with pytest.raises(PairsError) as err:
        act(state, raw)
    return err.value.code


# --- TP1, TP2: players, set-up ---------------------------------------------------------------------------------


def test_tp1_three_to_five_players() -> None:
    assert (GAME.min_players, GAME.max_players) == (3, 5)


@pytest.mark.parametrize(("n", "deck"), [(3, 43), (4, 39), (5, 35)])
def test_tp2_four_cards_each_and_the_rest_is_the_deck(n: int, deck: int) -> None:
    state = new_game(tuple("ABCDE"[:n]), 1, {})
    assert state.hands == (4,) * n and state.deck == deck and state.active == 1
    assert state.places == (None,) * n and state.piles == ((), ()) and state.step == "play"
    assert conserved(state) == 55


def test_tp2_pd5_a_table_deck_with_a_missing_card_counts_its_own_total() -> None:
    copies = {str(v): v for v in range(1, 11)}
    copies["10"] = 9
    state = new_game(("A", "B", "C"), 0, {"deck": copies})
    assert state.total == 54 and state.deck == 42


def test_tp2_a_deck_too_small_to_deal_is_refused() -> None:
    copies = {str(v): 0 for v in range(1, 11)}
    copies["5"] = 5
    with pytest.raises(BadRequest) as err:
        new_game(("A", "B", "C"), 0, {"deck": copies})
    assert err.value.code == "deck_too_small"


# --- TP5, TP6: a turn, playing ---------------------------------------------------------------------------------


def test_tp5_a_turn_is_play_then_draw_then_the_next_player() -> None:
    state = table()
    assert refused(state, {"type": "draw", "from": "deck"}) == "play_first"
    state = act(state, {"type": "play", "card": 5, "to": "a"})
    assert state.step == "draw" and state.active == 0
    assert refused(state, {"type": "play", "card": 6, "to": "a"}) == "must_draw"
    assert refused(state, {"type": "pass"}) == "must_draw"
    state = act(state, {"type": "draw", "from": "deck"})
    assert state.active == 1 and state.step == "play" and state.hands == (4, 4, 4) and state.deck == 42


def test_tp6a_a_hand_card_onto_a_pile_shrinks_the_hand() -> None:
    state = act(table(), {"type": "play", "card": 9, "to": "b"})
    assert state.piles == ((), (9,)) and state.hands[0] == 3


def test_tp6b_a_hand_card_onto_the_empty_own_place_takes_any_number() -> None:
    state = act(table(piles={"a": [1], "b": [1]}), {"type": "play", "card": 10, "to": "place"})
    assert state.places[0] == 10 and state.hands[0] == 3 and state.placed_now


def test_tp6b_an_occupied_place_takes_no_second_card() -> None:
    state = table(places=(4, None, None), hands=(3, 4, 4))
    assert refused(state, {"type": "play", "card": 7, "to": "place"}) == "place_full"


def test_tp6c_the_place_card_moves_to_a_pile_under_the_pile_condition() -> None:
    state = table(places=(6, None, None), hands=(3, 4, 4), piles={"a": [5], "b": [9]})
    moved = act(state, {"type": "play", "from": "place", "to": "a"})
    assert moved.places[0] is None and moved.piles[0] == (5, 6) and moved.hands[0] == 3
    assert refused(state, {"type": "play", "from": "place", "to": "b"}) == "not_adjacent"  # interpretation TP6c
    assert refused(state, {"type": "play", "from": "place", "card": 7, "to": "a"}) == "not_place_card"


def test_tp6c_no_place_card_to_move() -> None:
    assert refused(table(), {"type": "play", "from": "place", "to": "a"}) == "place_empty"


def test_a_hand_card_from_an_empty_hand_is_refused() -> None:
    state = table(hands=(0, 4, 4), places=(3, None, None))
    assert refused(state, {"type": "play", "card": 3, "to": "a"}) == "hand_empty"


def test_pd5_a_number_whose_every_copy_is_face_up_is_refused() -> None:
    state = table(piles={"a": [1], "b": []})
    assert refused(state, {"type": "play", "card": 1, "to": "b"}) == "card_exhausted"
    state = table(piles={"a": [2], "b": []}, places=(None, 2, None), hands=(4, 3, 4))
    assert refused(state, {"type": "play", "card": 2, "to": "a"}) == "card_exhausted"


# --- TP7: the pile condition ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "ok"), [(6, True), (7, True), (8, True), (5, False), (9, False), (1, False)])
def test_tp7_a_pile_takes_equal_one_more_or_one_less(card: int, ok: bool) -> None:
    state = table(piles={"a": [7], "b": [2]})
    if ok:
        assert act(state, {"type": "play", "card": card, "to": "a"}).piles[0] == (7, card)
    else:
        assert refused(state, {"type": "play", "card": card, "to": "a"}) == "not_adjacent"


def test_tp7_numbers_do_not_wrap_from_10_to_1() -> None:
    assert refused(table(piles={"a": [10], "b": [5]}), {"type": "play", "card": 1, "to": "a"}) == "not_adjacent"


def test_tp7_an_empty_pile_takes_any_card() -> None:
    state = table(piles={"a": [3], "b": []})
    assert act(state, {"type": "play", "card": 10, "to": "b"}).piles[1] == (10,)


def test_tp7_the_refusal_names_what_the_pile_takes() -> None:
    with pytest.raises(PairsError) as err:
        act(table(piles={"a": [7], "b": []}), {"type": "play", "card": 3, "to": "a"})
    assert err.value.params["accepts"] == [6, 7, 8]
    assert "6, 7 or 8" in err.value.message("en") and "6・7・8" in err.value.message("ja")


# --- TP8: pass and falling out ---------------------------------------------------------------------------------


def test_tp8_pass_only_with_hand_place_and_deck_empty() -> None:
    done = table(hands=(0, 2, 1), piles={"a": list(range(1, 11)) * 5 + [5, 5], "b": []}, deck=0)
    assert conserved(done) == 55
    passed = act(done, {"type": "pass"})
    assert passed.active == 1 and passed.hands == (0, 2, 1)
    assert refused(table(), {"type": "pass"}) == "cannot_pass"
    assert refused(replace(done, deck=1), {"type": "pass"}) == "cannot_pass"
    assert refused(replace(done, places=(4, None, None)), {"type": "pass"}) == "cannot_pass"


def test_tp8_cannot_play_is_refused_when_the_place_is_free() -> None:
    assert refused(table(piles={"a": [5], "b": [5]}), {"type": "stuck"}) == "can_play_to_place"


def test_tp8_cannot_play_is_refused_when_a_pile_is_empty() -> None:
    state = table(places=(2, None, None), hands=(3, 4, 4), piles={"a": [9], "b": []})
    assert refused(state, {"type": "stuck"}) == "pile_takes_any"


def test_tp8_cannot_play_is_refused_when_the_place_card_fits() -> None:
    state = table(places=(8, None, None), hands=(3, 4, 4), piles={"a": [9], "b": [2]})
    assert refused(state, {"type": "stuck"}) == "place_card_fits"


def test_tp8_cannot_play_is_refused_when_the_player_may_pass() -> None:
    done = table(hands=(0, 2, 1), piles={"a": list(range(1, 11)) * 5 + [5, 5], "b": []}, deck=0)
    assert refused(done, {"type": "stuck"}) == "can_pass"


def test_tp8_a_stuck_player_falls_out_and_the_team_loses() -> None:
    state = table(places=(2, None, None), hands=(3, 4, 4), piles={"a": [9], "b": [6]})
    lost = act(state, {"type": "stuck"})
    assert lost.result == "lost" and lost.fell_out == 0 and lost.over
    assert outcome(lost).winners == () and outcome(lost).decided_by == "fell_out"
    assert refused(lost, {"type": "play", "card": 9, "to": "a"}) == "game_over"


def test_tp8_a_shown_hand_is_checked() -> None:
    state = table(places=(2, None, None), hands=(3, 4, 4), piles={"a": [9], "b": [6]})
    assert refused(state, {"type": "stuck", "hand": [1, 3]}) == "hand_size_mismatch"
    assert refused(state, {"type": "stuck", "hand": [1, 3, 5]}) == "hand_card_fits"
    assert refused(state, {"type": "stuck", "hand": [1, 1, 3]}) == "card_exhausted"
    lost = act(state, {"type": "stuck", "hand": [1, 3, 3]})
    assert lost.revealed == (1, 3, 3)


def test_tp8_an_empty_hand_with_an_empty_place_and_cards_in_the_deck_is_stuck() -> None:
    state = table(hands=(0, 5, 4), piles={"a": [5], "b": [5]})
    assert surely_stuck(state)
    assert act(state, {"type": "stuck"}).result == "lost"
    assert not surely_stuck(table())


# --- TP9: drawing -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("changes", "play", "other"), [
    ({"hands": (0, 4, 4), "places": (None, None, None), "deck": 0}, False, "pass"),  # only a pass
    ({"hands": (0, 4, 4), "places": (None, None, None)}, False, "stuck"),  # nothing to play, the deck not empty
    ({"hands": (0, 4, 4), "places": (5, None, None), "piles": {"a": [1], "b": [9]}}, False, "stuck"),
    ({"hands": (0, 4, 4), "places": (5, None, None), "piles": {"a": [4], "b": [9]}}, True, None),  # TP6c
    ({"hands": (1, 4, 4), "places": (5, None, None), "piles": {"a": [1], "b": [9]}}, True, "stuck"),  # TP6a?
    ({}, True, None),
])
def test_tp6_tp8_can_play_only_when_the_table_leaves_a_play(changes: dict, play: bool, other: str | None) -> None:
    """STATE ``can.play`` is offered when a play may exist (a card in hand, a place card that fits a pile), and
    not when the public table proves that only a pass or "I cannot play" is left."""
    can = GAME.state_to_json(table(**changes), None, {})["can"]
    assert can["play"] is play
    assert {k for k in ("pass", "stuck") if can[k]} == ({other} if other else set())


def test_tp9_draw_from_the_own_place_takes_the_card_back() -> None:
    state = table(places=(3, None, None), hands=(3, 4, 4))
    state = act(state, {"type": "play", "card": 8, "to": "a"})
    drawn = act(state, {"type": "draw", "from": "place"})
    assert drawn.places[0] is None and drawn.hands[0] == 3 and drawn.deck == state.deck


def test_tp9_the_card_placed_this_turn_cannot_be_taken_back() -> None:
    state = act(table(), {"type": "play", "card": 8, "to": "place"})
    assert state.step == "draw"
    assert refused(state, {"type": "draw", "from": "place"}) == "place_just_played"
    assert act(state, {"type": "draw", "from": "deck"}).hands[0] == 4


def test_tp9_a_pair_ends_the_turn_without_a_draw() -> None:
    state = act(table(piles={"a": [6], "b": []}), {"type": "play", "card": 6, "to": "a"})
    assert state.active == 1 and state.step == "play" and state.hands[0] == 3 and state.last.pair
    assert refused(state, {"type": "draw", "from": "deck"}) == "no_draw_after_pair"
    assert refused(state, {"type": "draw", "from": "deck", "player": 0}) == "no_draw_after_pair"
    assert refused(state, {"type": "draw", "from": "deck", "player": 1}) == "play_first"


def test_tp9_a_place_card_pair_also_skips_the_draw() -> None:
    state = table(places=(6, None, None), hands=(3, 4, 4), piles={"a": [6], "b": []})
    state = act(state, {"type": "play", "from": "place", "to": "a"})
    assert state.active == 1 and state.hands[0] == 3 and state.last.pair


def test_tp9_the_deck_empty() -> None:
    state = empty_deck(table(places=(4, None, None), hands=(3, 4, 4), piles={"a": [1], "b": [9]}), keep=(2,))
    assert conserved(state) == 55 and state.deck == 0
    played = act(state, {"type": "play", "card": 2, "to": "a"})
    assert played.step == "draw"
    assert refused(played, {"type": "draw", "from": "deck"}) == "deck_empty"
    assert act(played, {"type": "draw", "from": "place"}).places[0] is None


def test_tp9_nothing_to_draw_ends_the_turn() -> None:
    state = empty_deck(table(piles={"a": [1], "b": [9]}), keep=(2,))
    assert conserved(state) == 55
    played = act(state, {"type": "play", "card": 2, "to": "a"})
    assert played.active == 1 and played.step == "play"


def test_tp9_drawing_is_compulsory_nothing_else_ends_the_turn() -> None:
    state = act(table(), {"type": "play", "card": 4, "to": "a"})
    for raw in ({"type": "pass"}, {"type": "stuck"}, {"type": "play", "card": 4, "to": "b"}):
        assert refused(state, raw) == "must_draw"


# --- TP10: the end ------------------------------------------------------------------------------------------------


def test_tp10_the_last_card_on_a_pile_wins_for_everyone() -> None:
    piles_b = [10] * 10 + [9] * 9 + [8] * 8 + [7] * 7 + [6] * 6 + [5] * 5 + [4] * 4 + [3] * 3 + [2] * 2
    state = table(hands=(1, 0, 0), deck=0, piles={"a": [], "b": piles_b})
    assert conserved(state) == 55
    won = act(state, {"type": "play", "card": 1, "to": "a"})
    assert won.result == "won" and won.step == "over"
    assert outcome(won).winners == (0, 1, 2) and outcome(won).decided_by == "all_placed"
    assert refused(won, {"type": "pass"}) == "game_over"


def test_not_your_turn() -> None:
    state = table()
    assert refused(state, {"type": "play", "card": 5, "to": "a", "player": 2}) == "not_your_turn"
    assert act(state, {"type": "play", "card": 5, "to": "a", "player": 0}).piles[0] == (5,)


def test_apply_never_mutates_and_a_refusal_changes_nothing() -> None:
    state = table(piles={"a": [5], "b": []})
    snapshot = replace(state)
    with pytest.raises(PairsError):
        apply(state, parse({"type": "play", "card": 9, "to": "a"}, state))
    act(state, {"type": "play", "card": 4, "to": "a"})
    assert state == snapshot
