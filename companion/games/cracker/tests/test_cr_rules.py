"""Cracker's rules, one scenario or more per rule (docs/rules-cracker.md, CR1–CR12)."""

from __future__ import annotations

import pytest
from cr_helpers import PAIR, SHORT_3, conserved, deck, declare, do, draw, game, pass_, refuse, reveal

from companion.games.base import BadRequest
from companion.games.cracker import GAME, feasible, is_out, outcome, state_to_json


def test_cr1_three_to_five_players_and_the_55_card_deck() -> None:
    assert (GAME.min_players, GAME.max_players) == (3, 5)
    assert game().total == 55


@pytest.mark.parametrize(("n", "left"), [(3, 25), (4, 15), (5, 5)])
def test_cr2_ten_cards_each_and_the_rest_is_the_deck(n: int, left: int) -> None:
    s = game(n)
    assert s.sizes == (10,) * n and s.deck == left and conserved(s)


def test_cr2_a_deck_too_small_to_deal_and_draw_is_refused() -> None:
    with pytest.raises(BadRequest):
        game(3, deck=deck(n10=0, n9=0, n8=2))  # 30 cards: a deal but no first draw
    assert game(3, deck=SHORT_3).deck == 1


def test_cr3_a_dealt_winning_hand_is_declared_before_the_first_draw() -> None:
    s = do(game(4, start=2), declare(1, *[10] * 10))
    assert s.phase == "reveal" and s.end.reason == "dealt" and s.end.seat == 1
    s = do(game(4), declare(3, *range(1, 11)))
    assert s.end.reason == "dealt"


def test_cr3_the_window_closes_with_the_first_draw() -> None:
    s = do(game(), draw(4))
    refuse(s, declare(2, *[10] * 10), "no_window")


def test_cr3_a_dealt_hand_needs_the_copies_to_exist() -> None:
    """PD5: a table deck with nine 10s cannot deal ten 10s (CR11's check applies to a dealt hand too)."""
    s = game(3, deck=deck(n10=9, n1=2))
    refuse(s, declare(0, *[10] * 10), "hand_contradicts_public")


def test_cr4_the_dealer_draws_first_and_the_card_is_received() -> None:
    s = game(4, start=1)
    assert s.active == 1 and s.step == "draw"
    refuse(s, pass_(3), "wrong_step")
    refuse(s, PAIR, "wrong_step")
    s = do(s, draw(6))
    assert s.sizes[1] == 11 and s.deck == 14 and s.received == 6 and s.drew and s.step == "play"
    assert s.known(1)[5] == 1 and conserved(s)


def test_cr4_every_round_begins_with_a_draw_by_the_next_dealer() -> None:
    s = do(game(3, start=2, rounds=2), declare(0, *[10] * 10), reveal(1, 9), reveal(2, 8), {"type": "next_round"})
    assert s.round == 2 and s.dealer == 0 and s.active == 0 and s.step == "draw" and s.opening
    assert s.sizes == (10, 10, 10) and s.deck == 25 and s.discard == ()


def test_cr5_pass_goes_left_and_becomes_the_received_card() -> None:
    s = do(game(), draw(6), pass_(2))
    assert s.active == 1 and s.received == 2 and not s.drew and s.sizes == (10, 11, 10)
    assert s.known(1)[1] == 1 and s.known(0)[5] == 1 and s.low[0][1] == 1


def test_cr5b_only_the_received_card_pairs() -> None:
    s = do(game(), draw(6))
    refuse(s, {"type": "pair", "card": 5}, "pair_not_received")
    s = do(s, {"type": "pair", "card": 6})
    assert s.sizes[0] == 9 and s.discard == (6, 6) and s.paired
    refuse(s, PAIR, "already_paired")


def test_cr5b_a_pair_needs_a_second_copy_to_exist() -> None:
    s = do(game(), draw(1))  # the only 1
    refuse(s, PAIR, "card_exhausted")


def test_cr5_the_received_card_may_be_passed_on() -> None:
    s = do(game(), draw(6), pass_(6))
    assert s.known(0)[5] == 0 and s.low[0][5] == 0 and s.received == 6


def test_cr5_hand_too_small_with_only_the_received_card() -> None:
    """CR5b: a player who passed their last card receives one; it has nothing to pair with. Aki pairs and
    passes down to 0 cards: each round Ben and Chie pass a new number v on, Aki pairs it and passes a 9."""
    s = do(game(), draw(10), PAIR, pass_(9))
    assert s.sizes[0] == 8
    for v in (8, 7, 6, 5):
        s = do(s, pass_(v), pass_(v))
        assert s.active == 0 and s.received == v and s.step == "play"
        s = do(s, PAIR, pass_(9))
    assert s.sizes[0] == 0 and conserved(s)
    s = do(s, pass_(4), pass_(4))
    assert s.sizes[0] == 1
    refuse(s, PAIR, "hand_too_small")
    s = do(s, declare(0, 4))  # CR7b: one card is all one number
    assert s.end.seat == 0


def test_cr6_hand_sizes_follow_every_move() -> None:
    s = do(game(), draw(10))
    assert s.sizes == (11, 10, 10)
    s = do(s, PAIR)
    assert s.sizes == (9, 10, 10)
    s = do(s, pass_(3))
    assert s.sizes == (8, 11, 10)
    s = do(s, pass_(4), pass_(5))
    assert s.sizes == (9, 10, 10) and s.active == 0 and conserved(s)


@pytest.mark.parametrize(("hand", "out"), [
    ([10, 10, 10, 10], True), ([3, 3], True), ([3, 4, 5, 6, 7], True), ([9, 7, 8], True), ([5], True),
    ([3, 4, 4, 5], False), ([3, 5], False), ([1, 2, 2], False), ([], False), ([1, 10], False)])
def test_cr7_one_number_or_a_run(hand: list[int], out: bool) -> None:
    assert is_out(hand) is out


def test_cr7_declaring_checks_the_shape_and_the_size() -> None:
    s = do(game(), draw(10))
    refuse(s, declare(0, 3, 4, 4, 5), "not_out")
    refuse(s, declare(0, 10, 10, 10), "hand_size_mismatch")
    e = refuse(s, declare(0, 10, 10, 10), "hand_size_mismatch")
    assert "11" in e.message("en") and "3" in e.message("ja")


def test_cr7c_the_windows() -> None:
    s = do(game(), draw(10), pass_(4))
    assert state_to_json(s)["can"]["declare"] == [0, 1]
    refuse(s, declare(2, *[9] * 10), "no_window")
    s2 = do(s, pass_(4))  # Ben moved on: Aki's window is closed, Ben's opens
    assert state_to_json(s2)["can"]["declare"] == [1, 2]
    refuse(s2, declare(0, *[9] * 10), "no_window")


def test_cr7_the_passer_goes_out_after_passing() -> None:
    s = do(game(), draw(10), pass_(4))
    s = do(s, declare(0, *[10] * 10))
    assert s.phase == "reveal" and s.end.reason == "out" and s.end.seat == 0


def test_cr7d_a_declared_hand_must_hold_what_the_flow_proves() -> None:
    s = do(game(), draw(7), pass_(4), pass_(4), pass_(5))  # Aki holds the drawn 7 and the received 5
    assert s.known(0)[6] == 1 and s.known(0)[4] == 1
    s = do(s, pass_(7))  # Aki passed the 7 on: 10 cards, the 5 still in hand
    refuse(s, declare(0, *[10] * 10), "hand_contradicts_public")
    s = do(s, declare(0, *range(1, 11)))  # holds the 5: a run 1-10 fits
    assert s.end.hand == tuple(range(1, 11))


def test_cr8_a_number_going_all_the_way_round_is_changed() -> None:
    s = do(game(), draw(2), pass_(2), pass_(2))
    assert s.streak == (2, 2)
    s = do(s, pass_(2))  # back at Aki: change
    assert s.active == 0 and s.step == "draw" and s.change == 2 and s.discard == (2,) and s.received is None
    assert s.sizes == (10, 10, 10) and conserved(s)
    s = do(s, draw(8))
    assert s.received == 8 and s.drew and s.change is None and s.deck == 23 and s.step == "play"
    s = do(s, PAIR)  # the drawn card may pair
    assert s.discard == (2, 8, 8)


def test_cr8_a_pair_resets_the_count() -> None:
    s = do(game(), draw(2), pass_(9), pass_(9))
    assert s.streak == (9, 2)
    s = do(s, PAIR)
    assert s.streak is None
    s = do(s, pass_(9))
    assert s.streak == (9, 1) and s.step == "play"


def test_cr8_another_number_restarts_the_count() -> None:
    s = do(game(4), draw(2), pass_(9), pass_(9), pass_(8))
    assert s.streak == (8, 1)


def test_cr8_the_drawn_card_is_not_a_pass() -> None:
    s = do(game(), draw(9), pass_(9), pass_(9))
    assert s.streak == (9, 2) and s.step == "play"


def test_cr8a_deck_empty_no_change_everyone_loses() -> None:
    s = do(game(3, rounds=1, deck=SHORT_3), draw(3), pass_(5), pass_(5), pass_(5))
    assert s.deck == 0 and s.step == "blocked" and s.change == 5 and s.passer == 2
    refuse(s, draw(4), "wrong_step")
    s = do(s, {"type": "end_round"})
    assert s.phase == "reveal" and s.end.reason == "deck_empty"
    s = do(s, reveal(0, 7), reveal(1, 8), reveal(2, 6))
    assert s.round_scores == (-7, -8, -6) and s.phase == "over"


def test_cr8a_the_last_passer_may_still_go_out() -> None:
    short = deck(n7=2, n8=2, n9=3, n10=3)  # 31 cards, with every number
    s = do(game(3, deck=short), draw(3), pass_(5), pass_(5), pass_(5))
    assert s.step == "blocked" and state_to_json(s)["can"]["declare"] == [2]
    refuse(s, declare(1, *range(1, 11)), "no_window")
    refuse(s, declare(2, *[3] * 10), "hand_contradicts_public")  # only three 3s, one of them drawn
    s = do(s, declare(2, *range(1, 11)))
    assert s.phase == "reveal" and s.end.reason == "out" and s.end.seat == 2


def test_cr8a_end_round_only_when_blocked() -> None:
    refuse(do(game(), draw(3)), {"type": "end_round"}, "not_blocked")


def test_cr9_the_winner_gains_what_the_others_lose() -> None:
    s = do(game(4), declare(2, *[10] * 10))
    refuse(s, reveal(2, 10), "went_out")
    refuse(s, draw(3), "round_over")
    s = do(s, reveal(0, 9), reveal(1, 7))
    refuse(s, reveal(1, 8), "already_revealed")
    s = do(s, reveal(3, 9))
    assert s.round_scores == (-9, -7, 25, -9) and s.totals == (-9, -7, 25, -9)


def test_cr9_reveal_checks() -> None:
    s = do(game(), draw(8), pass_(8))  # Ben holds the 8; Aki may go out after passing
    s = do(s, declare(0, *[10] * 10))
    refuse(s, reveal(1, 7), "max_too_low")
    refuse(s, reveal(1, 0), "max_impossible")
    s = do(s, reveal(1, 8))
    refuse(s, reveal(2, 10), "hand_contradicts_public")  # Aki holds all ten 10s
    s = do(s, reveal(2, 9))
    assert s.round_scores == (17, -8, -9)


def test_cr9_reveal_only_after_the_round() -> None:
    refuse(game(), reveal(1, 5), "round_not_over")


def test_cr10_rounds_and_the_winner() -> None:
    s = do(game(3, rounds=2), declare(0, *[10] * 10), reveal(1, 9), reveal(2, 9))
    assert s.phase == "scored" and outcome(s) is None
    refuse(s, draw(3), "round_over")
    s = do(s, {"type": "next_round"})
    refuse(s, {"type": "next_round"}, "round_not_scored")
    s = do(s, declare(1, *range(1, 11)), reveal(0, 10), reveal(2, 10))
    assert s.over and s.totals == (8, 11, -19)
    result = outcome(s)
    assert result.winners == (1,) and result.ranking == (1, 0, 2)
    refuse(s, {"type": "next_round"}, "game_over")


def test_cr4_cr7_cr9_player_must_be_the_seat_that_acts() -> None:
    """The platform's check, from ``actor``: a turn (CR4, CR5) is the active seat's, a declaration (CR7) and a
    highest number (CR9) the named seat's; the end of a blocked round and the next round are anyone's."""
    s = game()
    e = refuse(s, {**draw(4), "player": 1}, "not_your_turn")
    assert "Aki" in e.message("en") and "Ben" in e.message("en") and "Ben" in e.message("ja")
    s = do(s, {**draw(4), "player": 0}, {**pass_(4), "player": 0})
    refuse(s, {**PAIR, "player": 0}, "not_your_turn")
    refuse(s, {**declare(0, *[10] * 10), "player": 1}, "not_your_turn")
    s = do(s, {**declare(0, *[10] * 10), "player": 0})
    refuse(s, {**reveal(1, 9), "player": 2}, "not_your_turn")
    assert do(s, {**reveal(1, 9), "player": 1}).maxima[1] == 9
    blocked = do(game(3, deck=SHORT_3), draw(3), pass_(5), pass_(5), pass_(5))
    assert do(blocked, {"type": "end_round", "player": 1}).phase == "reveal"


def test_cr10_ties_share_the_win() -> None:
    s = do(game(3, rounds=1, deck=SHORT_3), draw(3), pass_(5), pass_(5), pass_(5), {"type": "end_round"},
           reveal(0, 7), reveal(1, 7), reveal(2, 8))
    assert outcome(s).winners == (0, 1)


def test_cr11_a_second_copy_of_the_only_one_is_exhausted() -> None:
    s = do(game(), draw(1), pass_(1), pass_(4))  # Ben received the only 1 and kept it
    assert s.known(1)[0] == 1
    refuse(s, pass_(1), "card_exhausted")  # Chie cannot hold a 1: Ben does


def test_cr11_a_drawn_card_must_still_be_possible_in_the_deck() -> None:
    s = do(game(), draw(1), pass_(2), pass_(2), pass_(2))  # the 2 went round: Aki draws again
    assert s.step == "draw"
    refuse(s, draw(1), "card_exhausted")
    assert do(s, draw(2)).drawn[1] == 1


def test_cr11_a_player_cannot_pass_more_than_ten_dealt_cards() -> None:
    """Aki passes numbers he never received (five 9s, five 8s): his ten dealt cards are then all known, so an
    eleventh such pass (a 7) is impossible although 7s remain. Ben passes each on; Chie passes Aki a 6 or 5."""
    s = do(game(), draw(10))
    aki = [9] * 5 + [8] * 5
    chie = [6] * 5 + [5] * 5
    for a, b in zip(aki, chie, strict=True):
        s = do(s, pass_(a), pass_(a), pass_(b))
    assert sum(s.low[0]) == 10 and s.active == 0
    e = refuse(s, pass_(7), "cannot_hold")
    assert "Aki" in e.message("en")
    assert do(s, pass_(6)).sizes[0] == 10  # a card he received may go


@pytest.mark.parametrize(("n", "left"), [(3, 25), (4, 15), (5, 5)])
def test_cr11_cr12_the_deck_never_holds_more_copies_than_cards(n: int, left: int) -> None:
    """deck_up_to: the copies of each number the deck can hold are bounded by the cards in it (a 5-player deck
    of 5 cards cannot hold ten 10s) and by the copies nobody is known to have been dealt."""
    s = game(n)
    up_to = state_to_json(s)["deck_up_to"]
    assert s.deck == left
    assert up_to == {str(v): min(v, left) for v in range(1, 11)}
    assert all(feasible(s, drawn=_drawn(v, min(v, left))) for v in range(1, 11))  # each bound is reached
    assert not any(feasible(s, drawn=_drawn(v, min(v, left) + 1)) for v in range(1, 11))  # and not passed


def test_cr11_deck_up_to_leaves_out_what_the_flow_proves_dealt() -> None:
    s = do(game(), draw(10), pass_(9), pass_(9), pass_(9))  # Aki passed a 9 he was dealt: the 9s went round
    assert s.step == "draw" and s.low[0][8] == 1 and s.deck == 24
    up_to = state_to_json(s)["deck_up_to"]
    assert up_to["9"] == 8 and up_to["10"] == 9  # one 9 was dealt to Aki; one 10 was drawn


def _drawn(number: int, extra: int) -> tuple[int, ...]:
    return tuple(extra if v == number else 0 for v in range(1, 11))


def test_cr12_cards_are_conserved_through_pairs_changes_and_draws() -> None:
    s = do(game(), draw(2), PAIR, pass_(5), pass_(5), pass_(5))
    assert s.step == "draw" and s.discard == (2, 2, 5) and conserved(s)
    s = do(s, draw(6), pass_(3))
    assert conserved(s) and s.deck == 23 and sum(s.sizes) == 29


def test_cr7c_the_passers_window_closes_when_the_receiver_acts() -> None:
    s = do(game(), draw(10), pass_(2))
    assert s.passer == 0
    s = do(s, PAIR)  # Ben pairs the 2: Aki's "after passing" moment is over
    assert s.passer is None
    refuse(s, declare(0, *[9] * 10), "no_window")
    s = do(s, pass_(5))
    assert state_to_json(s)["can"]["declare"] == [1, 2]


def test_cr7c_the_passer_may_declare_while_a_change_is_drawn() -> None:
    s = do(game(), draw(2), pass_(2), pass_(2), pass_(2))  # change due at Aki; Chie just passed
    assert s.step == "draw" and state_to_json(s)["can"]["declare"] == [2]
    s = do(s, declare(2, *range(1, 11)))
    assert s.end.seat == 2 and s.end.reason == "out"
