"""Small builders for Long Seat engine tests: a game, cards laid by number, a finished game."""

from __future__ import annotations

from typing import Any

from companion.games.long_seat import Lay, State, Stop, apply, new_game

NAMES = ("Aki", "Ben", "Chie", "Dan", "Emi", "Fumi")


def game(n: int = 2, start: int = 0, **options: Any) -> State:
    return new_game(NAMES[:n], start, options)


def lay(state: State, *cards: int) -> State:
    for card in cards:
        state = apply(state, Lay(card))
    return state


def stop(state: State) -> State:
    return apply(state, Stop())


def deck(**counts: int) -> dict[str, int]:
    """A deck option: zero of every number except those given as n1=…, n7=…"""
    return {str(v): counts.get(f"n{v}", 0) for v in range(1, 11)}


def total(state: State) -> int:
    return state.deck_size + len(state.row) + sum(len(u) + len(d) for u, d in zip(state.up, state.down, strict=True))
