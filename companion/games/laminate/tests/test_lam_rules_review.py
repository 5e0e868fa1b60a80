"""R10 review and R11 completion."""

from __future__ import annotations

import pytest
from laminate_helpers import C, apply, assert_sane, cards, play, refuse, table

from companion.games.laminate import Publish, Research, Review


@pytest.mark.parametrize("owner", [0, 1, 2])
def test_r10_any_player_may_review_any_paper_under_review_including_their_own(owner):
    state = table(3, papers=[(owner, "kind3", "heart-7 book-7 coin-7")])
    after = apply(state, Review(1, C("book-7")))
    assert after.paper(1).cards == cards("heart-7 coin-7")
    assert after.hands == (4, 3, 3)
    assert after.deck == state.deck and after.discard == state.discard
    assert after.active == 1
    assert_sane(after)


@pytest.mark.parametrize("take", ["heart-7", "book-7", "coin-7"])
def test_r10_the_reviewer_chooses_any_card_of_the_row(take):
    state = table(3, papers=[(1, "kind3", "heart-7 book-7 coin-7")])
    after = apply(state, Review(1, C(take)))
    assert C(take) not in after.paper(1).cards
    assert len(after.paper(1).cards) == 2


def test_r11_down_to_one_card_is_complete_scores_and_can_be_cited():
    state = table(3, papers=[(1, "kind3", "heart-7 book-7")], hands=(3, 3, 3))
    assert state.score(1) == 0 and not state.paper(1).complete
    refuse(state, Publish("kind5", cards("coin-7 onion-7 coffin-7 suit6-7"), (1,)), "cite_not_complete")
    after = apply(state, Review(1, C("heart-7")))
    assert after.paper(1).complete and after.paper(1).cards == cards("book-7")
    assert after.score(1) == 1 and after.complete_count(1) == 1
    # now seat 1 is active, seat 2 cites it next turn (paying seat 1)
    after = play(after, Research("deck"), Publish("kind3", cards("coin-7 onion-7"), (1,)))
    assert after.papers[-1].owner == 2
    assert after.hands == (4, 4 + 1, 3 - 3)


def test_r11_complete_papers_never_change_again():
    state = table(3, papers=[(1, "kind3", "heart-7")])
    refuse(state, Review(1, C("heart-7")), "not_under_review")


def test_r10_unknown_paper_and_card_not_in_paper():
    state = table(3, papers=[(1, "kind3", "heart-7 book-7 coin-7")])
    refuse(state, Review(2, C("heart-7")), "paper_unknown")
    refuse(state, Review(0, C("heart-7")), "paper_unknown")
    refuse(state, Review(1, C("onion-7")), "card_not_in_paper")


def test_r10_review_needs_a_paper_with_two_cards_a_sequence_of_reviews_completes_it():
    state = table(4, papers=[(3, "straight5", "heart-3 heart-4 heart-5 book-6 coin-7")], hands=(3, 3, 3, 3))
    for card in ("heart-3", "heart-4", "heart-5", "book-6"):
        assert state.can_review()
        state = play(state, Review(1, C(card)))
    assert state.paper(1).cards == cards("coin-7") and state.paper(1).complete
    assert state.hands == (4, 4, 4, 4)
    assert not state.can_review()
    assert state.score(3) == 1
