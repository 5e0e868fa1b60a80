"""The real-card instructions (R7-R11, R16) need the state before the last move. It is replayed from the
table's own log, from the longest prefix replayed before (issue 13: a whole replay per rendering made a
rendering grow with the game), and must be exactly the state a whole replay gives."""

from __future__ import annotations

from typing import Any

import pytest
from laminate_helpers import apply, parse

from companion.games.laminate import new_game
from companion.games.laminate import todo as todo_module
from companion.games.laminate.deck import DEFAULT_DECK

NAMES = ["Hilbert", "Noether", "Banach"]
MOVES: list[dict[str, Any]] = [
    {"type": "publish", "paper": "kind3", "cards": ["heart-7", "onion-7", "suit6-7"]},
    {"type": "review", "paper": 1, "card": "suit6-7"},
    {"type": "review", "paper": 1, "card": "onion-7"},
    {"type": "research", "from": "deck"},
    {"type": "research", "from": "deck"},
    {"type": "research", "from": "deck"},
    {"type": "research", "from": "deck"},
]


def _rows(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"seq": n + 1, "kind": "action", "action": m, "seat": 0} for n, m in enumerate(moves)]


def _whole(moves: list[dict[str, Any]], names: list[str] = NAMES, start: int = 0) -> Any:
    state = new_game(names, start, DEFAULT_DECK)
    for move in moves:
        state = apply(state, parse(move, state))
    return state


@pytest.fixture(autouse=True)
def _fresh() -> None:
    todo_module._REPLAYED.clear()


def test_r7_each_prefix_replays_to_the_state_a_whole_replay_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    start = new_game(NAMES, 0, DEFAULT_DECK)
    applied: list[int] = []
    real = todo_module.apply

    def counting(state: Any, action: Any) -> Any:
        applied.append(1)
        return real(state, action)

    monkeypatch.setattr(todo_module, "apply", counting)
    for n in range(len(MOVES) + 1):
        assert todo_module._replayed(start, _rows(MOVES[:n])) == _whole(MOVES[:n])
    assert len(applied) == len(MOVES), "each version replays only its own newest move"


def test_another_log_never_gets_this_ones_state() -> None:
    start = new_game(NAMES, 0, DEFAULT_DECK)
    todo_module._replayed(start, _rows(MOVES[:4]))
    other = [*MOVES[:3], {"type": "research", "from": "deck"}, {"type": "pass"}]
    other_rows = _rows(other)
    other_rows[3]["seq"] = 99  # same moves up to here but another log: a different table or an undone move
    got = todo_module._replayed(start, other_rows[:4])
    assert got == _whole(other[:4])
    players = ["Gauss", "Euler", "Riemann"]
    elsewhere = new_game(players, 1, DEFAULT_DECK)  # the same log at a table of other players and start
    moves = [{"type": "research", "from": "deck"}] * 3
    assert todo_module._replayed(elsewhere, _rows(moves)) == _whole(moves, players, 1)
