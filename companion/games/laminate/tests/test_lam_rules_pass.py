"""R12 pass: only when neither research nor review is possible; n passes in a row end the game."""

from __future__ import annotations

import pytest
from laminate_helpers import NAMES, C, apply, assert_sane, cards, play, refuse, table

from companion.games.laminate import Pass, Publish, Research, Review, new_game, outcome


def dry_table(n=3, papers=(), hands=None, active=0, **kw):
    """Deck and discard empty: research is impossible."""
    if hands is None:
        in_rows = sum(len(cards(row)) for _, _, row in papers)
        total = 49 - in_rows
        hands = tuple(total // n + (1 if i < total % n else 0) for i in range(n))
    return table(n, papers=papers, hands=hands, discard=0, deck=0, active=active, **kw)


def test_r12_pass_refused_while_research_is_possible():
    err = refuse(new_game(NAMES[:3]), Pass(), "pass_not_allowed")
    assert err.params["can_key"] == "research"
    assert "research" in err.message("en")
    # only the discard pile left is still research
    refuse(table(3, hands=(3, 3, 42), discard=1, deck=0), Pass(), "pass_not_allowed")
    refuse(table(3, hands=(3, 3, 42), discard=0, deck=1), Pass(), "pass_not_allowed")


def test_r12_pass_refused_while_review_is_possible():
    state = dry_table(papers=[(2, "ak", "heart-1 suit7-13")])
    err = refuse(state, Pass(), "pass_not_allowed")
    assert err.params["can_key"] == "review"
    both = table(3, papers=[(2, "ak", "heart-1 suit7-13")])
    assert refuse(both, Pass(), "pass_not_allowed").params["can_key"] == "research or review"


def test_r12_pass_allowed_when_neither_is_possible_even_if_a_publication_would_be():
    state = dry_table(papers=[(1, "kind3", "heart-7")])
    assert state.can_pass()
    after = apply(state, Pass())
    assert after.active == 1 and after.passes == 1 and not after.over
    assert after.hands == state.hands and after.papers == state.papers
    assert_sane(after)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_r12_n_consecutive_passes_end_the_game_at_once_and_scoring_applies(n):
    papers = [(1, "kind3", "heart-7"), (0, "ak", "suit7-13"), (2, "sum49", "heart-1")]
    state = dry_table(n, papers=papers, active=n - 1)
    for i in range(n - 1):
        state = play(state, Pass())
        assert not state.over and state.passes == i + 1
    state = play(state, Pass())
    assert state.over and state.active is None
    assert not state.under_review(), "after an all-pass end nothing is under review"
    result = outcome(state)
    # seat 0: ak 2, seat 2: sum49 2 (tied with one complete paper each), seat 1: 1
    assert result.winners == (0, 2) and result.decided_by == "shared"
    refuse(state, Pass(), "game_over")


def test_r12_any_other_action_breaks_the_run_of_passes():
    state = dry_table(3, papers=[(1, "kind3", "heart-7")], hands=(16, 16, 16))
    state = play(state, Pass(), Pass())
    assert state.passes == 2 and state.active == 2
    # seat 2 publishes a 2-card paper instead of passing: the run is broken and a review is possible again
    state = play(state, Publish("ak", cards("heart-1 suit7-13")))
    assert state.passes == 0 and not state.over
    refuse(state, Pass(), "pass_not_allowed")
    state = play(state, Review(2, C("heart-1")))  # seat 0 completes it
    assert state.passes == 0
    state = play(state, Pass(), Pass())
    assert not state.over and state.passes == 2
    state = play(state, Pass())
    assert state.over
    assert outcome(state).winners == (2,)


def test_r12_a_single_card_publication_also_breaks_the_run():
    state = dry_table(3, papers=[(1, "kind3", "heart-7"), (1, "kind5", "book-7")], hands=(16, 16, 15))
    state = play(state, Pass(), Pass())
    state = play(state, Publish("kind3", cards("coin-7"), (1, 2)))  # complete at once, nothing to review
    assert state.passes == 0 and state.can_pass()
    state = play(state, Pass(), Pass())
    assert not state.over
    state = play(state, Pass())
    assert state.over


def test_r12_all_pass_end_reached_through_apply():
    state = new_game(NAMES[:3])
    while state.can_research():
        state = apply(state, Research("deck"))
    assert state.hands == (17, 16, 16)
    for _ in range(3):
        state = apply(state, Pass())
    assert state.over and outcome(state).winners == (0, 1, 2)
    assert outcome(state).decided_by == "shared"
