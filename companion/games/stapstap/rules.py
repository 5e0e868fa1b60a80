"""The rules of すたっぷすたっぷ as one pure function ``apply(state, action) -> state`` (docs/rules-stapstap.md).

Never mutates its input, never does I/O; refuses with :class:`StapError` (422) whose code is stable.
Randomness (the phone box's die, a random deal) arrives inside the action, filled by ``game.prepare``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .actions import (
    Action,
    BankDie,
    Begin,
    Cards,
    Deal,
    Declare,
    DoubtCall,
    Lift,
    NextGame,
    Pass,
    Pay,
    Points,
    Retract,
    Reveal,
    Roll,
    Skip,
    Take,
)
from .errors import StapError
from .state import (
    FACES,
    MODES,
    START_COINS,
    START_DICE,
    TOTAL_COINS,
    TOTAL_DICE,
    Box,
    Doubt,
    Player,
    Slot,
    State,
    default_points,
)
from .turns import (
    can_roll,
    end_game,
    enter,
    finish_turn,
    move_piece,
    next_active,
    paid,
    place,
    require_parent,
    resolve,
    set_slot,
    slot_index,
    taken,
    wrong_step,
)

PARENT_ACTIONS = (BankDie, Lift, Roll, Retract, Declare, Skip)


def new_game(players: tuple[str, ...], start: int, options: dict[str, Any]) -> State:
    """ST2: materials 3 dice and 1 coin each, the rest in the bank; cards are entered during set-up."""
    mode = options.get("mode", "dice")
    if mode not in MODES:  # pragma: no cover - options are cleaned before
        mode = "dice"
    n = len(players)
    return State(names=tuple(players), mode=mode, first=start, parent=start,
                 players=tuple(Player() for _ in players), bank_dice=TOTAL_DICE - START_DICE * n,
                 bank_coins=TOTAL_COINS - START_COINS * n, points=default_points())


# --- apply --------------------------------------------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    if state.step == "over":
        raise StapError("game_over")
    if isinstance(action, (Cards, Deal, Points, Begin)):
        return _setup(state, action)
    if isinstance(action, NextGame):
        return _next_game(state, action)
    if state.step in ("setup", "scored"):
        raise wrong_step(state)
    if isinstance(action, PARENT_ACTIONS):
        return _parent_action(state, action)
    if isinstance(action, (Pass, DoubtCall)):
        return _answer(state, action)
    if isinstance(action, Reveal):
        if state.mode == "box":
            raise StapError("reveal_not_needed")
        if state.step != "reveal":
            raise wrong_step(state)
        return resolve(state, action.face)
    if isinstance(action, Pay):
        return _pay(state, action)
    if isinstance(action, Take):
        return _take(state, action)
    raise wrong_step(state)  # pragma: no cover - every action type is handled above


def _setup(state: State, action: Action) -> State:
    """ST2b/ST2d/ST2e."""
    if state.step != "setup":
        raise StapError("cards_locked") if isinstance(action, (Cards, Deal)) else wrong_step(state)
    if isinstance(action, Cards):
        return _give_cards(state, action.seat, action.cards)
    if isinstance(action, Deal):
        for seat in range(state.n):
            if state.players[seat].slots:
                continue
            given = action.cards[seat] if action.cards is not None else None
            state = _give_cards(state, seat, given or (1, 2, 3))  # placeholder only in a dry run
        return state
    if isinstance(action, Points):
        return replace(state, points=action.table)
    for seat, p in enumerate(state.players):
        if not p.slots:
            raise StapError("cards_needed", seat=seat, player_name=state.names[seat])
    return enter(replace(state, parent=state.first), state.first)


def _give_cards(state: State, seat: int, cards: tuple[int, ...]) -> State:
    unused = list(state.unused) or [()] * state.n
    unused[seat] = tuple(c for c in FACES if c not in cards)
    state = replace(state, unused=tuple(unused))
    return state.with_player(seat, slots=tuple(Slot(c) for c in sorted(cards)))


def _next_game(state: State, action: NextGame) -> State:
    """ST16: the second game from set-up, with the unused cards; one die more for the eliminated."""
    if state.step != "scored":
        raise wrong_step(state)
    first = action.parent if action.parent is not None else state.first
    bank = TOTAL_DICE - START_DICE * state.n
    extra: set[int] = set()
    short = 0
    for k in range(state.n):  # ST16c: in seat order from the first parent while the bank has dice
        seat = (first + k) % state.n
        if state.players[seat].out:
            if bank > 0:
                extra.add(seat)
                bank -= 1
            else:
                short += 1
    players = tuple(Player(dice=START_DICE + (1 if i in extra else 0), coins=START_COINS,
                           slots=tuple(Slot(c) for c in state.unused[i])) for i in range(state.n))
    state = replace(state, game=2, players=players, bank_dice=bank, bank_coins=TOTAL_COINS - START_COINS * state.n,
                    unused=tuple(() for _ in range(state.n)), doubt=None, skips=0, rolls=0, extra_short=short,
                    parent=first)
    return enter(state, first)


def _parent_action(state: State, action: Action) -> State:
    require_parent(state, getattr(action, "player", None))
    seat = state.parent
    p = state.players[seat]
    name = state.names[seat]
    if isinstance(action, (BankDie, Lift)):
        if state.step != "start":
            raise StapError("effect_too_late") if state.step == "rolled" else wrong_step(state)
        if p.coins == 0:
            raise StapError("no_coin", player_name=name)
        if isinstance(action, BankDie):  # ST12①
            if p.dice + p.card_dice > 2:
                raise StapError("too_many_dice", count=p.dice + p.card_dice, player_name=name)
            if state.bank_dice == 0:
                raise StapError("bank_empty")
            return move_piece(move_piece(state, seat, None, "coin"), None, seat, "die")
        index = slot_index(state, seat, action.card)  # ST12②
        if p.slots[index].face is None:
            raise StapError("no_card_die", card=action.card)
        state = set_slot(move_piece(state, seat, None, "coin"), seat, index, None)
        return state.with_player(seat, dice=state.players[seat].dice + 1)
    if isinstance(action, Roll):  # ST4
        if state.step != "start":
            raise wrong_step(state)
        if p.dice == 0:
            raise StapError("no_die_to_roll", player_name=name)
        if p.full:
            raise StapError("cards_full", player_name=name)
        box = Box(face=action.face if state.mode == "box" else None, salt=action.salt if state.mode == "box" else None,
                  commit=action.commit if state.mode == "box" else None)
        return replace(state.with_player(seat, dice=p.dice - 1), box=box, step="rolled", skips=0,
                       rolls=state.rolls + 1, doubt=None)
    if isinstance(action, Retract):  # ST12③
        if state.step != "rolled":
            raise StapError("retract_too_late") if state.step in ("challenge", "reveal", "pay", "take") \
                else wrong_step(state)
        if p.coins == 0:
            raise StapError("no_coin", player_name=name)
        state = move_piece(state.with_player(seat, dice=p.dice + 1), seat, None, "coin")
        return finish_turn(state)
    if isinstance(action, Declare):  # ST5
        if state.step != "rolled":
            raise wrong_step(state)
        index = slot_index(state, seat, action.card)
        if p.slots[index].face is not None:
            raise StapError("card_occupied", card=action.card)
        assert state.box is not None
        state = replace(state, box=replace(state.box, declared=action.face, card=action.card), step="challenge",
                        asked=())
        if not state.to_ask():  # ST6: nobody left to ask
            return finish_turn(place(state))
        return state
    assert isinstance(action, Skip)  # ST10b
    if state.step != "start":
        raise wrong_step(state)
    if can_roll(state, seat):
        raise StapError("cannot_skip", player_name=name)
    state = replace(state, skips=state.skips + 1)
    if state.skips >= len(state.active_seats()):
        return end_game(state)
    return enter(state, next_active(state, seat))


def _answer(state: State, action: Pass | DoubtCall) -> State:
    """ST6: only the asked player answers, in order; a doubt opens the box (ST7), all passes place (ST8)."""
    if state.step != "challenge":
        raise wrong_step(state)
    waiting = state.to_ask()
    asked = waiting[0]
    seat = action.player if action.player is not None else asked
    if seat == state.parent:
        raise StapError("parent_cannot_doubt", player_name=state.names[seat])
    if state.players[seat].out:
        raise StapError("eliminated", player_name=state.names[seat])
    if seat != asked:
        raise StapError("not_asked", asked=asked, asked_name=state.names[asked], player=seat,
                        player_name=state.names[seat])
    if isinstance(action, Pass):
        state = replace(state, asked=(*state.asked, seat))
        if not state.to_ask():
            return finish_turn(place(state))
        return state
    box = state.box
    assert box is not None and box.declared is not None and box.card is not None
    state = replace(state, doubt=Doubt(parent=state.parent, doubter=seat, declared=box.declared, card=box.card),
                    step="reveal")
    if state.mode == "box":  # the server knows the face (None only in a dry run before the roll was filled in)
        return resolve(state, box.face if box.face is not None else box.declared)
    if action.face is not None:  # real dice: the face may come with the doubt
        return resolve(state, action.face)
    return state


def _pay(state: State, action: Pay) -> State:
    if state.step != "pay":
        raise wrong_step(state)
    doubt = state.doubt
    assert doubt is not None and doubt.payer is not None
    seat = action.player if action.player is not None else doubt.payer
    if seat != doubt.payer:
        raise StapError("not_payer", payer=doubt.payer, payer_name=state.names[doubt.payer], player=seat,
                        player_name=state.names[seat])
    p = state.players[seat]
    if (p.dice if action.what == "die" else p.coins) == 0:
        raise StapError("nothing_to_pay", what=action.what, player_name=state.names[seat])
    return paid(state, seat, action.what)


def _take(state: State, action: Take) -> State:
    if state.step != "take":
        raise StapError("must_pay_from_materials") if state.step == "pay" else wrong_step(state)
    require_parent(state, action.player)
    doubt = state.doubt
    assert doubt is not None
    index = slot_index(state, doubt.doubter, action.card)
    if state.players[doubt.doubter].slots[index].face is None:
        raise StapError("no_card_die", card=action.card)
    return taken(state, action.card)
