"""Small builders for Cracker engine tests: a new match, actions written as JSON dicts (read by the action
declarations, as the platform reads them) and played as the platform plays them, refusals by code."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import RuleError
from companion.games.cracker import GAME, Action, State, new_game
from companion.games.fields import Context

NAMES = ("Aki", "Ben", "Chie", "Dan", "Emi")


def deck(**counts: int) -> dict[str, int]:
    """The ``deck`` option: the default deck (v copies of v) with some numbers changed: deck(n9=0)."""
    out = {str(v): v for v in range(1, 11)}
    for key, n in counts.items():
        out[key[1:]] = n
    return out


SHORT_3 = deck(n8=3, n9=0, n10=0)  # 31 cards: with 3 players the deck holds 1 card after the deal


def game(n: int = 3, start: int = 0, **options: Any) -> State:
    return new_game(NAMES[:n], start, options)


def parse(raw: Any, state: State) -> Action:
    """A JSON action as the platform reads it at this table."""
    return GAME.parse(raw, Context(state, state.n))


def play(state: State, action: Action) -> State:
    """An action played as the platform plays it: its checks (the end, the acting seat), then the rules."""
    return GAME.play(state, action, state.names)


def do(state: State, *actions: dict[str, Any]) -> State:
    for raw in actions:
        state = play(state, parse(raw, state))
    return state


def draw(card: int) -> dict[str, Any]:
    return {"type": "draw", "card": card}


def pass_(card: int) -> dict[str, Any]:
    return {"type": "pass", "card": card}


PAIR = {"type": "pair"}


def declare(seat: int, *hand: int) -> dict[str, Any]:
    return {"type": "declare", "seat": seat, "hand": list(hand)}


def reveal(seat: int, top: int) -> dict[str, Any]:
    return {"type": "reveal", "seat": seat, "max": top}


def refuse(state: State, raw: dict[str, Any], code: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        play(state, parse(raw, state))
    assert caught.value.code == code, caught.value
    assert caught.value.message("en") != code and caught.value.message("ja") != code
    return caught.value


def conserved(state: State) -> bool:
    """CR12: hands + deck + discard pile = the table deck's total."""
    return sum(state.sizes) + state.deck + len(state.discard) == state.total
