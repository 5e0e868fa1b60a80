"""Small builders for Long Seat engine tests: a game, cards laid by number, a finished game. Actions are read and
played as the platform does (``GAME.parse``, ``GAME.play``: its checks of the end and the acting seat, then
the rules)."""

from __future__ import annotations

from typing import Any

from companion.games.fields import Context
from companion.games.long_seat import GAME, Action, Lay, State, Stop, new_game

NAMES = ("Aki", "Ben", "Chie", "Dan", "Emi", "Fumi")


def game(n: int = 2, start: int = 0, **options: Any) -> State:
    return new_game(NAMES[:n], start, options)


def parse(raw: Any, state: State) -> Action:
    """A JSON action as the platform reads it at this table."""
    return GAME.parse(raw, Context(state, state.n))


def play(state: State, action: Action) -> State:
    """An action played as the platform plays it: its checks (the end, the acting seat), then the rules."""
    return GAME.play(state, action, state.names)


def lay(state: State, *cards: int) -> State:
    for card in cards:
        state = play(state, Lay(card))
    return state


def stop(state: State) -> State:
    return play(state, Stop())


def deck(**counts: int) -> dict[str, int]:
    """A deck option: zero of every number except those given as n1=…, n7=…"""
    return {str(v): counts.get(f"n{v}", 0) for v in range(1, 11)}


def total(state: State) -> int:
    return state.deck_size + len(state.row) + sum(len(u) + len(d) for u, d in zip(state.up, state.down, strict=True))
