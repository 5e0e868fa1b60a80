"""Where すたっぷすたっぷ's dice and coins are, and the small moves every rule makes with them
(docs/rules-stapstap.md): whether a seat can roll (ST4, ST10) or use an effect (ST12), a die or a coin moved
between materials and the bank (ST15 holds by construction), a card's die set or cleared. Pure."""

from __future__ import annotations

from dataclasses import replace

from .errors import StapError
from .state import Paid, State


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
    """Where ``card`` lies among the seat's task cards (``not_your_card`` if the seat does not hold it)."""
    for i, s in enumerate(state.players[seat].slots):
        if s.card == card:
            return i
    raise StapError("not_your_card", card=card, seat=seat, player_name=state.names[seat])


def wrong_step(state: State) -> StapError:
    return StapError("wrong_step", expected=state.step, step=state.step)


def move_piece(state: State, src: int | None, dst: int | None, what: Paid) -> State:
    """One die or coin from a seat's materials (None: the bank) to another's (None: the bank)."""
    key = "dice" if what == Paid.DIE else "coins"
    bank_key = "bank_dice" if what == Paid.DIE else "bank_coins"
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
