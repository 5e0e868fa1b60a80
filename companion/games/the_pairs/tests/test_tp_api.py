"""The Pairs through the JSON API: a table is created with the deck option, random whole games are played by a
"true world" that holds the real hidden hands (every answer checked against the documented STATE schema and
the invariants: the table's total conserved, the counts matching the real cards), undo and replay give the
same STATE, and hostile input is refused with a clear 4xx that changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from tp_helpers import World, act

from companion.games.the_pairs import GAME, new_game
from companion.service import TableService
from companion.store import open_store
from companion.web.openapi import _state

NAMES = ["Aki", "Ben", "Chie", "Dai", "Emi"]
PART = GAME.api_part()
assert PART is not None
STATE_SCHEMA = Draft202012Validator({**_state(GAME, PART), "components": {"schemas": {}}})
ACTION_SCHEMA = Draft202012Validator({"anyOf": PART["actions"]})
LOGGED_SCHEMA = Draft202012Validator({"anyOf": PART["logged"]})


def create(client: FlaskClient, n: int = 3, **body: Any) -> dict[str, Any]:
    resp = client.post("/api/tables", json={"game": "the-pairs", "players": NAMES[:n], "start": 0, **body})
    assert resp.status_code == 201, resp.get_json()
    data = resp.get_json()
    assert not list(STATE_SCHEMA.iter_errors(data["state"]))
    return data


def valid_state(state: dict[str, Any]) -> dict[str, Any]:
    errors = sorted(STATE_SCHEMA.iter_errors(state), key=str)
    assert not errors, f"{errors[0].message} at {list(errors[0].path)}"
    places = sum(p["place"] is not None for p in state["players"])
    hands = sum(p["hand"] for p in state["players"])
    assert state["deck"] + hands + places + state["on_piles"] == state["total"]  # cards conserved
    assert sum(state["unseen"].values()) == state["deck"] + hands
    for cards in state["piles"].values():
        assert all(abs(x - y) <= 1 for x, y in zip(cards, cards[1:], strict=False))  # TP7 chains
    return state


def test_the_game_is_listed_with_its_deck_option(client: FlaskClient) -> None:
    listed = {g["id"]: g for g in client.get("/api/games").get_json()["games"]}
    game = listed["the-pairs"]
    assert game["players"] == {"min": 3, "max": 5} and game["name"] == {"en": "The Pairs", "ja": "ザ・ペアーズ"}
    assert game["options"]["deck"]["type"] == "custom" and game["options"]["deck"]["default"]["10"] == 10


def test_tp2_a_new_table_through_the_api(client: FlaskClient) -> None:
    state = valid_state(create(client, 4)["state"])
    assert state["game"] == "the-pairs" and state["deck"] == 39 and state["total"] == 55
    assert [p["hand"] for p in state["players"]] == [4, 4, 4, 4] and state["step"] == "play"
    assert state["can"] == {"play": True, "draw_deck": False, "draw_place": False, "pass": False, "stuck": False}


def test_pd5_a_table_deck_missing_a_card(client: FlaskClient) -> None:
    deck = {str(v): v for v in range(1, 11)}
    deck["7"] = 6
    state = valid_state(create(client, 3, options={"deck": deck})["state"])
    assert state["total"] == 54 and state["deck"] == 42 and state["unseen"]["7"] == 6


@pytest.mark.parametrize("deck", [{"1": 1}, {str(v): 21 for v in range(1, 11)}, [1, 2], "55",
                                  {str(v): 0 for v in range(1, 11)}])
def test_a_bad_deck_option_is_400(client: FlaskClient, deck: Any) -> None:
    resp = client.post("/api/tables", json={"game": "the-pairs", "players": NAMES[:3], "options": {"deck": deck}})
    assert resp.status_code == 400 and resp.get_json()["error"] == "bad_request"


def test_tp2_a_deck_too_small_to_deal_is_400(client: FlaskClient) -> None:
    deck = {str(v): 0 for v in range(1, 11)}
    deck["9"] = 11
    resp = client.post("/api/tables", json={"game": "the-pairs", "players": NAMES[:3], "options": {"deck": deck}})
    assert resp.status_code == 400 and resp.get_json()["error"] == "deck_too_small"


@pytest.mark.parametrize("n", [2, 6])
def test_tp1_player_count_is_checked(client: FlaskClient, n: int) -> None:
    resp = client.post("/api/tables", json={"game": "the-pairs", "players": [f"P{i}" for i in range(n)]})
    assert resp.status_code == 400


def test_a_turn_undo_and_the_log(client: FlaskClient) -> None:
    tid = create(client)["id"]

    def act(action: dict[str, Any], **extra: Any) -> Any:
        return client.post(f"/api/tables/{tid}/actions", json={"action": action, **extra})

    one = act({"type": "play", "card": 7, "to": "A"}, version=0).get_json()["state"]
    assert one["piles"]["a"] == [7] and one["step"] == "draw" and one["can"]["draw_deck"]
    assert one["accepts"]["a"] == [6, 7, 8]
    two = act({"type": "draw", "from": "deck"}, version=1).get_json()["state"]
    assert two["active"] == 1 and two["players"][0]["hand"] == 4 and two["deck"] == 42
    pair = act({"type": "play", "card": 7, "to": "a"}).get_json()["state"]
    assert pair["active"] == 2 and pair["last"]["pair"] and pair["players"][1]["hand"] == 3
    late = act({"type": "draw", "from": "deck", "player": 1})
    assert late.status_code == 422 and late.get_json()["error"] == "no_draw_after_pair"
    undone = client.post(f"/api/tables/{tid}/undo", json={"version": 3}).get_json()["state"]
    assert undone["active"] == 1 and undone["piles"]["a"] == [7]
    log = client.get(f"/api/tables/{tid}/log").get_json()["events"]
    assert [(e["seat"], e["action"]["type"]) for e in log] == [(0, "play"), (0, "draw"), (1, "play"), (1, "undo")]
    for e in log[:3]:
        assert not list(LOGGED_SCHEMA.iter_errors(e["action"]))
    view = client.get(f"/api/tables/{create(client)['view_id']}").get_json()
    assert view["id"] is None and view["game"] == "the-pairs"


def test_the_view_id_cannot_act(client: FlaskClient) -> None:
    created = create(client)
    resp = client.post(f"/api/tables/{created['view_id']}/actions", json={"action": {"type": "pass"}})
    assert resp.status_code == 403 and resp.get_json()["error"] == "read_only"


HOSTILE: list[Any] = [
    None, [], "play", 7, {"type": "jump"}, {"type": 5}, {"type": "play"}, {"type": "play", "to": "a"},
    {"type": "play", "card": 0, "to": "a"}, {"type": "play", "card": 11, "to": "a"},
    {"type": "play", "card": "7", "to": "a"}, {"type": "play", "card": 7.0, "to": "a"},
    {"type": "play", "card": True, "to": "a"}, {"type": "play", "card": 10**30, "to": "a"},
    {"type": "play", "card": 7, "to": "c"}, {"type": "play", "card": 7, "to": ["a"]},
    {"type": "play", "card": 7, "to": "a", "extra": 1}, {"type": "play", "from": "place", "to": "place"},
    {"type": "play", "from": "elsewhere", "to": "a", "card": 3}, {"type": "draw"}, {"type": "draw", "from": "sky"},
    {"type": "pass", "player": 9}, {"type": "pass", "player": -1}, {"type": "pass", "player": "0"},
    {"type": "stuck", "hand": "3 4"}, {"type": "stuck", "hand": [3, 11]}, {"type": "stuck", "hand": [1] * 500},
    {"type": "draw", "from": "deck", "player": True}, {"type": "play", "card": 7, "to": "a" * 10_000},
]


@pytest.mark.parametrize("action", HOSTILE)
def test_hostile_actions_are_400_and_change_nothing(client: FlaskClient, action: Any) -> None:
    created = create(client)
    tid = created["id"]
    resp = client.post(f"/api/tables/{tid}/actions", json={"action": action})
    assert resp.status_code == 400, resp.get_json()
    body = resp.get_json()
    assert body["error"] == "bad_request" and body["message_en"] and body["message_ja"]
    assert client.get(f"/api/tables/{tid}").get_json() == created["state"]


@pytest.mark.parametrize(("action", "code"), [
    ({"type": "play", "card": 7, "to": "a", "player": 2}, "not_your_turn"),
    ({"type": "draw", "from": "deck"}, "play_first"),
    ({"type": "pass"}, "cannot_pass"),
    ({"type": "stuck"}, "can_play_to_place"),
    ({"type": "play", "from": "place", "to": "a"}, "place_empty"),
])
def test_refused_moves_are_422_with_a_reason_in_both_languages(client: FlaskClient, action: dict[str, Any],
                                                               code: str) -> None:
    created = create(client)
    tid = created["id"]
    resp = client.post(f"/api/tables/{tid}/actions?lang=ja", json={"action": action})
    assert resp.status_code == 422
    body = resp.get_json()
    assert body["error"] == code and body["message"] == body["message_ja"] != body["message_en"]
    assert "{" not in body["message_en"] and "{" not in body["message_ja"]
    assert client.get(f"/api/tables/{tid}").get_json() == created["state"]


def test_stale_versions_and_dry_runs(client: FlaskClient) -> None:
    tid = create(client)["id"]
    dry = client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "play", "card": 3, "to": "b"},
                                                          "dry_run": True, "version": 0})
    assert dry.status_code == 200 and dry.get_json()["legal"] is True and dry.get_json()["state"]["version"] == 0
    stale = client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "play", "card": 3, "to": "b"},
                                                            "version": 5})
    assert stale.status_code == 409 and stale.get_json()["error"] == "stale"


def play_through_api(client: FlaskClient, app: Flask, n: int, seed: int) -> dict[str, Any]:
    """A whole game: the world picks a real player's move, the API decides, the engine mirror agrees."""
    rng = random.Random(seed)
    created = create(client, n)
    tid, state = created["id"], created["state"]
    world = World(n, rng)
    mirror = new_game(tuple(NAMES[:n]), 0, {})
    for _ in range(1000):
        if state["over"]:
            break
        action = world.choose(mirror)
        if rng.random() < 0.15:  # a random proposal now and then: refused or accepted, never broken
            junk = rng.choice([{"type": "play", "card": rng.randint(1, 10), "to": rng.choice("ab")},
                               {"type": "draw", "from": "place"}, {"type": "pass"}])
            resp = client.post(f"/api/tables/{tid}/actions", json={"action": junk, "dry_run": True})
            assert resp.status_code in (200, 422)
        assert not list(ACTION_SCHEMA.iter_errors(action))
        resp = client.post(f"/api/tables/{tid}/actions", json={"action": action, "version": state["version"]})
        assert resp.status_code == 200, (action, resp.get_json())
        after = act(mirror, action)
        world.follow(mirror, action)
        mirror = after
        world.check(mirror)
        state = valid_state(resp.get_json()["state"])
        if rng.random() < 0.05 and not state["over"]:  # undo and redo: the same state comes back
            undone = client.post(f"/api/tables/{tid}/undo", json={}).get_json()["state"]
            assert undone["version"] == state["version"] + 1
            redo = client.post(f"/api/tables/{tid}/actions", json={"action": action}).get_json()["state"]
            assert {k: v for k, v in redo.items() if k != "version"} == {k: v for k, v in state.items()
                                                                       if k != "version"}
            state = redo
    assert state["over"] and state["result"] in ("won", "lost")
    # a cold service replays the log to the same STATE
    service: TableService = app.extensions["companion"]
    cold = TableService(open_store(service.store.path))
    try:
        assert cold.answer(cold.snapshot(tid)) == state
    finally:
        cold.close()
        cold.store.close()
    after_end = client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "pass"}})
    assert after_end.status_code == 422 and after_end.get_json()["error"] == "game_over"
    assert client.get(f"/api/tables/{tid}").get_json() == state  # refused: nothing changed
    return state


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12))
def test_random_whole_games_through_the_api(client: FlaskClient, app: Flask, seed: int) -> None:
    state = play_through_api(client, app, 3 + seed % 3, seed)
    if state["result"] == "won":
        assert state["on_piles"] == 55 and state["winners"] == list(range(len(state["players"])))
    else:
        assert state["fell_out"] is not None and state["winners"] == []


def test_one_whole_game_through_the_api(client: FlaskClient, app: Flask) -> None:
    play_through_api(client, app, 4, 99)
