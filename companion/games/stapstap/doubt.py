"""Pass or doubt in すたっぷすたっぷ, and what follows (docs/rules-stapstap.md): the answers in order from the
parent's left (ST6), all passing (ST8), the opened box (ST7, a typed-in face with real dice), the truth paid by
the doubter or a die taken from their cards (ST7a), a lie paid by the parent (ST7b), and who chooses what is paid
(ST7c). That the acting seat is the one being asked (or the payer, or the parent) the platform has checked
(``rules.actor``). Pure."""

from __future__ import annotations

from dataclasses import replace

from .actions import DoubtCall, Pass, Pay, Reveal, Take
from .errors import StapError
from .flow import finish_turn
from .pieces import move_piece, set_slot, slot_index, wrong_step
from .state import Doubt, Mode, Paid, State, Step


def answer(state: State, action: Pass | DoubtCall) -> State:
    """ST6: the asked player answers; a doubt opens the box (ST7), the last pass places the die (ST8)."""
    if state.step != Step.CHALLENGE:
        raise wrong_step(state)
    seat = state.to_ask()[0]
    if isinstance(action, Pass):
        state = replace(state, asked=(*state.asked, seat))
        return state if state.to_ask() else all_passed(state)
    box = state.box
    assert box is not None and box.declared is not None and box.card is not None
    state = replace(state, doubt=Doubt(parent=state.parent, doubter=seat, declared=box.declared, card=box.card),
                    step=Step.REVEAL)
    if state.mode == Mode.BOX:  # the server knows the face (None only in a dry run before the roll was filled in)
        return resolve(state, box.face if box.face is not None else box.declared)
    if action.face is not None:  # real dice: the face may come with the doubt
        return resolve(state, action.face)
    return state


def reveal(state: State, action: Reveal) -> State:
    """ST7, real dice: the face the opened box shows, typed in by any phone."""
    if state.mode == Mode.BOX:
        raise StapError("reveal_not_needed")
    if state.step != Step.REVEAL:
        raise wrong_step(state)
    return resolve(state, action.face)


def all_passed(state: State) -> State:
    """ST8: the die goes on the declared card with the declared face up, whatever the true face was."""
    return finish_turn(_place(state))


def resolve(state: State, face: int) -> State:
    """ST7: the box is open. Truth: the doubter pays (or loses a card die), then the die is placed.
    Lie: the die returns to the parent, who pays the doubter."""
    doubt = state.doubt
    assert doubt is not None
    box = state.box
    doubt = replace(doubt, face=face, salt=box.salt if box else None, commit=box.commit if box else None)
    state = replace(state, doubt=doubt)
    if face == doubt.declared:
        payer = state.players[doubt.doubter]
        if payer.dice and payer.coins:
            return replace(state, step=Step.PAY, doubt=replace(doubt, payer=doubt.doubter))
        if payer.dice or payer.coins:
            return _paid(state, doubt.doubter, Paid.DIE if payer.dice else Paid.COIN)
        with_dice = [s.card for s in payer.slots if s.face is not None]
        if len(with_dice) == 1:
            return _taken(state, with_dice[0])
        return replace(state, step=Step.TAKE)
    state = replace(state.with_player(state.parent, dice=state.players[state.parent].dice + 1), box=None)
    parent = state.players[state.parent]
    if parent.coins:
        return replace(state, step=Step.PAY, doubt=replace(doubt, payer=state.parent))
    return _paid(state, state.parent, Paid.DIE)


def pay(state: State, action: Pay) -> State:
    """ST7c: the payer's choice of a die or a coin."""
    if state.step != Step.PAY:
        raise wrong_step(state)
    doubt = state.doubt
    assert doubt is not None and doubt.payer is not None
    seat = doubt.payer
    p = state.players[seat]
    what = Paid(action.what)
    if (p.dice if what == Paid.DIE else p.coins) == 0:
        raise StapError("nothing_to_pay", what=action.what, player_name=state.names[seat])
    return _paid(state, seat, what)


def take(state: State, action: Take) -> State:
    """ST7a: the parent takes the die of one of the doubter's cards (the doubter's materials are empty)."""
    if state.step != Step.TAKE:
        raise StapError("must_pay_from_materials") if state.step == Step.PAY else wrong_step(state)
    doubt = state.doubt
    assert doubt is not None
    index = slot_index(state, doubt.doubter, action.card)
    if state.players[doubt.doubter].slots[index].face is None:
        raise StapError("no_card_die", card=action.card)
    return _taken(state, action.card)


def _place(state: State) -> State:
    """ST7a/ST8: the box die goes on the declared card, declared face up."""
    box = state.box
    assert box is not None and box.card is not None and box.declared is not None
    index = slot_index(state, state.parent, box.card)
    return set_slot(state, state.parent, index, box.declared)


def _paid(state: State, payer: int, what: Paid) -> State:
    doubt = state.doubt
    assert doubt is not None
    receiver = doubt.doubter if payer == doubt.parent else doubt.parent
    state = move_piece(state, payer, receiver, what)
    state = replace(state, doubt=replace(doubt, payer=payer, paid=what))
    if payer == doubt.doubter:  # truth: now the die goes on the card
        state = _place(state)
    return finish_turn(state)


def _taken(state: State, card: int) -> State:
    doubt = state.doubt
    assert doubt is not None
    index = slot_index(state, doubt.doubter, card)
    state = set_slot(state, doubt.doubter, index, None)
    state = state.with_player(doubt.parent, dice=state.players[doubt.parent].dice + 1)
    state = replace(state, doubt=replace(doubt, paid=Paid.CARD, payer=None, card_taken=card))
    return finish_turn(_place(state))
