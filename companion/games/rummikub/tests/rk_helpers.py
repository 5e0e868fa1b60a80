"""Small builders for Rummikub engine tests: states with a given table, plays written as text. Actions are read
and played as the platform does (``GAME.parse``, ``GAME.play``: its checks of the end and the acting seat, then
the rules)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.games.base import RuleError
from companion.games.fields import Context
from companion.games.rummikub import GAME, Action, Play, State, TableSet, check_play, check_set, new_game

NAMES = ("Aki", "Ben", "Chie", "Dan")


def parse(raw: Any, state: State | None = None) -> Action:
    """A JSON action as the platform reads it at this table (without one: for any table of four seats)."""
    return GAME.parse(raw, Context(state, state.n if state is not None else len(NAMES)))


def apply(state: State, action: Action) -> State:
    """An action played as the platform plays it: its checks (the end, the acting seat), then the rules."""
    return GAME.play(state, action, state.names)


def tiles(text: str) -> list[str]:
    """ "r9 J r11" -> ["r9", "J", "r11"] """
    return text.split()


def table_set(text: str, kind: str | None = None) -> TableSet:
    found = check_set(tiles(text), kind)
    assert found.table_set is not None, f"{text}: {found.code}"
    return found.table_set


def game(n: int = 3, start: int = 0, **options: Any) -> State:
    return new_game(NAMES[:n], start, options)


def board(*sets: str, n: int = 3, melded: bool | tuple[bool, ...] = True, racks: tuple[int, ...] | None = None,
          active: int = 0, pool: int | None = None, **options: Any) -> State:
    """A state in play with these sets on the table; pool adjusted so the 106 count still holds."""
    state = game(n, active, **options)
    table = tuple(table_set(s) for s in sets)
    racks = racks or state.racks
    on_table = sum(len(s.tiles) for s in table)
    flags = melded if isinstance(melded, tuple) else (melded,) * n
    pool = 106 - sum(racks) - on_table if pool is None else pool
    return replace(state, table=table, racks=racks, melded=flags, pool=pool)


def proposal(*sets: str | tuple[str, str]) -> list[Any]:
    """Sets as JSON: "r9 J r11" or ("J J r5", "group")."""
    out: list[Any] = []
    for s in sets:
        if isinstance(s, tuple):
            out.append({"tiles": tiles(s[0]), "kind": s[1]})
        else:
            out.append(tiles(s))
    return out


def play_action(*sets: str | tuple[str, str], player: int | None = None) -> Play:
    raw: dict[str, Any] = {"type": "play", "table": proposal(*sets)}
    if player is not None:
        raw["player"] = player
    action = parse(raw)
    assert isinstance(action, Play)
    return action


def play(state: State, *sets: str | tuple[str, str]) -> State:
    """Apply a play and check the draft report agreed it was legal."""
    assert check_play(state, proposal(*sets))["legal"]
    return apply(state, play_action(*sets))


def refuse(state: State, action: Any, code: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        apply(state, action)
    assert caught.value.code == code, caught.value
    return caught.value


def refuse_play(state: State, *sets: str | tuple[str, str], code: str) -> RuleError:
    """The play is refused with ``code`` and the draft report names the same first error."""
    report = check_play(state, proposal(*sets))
    assert not report["legal"] and report["error"] == code, report
    return refuse(state, play_action(*sets), code)
