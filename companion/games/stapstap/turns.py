"""The turn flow of すたっぷすたっぷ and the small moves the rules share (docs/rules-stapstap.md): who can roll
or use an effect, a die or coin moved, a card's die set, a doubt resolved and paid (ST7, ST8), eliminations
(ST11), forced skips and the end of a game (ST10, ST13, ST14). Pure, like ``rules.apply`` that calls it.
"""

from __future__ import annotations

from dataclasses import replace

from .errors import StapError
from .scoring import game_scores
from .state import State

# --- helpers ------------------------------------------------------------------------------------------------


def can_roll(state: State, seat: int) -> bool:
    """ST4/ST10: a die in materials and an empty card."""
    p = state.players[seat]
    return not p.out and p.dice > 0 and not p.full


def effects_possible(state: State, seat: int) -> tuple[str, ...]:
    """ST12 ① and ② this parent could use now."""
    p = state.players[seat]
    if p.out or p.coins == 0:
        return ()
    out = []
    if p.dice + p.card_dice <= 2 and state.bank_dice > 0:
        out.append("bank_die")
    if p.card_dice > 0:
        out.append("lift")
    return tuple(out)


def slot_index(state: State, seat: int, card: int) -> int:
    for i, s in enumerate(state.players[seat].slots):
        if s.card == card:
            return i
    raise StapError("not_your_card", card=card, seat=seat, player_name=state.names[seat])


def wrong_step(state: State) -> StapError:
    return StapError("wrong_step", expected=state.step, step=state.step)


def require_parent(state: State, player: int | None) -> None:
    if player is not None and player != state.parent:
        raise StapError("not_parent", parent=state.parent, parent_name=state.names[state.parent],
                        player=player, player_name=state.names[player])


def move_piece(state: State, src: int | None, dst: int | None, what: str) -> State:
    """One die or coin from a seat's materials (None: the bank) to another's (None: the bank)."""
    key = "dice" if what == "die" else "coins"
    bank_key = "bank_dice" if what == "die" else "bank_coins"
    if src is None:
        state = replace(state, **{bank_key: getattr(state, bank_key) - 1})
    else:
        state = state.with_player(src, **{key: getattr(state.players[src], key) - 1})
    if dst is None:
        return replace(state, **{bank_key: getattr(state, bank_key) + 1})
    return state.with_player(dst, **{key: getattr(state.players[dst], key) + 1})


def set_slot(state: State, seat: int, index: int, face: int | None) -> State:
    slots = list(state.players[seat].slots)
    slots[index] = replace(slots[index], face=face)
    return state.with_player(seat, slots=tuple(slots))


# --- turn flow ----------------------------------------------------------------------------------------------


def eliminate(state: State) -> State:
    """ST11: out at once with nothing left anywhere (checked whenever a turn ends)."""
    for seat, p in enumerate(state.players):
        if not p.out and p.dice == 0 and p.coins == 0 and p.card_dice == 0:
            state = state.with_player(seat, out=True)
    return state


def next_active(state: State, seat: int) -> int | None:
    for k in range(1, state.n + 1):
        s = (seat + k) % state.n
        if not state.players[s].out:
            return s
    return None


def end_game(state: State) -> State:
    """ST13/ST14: record this game's score; after the second game the match is over (ST16)."""
    scores = (*state.scores, game_scores(state))
    return replace(state, scores=scores, step="scored" if state.game == 1 else "over", box=None, asked=())


def enter(state: State, seat: int | None) -> State:
    """ST9/ST10/ST13: make ``seat`` (or the next one who can act) parent; skip the stuck ones; maybe end."""
    state = replace(state, box=None, asked=())
    guard = 0
    while seat is not None and guard <= state.n:
        guard += 1
        if state.players[seat].out:
            seat = next_active(state, seat)
            continue
        if can_roll(state, seat) or effects_possible(state, seat):
            return replace(state, parent=seat, step="start")
        state = replace(state, skips=state.skips + 1)  # ST10: a forced skip
        if state.skips >= len(state.active_seats()):
            return end_game(replace(state, parent=seat))
        seat = next_active(state, seat)
    return end_game(state)  # pragma: no cover - nobody left in the game (cannot happen: ST11 keeps one)


def finish_turn(state: State) -> State:
    state = eliminate(replace(state, box=None))
    return enter(state, next_active(state, state.parent))


def place(state: State) -> State:
    """ST7a/ST8: the box die goes on the declared card, declared face up."""
    box = state.box
    assert box is not None and box.card is not None and box.declared is not None
    index = slot_index(state, state.parent, box.card)
    return set_slot(state, state.parent, index, box.declared)


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
            return replace(state, step="pay", doubt=replace(doubt, payer=doubt.doubter))
        if payer.dice or payer.coins:
            return paid(state, doubt.doubter, "die" if payer.dice else "coin")
        with_dice = [s.card for s in payer.slots if s.face is not None]
        if len(with_dice) == 1:
            return taken(state, with_dice[0])
        return replace(state, step="take")
    state = replace(state.with_player(state.parent, dice=state.players[state.parent].dice + 1), box=None)
    parent = state.players[state.parent]
    if parent.coins:
        return replace(state, step="pay", doubt=replace(doubt, payer=state.parent))
    return paid(state, state.parent, "die")


def paid(state: State, payer: int, what: str) -> State:
    doubt = state.doubt
    assert doubt is not None
    receiver = doubt.doubter if payer == doubt.parent else doubt.parent
    state = move_piece(state, payer, receiver, what)
    state = replace(state, doubt=replace(doubt, payer=payer, paid=what))
    if payer == doubt.doubter:  # truth: now the die goes on the card
        state = place(state)
    return finish_turn(state)


def taken(state: State, card: int) -> State:
    doubt = state.doubt
    assert doubt is not None
    index = slot_index(state, doubt.doubter, card)
    state = set_slot(state, doubt.doubter, index, None)
    state = state.with_player(doubt.parent, dice=state.players[doubt.parent].dice + 1)
    state = replace(state, doubt=replace(doubt, paid="card", payer=None, card_taken=card))
    return finish_turn(place(state))
