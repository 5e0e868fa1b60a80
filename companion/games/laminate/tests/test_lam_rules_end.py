"""R15 end condition, R16 End Flag, R17 countdown, R18 scoring."""

from __future__ import annotations

import pytest
from laminate_helpers import NAMES, C, apply, assert_sane, cards, play, refuse, table

from companion.games.laminate import EndFlag, EndInfo, Pass, Publish, Research, Review, new_game, outcome

# complete papers worth exactly 15: straight11 (9) + sum100 (6)
FIFTEEN = [("straight11", "suit7-13"), ("sum100", "suit6-12")]
# and 14: straight11 (9) + flush4 (4) + kind3 (1)
FOURTEEN = [("straight11", "suit7-13"), ("flush4", "onion-4"), ("kind3", "heart-7")]


def owned(seat, papers):
    return [(seat, kind, row) for kind, row in papers]


# --- R15 ------------------------------------------------------------------------------------------------


def test_r15_threshold_is_15_on_complete_papers_at_the_end_of_the_own_turn():
    below = table(3, papers=owned(0, FOURTEEN))
    after = apply(below, Research("deck"))
    assert after.score(0) == 14
    assert after.end is None and after.pending is None and after.active == 1

    at = table(3, papers=owned(0, FIFTEEN))
    after = apply(at, Research("deck"))
    assert after.end == EndInfo(0, 5)
    assert after.pending == "endflag" and after.active == 0


def test_r15_papers_under_review_do_not_count():
    state = table(3, papers=owned(0, FOURTEEN) + [(0, "sum100", "suit6-12 suit6-11")])
    assert state.score(0) == 14
    after = apply(state, Research("deck"))
    assert after.end is None


def test_r15_only_the_active_players_total_is_checked():
    """Seat 1 holds 15 points but it is seat 0's turn: nothing happens until seat 1's turn ends."""
    state = table(3, papers=owned(1, FIFTEEN))
    state = play(state, Research("deck"))
    assert state.end is None and state.active == 1
    state = play(state, Research("deck"))
    assert state.end == EndInfo(1, 5) and state.pending == "endflag" and state.active == 1


def test_r15_paper_completed_by_someone_elses_review_counts_at_the_end_of_the_owners_next_turn():
    papers = [(0, "straight11", "suit7-13"), (0, "sum100", "suit6-12 suit6-11")]
    state = table(3, papers=papers)
    state = play(state, Research("deck"))  # seat 0: 9 points
    assert state.end is None
    state = play(state, Review(2, C("suit6-11")))  # seat 1 completes seat 0's sum100
    assert state.score(0) == 15
    assert state.end is None, "not at the end of seat 1's turn"
    state = play(state, Research("deck"))  # seat 2
    assert state.end is None
    state = play(state, Research("deck"))  # seat 0's own turn ends
    assert state.end == EndInfo(0, 5) and state.pending == "endflag"


def test_r15_completing_ones_own_paper_by_review_counts_at_once():
    state = table(3, papers=[(0, "straight11", "suit7-13"), (0, "sum100", "suit6-12 suit6-11")])
    state = play(state, Review(2, C("suit6-12")))
    assert state.end == EndInfo(0, 5) and state.pending == "endflag"


def test_r15_a_publication_that_completes_at_once_counts_at_once():
    state = table(3, papers=owned(0, FOURTEEN), hands=(5, 3, 3))
    state = play(state, Publish("kind5", cards("book-7 coin-7 onion-7 coffin-7 suit6-7")))  # under review
    assert state.end is None
    state = table(3, papers=owned(0, FOURTEEN[:2]) + [(1, "kind5", "heart-7")], hands=(3, 3, 3))
    assert state.score(0) == 13
    state = play(state, Publish("ak", cards("heart-1"), (1,)))  # own straight11 shows the K
    assert state.score(0) == 15 and state.end == EndInfo(0, 5)


def test_r15_only_the_first_player_to_meet_the_condition_triggers():
    state = table(3, papers=owned(0, FIFTEEN) + [(1, "straight9", "suit7-12"), (1, "triple3", "suit6-10"),
                                                 (1, "flush6", "coffin-11")])
    assert state.score(1) == 19
    state = play(state, Research("deck"), EndFlag(C("heart-2")))
    assert state.end == EndInfo(0, 5) and state.active == 1
    state = play(state, Research("deck"))  # seat 1 ends a turn with 19 points
    assert state.end == EndInfo(0, 4)
    assert state.pending is None and state.active == 2
    assert state.owns(0, "endflag") and not state.owns(1, "endflag")


# --- R16 ------------------------------------------------------------------------------------------------


def pending_table(n=3, trigger=0, hands=None):
    state = table(n, papers=owned(trigger, FIFTEEN), active=trigger, hands=hands)
    state = apply(state, Research("deck"))
    assert state.pending == "endflag"
    return state


def test_r16_pending_end_flag_accepts_only_the_endflag_action():
    state = pending_table()
    for action in (Research("deck"), Research("discard"), Pass(), Review(1, C("suit7-13")),
                   Publish("kind3", cards("heart-7 book-7 coin-7")), Publish("endflag", cards("heart-7"))):
        refuse(state, action, "endflag_pending")
    refuse(state, EndFlag(C("heart-2"), player=1), "not_your_turn")
    refuse(state, Research("deck", player=2), "not_your_turn")
    refuse(state, EndFlag(C("suit7-13")), "card_on_table")
    refuse(state, EndFlag(C("suit6-12"), player=0), "card_on_table")


def test_r16_end_flag_is_laid_with_one_hand_card_complete_at_once_and_worth_one_point():
    state = pending_table(hands=(3, 3, 3))
    assert state.hands[0] == 4
    after = apply(state, EndFlag(C("heart-2"), player=0))
    flag = after.papers[-1]
    assert (flag.owner, flag.type, flag.cards, flag.complete) == (0, "endflag", cards("heart-2"), True)
    assert after.hands[0] == 3
    assert after.supply_of("endflag") == 0
    assert after.score(0) == 16
    assert after.pending is None and after.active == 1
    assert after.end == EndInfo(0, 5), "the End Flag step is part of the triggering turn"
    assert_sane(after)
    # it is citable like any complete paper


def test_r16_the_end_flag_is_citable_like_any_complete_paper():
    state = apply(pending_table(hands=(3, 3, 3)), EndFlag(C("heart-7")))
    flag_id = state.papers[-1].id
    after = apply(state, Publish("kind3", cards("book-7 coin-7"), (flag_id,)))  # seat 1 pays seat 0
    assert after.hands == (3 + 1, 0, 3)
    assert after.paper(flag_id).cards == cards("heart-7")
    assert_sane(after)


def test_r16_no_endflag_pending_otherwise():
    refuse(new_game(NAMES[:3]), EndFlag(C("heart-7")), "no_endflag_pending")
    state = pending_table()
    after = apply(state, EndFlag(C("heart-2")))
    refuse(after, EndFlag(C("heart-3")), "no_endflag_pending")


def test_r16_empty_hand_no_flag_condition_still_met_and_never_claimable_later():
    # seat 0: straight11 (9, shows the K) + flush4 (4) = 13 and a single card in hand; the ak it publishes
    # with its last card (citing its own K) completes at once: 15 with an empty hand.
    state = table(3, papers=owned(0, FOURTEEN[:2]), hands=(1, 3, 3))
    state = play(state, Publish("ak", cards("heart-1"), (1,)))
    assert state.hands[0] == 0 and state.score(0) == 15
    assert state.end == EndInfo(0, 5), "the condition is met"
    assert state.pending is None and state.active == 1, "no End Flag: the turn ends"
    assert state.supply_of("endflag") == 1
    refuse(state, EndFlag(C("heart-2")), "no_endflag_pending")
    state = play(state, Research("deck"), Research("deck"))
    assert state.active == 0 and state.end == EndInfo(0, 3)
    state = play(state, Research("deck"))  # seat 0 now has a card and 15 points: still no flag
    assert state.pending is None and state.end == EndInfo(0, 2)
    refuse(state, EndFlag(C("heart-2")), "no_endflag_pending")
    state = play(state, Research("deck"), Research("deck"))
    assert state.over
    assert not any(p.type == "endflag" for p in state.papers)
    assert outcome(state).winners == (0,)


def test_r16_empty_hand_through_a_gift():
    """Paying for a citation can empty the hand too: 1 placed + 1 gift from a hand of 2."""
    papers = [(0, "straight9", "suit7-12"), (0, "flush4", "onion-4"), (0, "kind5", "heart-7"),
              (2, "straight11", "suit7-13")]
    state = table(3, papers=papers, hands=(2, 3, 3))
    assert state.score(0) == 13
    state = play(state, Publish("ak", cards("heart-1"), (4,)))
    assert state.hands == (0, 3, 4)
    assert state.score(0) == 15 and state.end == EndInfo(0, 5)
    assert state.pending is None and state.active == 1


# --- R17 ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("flag", [True, False], ids=["with_flag", "empty_hand"])
@pytest.mark.parametrize(("n", "trigger"), [(3, 0), (3, 2), (4, 1), (4, 0), (5, 3), (5, 0), (5, 4)])
def test_r17_countdown_2n_minus_1_turns_after_the_trigger(n, trigger, flag):
    if flag:
        state = table(n, papers=owned(trigger, FIFTEEN), active=trigger)
        state = play(state, Research("deck"))
        assert state.pending == "endflag" and state.active == trigger
        assert state.end == EndInfo(trigger, 2 * n - 1), "end appears while the flag is pending"
        state = play(state, EndFlag(C("heart-2")))
    else:
        papers = owned(trigger, FOURTEEN[:2])
        hands = tuple(1 if i == trigger else 3 for i in range(n))
        state = table(n, papers=papers, hands=hands, active=trigger)
        state = play(state, Publish("ak", cards("heart-1"), (1,)))
        assert state.pending is None
    assert state.end == EndInfo(trigger, 2 * n - 1), "right after the triggering turn"
    turns = []
    while not state.over:
        turns.append((state.active, state.end.turns_left))
        state = play(state, Research("deck"))
    assert state.end.turns_left == 0 and state.active is None and state.pending is None
    seats = [seat for seat, _ in turns]
    assert len(seats) == 2 * n - 1
    assert seats == [(trigger + 1 + i) % n for i in range(2 * n - 1)], "clockwise"
    assert seats.count(trigger) == 1
    assert all(seats.count(s) == 2 for s in range(n) if s != trigger)
    assert seats[-1] == (trigger - 1) % n, "the last turn is the player to the trigger's right"
    assert [left for _, left in turns] == list(range(2 * n - 1, 0, -1)), "1 during the last turn"
    refuse(state, Research("deck"), "game_over")
    refuse(state, EndFlag(C("heart-3")), "game_over")
    assert outcome(state).winners == (trigger,)


def test_r17_every_kind_of_turn_counts_and_an_all_pass_end_cuts_the_countdown_short():
    # deck and discard empty, no paper under review: every turn is a pass
    papers = owned(0, FIFTEEN)
    state = table(3, papers=papers, hands=(16, 15, 16), discard=0, deck=0)
    state = play(state, Pass())
    assert state.pending == "endflag" and state.passes == 1
    state = play(state, EndFlag(C("heart-2")))
    assert state.end == EndInfo(0, 5)
    state = play(state, Pass())
    assert state.end == EndInfo(0, 4)
    state = play(state, Pass())
    assert state.over, "three passes in a row end the game at once"
    assert state.end.turns_left == 4
    assert outcome(state).winners == (0,)


def test_r17_reviews_and_publications_count_as_turns():
    state = table(3, papers=owned(0, FIFTEEN) + [(1, "kind3", "heart-7 book-7 coin-7")])
    state = play(state, Research("deck"), EndFlag(C("heart-2")))
    state = play(state, Review(3, C("heart-7")))
    assert state.end.turns_left == 4
    state = play(state, Publish("ak", cards("heart-1"), (1,)))  # seat 2 cites seat 0's K
    assert state.end.turns_left == 3 and state.papers[-1].owner == 2


# --- R18 ------------------------------------------------------------------------------------------------


def finished(papers, n=3):
    return table(n, papers=papers, over=True, hands=(3,) * n)


def test_r18_outright_winner():
    state = finished([(0, "ak", "heart-1"), (1, "sum100", "suit7-13"), (2, "kind3", "heart-7")])
    result = outcome(state)
    assert result.winners == (1,) and result.decided_by == "score"
    assert result.ranking == (1, 0, 2)


def test_r18_tie_broken_by_fewest_complete_papers():
    # seat 0: sum100 = 6 with one paper; seat 1: ak + flush4 = 6 with two papers
    state = finished([(1, "ak", "heart-1"), (1, "flush4", "onion-4"), (0, "sum100", "suit7-13"),
                      (2, "kind3", "heart-7")])
    assert state.score(0) == state.score(1) == 6
    result = outcome(state)
    assert result.winners == (0,) and result.decided_by == "fewest_papers"
    assert result.ranking == (0, 1, 2)


def test_r18_still_tied_all_win():
    state = finished([(0, "ak", "heart-1"), (0, "flush4", "onion-4"), (1, "sum100", "suit7-13"),
                      (2, "evens", "heart-4"), (3, "kind3", "heart-7"), (3, "straight5", "book-7"),
                      (3, "sum49", "coin-7"), (3, "straight7", "onion-7")], n=4)
    assert [state.score(s) for s in range(4)] == [6, 6, 6, 7]
    result = outcome(state)
    assert result.winners == (3,) and result.decided_by == "score"
    state = finished([(0, "ak", "heart-1"), (1, "sum49", "suit7-13"), (2, "pairs3", "heart-7")])
    result = outcome(state)
    assert result.winners == (0, 1, 2) and result.decided_by == "shared"
    state = finished([(0, "ak", "heart-1"), (1, "sum100", "suit7-13"), (2, "evens", "heart-4"),
                      (0, "flush4", "onion-4"), (3, "kind3", "heart-7")], n=4)
    result = outcome(state)
    assert result.winners == (1, 2) and result.decided_by == "shared"
    assert result.ranking[:2] == (1, 2) and result.ranking[2:] == (0, 3)


def test_r18_only_complete_papers_score():
    state = finished([(0, "straight11", "coin-3 coin-4"), (1, "kind3", "heart-7")])
    assert state.score(0) == 0
    assert outcome(state).winners == (1,)
    # nobody scored anything: everyone with the fewest (zero) papers wins
    assert outcome(finished([(0, "straight11", "coin-3 coin-4")])).winners == (0, 1, 2)


def test_r18_no_outcome_before_the_end():
    assert outcome(new_game(NAMES[:3])) is None
    assert outcome(pending_table()) is None


def test_r15_r16_r17_r18_full_game_through_apply():
    """Every position reached only through apply, from set-up to the winner."""
    state = new_game(NAMES[:3])

    def turn(seat, action):
        nonlocal state
        assert state.active == seat, (state.active, seat, action)
        state = apply(state, action)
        assert_sane(state)

    for _ in range(8):
        for seat in range(3):
            turn(seat, Research("deck" if state.deck else "discard"))
    assert state.hands == (11, 11, 11)
    turn(0, Publish("straight11", cards(
        "coin-3 coin-4 coin-5 coin-6 coin-7 coin-8 coin-9 onion-10 coffin-11 suit6-12 suit7-13")))
    assert state.hands == (0, 11, 11)
    taken = cards("coin-3 coin-4 coin-5 coin-6 coin-7 coin-8 coin-9 onion-10 coffin-11 suit6-12")
    for i, card in enumerate(taken):
        turn((1 + i) % 3, Review(1, card))
    assert state.paper(1).cards == cards("suit7-13") and state.score(0) == 9
    assert state.hands == (3, 15, 14)
    turn(2, Research("deck" if state.deck else "discard"))
    turn(0, Publish("ak", cards("heart-1"), (1,)))  # own citation: free, complete at once
    assert state.score(0) == 11 and state.end is None
    for seat in (1, 2, 0, 1, 2):
        turn(seat, Research("deck" if state.deck else "discard"))
    assert state.hands[0] == 3
    turn(0, Publish("flush4", cards("suit7-10 suit7-11 suit7-12"), (1,)))
    assert state.hands[0] == 0 and not state.papers[-1].complete
    turn(1, Review(3, C("suit7-10")))
    turn(2, Review(3, C("suit7-11")))
    assert state.score(0) == 15 and state.end is None
    turn(0, Research("deck" if state.deck else "discard"))
    assert state.end == EndInfo(0, 5) and state.pending == "endflag" and state.active == 0
    turn(0, EndFlag(C("heart-5")))
    assert state.score(0) == 16
    for seat in (1, 2, 0, 1, 2):
        turn(seat, Research("deck" if state.deck else "discard"))
    assert state.over
    result = outcome(state)
    assert result.winners == (0,) and result.decided_by == "score"
    assert state.score(1) == state.score(2) == 0
