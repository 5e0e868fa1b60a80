"""R8 research and R9 deck exhaustion."""

from __future__ import annotations

import pytest
from laminate_helpers import NAMES, apply, assert_sane, refuse, table

from companion.games.laminate import Research, new_game


def test_r8_deck_research_draws_two_keeps_one_discards_one():
    state = new_game(NAMES[:3])
    after = apply(state, Research("deck"))
    assert (after.deck, after.discard) == (37, 2)
    assert after.hands == (4, 3, 3)
    assert after.active == 1
    assert_sane(after)


def test_r8_discard_research_takes_the_top_discard():
    state = new_game(NAMES[:4])
    after = apply(state, Research("discard"))
    assert (after.deck, after.discard) == (35, 1)
    assert after.hands == (4, 3, 3, 3)
    assert_sane(after)


@pytest.mark.parametrize("source", ["deck", "discard"])
def test_r8_either_way_the_hand_grows_by_exactly_one(source):
    state = table(4, hands=(3, 5, 0, 2), discard=7, active=2)
    after = apply(state, Research(source))
    assert after.hands == (3, 5, 1, 2)
    assert after.deck + after.discard == state.deck + state.discard - 1


def test_r9_one_card_left_draws_then_reshuffles():
    """Deck 1, discard 6: draw the last card, reshuffle the 6 into a new deck, draw its top, keep one and
    discard the other onto the (now empty) pile: deck 5, discard 1."""
    state = table(3, hands=(3, 3, 36), discard=6)
    assert state.deck == 1
    after = apply(state, Research("deck"))
    assert (after.deck, after.discard) == (5, 1)
    assert after.hands == (4, 3, 36)
    assert_sane(after)


def test_r9_one_card_left_with_a_single_discard():
    state = table(3, hands=(3, 3, 41), discard=1)
    assert state.deck == 1
    after = apply(state, Research("deck"))
    assert (after.deck, after.discard) == (0, 1)
    assert_sane(after)


def test_r9_one_card_left_reached_through_apply():
    state = new_game(NAMES[:3])  # deck 39, discard 1
    for _ in range(19):
        state = apply(state, Research("deck"))
    assert (state.deck, state.discard) == (1, 20)
    state = apply(state, Research("deck"))
    assert (state.deck, state.discard) == (19, 1)
    assert_sane(state)


def test_r9_empty_deck_is_reshuffled_only_when_a_deck_draw_is_needed():
    """n=5 starts with deck 30: fifteen deck draws empty it exactly (reached through apply)."""
    state = new_game(NAMES[:5])
    for _ in range(15):
        state = apply(state, Research("deck"))
    assert (state.deck, state.discard) == (0, 19)
    # the empty deck is not refilled by taking from the discard pile, nor by the end of a turn
    took_discard = apply(state, Research("discard"))
    assert (took_discard.deck, took_discard.discard) == (0, 18)
    # a deck draw reshuffles the 19 discards into a new deck and draws two from it
    drew = apply(state, Research("deck"))
    assert (drew.deck, drew.discard) == (17, 1)
    assert_sane(took_discard)
    assert_sane(drew)


@pytest.mark.parametrize("discard", [2, 3, 10])
def test_r9_empty_deck_with_discard_at_least_two(discard):
    state = table(3, hands=(3, 3, 43 - discard), discard=discard, deck=0)
    after = apply(state, Research("deck"))
    assert (after.deck, after.discard) == (discard - 2, 1)
    assert after.hands[0] == 4
    assert_sane(after)


@pytest.mark.parametrize(("deck", "discard", "source"), [(1, 0, "deck"), (0, 1, "deck"), (0, 1, "discard")])
def test_r9_deck_and_discard_holding_one_card_research_takes_that_card(deck, discard, source):
    state = table(3, hands=(3, 3, 42), discard=discard, deck=deck)
    after = apply(state, Research(source))
    assert (after.deck, after.discard) == (0, 0)
    assert after.hands == (4, 3, 42)
    assert_sane(after)


@pytest.mark.parametrize("source", ["deck", "discard"])
def test_r9_both_empty_research_impossible(source):
    state = table(3, hands=(3, 3, 43), discard=0, deck=0)
    refuse(state, Research(source), "research_impossible")


@pytest.mark.parametrize("deck", [1, 2, 30])
def test_r8_discard_empty(deck):
    state = table(3, hands=(3, 3, 43 - deck), discard=0, deck=deck)
    refuse(state, Research("discard"), "discard_empty")
    after = apply(state, Research("deck"))
    assert after.hands[0] == 4
    assert_sane(after)
