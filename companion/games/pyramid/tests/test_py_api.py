"""Pyramid through the JSON API: random whole games (the test keeps a shuffled deck of its own and enters
the true cards, stops at random, places in the legal slots the STATE lists, undoes now and then), with the
invariants checked after every answer (cards conserved, every pyramid obeying PY7, the STATE valid against the
OpenAPI schema); a cold service replays the log to the same STATE; hostile input is refused with a clear 4xx
that changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator

from companion.games.pyramid import GAME
from companion.service import TableService
from companion.store import open_store

NAMES = ["Aki", "Ben", "Chie", "Dan"]


def state_validator() -> Draft202012Validator:
    """The Pyramid STATE variant of the OpenAPI document, built from this game's part alone (so the check does
    not depend on the other games being ready)."""
    from companion.web.openapi import _state

    part = GAME.api_part()
    assert part is not None
    return Draft202012Validator(_state(GAME, part))


VALIDATE = state_validator()


def create(client: FlaskClient, n: int = 2, **body: Any) -> dict[str, Any]:
    resp = client.post("/api/tables", json={"game": "pyramid", "players": NAMES[:n], **body})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def act(client: FlaskClient, tid: str, action: dict[str, Any], **extra: Any) -> Any:
    return client.post(f"/api/tables/{tid}/actions", json={"action": action, **extra})


def check(state: dict[str, Any]) -> None:
    errors = sorted(VALIDATE.iter_errors(state), key=str)
    assert not errors, errors[0]
    in_pyramids = sum(p["cards"] for p in state["players"])
    held = len(state["turned"]) + len(state["to_place"])
    assert state["deck"]["size"] + held + len(state["discard"]) + in_pyramids == state["deck"]["total"]
    assert sum(state["deck"]["remaining"].values()) == state["deck"]["size"]
    for p in state["players"]:
        cells = {(c["row"], c["x"]): c["card"] for c in p["pyramid"]}
        bottom = sorted(x for r, x in cells if r == 1)
        assert bottom == list(range(bottom[0], bottom[-1] + 1)) if bottom else True
        for (r, x), c in cells.items():
            if r > 1:
                assert c <= min(cells[(r - 1, x)], cells[(r - 1, x + 1)])


def test_create_a_table_and_read_its_state(client: FlaskClient) -> None:
    table = create(client, 3, start=1)
    state = table["state"]
    check(state)
    assert state["game"] == "pyramid" and state["version"] == 0 and state["active"] == 1
    assert state["phase"] == "turning" and state["deck"] == {
        "size": 55, "total": 55, "remaining": {str(v): v for v in range(1, 11)}}
    assert state["risk"] == {"numerator": 0, "denominator": 1, "percent": 0.0}
    assert state["can"] == {"turn": True, "stop": False, "place": False}
    assert state["options"]["risk"] is True and state["options"]["deck"]["10"] == 10
    listed = {g["id"]: g for g in client.get("/api/games").get_json()["games"]}["pyramid"]
    assert listed["players"] == {"min": 2, "max": 4} and set(listed["options"]) == {"deck", "risk"}
    assert listed["options"]["risk"]["setting"] is True


def test_a_short_game_step_by_step(client: FlaskClient) -> None:
    """The worked example of docs/api.md: a 6-card deck, a bust, a stop, a forced stop on the last card."""
    deck = {str(v): 0 for v in range(1, 11)} | {"3": 2, "5": 2, "8": 2}
    table = create(client, 2, start=0, options={"deck": deck})
    tid = table["id"]
    s = act(client, tid, {"type": "turn", "card": 8}, version=0).get_json()["state"]
    assert s["turned"] == [8] and s["risk"] == {"numerator": 1, "denominator": 5, "percent": 20.0}
    s = act(client, tid, {"type": "turn", "card": 8}).get_json()["state"]  # PY5: bust
    assert s["discard"] == [8, 8] and s["active"] == 1 and s["last_turn"] == {
        "seat": 0, "result": "bust", "cards": [8, 8], "card": 8}
    s = act(client, tid, {"type": "turn", "card": 5}).get_json()["state"]
    s = act(client, tid, {"type": "turn", "card": 3}).get_json()["state"]
    s = act(client, tid, {"type": "stop"}).get_json()["state"]
    assert s["phase"] == "building" and s["to_place"] == [5, 3] and s["slots"]["5"] == [{"row": 1, "x": 0}]
    s = act(client, tid, {"type": "place", "card": 5, "row": 1, "x": 0}).get_json()["state"]
    s = act(client, tid, {"type": "place", "card": 3, "row": 1, "x": 1}).get_json()["state"]
    assert s["active"] == 0 and s["players"][1]["rows"] == [2]
    s = act(client, tid, {"type": "turn", "card": 5}).get_json()["state"]
    s = act(client, tid, {"type": "turn", "card": 3}).get_json()["state"]  # the last card: forced stop (PY8)
    assert s["phase"] == "building" and s["forced_stop"] and s["can"]["turn"] is False
    assert act(client, tid, {"type": "turn", "card": 3}).get_json()["error"] == "deck_empty"
    s = act(client, tid, {"type": "place", "card": 3, "row": 1, "x": 0}).get_json()["state"]
    s = act(client, tid, {"type": "place", "card": 5, "row": 1, "x": -1}).get_json()["state"]
    check(s)
    assert s["over"] and s["active"] is None and s["winners"] == [0, 1]
    assert s["result"] == {"winners": [0, 1], "decided_by": "tie", "row": None}
    over = act(client, tid, {"type": "turn", "card": 3})
    assert over.status_code == 422 and over.get_json()["error"] == "game_over"
    undone = client.post(f"/api/tables/{tid}/undo", json={}).get_json()["state"]
    assert not undone["over"] and undone["to_place"] == [5]


def test_the_risk_setting_hides_the_risk(client: FlaskClient) -> None:
    tid = create(client, options={"risk": False})["id"]
    assert client.get(f"/api/tables/{tid}").get_json()["risk"] is None
    s = client.post(f"/api/tables/{tid}/settings", json={"risk": True}).get_json()["state"]
    assert s["risk"] is not None and s["version"] == 1
    log = client.get(f"/api/tables/{tid}/log").get_json()["events"]
    assert log[-1]["action"] == {"type": "settings", "risk": True}
    bad = client.post(f"/api/tables/{tid}/settings", json={"deck": {"1": 1}})
    assert bad.status_code == 400


HOSTILE: list[Any] = [
    {"type": "turn"}, {"type": "turn", "card": "7"}, {"type": "turn", "card": 7.5}, {"type": "turn", "card": None},
    {"type": "turn", "card": 10**40}, {"type": "turn", "card": -3}, {"type": "turn", "card": [7]},
    {"type": "turn", "card": True}, {"type": "dance"}, {"type": None}, {"type": "TURN", "card": 7}, {},
    {"type": "place", "card": 7, "row": "1", "x": 0}, {"type": "place", "card": 7, "row": 1, "x": 10**9},
    {"type": "place", "card": 7, "row": 0, "x": 0}, {"type": "stop", "extra": 1},
    {"type": "turn", "card": 7, "player": 5}, {"type": "turn", "card": 7, "player": "0"},
    {"type": "draw"}, {"type": "play", "table": [["r9", "J", "r11"]]}, {"type": "research", "from": "deck"},
    "turn", 7, [{"type": "turn", "card": 7}],
]


@pytest.mark.parametrize("action", HOSTILE)
def test_hostile_actions_are_400_and_change_nothing(client: FlaskClient, action: Any) -> None:
    tid = create(client)["id"]
    before = client.get(f"/api/tables/{tid}").get_json()
    resp = act(client, tid, action)
    assert resp.status_code == 400 and resp.get_json()["error"] == "bad_request"
    assert resp.get_json()["message"]
    assert client.get(f"/api/tables/{tid}").get_json() == before


def test_refusals_are_422_with_a_code_and_change_nothing(client: FlaskClient) -> None:
    tid = create(client)["id"]
    act(client, tid, {"type": "turn", "card": 1})
    act(client, tid, {"type": "turn", "card": 4})
    before = client.get(f"/api/tables/{tid}").get_json()
    cases = [({"type": "turn", "card": 1}, "card_exhausted"), ({"type": "place", "card": 4, "row": 1, "x": 0},
             "not_building"), ({"type": "turn", "card": 2, "player": 1}, "not_your_turn")]
    for action, code in cases:
        resp = act(client, tid, action)
        assert (resp.status_code, resp.get_json()["error"]) == (422, code), resp.get_json()
    ja = client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "turn", "card": 1}},
                     headers={"Accept-Language": "ja"}).get_json()
    assert "1" in ja["message_ja"] and ja["message_en"] != ja["message_ja"]
    assert client.get(f"/api/tables/{tid}").get_json() == before
    act(client, tid, {"type": "stop"})
    for action, code in [({"type": "place", "card": 4, "row": 1, "x": 2}, "first_at_origin"),
                         ({"type": "place", "card": 9, "row": 1, "x": 0}, "not_acquired"),
                         ({"type": "turn", "card": 9}, "not_turning"), ({"type": "stop"}, "not_turning")]:
        resp = act(client, tid, action)
        assert (resp.status_code, resp.get_json()["error"]) == (422, code)
    view_id = client.get(f"/api/tables/{tid}").get_json()["view_id"]
    assert act(client, view_id, {"type": "stop"}).status_code == 403
    assert act(client, tid, {"type": "stop"}, version=0).get_json()["error"] == "stale"


@pytest.mark.parametrize("deck", [{"1": 1}, {str(v): 0 for v in range(1, 11)}, {str(v): -1 for v in range(1, 11)},
                                  {str(v): 21 for v in range(1, 11)}, "55", [1] * 10])
def test_a_bad_deck_option_is_400(client: FlaskClient, deck: Any) -> None:
    resp = client.post("/api/tables", json={"game": "pyramid", "players": NAMES[:2], "options": {"deck": deck}})
    assert resp.status_code == 400 and resp.get_json()["error"] == "bad_request"


def test_player_counts(client: FlaskClient) -> None:
    for n in (1, 5):
        resp = client.post("/api/tables", json={"game": "pyramid", "players": [f"P{i}" for i in range(n)]})
        assert resp.status_code == 400


def play_game(client: FlaskClient, rng: random.Random, n: int, options: dict[str, Any]) -> tuple[str, int]:
    table = create(client, n, start="random", options=options)
    tid = table["id"]
    state = table["state"]
    deck = [int(v) for v, c in state["deck"]["remaining"].items() for _ in range(c)]
    rng.shuffle(deck)
    greed = rng.uniform(0.3, 0.9)
    answers = 0
    while not state["over"]:
        answers += 1
        assert answers < 4 * state["deck"]["total"] + 50
        if state["phase"] == "turning":
            if state["turned"] and rng.random() > greed:
                action = {"type": "stop"}
            else:
                action = {"type": "turn", "card": deck.pop()}
        else:
            card = rng.choice(state["to_place"])
            slot = rng.choice(state["slots"][str(card)])
            action = {"type": "place", "card": card, **slot}
        resp = act(client, tid, action, version=state["version"])
        assert resp.status_code == 200, resp.get_json()
        state = resp.get_json()["state"]
        check(state)
        if rng.random() < 0.05:  # undo the step and enter it again
            back = client.post(f"/api/tables/{tid}/undo", json={"version": state["version"]})
            assert back.status_code == 200
            redo = act(client, tid, action, version=back.get_json()["state"]["version"])
            assert redo.status_code == 200
            again = redo.get_json()["state"]
            assert {k: v for k, v in again.items() if k != "version"} == \
                {k: v for k, v in state.items() if k != "version"}
            state = again
    assert state["deck"]["size"] == 0 and not deck
    assert state["winners"] and state["ranking"][0] in state["winners"]
    return tid, state["version"]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_random_whole_games_through_the_api(app: Flask, client: FlaskClient, seed: int) -> None:
    rng = random.Random(seed)
    options: dict[str, Any] = {}
    if seed % 2:
        options["deck"] = {str(v): max(0, v - rng.randint(0, 2)) for v in range(1, 11)}
    tid, _ = play_game(client, rng, rng.randint(2, 4), options)
    final = client.get(f"/api/tables/{tid}").get_json()
    cold = TableService(open_store(app.extensions["companion"].store.path))
    try:
        assert cold.answer(cold.snapshot(tid)) == {**final, "id": tid}
    finally:
        cold.close()
        cold.store.close()
