"""Small builders for Cracker engine tests: a new match, actions written as dicts, refusals by code."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import RuleError
from companion.games.cracker import State, apply, new_game, parse_action

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


def do(state: State, *actions: dict[str, Any]) -> State:
    for raw in actions:
        state = apply(state, parse_action(raw, state))
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
        apply(state, parse_action(raw, state))
    assert caught.value.code == code, caught.value
    assert caught.value.message("en") != code and caught.value.message("ja") != code
    return caught.value


def conserved(state: State) -> bool:
    """CR12: hands + deck + discard pile = the table deck's total."""
    return sum(state.sizes) + state.deck + len(state.discard) == state.total
