"""Small builders for Pyramid engine tests: games, turns and builds written as numbers."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import RuleError
from companion.games.fields import Context
from companion.games.pyramid import GAME, Action, Place, State, Stop, Turn, apply, new_game

NAMES = ("Aki", "Ben", "Chie", "Dan")


def game(n: int = 2, start: int = 0, **options: Any) -> State:
    return new_game(NAMES[:n], start, options)


def small_deck(**counts: int) -> dict[str, int]:
    """A deck option with only the given numbers: small_deck(**{"3": 2}) -> 2 threes, nothing else."""
    return {str(v): counts.get(str(v), 0) for v in range(1, 11)}


def turn(state: State, *cards: int) -> State:
    for card in cards:
        state = apply(state, Turn(card))
    return state


def build(state: State, *placements: tuple[int, int, int]) -> State:
    """Stop (if still turning) and place (card, row, x) in order."""
    if state.phase == "turning":
        state = apply(state, Stop())
    for card, row, x in placements:
        state = apply(state, Place(card, row, x))
    return state


def bottom(state: State, *cards: int) -> State:
    """A whole turn for the active player: turn the cards, stop, lay them left to right in the bottom row."""
    state = turn(state, *cards)
    pyramid = state.pyramids[state.active]
    right = max((x for r, x, _ in pyramid if r == 1), default=-1)
    return build(state, *((c, 1, right + 1 + i) for i, c in enumerate(cards)))


def parse(raw: Any, state: State) -> Action:
    """A JSON action as the platform reads it at this table."""
    return GAME.parse(raw, Context(state, state.n))


def play(state: State, action: Action) -> State:
    """An action played as the platform plays it: its checks (the end, the acting seat), then the rules."""
    return GAME.play(state, action, state.names)


def refuse(state: State, action: Any, code: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        play(state, action)
    assert caught.value.code == code, caught.value
    return caught.value


def conserved(state: State) -> bool:
    """Deck + this turn's cards + discard + pyramids = the deck's total (PD4/PD5)."""
    on_table = len(state.turned) + len(state.discard) + sum(len(p) for p in state.pyramids)
    return state.deck_size + on_table == state.deck.total and all(v >= 0 for v in state.remaining().values())
