"""R4 the meld of a publication, R6 publish, R7 citation (with the manual's worked example)."""

from __future__ import annotations

import pytest
from laminate_helpers import NAMES, C, apply, assert_sane, cards, play, refuse, short_deck, table

from companion.games.laminate import Card, IllegalAction, Publish, Review, meld_report, new_game


def test_r7_worked_example_hilbert_cites_banach_twice_and_himself_once():
    """Hilbert owns a complete paper showing heart-7; Banach owns two complete papers showing book-7 and
    coffin-7. Hilbert places onion-7 and coin-7, cites all three and publishes kind5."""
    state = table(
        3,
        papers=[(0, "kind3", "heart-7"), (1, "straight5", "book-7"), (1, "sum49", "coffin-7")],
        hands=(5, 3, 3),
    )
    assert [p.complete for p in state.papers] == [True, True, True]
    after = apply(state, Publish("kind5", cards("onion-7 coin-7"), (1, 2, 3)))
    assert_sane(after)
    assert after.hands[1] == state.hands[1] + 2, "Banach receives one card per cited paper of his"
    assert after.hands[0] == state.hands[0] - 4, "2 placed + 2 gifts"
    assert after.hands[2] == state.hands[2]
    new = after.papers[-1]
    assert (new.id, new.owner, new.type) == (4, 0, "kind5")
    assert new.cards == cards("onion-7 coin-7"), "the row holds only the cards placed from hand"
    assert not new.complete
    assert after.supply_of("kind5") == 2
    # the cited papers keep their card and stay complete
    assert after.papers[:3] == state.papers
    assert after.score(0) == 1  # kind3 only: kind5 is under review
    # one review completes it
    reviewed = apply(after, Review(4, C("coin-7")))
    assert reviewed.paper(4).complete and reviewed.paper(4).cards == (C("onion-7"),)
    assert reviewed.score(0) == 1 + 4
    assert reviewed.hands[1] == after.hands[1] + 1  # Banach reviewed (it was his turn)
    assert_sane(reviewed)


def test_r7_worked_example_needs_a_hand_of_four():
    state = table(3, papers=[(0, "kind3", "heart-7"), (1, "straight5", "book-7"), (1, "sum49", "coffin-7")],
                  hands=(3, 3, 3))
    err = refuse(state, Publish("kind5", cards("onion-7 coin-7"), (1, 2, 3)), "hand_too_small")
    assert err.params["need"] == 4 and err.params["hand"] == 3
    ok = apply(replace_hand(state, 0, 4), Publish("kind5", cards("onion-7 coin-7"), (1, 2, 3)))
    assert ok.hands == (0, 5, 3)


def replace_hand(state, seat, size):
    return table(state.n, papers=[(p.owner, p.type, p.cards) for p in state.papers],
                 hands=tuple(size if i == seat else h for i, h in enumerate(state.hands)),
                 discard=state.discard, active=state.active)


def test_r7_citing_ones_own_paper_is_free():
    # two cards placed + own citation: cost 2, nothing to give
    state = table(3, papers=[(0, "kind5", "heart-7")], hands=(2, 3, 3))
    after = apply(state, Publish("kind3", cards("book-7 coin-7"), (1,)))
    assert after.hands == (0, 3, 3)
    assert after.papers[-1].cards == cards("book-7 coin-7")
    # the same with somebody else's paper costs a third card
    state = table(3, papers=[(1, "kind5", "heart-7")], hands=(2, 3, 3))
    refuse(state, Publish("kind3", cards("book-7 coin-7"), (1,)), "hand_too_small")


def test_r7_gift_goes_to_the_cited_papers_owner():
    papers = [(2, "kind3", "heart-7"), (3, "sum49", "suit7-13")]
    after = apply(table(4, papers=papers, hands=(4, 3, 3, 3)), Publish("kind3", cards("book-7 coin-7"), (1,)))
    assert after.hands == (1, 3, 4, 3)
    after2 = apply(table(4, papers=papers, hands=(2, 3, 3, 3)), Publish("ak", cards("heart-1"), (2,)))
    assert after2.hands == (0, 3, 3, 4)
    assert after2.papers[-1].complete


def test_r7_a_paper_can_be_cited_again_and_again_by_anyone():
    state = table(3, papers=[(0, "kind3", "heart-7")], hands=(6, 6, 6), active=1)
    state = play(state, Publish("kind3", cards("book-7 coin-7"), (1,)))  # seat 1 pays seat 0
    assert state.hands == (7, 3, 6)
    state = play(state, Publish("kind5", cards("onion-7 coffin-7 suit6-7 suit7-7"), (1,)))  # seat 2 too
    assert state.hands == (8, 3, 1)
    assert state.paper(1).cards == cards("heart-7") and state.paper(1).complete


def test_r7_only_complete_papers_can_be_cited():
    state = table(3, papers=[(1, "kind3", "heart-7 book-7")], hands=(5, 3, 3))
    refuse(state, Publish("kind3", cards("coin-7 onion-7"), (1,)), "cite_not_complete")


def test_r7_citation_alone_is_forbidden():
    # three sevens on the table make a kind3 and the hand could pay the three gifts: only the rule forbids it
    state = table(3, papers=[(1, "kind3", "heart-7"), (1, "kind5", "book-7"), (2, "sum49", "coin-7")])
    refuse(state, Publish("kind3", (), (1, 2, 3)), "no_hand_card")
    # one's own papers cost nothing, still no
    state = table(3, papers=[(0, "straight5", "heart-7"), (0, "kind5", "book-7"), (0, "sum49", "coin-7")])
    refuse(state, Publish("kind3", (), (1, 2, 3)), "no_hand_card")


def test_r7_unknown_and_duplicate_citations():
    state = table(3, papers=[(0, "kind3", "heart-7")], hands=(5, 3, 3))
    refuse(state, Publish("kind3", cards("book-7 coin-7"), (2,)), "cite_unknown")
    refuse(state, Publish("kind3", cards("book-7 coin-7"), (0,)), "cite_unknown")
    refuse(state, Publish("kind3", cards("book-7"), (1, 1)), "cite_duplicate")


def test_r7_hand_must_cover_placed_cards_and_gifts_exactly():
    papers = [(1, "kind3", "heart-7"), (2, "sum49", "book-7")]
    action = Publish("kind5", cards("coin-7 onion-7 coffin-7"), (1, 2))
    refuse(table(3, papers=papers, hands=(4, 3, 3)), action, "hand_too_small")
    after = apply(table(3, papers=papers, hands=(5, 3, 3)), action)
    assert after.hands == (0, 4, 4)
    assert_sane(after)


def test_r4_the_meld_is_placed_cards_plus_one_card_of_each_cited_paper():
    # placed cards alone are not a kind3, with the cited card they are
    state = table(3, papers=[(0, "sum49", "heart-7")], hands=(3, 3, 3))
    refuse(state, Publish("kind3", cards("book-7 coin-7")), "no_match")
    assert apply(state, Publish("kind3", cards("book-7 coin-7"), (1,))).papers[-1].type == "kind3"
    # and with a wrong citation they are not
    state = table(3, papers=[(0, "sum49", "heart-6")], hands=(3, 3, 3))
    err = refuse(state, Publish("kind3", cards("book-7 coin-7"), (1,)), "no_match")
    assert err.params["why_key"] == "kind"


def test_r6_one_card_placed_completes_at_once():
    state = table(3, papers=[(1, "kind3", "heart-7"), (2, "kind5", "book-7")], hands=(3, 3, 3))
    after = apply(state, Publish("kind3", cards("coin-7"), (1, 2)))
    new = after.papers[-1]
    assert new.complete and new.cards == cards("coin-7")
    assert after.score(0) == 1
    assert after.hands == (0, 4, 4)


def test_r6_two_or_more_cards_placed_start_under_review():
    state = apply(new_game(NAMES[:3]), Publish("ak", cards("heart-1 suit7-13")))
    paper = state.papers[0]
    assert (paper.id, paper.owner, paper.type, paper.complete) == (1, 0, "ak", False)
    assert state.score(0) == 0
    assert state.hands == (1, 3, 3)
    assert state.supply_of("ak") == 0
    assert state.active == 1


def test_r6_supply_must_hold_a_copy():
    state = table(3, papers=[(1, "ak", "heart-1 suit7-13")])
    refuse(state, Publish("ak", cards("heart-1 suit7-13")), "card_on_table")
    state = table(3, papers=[(1, "ak", "suit7-13")], hands=(3, 3, 3))
    refuse(state, Publish("ak", cards("heart-1"), (1,)), "supply_empty")


def test_r6_supply_runs_out_after_all_copies():
    """kind3 has 4 copies; with 4 players each taking one, nobody can publish a fifth."""
    state = table(5, papers=[(0, "kind3", "heart-7"), (1, "kind3", "book-7"), (2, "kind3", "coin-7"),
                             (3, "kind3", "onion-7")], active=4)
    assert state.supply_of("kind3") == 0
    refuse(state, Publish("kind3", cards("heart-6 book-6 coin-6")), "supply_empty")


def test_r6_never_two_papers_of_one_type():
    state = table(3, papers=[(0, "kind3", "heart-7 book-7")], hands=(3, 3, 3))
    refuse(state, Publish("kind3", cards("heart-6 book-6 coin-6")), "already_owned")
    # another player may
    assert apply(table(3, papers=[(0, "kind3", "heart-7 book-7")], active=1),
                 Publish("kind3", cards("heart-6 book-6 coin-6"))).papers[-1].owner == 1


def test_r6_endflag_is_never_published():
    refuse(table(3), Publish("endflag", cards("heart-7")), "endflag_not_publishable")


def test_r6_placed_cards_must_not_be_on_the_table():
    state = table(3, papers=[(1, "sum49", "heart-7"), (2, "kind3", "book-7 coin-7")], hands=(4, 3, 3))
    refuse(state, Publish("kind3", cards("heart-7 onion-7 coffin-7")), "card_on_table")
    refuse(state, Publish("kind3", cards("coin-7 onion-7 coffin-7")), "card_on_table")
    # citing the paper whose card you place does not help either
    refuse(state, Publish("kind3", cards("heart-7 onion-7"), (1,)), "card_on_table")


def test_r6_duplicate_card_in_one_request():
    refuse(table(3), Publish("kind3", cards("heart-7 heart-7 book-7")), "duplicate_card")


def test_r6_rank_exhausted_guards_against_cards_beyond_the_decks_copies():
    """R1/R6: never more cards of a rank on the table than the deck holds. Every real card is unique, so
    only a deck whose data miscounts a rank can reach it: here rank 7 claims 2 copies and two are out."""
    state = table(3, papers=[(1, "sum49", "heart-7"), (2, "sum49", "book-7")], hands=(3, 3, 3))
    err = refuse(state, Publish("ak", (C("coin-7"), C("suit7-13"))), "rank_exhausted", deck=short_deck(7, 2))
    assert err.params == {"rank": 7, "copies": 2}


def test_r1_cards_outside_the_deck_are_bad_card_even_when_built_by_hand():
    """The engine is total: a Card value the deck does not have (book-1: only heart has an A) is refused."""
    err = refuse(table(3), Publish("ak", (Card("book", 1), C("suit7-13"))), "bad_card")
    assert err.malformed


def test_r6_unknown_paper_type_is_refused_not_crashed():
    err = refuse(table(3), Publish("straight3", cards("heart-1 heart-2 heart-3")), "unknown_paper")
    assert err.malformed


def test_r6_no_match_says_why():
    err = refuse(table(3), Publish("straight5", cards("heart-1 heart-2 heart-3")), "no_match")
    assert err.params["why_key"] == "count" and err.params["want"] == 5 and err.params["got"] == 3
    assert "5" in err.message("en") and "3" in err.message("en")
    assert "5枚" in err.message("ja")


def test_r6_r7_meld_report_lists_every_match_with_its_legality():
    papers = [(1, "sum49", "onion-10"), (0, "straight7", "heart-1 heart-2")]
    state = table(3, papers=papers, hands=(7, 3, 3))
    placed = cards("onion-4 onion-5 onion-6 onion-7 onion-8 onion-9")
    assert meld_report(state, placed, (1,)) == [("straight7", "already_owned"), ("sum49", None)]
    # the report is only a question: nothing changes
    assert state == table(3, papers=papers, hands=(7, 3, 3))
    # legality includes the cost: 6 placed + 1 gift
    short = table(3, papers=papers, hands=(6, 3, 3))
    assert meld_report(short, placed, (1,)) == [("straight7", "already_owned"), ("sum49", "hand_too_small")]
    free = table(3, papers=papers[:1], hands=(7, 3, 3))
    assert meld_report(free, placed, (1,)) == [("straight7", None), ("sum49", None)]
    assert meld_report(state, cards("heart-3"), ()) == []
    assert meld_report(state, (), ()) == []


def test_r6_meld_report_refuses_melds_that_cannot_be_formed():
    state = table(3, papers=[(1, "sum49", "onion-10"), (0, "kind3", "heart-7 book-7")])
    for cards_, cite, code in [
        (cards("heart-3 heart-3"), (), "duplicate_card"),
        (cards("heart-3"), (9,), "cite_unknown"),
        (cards("heart-3"), (2,), "cite_not_complete"),
        (cards("heart-3"), (1, 1), "cite_duplicate"),
    ]:
        with pytest.raises(IllegalAction) as info:
            meld_report(state, cards_, cite)
        assert info.value.code == code
