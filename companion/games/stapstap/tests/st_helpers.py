"""Helpers for the すたっぷすたっぷ tests: tables in a known state, and a random legal move."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from companion.games.base import Viewer
from companion.games.fields import Context
from companion.games.stapstap import GAME, Action, new_game, prepare
from companion.games.stapstap.state import Player, Slot, State

NAMES = ("Aki", "Ben", "Cho", "Dai", "Emi", "Fuu")


def rng_below(seed: int = 1):
    rnd = random.Random(seed)
    return lambda n: rnd.randrange(n)


def parse(raw: Any, state: State) -> Action:
    """A JSON action as the platform reads it at this table."""
    return GAME.parse(raw, Context(state, state.n))


def act(state: State, raw: dict[str, Any], below=None) -> State:
    """A JSON action as the service takes it: parsed, prepared (server randomness, as for a committed action)
    and played (the platform's checks, then the rules)."""
    action = prepare(state, parse(raw, state), below or rng_below())
    return GAME.play(state, action, state.names)


def started(n: int = 3, mode: str = "dice", cards: tuple[tuple[int, ...], ...] | None = None,
            start: int = 0) -> State:
    """ST2: a table past set-up with known cards (default: 1 2 3 for everyone)."""
    state = new_game(NAMES[:n], start, {"mode": mode})
    for seat in range(n):
        state = act(state, {"type": "cards", "seat": seat, "cards": list(cards[seat] if cards else (1, 2, 3))})
    return act(state, {"type": "begin"})


def with_player(state: State, seat: int, **changes: Any) -> State:
    """Rearrange a seat's things while keeping ST15 (the bank absorbs the difference)."""
    p = state.players[seat]
    new = replace(p, **changes)
    d_dice = new.dice + new.card_dice - p.dice - p.card_dice
    d_coins = new.coins - p.coins
    state = state.with_player(seat, **changes)
    return replace(state, bank_dice=state.bank_dice - d_dice, bank_coins=state.bank_coins - d_coins)


def slots(*faces: int | None, cards: tuple[int, ...] = (1, 2, 3)) -> tuple[Slot, ...]:
    return tuple(Slot(c, f) for c, f in zip(cards, faces, strict=True))


def fresh_player(**kw: Any) -> Player:
    return Player(**kw)


def legal_moves(state: State, doubt_p: float = 0.3, rnd: random.Random | None = None) -> list[dict[str, Any]]:
    """Every kind of move that could be legal now (some are refused; callers try them in random order)."""
    rnd = rnd or random.Random(0)
    step = state.step
    if step == "setup":
        return [{"type": "deal"}, {"type": "begin"}]
    if step == "scored":
        return [{"type": "next_game"}]
    p = state.players[state.parent]
    empty = [s.card for s in p.slots if s.face is None]
    full = [s.card for s in p.slots if s.face is not None]
    if step == "start":
        moves = [{"type": "roll"}, {"type": "skip"}, {"type": "bank_die"}]
        moves += [{"type": "lift", "card": c} for c in full]
        return moves
    if step == "rolled":
        return [{"type": "declare", "face": rnd.randint(1, 6), "card": c} for c in empty] + [{"type": "retract"}]
    if step == "challenge":
        return [{"type": "doubt"}] if rnd.random() < doubt_p else [{"type": "pass"}]
    if step == "reveal":
        return [{"type": "reveal", "face": rnd.randint(1, 6)}]
    if step == "pay":
        return [{"type": "pay", "what": "die"}, {"type": "pay", "what": "coin"}]
    if step == "take":
        d = state.doubt
        assert d is not None
        return [{"type": "take", "card": s.card} for s in state.players[d.doubter].slots if s.face is not None]
    return []


SPECTATOR = Viewer(full=False)
