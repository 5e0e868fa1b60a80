"""Long Seat's rules, one scenario per rule (docs/rules-long-seat.md, LS1–LS11)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from ls_helpers import NAMES, deck, game, lay, play, stop, total

from companion.games.base import BadRequest, RuleError
from companion.games.long_seat import GAME, Lay, Stop, new_game, outcome, risk, state_to_json
from companion.games.long_seat.texts import LS


def refused(state, action, code: str) -> None:
    with pytest.raises(RuleError) as info:
        play(state, action)
    assert info.value.code == code
    assert info.value.message("en") and info.value.message("ja") and "{" not in info.value.message("ja")


# --- LS1, LS2 set-up --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_ls1_two_to_six_players_and_the_55_card_deck(n: int) -> None:
    state = game(n)
    assert state.deck_size == 55 and state.deck.total == 55 and state.row == ()
    assert all(u == () and d == () for u, d in zip(state.up, state.down, strict=True))


@pytest.mark.parametrize("n", [1, 7])
def test_ls1_other_player_counts_are_refused(n: int) -> None:
    with pytest.raises(BadRequest):
        new_game(tuple(f"P{i}" for i in range(n)), 0, {})
    assert (GAME.min_players, GAME.max_players) == (2, 6)


def test_ls1_a_table_deck_with_a_missing_card_uses_its_own_counts() -> None:
    counts = {str(v): v for v in range(1, 11)}
    counts["10"] = 9
    state = game(3, deck=counts)
    assert state.deck_size == 54 and total(state) == 54


def test_ls2_the_chosen_start_player_begins_and_play_goes_clockwise() -> None:
    state = game(4, start=2)
    assert state.active == 2
    state = stop(lay(state, 5))
    assert state.active == 3
    state = stop(lay(state, 6))
    assert state.active == 0  # the seat after the last wraps round (LS7)


def test_ls2_start_must_be_a_seat() -> None:
    with pytest.raises(BadRequest):
        new_game(NAMES[:2], 2, {})


# --- LS3, LS4 laying ---------------------------------------------------------------------------------------------


def test_ls3_each_card_goes_after_the_last_one_laid() -> None:
    state = lay(game(), 4, 9, 1)
    assert state.row == (4, 9, 1) and state.laid == 3 and state.deck_size == 52 and state.active == 0


def test_ls3_the_row_carries_over_to_the_next_player() -> None:
    state = lay(stop(lay(game(), 4, 9)), 2)
    assert state.row == (4, 9, 2) and state.active == 1 and state.laid == 1


def test_ls4_a_turn_lays_any_number_of_cards() -> None:
    state = lay(game(), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    assert len(state.row) == 10 and state.laid == 10 and state.active == 0


def test_ls4_stop_before_laying_is_refused() -> None:
    refused(game(), Stop(), "nothing_laid")
    refused(stop(lay(game(), 3)), Stop(), "nothing_laid")  # the next player has laid nothing yet


# --- LS5 pair -----------------------------------------------------------------------------------------------------


def test_ls5_a_pair_takes_both_cards_and_everything_between() -> None:
    state = lay(game(), 2, 7, 3, 9, 3)
    assert state.row == (2, 7)
    assert state.up[0] == (3, 9, 3) and state.down[0] == ()
    assert state.active == 1 and state.laid == 0
    end = state.last_end
    assert end is not None and (end.kind, end.seat, end.taken, end.laid) == ("pair", 0, (3, 9, 3), 5)


def test_ls5_a_pair_with_the_first_card_takes_the_whole_row() -> None:
    state = lay(stop(lay(game(), 6, 8)), 1, 6)
    assert state.row == () and state.up[1] == (6, 8, 1, 6) and state.active == 0


def test_ls5_a_pair_with_the_card_just_before_takes_two() -> None:
    state = lay(game(), 5, 4, 4)
    assert state.row == (5,) and state.up[0] == (4, 4)


def test_ls5_the_row_goes_on_after_the_cards_left() -> None:
    state = lay(game(), 5, 4, 4)  # Aki takes 4 4; 5 stays
    state = lay(state, 8)
    assert state.row == (5, 8) and state.active == 1


def test_ls5_each_face_up_card_costs_one() -> None:
    state = lay(game(), 2, 7, 3, 9, 3)
    assert state.score(0) == -3 and state_to_json(state)["players"][0]["score"] == -3


def test_ls5_the_row_never_holds_a_number_twice() -> None:
    state = game()
    for card in (1, 2, 3, 2, 5, 6, 5, 9, 10, 9, 3, 4):
        state = play(state, Lay(card))
        assert len(set(state.row)) == len(state.row)


# --- LS6 stop -----------------------------------------------------------------------------------------------------


def test_ls6_stop_turns_as_many_face_up_cards_as_cards_laid() -> None:
    state = lay(game(), 3, 8, 3)  # Aki takes 3 8 3 (3 face up)
    state = stop(lay(state, 1))  # Ben: 1, stop
    state = stop(lay(state, 5, 6))  # Aki lays 2 and stops: 2 of 3 face up turn face down
    assert state.up[0] == (3,) and state.down[0] == (3, 8)
    assert state.score(0) == 1
    end = state.last_end
    assert end is not None and (end.kind, end.flipped, end.laid) == ("stop", 2, 2)


def test_ls6_with_fewer_face_up_cards_all_of_them_turn() -> None:
    state = lay(game(), 4, 4)  # Aki takes 4 4
    state = stop(lay(state, 1))
    state = stop(lay(state, 2, 3, 5, 6))
    assert state.up[0] == () and state.down[0] == (4, 4) and state.last_end.flipped == 2


def test_ls6_with_no_face_up_card_nothing_happens() -> None:
    state = stop(lay(game(), 3, 5))
    assert state.up[0] == () and state.down[0] == () and state.last_end.flipped == 0
    assert state.row == (3, 5)  # the cards laid stay in the row


def test_ls6_face_down_cards_never_turn_back() -> None:
    state = stop(lay(stop(lay(lay(game(), 4, 4), 1)), 2))  # Aki: 4 4 taken, later 1 turned down
    assert (state.up[0], state.down[0]) == ((4,), (4,))
    state = lay(stop(lay(state, 5)), 7, 7)  # Ben stops; Aki takes 7 7
    assert state.down[0] == (4,) and state.up[0] == (4, 7, 7)


def test_ls6_a_pair_turns_nothing_face_down() -> None:
    state = lay(stop(lay(lay(game(), 4, 4), 1)), 2, 3, 2)  # Aki has 4 4 face up, lays 2 3 2 (pair)
    assert state.down[0] == () and state.up[0] == (4, 4, 2, 3, 2)


# --- LS7 next turn ------------------------------------------------------------------------------------------------


def test_ls7_the_turn_passes_after_a_pair_and_after_a_stop() -> None:
    state = lay(game(3), 5, 5)
    assert state.active == 1 and state.turn == 1
    state = stop(lay(state, 2))
    assert state.active == 2 and state.turn == 2


# --- LS8 end ------------------------------------------------------------------------------------------------------


def test_ls8_the_last_card_without_a_pair_is_a_forced_stop() -> None:
    state = game(2, deck=deck(n3=1, n5=1, n7=1))
    state = lay(state, 3, 5, 7)  # the last card, no pair
    assert state.over and state.deck_size == 0
    assert state.last_end.kind == "stop" and state.last_end.last and state.last_end.laid == 3
    assert state.row == (3, 5, 7)


def test_ls8_the_forced_stop_counts_every_card_laid_this_turn() -> None:
    state = game(2, deck=deck(n1=1, n2=2, n3=1, n4=1))
    state = lay(state, 2, 2)  # Aki takes 2 2
    state = stop(lay(state, 1))  # Ben
    state = lay(state, 3, 4)  # Aki: the last two cards, no pair
    assert state.over and state.up[0] == () and state.down[0] == (2, 2) and state.last_end.flipped == 2


def test_ls8_the_last_card_may_make_a_pair() -> None:
    state = game(2, deck=deck(n2=2, n5=1))
    state = stop(lay(state, 2))
    state = lay(state, 5, 2)
    assert state.over and state.up[1] == (2, 5, 2) and state.last_end.kind == "pair" and state.last_end.last


def test_ls8_after_the_end_everything_is_refused() -> None:
    state = lay(game(2, deck=deck(n1=1)), 1)
    assert state.over and state.active == 0
    refused(state, Lay(1), "game_over")
    refused(state, Stop(), "game_over")
    with pytest.raises(RuleError) as info:  # the platform refuses, in Long Seat's words
        play(state, Lay(1))
    assert info.value.message("en") == LS.t("err_game_over", "en")


def test_ls8_cards_left_in_the_row_score_nothing() -> None:
    state = lay(game(2, deck=deck(n1=1, n2=1)), 1, 2)
    assert state.row == (1, 2) and [state.score(i) for i in range(2)] == [0, 0]


# --- LS9 score and winner -------------------------------------------------------------------------------------------


def finished(*steps: tuple[int, ...] | str, counts: dict[str, int]) -> object:
    state = game(2, deck=counts)
    for step in steps:
        state = stop(state) if step == "stop" else lay(state, *step)
    assert state.over
    return state


def test_ls9_the_highest_score_wins() -> None:
    state = finished((4, 4), (1, 2), counts=deck(n1=1, n2=1, n4=2))  # Aki takes 4 4; Ben lays the last two
    result = outcome(state)
    assert [state.score(i) for i in range(2)] == [-2, 0]
    assert result.winners == (1,) and result.ranking == (1, 0) and result.decided_by == "score"


def test_ls9_a_tie_goes_to_more_face_down_cards() -> None:
    # Aki takes 4 4 (−2); Ben lays 1 and stops; Aki's last card turns one 4 face down: Aki 0 with one
    # face-down card, Ben 0 with none.
    state = finished((4, 4), (1,), "stop", (2,), counts=deck(n1=1, n2=1, n4=2))
    assert [state.score(i) for i in range(2)] == [0, 0] and len(state.down[0]) == 1
    result = outcome(state)
    assert result.winners == (0,) and result.ranking == (0, 1) and result.decided_by == "face_down"


def test_ls9_still_tied_shares_the_win() -> None:
    state = lay(game(3, deck=deck(n1=1, n2=1)), 1, 2)
    result = outcome(state)
    assert result.winners == (0, 1, 2) and result.decided_by == "shared"
    assert state_to_json(state)["winners"] == [0, 1, 2]


def test_ls9_no_outcome_while_the_game_runs() -> None:
    assert outcome(lay(game(), 3)) is None


# --- LS10 risk ----------------------------------------------------------------------------------------------------


def test_ls10_the_risk_is_exact_from_the_cards_left() -> None:
    state = lay(game(), 10, 9)
    found = risk(state)
    assert found.pair == Fraction(9 + 8, 53)
    assert found.numbers == ((10, 9, 3), (9, 8, 2))  # number, left in the deck, cards a pair takes


def test_ls10_the_risk_counts_face_down_and_face_up_cards_as_seen() -> None:
    state = lay(game(), 2, 2)  # Aki takes both 2s
    state = lay(state, 1)  # Ben lays the only 1
    assert risk(state).pair == Fraction(0)
    state = lay(stop(state), 3)  # row 1 3; seen 2 2 1 3; 51 in the deck
    assert risk(state).numbers == ((1, 0, 3), (3, 2, 2)) and risk(state).pair == Fraction(2, 51)
    state = stop(state)  # Aki turns a 2 face down: still seen
    assert state.down[0] == (2,) and risk(state).pair == Fraction(2, 51)


def test_ls10_the_risk_in_state_follows_the_setting_and_shows_a_percent() -> None:
    state = lay(game(), 10)
    on = state_to_json(state, None, {"risk": True})["risk"]
    assert on["pair"] == {"numerator": 1, "denominator": 6, "percent": 16.7}  # 9 tens left of 54 cards
    assert on["numbers"] == [{"number": 10, "left": 9, "takes": 2}] and on["left"]["10"] == 9
    assert state_to_json(state, None, {"risk": False})["risk"] is None


def test_ls10_a_stop_would_turn_this_many() -> None:
    state = lay(stop(lay(lay(game(), 4, 4), 1)), 7, 8, 9)
    assert risk(state).flips == 2


# --- LS11 entry checks ------------------------------------------------------------------------------------------


def test_ls11_a_number_with_no_copy_left_is_refused() -> None:
    state = lay(game(), 1)
    refused(state, Lay(1), "card_exhausted")
    state = lay(game(), *(2, 2))
    refused(state, Lay(2), "card_exhausted")


def test_ls11_a_player_other_than_the_one_on_turn_is_refused() -> None:
    refused(game(3), Lay(4, player=1), "not_your_turn")
    assert play(game(3), Lay(4, player=0)).row == (4,)


def test_play_never_mutates_and_a_refusal_changes_nothing() -> None:
    state = lay(game(), 3)
    before = state
    with pytest.raises(RuleError):
        play(state, Stop(player=1))
    assert state == before and state.row == (3,)
