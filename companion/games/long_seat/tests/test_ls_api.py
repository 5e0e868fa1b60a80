"""Long Seat through the JSON API: random whole games (the players shuffle a real deck, lay its cards one by
one and stop at random) with the invariants checked after every answer (cards conserved: deck + row + face-up
+ face-down = the table's deck total; the row holds each number once; the risk is exact), undo mixed in, a cold
service replaying the log to the same STATE, every answer valid against the OpenAPI document, and hostile
input refused with a clear 4xx that changes nothing. Rule numbers: docs/rules-long-seat.md."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator

from companion.games.long_seat import GAME
from companion.service import TableService
from companion.store import open_store
from companion.web.openapi import _state as openapi_state

NAMES = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi"]


def create(client: FlaskClient, n: int = 3, **options: Any) -> dict[str, Any]:
    resp = client.post("/api/tables", json={"game": "long-seat", "players": NAMES[:n], "options": options})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def valid_state(state: dict[str, Any]) -> None:
    """STATE against the game's own part of the OpenAPI document, as openapi.py assembles it (the whole
    document is checked in test_ls_a_hyphenated_game_id_works_in_the_api_and_the_document)."""
    part = GAME.api_part()
    assert part is not None
    schema = {**openapi_state(GAME, part), "components": {"schemas": part["components"]}}
    errors = sorted(Draft202012Validator(schema).iter_errors(state), key=str)
    assert not errors, f"{errors[0].message} at {list(errors[0].path)}"


class Game:
    """A game as the table plays it: a shuffled deck the server never sees, entered one card at a time."""

    def __init__(self, client: FlaskClient, n: int, seed: int, **options: Any) -> None:
        self.client, self.rng = client, random.Random(seed)
        created = create(client, n, **options)
        self.tid, self.state = created["id"], created["state"]
        copies = {int(k): v for k, v in self.state["deck"]["copies"].items()}
        self.pile = [v for v, k in copies.items() for _ in range(k)]
        self.rng.shuffle(self.pile)
        self.copies = copies
        self.laid: list[int] = []  # cards taken from the pile, in order (undo puts the last one back)
        self.check()

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        resp = self.client.post(f"/api/tables/{self.tid}{path}", json=body)
        return resp.status_code, resp.get_json()

    def act(self, action: dict[str, Any]) -> None:
        status, body = self.post("/actions", {"action": action, "version": self.state["version"]})
        assert status == 200, (action, body)
        self.state = body["state"]
        self.check()

    def check(self) -> None:
        s = self.state
        valid_state(s)
        held = Counter(s["row"])
        for p in s["players"]:
            held.update(p["up"])
            assert p["score"] == p["down"] - len(p["up"])
        downs = sum(p["down"] for p in s["players"])
        assert s["deck"]["size"] == len(self.pile)
        assert s["deck"]["size"] + sum(held.values()) + downs == s["deck"]["total"]  # row and face-up in held
        assert len(set(s["row"])) == len(s["row"]) <= 10  # LS5
        if s["risk"] is not None:  # LS10: exact, from the cards still in the pile
            left = Counter(self.pile)
            assert s["risk"]["left"] == {str(v): left[v] for v in range(1, 11)}
            want = Fraction(sum(left[v] for v in s["row"]), len(self.pile)) if self.pile else Fraction(0)
            assert Fraction(s["risk"]["pair"]["numerator"], s["risk"]["pair"]["denominator"]) == want

    def lay(self) -> None:
        card = self.pile.pop()
        self.laid.append(card)
        self.act({"type": "lay", "card": card})

    def undo(self) -> None:
        status, body = self.post("/undo", {"version": self.state["version"]})
        assert status == 200, body
        self.state = body["state"]

    def play(self, caution: float) -> None:
        for _ in range(400):
            if self.state["over"]:
                return
            roll = self.rng.random()
            if self.state["can"]["stop"] and roll < caution:
                self.act({"type": "stop"})
            elif roll > 0.97 and self.laid and self.state["laid"]:  # take back the last card laid
                self.undo()
                self.pile.append(self.laid.pop())
                self.check()
            else:
                self.lay()
        raise AssertionError("the game did not end")


@pytest.mark.slow
@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (3, 6), (2, 7), (4, 8)])
def test_ls_random_whole_games_through_the_api(client: FlaskClient, app: Flask, n: int, seed: int) -> None:
    game = Game(client, n, seed)
    game.play(caution=random.Random(seed).uniform(0.1, 0.6))
    s = game.state
    assert s["over"] and s["deck"]["size"] == 0 and not game.pile  # LS8: every game ends on the last card
    assert s["risk"] is None and s["can"] == {"lay": False, "stop": False}
    best = max((p["score"], p["down"]) for p in s["players"])
    assert s["winners"] == [p["seat"] for p in s["players"] if (p["score"], p["down"]) == best]  # LS9
    # a cold service (a restart) replays the log to the same STATE
    cold = TableService(open_store(app.extensions["companion"].store.path))
    assert cold.answer(cold.snapshot(game.tid)) == client.get(f"/api/tables/{game.tid}").get_json()
    refused = client.post(f"/api/tables/{game.tid}/actions", json={"action": {"type": "lay", "card": 5}})
    assert refused.status_code == 422 and refused.get_json()["error"] == "game_over"


@pytest.mark.slow
def test_ls_a_whole_game_with_the_tables_own_deck(client: FlaskClient) -> None:
    counts = {str(v): v for v in range(1, 11)}
    counts.update({"10": 8, "1": 2})  # two tens lost, a spare 1
    game = Game(client, 4, 11, deck=counts)
    assert game.state["deck"]["total"] == 54
    game.play(caution=0.3)
    assert game.state["over"]


def test_ls_api_lay_pair_stop_and_the_end_on_a_tiny_deck(client: FlaskClient) -> None:
    deck = {str(v): 0 for v in range(1, 11)} | {"3": 2, "7": 1, "9": 1}
    t = create(client, 2, deck=deck)
    tid = t["id"]
    assert t["state"]["deck"] == {"size": 4, "total": 4, "copies": deck}

    def act(action: dict[str, Any]) -> dict[str, Any]:
        resp = client.post(f"/api/tables/{tid}/actions", json={"action": action})
        assert resp.status_code == 200, resp.get_json()
        return resp.get_json()["state"]

    s = act({"type": "lay", "card": 3})
    assert s["risk"]["pair"] == {"numerator": 1, "denominator": 3, "percent": 33.3}
    s = act({"type": "lay", "card": 7})
    s = act({"type": "lay", "card": 3})  # LS5: Aki takes 3 7 3
    assert s["players"][0]["up"] == [3, 7, 3] and s["row"] == [] and s["active"] == 1
    assert s["last_end"] == {"kind": "pair", "seat": 0, "laid": 3, "taken": [3, 7, 3], "flipped": 0, "last": False}
    s = act({"type": "lay", "card": 9})  # LS8: the last card, no pair: Ben's forced stop
    assert s["over"] and s["last_end"]["kind"] == "stop" and s["last_end"]["last"]
    assert s["winners"] == [1] and s["ranking"] == [1, 0] and s["decided_by"] == "score"


def test_ls_undo_takes_back_a_pair(client: FlaskClient) -> None:
    t = create(client, 2)
    tid = t["id"]
    for card in (5, 8, 5):
        client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "lay", "card": card}})
    after = client.get(f"/api/tables/{tid}").get_json()
    assert after["players"][0]["up"] == [5, 8, 5]
    back = client.post(f"/api/tables/{tid}/undo").get_json()["state"]
    assert back["row"] == [5, 8] and back["players"][0]["up"] == [] and back["active"] == 0 and back["laid"] == 2


def test_ls_the_risk_setting_switches_for_everyone_and_is_logged(client: FlaskClient) -> None:
    t = create(client, 2)
    tid, vid = t["id"], t["view_id"]
    assert t["state"]["options"] == {"risk": True} and t["state"]["risk"] is not None
    off = client.post(f"/api/tables/{tid}/settings", json={"risk": False})
    assert off.status_code == 200 and off.get_json()["state"]["risk"] is None
    assert client.get(f"/api/tables/{vid}").get_json()["risk"] is None
    assert client.post(f"/api/tables/{vid}/settings", json={"risk": True}).status_code == 403
    bad = client.post(f"/api/tables/{tid}/settings", json={"risk": "yes"})
    assert bad.status_code == 400
    log = client.get(f"/api/tables/{tid}/log").get_json()["events"]
    assert log[-1]["action"] == {"type": "settings", "risk": False}
    created_off = create(client, 2, risk=False)
    assert created_off["state"]["risk"] is None


HOSTILE_ACTIONS: list[Any] = [
    {"type": "dance"}, {"type": "lay"}, {"type": "lay", "card": "7"}, {"type": "lay", "card": 0},
    {"type": "lay", "card": 11}, {"type": "lay", "card": 2**70}, {"type": "lay", "card": 7.5},
    {"type": "lay", "card": None}, {"type": "lay", "card": {"n": 7}}, {"type": "lay", "card": True},
    {"type": "lay", "card": 7, "extra": 1}, {"type": "stop", "player": 99}, {"type": "stop", "player": "0"},
    {"type": "draw"}, {"type": "play", "table": []}, [], "lay", None, 7,
]


@pytest.mark.parametrize("action", HOSTILE_ACTIONS)
def test_ls_hostile_actions_are_400_and_change_nothing(client: FlaskClient, action: Any) -> None:
    t = create(client, 2)
    tid = t["id"]
    client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "lay", "card": 4}})
    before = client.get(f"/api/tables/{tid}").get_json()
    resp = client.post(f"/api/tables/{tid}/actions", json={"action": action})
    assert resp.status_code == 400, resp.get_json()
    body = resp.get_json()
    assert body["error"] == "bad_request" and body["message_en"] and body["message_ja"]
    assert client.get(f"/api/tables/{tid}").get_json() == before


@pytest.mark.parametrize("action, code", [
    ({"type": "stop"}, "nothing_laid"),
    ({"type": "lay", "card": 1, "player": 1}, "not_your_turn"),
])
def test_ls_rule_refusals_are_422_and_change_nothing(client: FlaskClient, action: dict[str, Any], code: str) -> None:
    t = create(client, 3)
    tid = t["id"]
    resp = client.post(f"/api/tables/{tid}/actions", json={"action": action})
    assert resp.status_code == 422 and resp.get_json()["error"] == code
    assert client.get(f"/api/tables/{tid}").get_json()["version"] == 0


def test_ls_card_exhausted_and_wrong_ids_and_stale(client: FlaskClient) -> None:
    t = create(client, 2)
    tid, vid = t["id"], t["view_id"]
    assert client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "lay", "card": 1}}).status_code == 200
    again = client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "lay", "card": 1}})
    assert again.status_code == 422 and again.get_json()["error"] == "card_exhausted"  # LS11
    assert "1" in again.get_json()["message_ja"]
    ro = client.post(f"/api/tables/{vid}/actions", json={"action": {"type": "lay", "card": 2}})
    assert ro.status_code == 403 and ro.get_json()["error"] == "read_only"
    stale = client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "lay", "card": 2}, "version": 0})
    assert stale.status_code == 409 and stale.get_json()["error"] == "stale"
    assert client.get(f"/api/tables/{tid}").get_json()["version"] == 1


@pytest.mark.parametrize("body", [
    {"players": ["A"]}, {"players": NAMES + ["Gin"]}, {"players": ["A", "B"], "options": {"deck": {"1": 1}}},
    {"players": ["A", "B"], "options": {"deck": {str(v): 0 for v in range(1, 11)}}},
    {"players": ["A", "B"], "options": {"deck": {str(v): 21 for v in range(1, 11)}}},
    {"players": ["A", "B"], "options": {"risk": 1}}, {"players": ["A", "B"], "options": {"speed": 3}},
    {"players": ["A", "B"], "start": 2},
])
def test_ls_tables_are_checked_at_creation(client: FlaskClient, body: dict[str, Any]) -> None:
    resp = client.post("/api/tables", json={"game": "long-seat", **body})
    assert resp.status_code == 400 and resp.get_json()["error"] == "bad_request", resp.get_json()


def test_ls_a_hyphenated_game_id_works_in_the_api_and_the_document(client: FlaskClient) -> None:
    games = client.get("/api/games").get_json()["games"]
    found = next(g for g in games if g["id"] == "long-seat")
    assert found["players"] == {"min": 2, "max": 6} and set(found["options"]) == {"deck", "risk"}
    assert found["name"] == {"en": "Long Seat", "ja": "ロングシート"}
    doc = client.get("/api/openapi.json").get_json()
    assert "long-seat" in doc["components"]["schemas"]["GameId"]["enum"]
    assert "State_long-seat" in doc["components"]["schemas"]
    codes = doc["components"]["schemas"]["Error"]["properties"]["error"]["enum"]
    assert {"card_exhausted", "nothing_laid", "game_over", "not_your_turn"} <= set(codes)
    actions = doc["components"]["schemas"]["Action"]["anyOf"]
    lay = next(a for a in actions if a["properties"]["type"].get("const") == "lay")
    assert lay["properties"]["card"] == {"type": "integer", "minimum": 1, "maximum": 10,
                                         "description": "A card: its number 1–10 (PD1)."}
    assert lay["additionalProperties"] is False and lay["required"] == ["type", "card"]
