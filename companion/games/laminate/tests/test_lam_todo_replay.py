"""The real-card instructions (R7-R11, R16) need the state before the last move. It is the state the service
kept for that move (``TableRequest.state_before``), never a replay of the log (issue 13: a whole replay per
rendering made a rendering grow with the game; issue 20: so did reading the whole log), and must be exactly the
state a whole replay of the moves still in force gives — after undos too."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from flask.testing import FlaskClient
from laminate_helpers import apply, parse

from companion.games.laminate import new_game
from companion.games.laminate import todo as todo_module
from companion.games.laminate.deck import DEFAULT_DECK
from companion.web.pages.history import history_rows
from companion.web.pages.table import _state_before

NAMES = ["Hilbert", "Noether", "Banach"]
MOVES: list[dict[str, Any]] = [
    {"type": "publish", "paper": "kind3", "cards": ["heart-7", "onion-7", "suit6-7"]},
    {"type": "review", "paper": 1, "card": "suit6-7"},
    {"type": "review", "paper": 1, "card": "onion-7"},
    {"type": "research", "from": "deck"},
    {"type": "research", "from": "deck"},
    {"type": "research", "from": "deck"},
]


def _whole(moves: list[dict[str, Any]]) -> Any:
    state = new_game(NAMES, 0, DEFAULT_DECK)
    for move in moves:
        state = apply(state, parse(move, state))
    return state


def _last_move(client: FlaskClient, tid: str) -> Any:
    snap = client.application.extensions["companion"].snapshot(tid)
    with client.application.test_request_context("/"):
        rows = history_rows(snap, "en")
    req = SimpleNamespace(history=rows, state_before=lambda seq: _state_before(snap, seq))
    return todo_module._last_move(req)


@pytest.fixture
def tid(client: FlaskClient) -> str:
    return client.post("/api/tables", json={"players": NAMES}).get_json()["id"]


def test_r7_the_state_before_each_move_is_the_one_a_whole_replay_gives(client: FlaskClient, tid: str) -> None:
    assert _last_move(client, tid) is None  # nothing played yet
    for n, move in enumerate(MOVES):
        assert client.post(f"/api/tables/{tid}/actions", json={"action": move}).status_code == 200
        before, action, seat = _last_move(client, tid)
        assert before == _whole(MOVES[:n]) and action == parse(move, before) and seat == before.active


def test_after_an_undo_there_is_nothing_to_do_and_the_next_move_starts_from_the_kept_state(
        client: FlaskClient, tid: str) -> None:
    for move in MOVES[:4]:
        client.post(f"/api/tables/{tid}/actions", json={"action": move})
    client.post(f"/api/tables/{tid}/undo", json={})
    assert _last_move(client, tid) is None  # an undo asks nothing of the real cards
    client.post(f"/api/tables/{tid}/undo", json={})
    redo = {"type": "research", "from": "discard"}
    client.post(f"/api/tables/{tid}/actions", json={"action": redo})
    before, action, _ = _last_move(client, tid)
    assert before == _whole(MOVES[:2]) and action == parse(redo, before)


def test_settings_after_the_move_still_leave_it_the_last_move(client: FlaskClient, tid: str) -> None:
    client.post(f"/api/tables/{tid}/actions", json={"action": MOVES[0]})
    assert client.post(f"/api/tables/{tid}/settings", json={"hints": False}).status_code == 200
    before, action, _ = _last_move(client, tid)
    assert before == _whole([]) and action == parse(MOVES[0], before)
