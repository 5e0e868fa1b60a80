"""Scenarios per rule of すたっぷすたっぷ (docs/rules-stapstap.md): set-up, the parent's turn, pass/doubt and both
outcomes of a doubt, coins, skips, elimination, the end, the score and the second game."""

from __future__ import annotations

import pytest
from st_helpers import NAMES, act, parse, rng_below, slots, started, with_player

from companion.games.base import RuleError
from companion.games.stapstap import GAME, new_game
from companion.games.stapstap.scoring import game_scores
from companion.games.stapstap.state import default_points


def refuse(state, raw, code):
    with pytest.raises(RuleError) as err:
        act(state, raw)
    assert err.value.code == code, err.value
    return err.value


def declare(state, face=3, card=1):
    state = act(state, {"type": "roll"})
    return act(state, {"type": "declare", "face": face, "card": card})


# --- ST1/ST2 set-up ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("n", "dice", "coins"), [(3, 12, 3), (4, 9, 2), (5, 6, 1), (6, 3, 0)])
def test_st2a_materials_and_bank(n, dice, coins):
    state = new_game(NAMES[:n], 0, {"mode": "dice"})
    assert all(p.dice == 3 and p.coins == 1 for p in state.players)
    assert (state.bank_dice, state.bank_coins) == (dice, coins)
    assert state.dice_total() == 21 and state.coin_total() == 6  # ST1/ST15


def test_st2b_cards_entered_and_the_others_kept_for_game_two():
    state = new_game(NAMES[:3], 0, {})
    state = act(state, {"type": "cards", "seat": 1, "cards": [6, 2, 4]})
    assert [s.card for s in state.players[1].slots] == [2, 4, 6]
    assert state.unused[1] == (1, 3, 5)


def test_st2b_deal_draws_three_different_cards_for_seats_without_cards():
    state = new_game(NAMES[:4], 0, {})
    state = act(state, {"type": "cards", "seat": 0, "cards": [1, 2, 3]})
    state = act(state, {"type": "deal"}, rng_below(7))
    assert [s.card for s in state.players[0].slots] == [1, 2, 3]
    for seat in range(4):
        cards = [s.card for s in state.players[seat].slots]
        assert len(set(cards)) == 3 and all(1 <= c <= 6 for c in cards)
        assert sorted(cards + list(state.unused[seat])) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("cards", [[1, 1, 2], [0, 2, 3], [1, 2], [1, 2, 7], ["1", 2, 3], [True, 2, 3]])
def test_st2b_bad_cards_refused(cards):
    state = new_game(NAMES[:3], 0, {})
    with pytest.raises(RuleError) as err:
        act(state, {"type": "cards", "seat": 0, "cards": cards})
    assert err.value.code == "bad_cards" and err.value.malformed


def test_st2c_first_parent_is_the_start_seat():
    state = started(4, start=2)
    assert state.parent == 2 and state.step == "start"


def test_st2d_default_points_nearer_scores_more():
    table = default_points()
    for card in range(6):
        row = table[card]
        assert row[card] == 10
        for face in range(6):
            for other in range(6):
                if abs(face - card) < abs(other - card):
                    assert row[face] > row[other]


def test_st2d_points_typed_in_at_set_up_are_used():
    state = new_game(NAMES[:3], 0, {})
    table = [[c * 10 + f for f in range(1, 7)] for c in range(1, 7)]
    state = act(state, {"type": "points", "table": table})
    for seat in range(3):
        state = act(state, {"type": "cards", "seat": seat, "cards": [1, 2, 3]})
    state = act(state, {"type": "begin"})
    state = declare(state, face=5, card=2)
    state = act(state, {"type": "pass"})
    state = act(state, {"type": "pass"})
    assert game_scores(state)[0] == 25


def test_st2e_begin_needs_every_players_cards():
    state = new_game(NAMES[:3], 0, {})
    state = act(state, {"type": "cards", "seat": 0, "cards": [1, 2, 3]})
    err = refuse(state, {"type": "begin"}, "cards_needed")
    assert err.params["seat"] == 1


def test_st2_cards_locked_after_begin():
    refuse(started(), {"type": "cards", "seat": 0, "cards": [4, 5, 6]}, "cards_locked")


def test_play_refused_during_set_up():
    state = new_game(NAMES[:3], 0, {})
    refuse(state, {"type": "roll"}, "wrong_step")


# --- ST4/ST5 roll and declaration ----------------------------------------------------------------------------

def test_st4_roll_puts_a_die_from_materials_in_the_box():
    state = act(started(), {"type": "roll"})
    assert state.players[0].dice == 2 and state.box is not None and state.step == "rolled"
    assert state.dice_total() == 21


def test_st4_only_the_parent_rolls():
    err = refuse(started(), {"type": "roll", "player": 1}, "not_parent")
    assert err.params["parent_name"] == "Aki"


def test_st5_declaration_names_a_face_and_an_empty_card():
    state = declare(started(), face=6, card=2)
    assert state.box.declared == 6 and state.box.card == 2 and state.step == "challenge"


def test_st5_card_occupied_refused():
    state = started()
    state = with_player(state, 0, slots=slots(4, None, None))
    state = act(state, {"type": "roll"})
    refuse(state, {"type": "declare", "face": 1, "card": 1}, "card_occupied")


def test_st5_card_not_held_refused():
    state = act(started(), {"type": "roll"})
    refuse(state, {"type": "declare", "face": 1, "card": 5}, "not_your_card")


def test_st5_bad_face_is_malformed():
    state = act(started(), {"type": "roll"})
    with pytest.raises(RuleError) as err:
        act(state, {"type": "declare", "face": 7, "card": 1})
    assert err.value.code == "bad_face" and err.value.malformed


def test_st5_declare_before_rolling_refused():
    refuse(started(), {"type": "declare", "face": 1, "card": 1}, "wrong_step")


# --- ST6 pass or doubt ---------------------------------------------------------------------------------------

def test_st6_answers_go_clockwise_from_the_parents_left():
    state = declare(started(4, start=2))
    assert state.to_ask() == [3, 0, 1]
    err = refuse(state, {"type": "pass", "player": 0}, "not_asked")
    assert err.params["asked"] == 3
    state = act(state, {"type": "pass", "player": 3})
    assert state.to_ask() == [0, 1]


def test_st6_parent_cannot_answer():
    refuse(declare(started()), {"type": "doubt", "player": 0}, "parent_cannot_doubt")


def test_st6_eliminated_players_are_not_asked_and_cannot_doubt():
    state = started(4)
    state = with_player(state, 1, dice=0, coins=0, out=True)
    state = declare(state)
    assert state.to_ask() == [2, 3]
    refuse(state, {"type": "doubt", "player": 1}, "eliminated")


def test_st8_all_pass_places_the_declared_face_and_moves_left():
    state = declare(started(), face=5, card=3)
    state = act(state, {"type": "pass"})
    state = act(state, {"type": "pass"})
    assert state.players[0].slots[2].face == 5 and state.parent == 1 and state.step == "start"
    assert state.box is None


def test_st6_nobody_left_to_ask_places_at_once():
    state = started(3)
    state = with_player(state, 1, dice=0, coins=0, out=True)
    state = with_player(state, 2, dice=0, coins=0, out=True)
    state = declare(state, face=2, card=2)
    assert state.players[0].slots[1].face == 2 and state.parent == 0 and state.step == "start"


# --- ST7 doubt -------------------------------------------------------------------------------------------------

def test_st7a_truth_doubter_with_one_kind_pays_it_automatically():
    state = started()
    state = with_player(state, 1, coins=0)
    state = declare(state, face=4, card=1)
    state = act(state, {"type": "doubt"})
    assert state.step == "reveal"
    state = act(state, {"type": "reveal", "face": 4})
    assert state.players[1].dice == 2 and state.players[0].dice == 3  # 3 - 1 rolled + 1 paid
    assert state.players[0].slots[0].face == 4 and state.doubt.paid == "die"
    assert state.parent == 1


def test_st7a_truth_doubter_with_both_chooses():
    state = declare(started(), face=4, card=1)
    state = act(state, {"type": "doubt", "face": 4})  # real dice: the face may come with the doubt
    assert state.step == "pay" and state.doubt.payer == 1
    refuse(state, {"type": "pay", "what": "coin", "player": 0}, "not_payer")
    state = act(state, {"type": "pay", "what": "coin"})
    assert state.players[1].coins == 0 and state.players[0].coins == 2
    assert state.players[0].slots[0].face == 4


def test_st7a_truth_doubter_without_materials_loses_a_card_die_of_the_parents_choice():
    state = started()
    state = with_player(state, 1, dice=0, coins=0, slots=slots(2, 5, None))
    state = declare(state, face=3, card=1)
    state = act(state, {"type": "doubt", "player": 1})
    state = act(state, {"type": "reveal", "face": 3})
    assert state.step == "take"
    refuse(state, {"type": "take", "card": 3}, "no_card_die")
    refuse(state, {"type": "take", "card": 2, "player": 2}, "not_parent")
    state = act(state, {"type": "take", "card": 2})
    assert state.players[1].slots[1].face is None and state.players[1].slots[0].face == 2
    assert state.players[0].dice == 3 and state.players[0].slots[0].face == 3
    assert state.doubt.card_taken == 2 and state.dice_total() == 21


def test_st7a_single_card_die_taken_without_asking_and_the_doubter_is_out():
    state = started()
    state = with_player(state, 1, dice=0, coins=0, slots=slots(None, 6, None))
    state = declare(state, face=3, card=1)
    state = act(state, {"type": "doubt", "player": 1, "face": 3})
    assert state.players[1].card_dice == 0 and state.players[1].out  # ST11
    assert state.parent == 2  # ST9: the out player is skipped over


def test_st7b_lie_parent_takes_the_die_back_and_pays():
    state = declare(started(), face=6, card=1)
    state = act(state, {"type": "doubt"})
    state = act(state, {"type": "reveal", "face": 2})
    assert state.step == "pay" and state.doubt.payer == 0 and state.doubt.face == 2
    state = act(state, {"type": "pay", "what": "die"})
    assert state.players[0].dice == 2 and state.players[1].dice == 4
    assert state.players[0].slots[0].face is None and state.box is None


def test_st7b_lying_parent_without_coin_pays_a_die_and_can_be_eliminated():
    state = started()
    state = with_player(state, 0, dice=1, coins=0)
    state = declare(state, face=6, card=1)
    state = act(state, {"type": "doubt", "face": 1})
    assert state.players[0].out and state.players[1].dice == 4
    refuse(state, {"type": "pay", "what": "die"}, "wrong_step")


def test_st7c_take_refused_while_the_doubter_has_materials():
    state = declare(started(), face=4, card=1)
    state = act(state, {"type": "doubt", "face": 4})
    refuse(state, {"type": "take", "card": 1}, "must_pay_from_materials")
    refuse(state, {"type": "take", "card": 1, "player": 2}, "must_pay_from_materials")  # the step speaks first


def test_st7c_nothing_to_pay_cannot_happen_through_the_rules():
    """A payer is asked to choose only when holding both; the only refusal is a kind they lack, which the
    state machine never offers (the choice step needs both)."""
    state = declare(started(), face=4, card=1)
    state = act(state, {"type": "doubt", "face": 4})
    p = state.players[state.doubt.payer]
    assert p.dice > 0 and p.coins > 0


def test_st7_reveal_only_with_real_dice_and_only_after_a_doubt():
    refuse(declare(started()), {"type": "reveal", "face": 3}, "wrong_step")
    state = declare(started(mode="box"))
    refuse(state, {"type": "reveal", "face": 3}, "reveal_not_needed")


# --- ST10/ST12 coins and skips ----------------------------------------------------------------------------------

def test_st12_1_bank_die_needs_at_most_two_dice():
    state = started()
    refuse(state, {"type": "bank_die"}, "too_many_dice")
    state = with_player(state, 0, dice=1, slots=slots(3, None, None))
    state = act(state, {"type": "bank_die"})
    assert state.players[0].dice == 2 and state.players[0].coins == 0
    assert state.bank_coins == 4 and state.bank_dice == 12 - 1 + 1  # with_player gave the bank one back


def test_st12_1_bank_empty():
    from dataclasses import replace
    state = started(6)
    state = with_player(state, 0, dice=2)
    state = replace(state, bank_dice=0, players=(state.players[0],) + tuple(
        (p if i != 1 else with_player(state, 1, dice=p.dice + 4).players[1]) for i, p in enumerate(state.players)
        if i > 0))
    refuse(state, {"type": "bank_die"}, "bank_empty")


def test_st12_2_lift_and_no_coin():
    state = with_player(started(), 0, dice=2, slots=slots(5, None, None))
    state = act(state, {"type": "lift", "card": 1})
    assert state.players[0].dice == 3 and state.players[0].slots[0].face is None
    refuse(state, {"type": "lift", "card": 1}, "no_coin")


def test_st12_2_lift_an_empty_card_refused():
    refuse(started(), {"type": "lift", "card": 1}, "no_card_die")


def test_st12a_effects_only_before_the_roll():
    state = with_player(started(), 0, dice=2, slots=slots(5, None, None))
    state = act(state, {"type": "roll"})
    refuse(state, {"type": "lift", "card": 1}, "effect_too_late")


def test_st12_3_retract_returns_the_die_pays_a_coin_and_ends_the_turn():
    state = act(started(), {"type": "roll"})
    state = act(state, {"type": "retract"})
    assert state.players[0].dice == 3 and state.players[0].coins == 0 and state.bank_coins == 4
    assert state.parent == 1 and state.box is None


def test_st12_3_retract_too_late_after_declaring():
    refuse(declare(started()), {"type": "retract"}, "retract_too_late")


def test_st12_3_retract_needs_a_coin():
    state = act(with_player(started(), 0, coins=0), {"type": "roll"})
    refuse(state, {"type": "retract"}, "no_coin")


def test_st10_forced_skip_with_full_cards_and_no_coin():
    state = started()
    state = with_player(state, 1, coins=0, slots=slots(1, 2, 3))
    state = declare(state)
    state = act(act(state, {"type": "pass"}), {"type": "pass"})
    assert state.parent == 2 and state.skips == 1


def test_st10_forced_skip_with_empty_materials():
    state = with_player(started(), 1, dice=0, coins=0, slots=slots(1, None, None))
    state = declare(state)
    state = act(act(state, {"type": "pass"}), {"type": "pass"})
    assert state.parent == 2


def test_st10a_coins_but_no_die_and_no_effect_is_skipped():
    from dataclasses import replace
    state = with_player(started(), 1, dice=0, coins=1, slots=slots(1, 2, None))
    state = replace(state, bank_dice=0, players=state.players[:2] + (
        replace(state.players[2], dice=state.players[2].dice + 12),))
    # player 1 could still lift (②): they choose
    state = declare(state)
    state = act(act(state, {"type": "pass"}), {"type": "pass"})
    assert state.parent == 1 and state.step == "start"
    refuse(state, {"type": "roll"}, "no_die_to_roll")
    state = act(state, {"type": "lift", "card": 2})
    state = act(state, {"type": "roll"})
    assert state.step == "rolled"


def test_st10b_full_cards_with_a_coin_may_lift_or_skip():
    state = with_player(started(), 1, slots=slots(1, 2, 3))
    state = declare(state)
    state = act(act(state, {"type": "pass"}), {"type": "pass"})
    assert state.parent == 1 and state.step == "start"
    refuse(state, {"type": "roll"}, "cards_full")
    skipped = act(state, {"type": "skip"})
    assert skipped.parent == 2 and skipped.skips == 1
    lifted = act(state, {"type": "lift", "card": 3})
    assert lifted.players[1].dice == 4 and lifted.step == "start"


def test_st10_a_parent_who_can_roll_cannot_skip():
    refuse(started(), {"type": "skip"}, "cannot_skip")


# --- ST11 elimination ------------------------------------------------------------------------------------------

def test_st11_doubter_paying_the_last_coin_is_out_and_scores_zero():
    state = with_player(started(), 1, dice=0, coins=1, slots=slots(None, None, None))
    state = declare(state, face=2, card=1)
    state = act(state, {"type": "doubt", "face": 2})
    assert state.players[1].out and state.players[0].coins == 2
    assert game_scores(state)[1] == 0  # ST14d
    assert state.parent == 2


# --- ST13 end, ST14 score, ST16 second game --------------------------------------------------------------------

def _fill_all(state, faces):
    """Every player's cards filled by passes (faces[seat] = three faces)."""
    for _ in range(3):
        for seat in range(state.n):
            assert state.parent == seat
            p = state.players[seat]
            card = next(s.card for s in p.slots if s.face is None)
            index = [s.card for s in p.slots].index(card)
            state = declare(state, face=faces[seat][index], card=card)
            for _ in range(state.n - 1):
                state = act(state, {"type": "pass"})
    return state


def test_st13_game_ends_when_everyone_is_skipped_in_a_row_and_st14_scores():
    state = started(3, cards=((1, 2, 3), (4, 5, 6), (1, 3, 5)))
    state = _fill_all(state, [(1, 2, 3), (6, 6, 6), (2, 2, 2)])
    # everyone is full with a coin: the first parent may lift or skip (ST10b)
    assert state.step == "start" and state.parent == 0
    for _ in range(3):
        state = act(state, {"type": "skip"})
    assert state.step == "scored"
    a, b, c = state.scores[0]
    assert a == 30 + 0 * 5 + 1  # exact faces, no dice left, one coin
    assert b == (6 + 8 + 10) + 1 + 25  # 6 on 4, 5, 6; triple bonus
    assert c == (8 + 8 + 4) + 1 + 25  # 2 on 1, 3, 5


def test_st14b_leftover_dice_count_only_with_three_cards_filled():
    state = with_player(started(), 0, dice=2, slots=slots(1, 2, None))
    assert game_scores(state)[0] == 20
    state = with_player(state, 0, slots=slots(1, 2, 3))
    assert game_scores(state)[0] == 30 + 10 + 1


def test_st16_second_game_uses_the_other_cards_and_gives_the_eliminated_a_die():
    state = started(3, cards=((1, 2, 3), (4, 5, 6), (1, 3, 5)))
    state = with_player(state, 2, dice=0, coins=0, out=True)
    state = _fill_two(state)
    assert state.step == "scored"
    refuse(state, {"type": "roll"}, "wrong_step")
    state = act(state, {"type": "next_game"})
    assert state.game == 2 and state.step == "start" and state.parent == 0
    assert [s.card for s in state.players[0].slots] == [4, 5, 6]
    assert [s.card for s in state.players[2].slots] == [2, 4, 6]
    assert state.players[2].dice == 4 and not state.players[2].out
    assert state.dice_total() == 21 and state.coin_total() == 6


def _fill_two(state):
    for _ in range(3):
        for seat in (0, 1):
            p = state.players[seat]
            card = next(s.card for s in p.slots if s.face is None)
            state = declare(state, face=card, card=card)
            state = act(state, {"type": "pass"})
    while state.step == "start":
        state = act(state, {"type": "skip"})
    return state


def test_st16c_six_players_extra_dice_limited_by_the_bank():
    state = started(6)
    for seat in (1, 2, 3, 4):
        state = with_player(state, seat, dice=0, coins=0, out=True)
    from dataclasses import replace
    state = replace(state, step="scored", scores=((0,) * 6,))
    state = act(state, {"type": "next_game", "parent": 2})
    assert [p.dice for p in state.players] == [3, 3, 4, 4, 4, 3]
    assert state.extra_short == 1 and state.bank_dice == 0 and state.parent == 2


def test_st16_total_of_two_games_and_game_over():
    from dataclasses import replace

    from companion.games.stapstap import outcome
    state = replace(started(3), step="scored", scores=((10, 20, 5),))
    state = act(state, {"type": "next_game"})
    state = replace(state, players=tuple(replace(p, coins=0, dice=0) for p in state.players),
                    bank_dice=21, bank_coins=6)
    from companion.games.stapstap.flow import enter
    state = enter(state, 0)  # nobody holds anything: everyone is skipped in a row (ST13)
    assert state.over and state.scores[1] == (0, 0, 0)
    assert outcome(state).winners == (1,)
    refuse(state, {"type": "next_game"}, "game_over")


# --- what the platform checks, in this game's words ---------------------------------------------------------------

def test_st6_the_seat_is_checked_by_the_platform_not_by_the_rules():
    """``apply`` trusts ``player``: the platform (``Game.play``) compares it with ``actor`` and refuses in this
    game's words (``wrong_seat``); the rules alone would let Cho answer for Ben."""
    state = declare(started())
    out_of_turn = parse({"type": "pass", "player": 2}, state)
    assert GAME.apply(state, out_of_turn).asked == (1,)  # the rules alone: the asked seat answered
    with pytest.raises(RuleError) as err:
        GAME.play(state, out_of_turn, state.names)
    assert err.value.code == "not_asked" and err.value.params["asked_name"] == "Ben"
    assert "Ben" in err.value.message("en") and "Cho" in err.value.message("ja")


@pytest.mark.parametrize(("raw", "seat"), [({"type": "roll"}, 0), ({"type": "pass"}, None),
                                           ({"type": "cards", "seat": 1, "cards": [1, 2, 3]}, None),
                                           ({"type": "begin"}, None)])
def test_actor_names_the_seat_that_acts_at_the_start_of_a_turn(raw, seat):
    """ST3: at the start of a turn the parent acts; an answer belongs to nobody until there is a declaration;
    set-up belongs to any phone."""
    assert GAME.actor(started(), parse(raw, started())) == seat


def test_player_on_an_action_any_phone_may_take_is_recorded_not_checked():
    """Set-up, the typed-in face and the next game are for any phone (ST6a): ``player`` says who tapped."""
    state = new_game(NAMES[:3], 0, {})
    state = act(state, {"type": "cards", "seat": 2, "cards": [4, 5, 6], "player": 0})
    assert [s.card for s in state.players[2].slots] == [4, 5, 6]
    assert GAME.dump(parse({"type": "begin", "player": 1}, state)) == {"type": "begin", "player": 1}


def test_the_platform_refuses_every_action_after_the_match_in_this_games_words():
    from dataclasses import replace
    over = replace(started(), step="over", scores=((1, 2, 3), (0, 0, 0)))
    for raw in ({"type": "roll"}, {"type": "pass", "player": 1}, {"type": "cards", "seat": 0, "cards": [1, 2, 3]}):
        err = refuse(over, raw, "game_over")
        assert err.message("en") == "Both games are over: no more actions."


def test_the_codes_are_this_games_own_and_not_not_your_turn():
    assert {"not_parent", "not_asked", "not_payer", "parent_cannot_doubt", "eliminated", "game_over",
            "bad_request", "bad_face", "bad_cards"} <= set(GAME.codes)
    assert "not_your_turn" not in GAME.codes  # wrong_seat words every seat refusal
