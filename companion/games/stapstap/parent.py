"""The parent's own turn in すたっぷすたっぷ (docs/rules-stapstap.md): the coin effects before the roll (ST12 ① ②,
ST12a), the roll (ST4), putting the die back (ST12 ③), the declaration (ST5) and a chosen skip (ST10b). That the
acting seat is the parent the platform has checked (``rules.actor``). Pure."""

from __future__ import annotations

from dataclasses import replace

from .actions import BankDie, Declare, Lift, Retract, Roll, Skip
from .doubt import all_passed
from .errors import StapError
from .flow import end_game, enter, finish_turn, next_active
from .pieces import can_roll, move_piece, set_slot, slot_index, wrong_step
from .state import Box, Mode, Paid, State, Step

ParentAction = BankDie | Lift | Roll | Retract | Declare | Skip


def parent_action(state: State, action: ParentAction) -> State:
    if isinstance(action, BankDie | Lift):
        return _effect(state, action)
    if isinstance(action, Roll):
        return _roll(state, action)
    if isinstance(action, Retract):
        return _retract(state)
    if isinstance(action, Declare):
        return _declare(state, action)
    return _skip(state)


def _effect(state: State, action: BankDie | Lift) -> State:
    """ST12 ① ② (only before the roll, ST12a; a coin each)."""
    seat = state.parent
    p = state.players[seat]
    name = state.names[seat]
    if state.step != Step.START:
        raise StapError("effect_too_late") if state.step == Step.ROLLED else wrong_step(state)
    if p.coins == 0:
        raise StapError("no_coin", player_name=name)
    if isinstance(action, BankDie):  # ST12①
        if p.dice + p.card_dice > 2:
            raise StapError("too_many_dice", count=p.dice + p.card_dice, player_name=name)
        if state.bank_dice == 0:
            raise StapError("bank_empty")
        return move_piece(move_piece(state, seat, None, Paid.COIN), None, seat, Paid.DIE)
    index = slot_index(state, seat, action.card)  # ST12②
    if p.slots[index].face is None:
        raise StapError("no_card_die", card=action.card)
    state = set_slot(move_piece(state, seat, None, Paid.COIN), seat, index, None)
    return state.with_player(seat, dice=state.players[seat].dice + 1)


def _roll(state: State, action: Roll) -> State:
    """ST4: a die from the materials into the box (the phone box's face comes in the action, filled in by the
    server)."""
    seat = state.parent
    p = state.players[seat]
    if state.step != Step.START:
        raise wrong_step(state)
    if p.dice == 0:
        raise StapError("no_die_to_roll", player_name=state.names[seat])
    if p.full:
        raise StapError("cards_full", player_name=state.names[seat])
    box = Box(face=action.face, salt=action.salt, commit=action.commit) if state.mode == Mode.BOX else Box()
    return replace(state.with_player(seat, dice=p.dice - 1), box=box, step=Step.ROLLED, skips=0,
                   rolls=state.rolls + 1, doubt=None)


def _retract(state: State) -> State:
    """ST12③: the die back into materials for a coin; the turn ends."""
    seat = state.parent
    p = state.players[seat]
    if state.step != Step.ROLLED:
        late = state.step in (Step.CHALLENGE, Step.REVEAL, Step.PAY, Step.TAKE)
        raise StapError("retract_too_late") if late else wrong_step(state)
    if p.coins == 0:
        raise StapError("no_coin", player_name=state.names[seat])
    state = move_piece(state.with_player(seat, dice=p.dice + 1), seat, None, Paid.COIN)
    return finish_turn(state)


def _declare(state: State, action: Declare) -> State:
    """ST5: a face and an empty card of the parent's; then the others are asked (ST6)."""
    if state.step != Step.ROLLED:
        raise wrong_step(state)
    index = slot_index(state, state.parent, action.card)
    if state.players[state.parent].slots[index].face is not None:
        raise StapError("card_occupied", card=action.card)
    assert state.box is not None
    state = replace(state, box=replace(state.box, declared=action.face, card=action.card), step=Step.CHALLENGE,
                    asked=())
    if not state.to_ask():  # ST6: nobody left to ask
        return all_passed(state)
    return state


def _skip(state: State) -> State:
    """ST10b: only a parent who cannot roll may choose to be skipped."""
    seat = state.parent
    if state.step != Step.START:
        raise wrong_step(state)
    if can_roll(state, seat):
        raise StapError("cannot_skip", player_name=state.names[seat])
    state = replace(state, skips=state.skips + 1)
    if state.skips >= len(state.active_seats()):
        return end_game(state)
    return enter(state, next_active(state, seat))
