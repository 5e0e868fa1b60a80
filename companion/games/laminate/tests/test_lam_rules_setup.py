"""R5 seating and turns, R13 set-up counts, R14 conservation (through apply only)."""

from __future__ import annotations

import pytest
from laminate_helpers import NAMES, apply, assert_sane, cards, refuse

from companion.games.laminate import PAPER_IDS, PAPERS, Pass, Publish, Research, Review, new_game


@pytest.mark.parametrize(("n", "deck", "discard"), [(3, 39, 1), (4, 35, 2), (5, 30, 4)])
def test_r13_setup_counts(n, deck, discard):
    state = new_game(NAMES[:n])
    assert state.hands == (3,) * n
    assert state.deck == deck
    assert state.discard == discard
    assert deck + discard + 3 * n == 49
    assert state.supply_dict() == {p: PAPERS[p].copies for p in PAPER_IDS}
    assert state.papers == ()
    assert state.active == 0 and state.pending is None and state.end is None and not state.over
    assert_sane(state)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_r13_counts_do_not_depend_on_the_start_seat_and_the_start_player_moves_first(n):
    for start in range(n):
        state = new_game(NAMES[:n], start)
        assert state.active == start
        assert (state.deck, state.discard, state.hands) == (
            new_game(NAMES[:n]).deck, new_game(NAMES[:n]).discard, (3,) * n)


@pytest.mark.parametrize(("names", "start"), [(NAMES[:2], 0), (NAMES + ("Riemann",), 0), (NAMES[:3], 3),
                                                (NAMES[:3], -1), ((), 0)])
def test_r5_three_to_five_players_and_a_real_start_seat(names, start):
    with pytest.raises(ValueError):
        new_game(names, start)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_r5_turns_go_clockwise_from_the_start_player(n):
    start = n - 1
    state = new_game(NAMES[:n], start)
    seen = []
    for _ in range(2 * n):
        seen.append(state.active)
        state = apply(state, Research("deck"))
    assert seen == [(start + i) % n for i in range(2 * n)]


def test_r14_conservation_through_a_played_sequence():
    """Reach every kind of change only through apply and check R14 after each step."""
    state = new_game(NAMES[:4], start=1)
    steps = [
        Research("deck"), Research("discard"), Research("deck"), Research("deck"),  # hands 4,4,4,4
        Publish("kind3", cards("heart-7 book-7 coin-7")),  # seat 1: hand 1, paper 1 with 3 cards
        Review(1, cards("heart-7")[0]),  # seat 2 takes one back
        Research("deck"),
        Review(1, cards("coin-7")[0]),  # seat 0 completes paper 1 (owner 1)
        # seat 1 would cite its own complete paper 1 (book-7), free, but holds one card for four
        Publish("kind5", cards("onion-7 coffin-7 suit6-7 suit7-7"), (1,)),
    ]
    expected_hands = [
        (3, 4, 3, 3), (3, 4, 4, 3), (3, 4, 4, 4), (4, 4, 4, 4),
        (4, 1, 4, 4), (4, 1, 5, 4), (4, 1, 5, 5), (5, 1, 5, 5),
    ]
    assert len(steps) == len(expected_hands) + 1
    for action, hands in zip(steps, expected_hands):
        state = apply(state, action)
        assert_sane(state)
        assert state.hands == hands
    # seat 1 has one card but wants to place 4: refused
    refuse(state, steps[-1], "hand_too_small")
    assert sum(len(p.cards) for p in state.papers) == 1
    assert state.conserved_total() == 49


def test_r14_conservation_holds_until_the_deck_and_discard_run_dry():
    state = new_game(NAMES[:3])
    for _ in range(200):
        if not state.can_research():
            break
        state = apply(state, Research("deck" if state.deck or state.discard < 1 else "discard"))
        assert_sane(state)
    assert state.deck == 0 and state.discard == 0
    assert sum(state.hands) == 49
    # nothing to research, nothing to review: everybody passes and the game ends (R12)
    for _ in range(3):
        state = apply(state, Pass())
        assert_sane(state)
    assert state.over
