"""Cracker through the JSON API: random whole matches (the test deals hidden hands from a shuffled deck and
plays them truthfully: draws the real top card, pairs, passes a held card — mostly the one received, which
sends numbers round the table and forces changes until the deck runs out — goes out when it can, enters the
true highest numbers), with every answer checked against the real cards and the OpenAPI schema of STATE
(CR12: 55 = hands + deck + discard; sizes, deck and discard exact; known-to-hold never above the truth); every
match ends; a cold service replays the log to the same STATE; hostile input is a 4xx that changes nothing."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator

from companion.games.cracker import is_out
from companion.service import TableService
from companion.store import open_store
from companion.web.openapi import document

NAMES = ["Aki", "Ben", "Chie", "Dan", "Emi"]


def create(client: FlaskClient, n: int = 3, **options: Any) -> dict[str, Any]:
    resp = client.post("/api/tables", json={"game": "cracker", "players": NAMES[:n], "options": options})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def state_validator() -> Draft202012Validator:
    doc = document()
    return Draft202012Validator({**doc["components"]["schemas"]["State_cracker"], "components": doc["components"]})


class Match:
    """A match seen from the table: the API's public state plus the hands the players hide from it."""

    def __init__(self, client: FlaskClient, n: int, seed: int, **options: Any) -> None:
        self.client, self.rng = client, random.Random(seed)
        created = create(client, n, **options)
        self.tid, self.state = created["id"], created["state"]
        self.validator = state_validator()
        self.actions = 0
        self.deal()

    def deal(self) -> None:
        copies = self.state["copies"]
        cards = [v for v in range(1, 11) for _ in range(copies[str(v)])]
        self.rng.shuffle(cards)
        n = len(self.state["players"])
        self.hands = [Counter(cards[i * 10:(i + 1) * 10]) for i in range(n)]
        self.deck = cards[n * 10:]
        self.discard: list[int] = []

    def act(self, action: dict[str, Any]) -> dict[str, Any]:
        resp = self.client.post(f"/api/tables/{self.tid}/actions", json={"action": action,
                                                                         "version": self.state["version"]})
        assert resp.status_code == 200, (action, resp.get_json())
        self.state = resp.get_json()["state"]
        self.actions += 1
        return self.state

    def check(self) -> None:
        s = self.state
        errors = list(self.validator.iter_errors(s))
        assert not errors, errors[0]
        sizes = [p["hand"] for p in s["players"]]
        assert sum(sizes) + s["deck"] + len(s["discard"]) == s["deck_total"]  # CR12
        if s["phase"] == "play":
            assert s["deck"] == len(self.deck) and s["discard"] == self.discard
            for p, real in zip(s["players"], self.hands, strict=True):
                assert p["hand"] == sum(real.values())
                assert all(p["known"][str(v)] <= real[v] for v in range(1, 11))  # CR11: a true lower bound

    def out(self, seat: int) -> bool:
        return is_out(list(self.hands[seat].elements()))

    def declare(self, seat: int) -> None:
        self.act({"type": "declare", "seat": seat, "hand": sorted(self.hands[seat].elements())})

    def turn(self) -> None:
        s = self.state
        if s["phase"] == "reveal":
            end = s["round_end"]["seat"]
            q = next(p["seat"] for p in s["players"] if p["seat"] != end and p["max"] is None)
            self.act({"type": "reveal", "seat": q, "max": max(self.hands[q].elements(), default=0)})
            return
        if s["phase"] == "scored":
            self.act({"type": "next_round"})
            self.deal()
            return
        if s["opening"]:
            dealt = [q for q in range(len(self.hands)) if self.out(q)]
            if dealt:
                self.declare(dealt[0])
                return
        me, passer = s["active"], s["passer"]
        if passer is not None and self.out(passer):
            self.declare(passer)
            return
        if s["step"] == "blocked":
            self.act({"type": "end_round"})
            return
        if s["step"] == "draw":
            v = self.deck.pop()
            self.act({"type": "draw", "card": v, "player": me})
            self.hands[me][v] += 1
            return
        got = s["received"]
        if self.out(me):
            self.declare(me)
            return
        if not s["paired"] and self.hands[me][got] >= 2 and self.rng.random() < 0.6:
            assert s["can"]["pair"]
            self.act({"type": "pair", "card": got})
            self.hands[me][got] -= 2
            self.discard += [got, got]
            return
        held = sorted(self.hands[me].elements())
        v = got if self.hands[me][got] and self.rng.random() < 0.8 else self.rng.choice(held)
        assert s["pass_up_to"][str(v)] >= self.hands[me][v] >= 1
        self.act({"type": "pass", "card": v})
        self.hands[me][v] -= 1
        if self.state["change"] is not None:
            self.discard.append(v)
        else:
            self.hands[self.state["active"]][v] += 1

    def play_match(self, limit: int = 5000) -> None:
        while not self.state["over"]:
            assert self.actions < limit, "the match did not end"
            self.turn()
            self.check()


@pytest.mark.slow
@pytest.mark.parametrize(("n", "seed"), [(3, 1), (4, 2), (5, 3), (3, 4), (4, 5)])
def test_cr_random_whole_matches_through_the_api(client: FlaskClient, app: Flask, n: int, seed: int) -> None:
    """CR2–CR12: whole matches of two rounds, every answer checked; a round's scores are zero-sum after a
    player goes out and all-negative after an empty deck (CR9); a cold service replays the log to the same STATE."""
    match = Match(client, n, seed, rounds=2)
    match.play_match()
    final = match.state
    assert final["over"] and final["winners"] and len(final["rounds_played"]) == 2
    for r in final["rounds_played"]:
        if r["reason"] == "deck_empty":
            assert all(x <= 0 for x in r["scores"])
        else:
            assert sum(r["scores"]) == 0 and r["scores"][r["seat"]] >= 0
    totals = [p["total"] for p in final["players"]]
    assert totals == [sum(r["scores"][i] for r in final["rounds_played"]) for i in range(n)]
    assert final["winners"] == [i for i, t in enumerate(totals) if t == max(totals)]
    cold = TableService(open_store(app.extensions["companion"].store.path))
    try:
        assert cold.answer(cold.snapshot(match.tid)) == {**final, "id": match.tid}
    finally:
        cold.store.close()


def test_cr_a_short_match_through_the_api(client: FlaskClient) -> None:
    """The quick loop's whole match: one round, three players, played to the end."""
    match = Match(client, 3, 11, rounds=1)
    match.play_match()
    assert match.state["over"] and match.state["ranking"]


HOSTILE_ACTIONS: list[Any] = [
    None, [], "draw", {"type": "draw"}, {"type": "draw", "card": 0}, {"type": "draw", "card": 11},
    {"type": "draw", "card": "x"}, {"type": "draw", "card": 5.0}, {"type": "draw", "card": True},
    {"type": "draw", "card": 10**30}, {"type": "draw", "card": 5, "extra": 1}, {"type": "pass"},
    {"type": "declare", "seat": 0}, {"type": "declare", "seat": 0, "hand": []},
    {"type": "declare", "seat": 0, "hand": [1] * 61}, {"type": "declare", "seat": 0, "hand": "1 2 3"},
    {"type": "declare", "seat": 9, "hand": [1]}, {"type": "declare", "seat": True, "hand": [1]},
    {"type": "declare", "seat": 0, "hand": [["<script>"]]}, {"type": "reveal", "seat": 0, "max": 11},
    {"type": "reveal", "seat": -1, "max": 3}, {"type": "reveal", "seat": 0}, {"type": "draw", "card": 5, "player": -1},
    {"type": "draw", "card": 5, "player": "0x"}, {"type": "\u202edraw"}, {"type": "jump"},
    {"type": "declare", "seat": 3, "hand": [1]},
    # numbers and seats are JSON integers, never the digit strings a form posts (the platform's rule)
    {"type": "draw", "card": "7"}, {"type": "draw", "card": 5, "player": "0"}, {"type": "pair", "card": "3"},
    {"type": "declare", "seat": "0", "hand": [1]}, {"type": "declare", "seat": 0, "hand": ["1"]},
    {"type": "reveal", "seat": "1", "max": 3}, {"type": "reveal", "seat": 1, "max": "3"},
    {"type": "end_round", "player": 3}, {"type": "next_round", "extra": True},
]


@pytest.mark.parametrize("action", HOSTILE_ACTIONS)
def test_cr_hostile_actions_are_400_and_change_nothing(client: FlaskClient, action: Any) -> None:
    table = create(client)
    resp = client.post(f"/api/tables/{table['id']}/actions", json={"action": action})
    assert resp.status_code == 400, resp.get_json()
    body = resp.get_json()
    assert body["error"] == "bad_request" and body["message_en"] and body["message_ja"]
    assert client.get(f"/api/tables/{table['id']}").get_json() == table["state"]


def test_cr_refusals_are_422_with_reasons_and_change_nothing(client: FlaskClient) -> None:
    table = create(client, 4)
    tid = table["id"]

    def refused(action: dict[str, Any], code: str) -> None:
        before = client.get(f"/api/tables/{tid}").get_json()
        resp = client.post(f"/api/tables/{tid}/actions", json={"action": action}, headers={"Accept-Language": "ja"})
        assert resp.status_code == 422 and resp.get_json()["error"] == code, resp.get_json()
        assert resp.get_json()["message_ja"] != resp.get_json()["message_en"]
        assert client.get(f"/api/tables/{tid}").get_json() == before

    refused({"type": "pass", "card": 3}, "wrong_step")
    refused({"type": "draw", "card": 3, "player": 2}, "not_your_turn")  # the wrong seat
    refused({"type": "reveal", "seat": 1, "max": 5}, "round_not_over")
    refused({"type": "next_round"}, "round_not_scored")
    refused({"type": "end_round"}, "not_blocked")
    assert client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "draw", "card": 1}}).status_code == 200
    refused({"type": "pair"}, "card_exhausted")
    refused({"type": "pair", "card": 2}, "pair_not_received")
    refused({"type": "declare", "seat": 2, "hand": [5, 5]}, "no_window")
    refused({"type": "declare", "seat": 0, "hand": [1, 3]}, "not_out")
    refused({"type": "declare", "seat": 0, "hand": [1, 2]}, "hand_size_mismatch")
    refused({"type": "pass", "card": 1, "player": 1}, "not_your_turn")
    refused({"type": "declare", "seat": 0, "hand": [1] * 11, "player": 1}, "not_your_turn")  # S's own, CR7
    view = client.get(f"/api/tables/{table['view_id']}").get_json()
    assert view["id"] is None and view["players"][0]["known"]["1"] == 1
    assert client.post(f"/api/tables/{table['view_id']}/actions",
                       json={"action": {"type": "pass", "card": 1}}).status_code == 403


def test_cr_dry_run_and_undo(client: FlaskClient) -> None:
    table = create(client)
    tid = table["id"]
    dry = client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "draw", "card": 4}, "dry_run": True})
    assert dry.status_code == 200 and dry.get_json()["state"]["version"] == 0
    done = client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "draw", "card": 4}}).get_json()
    assert done["state"]["players"][0]["hand"] == 11
    undone = client.post(f"/api/tables/{tid}/undo", json={}).get_json()["state"]
    assert undone["players"][0]["hand"] == 10 and undone["step"] == "draw" and undone["deck"] == 25


def test_cr_options_and_players_are_checked_at_creation(client: FlaskClient) -> None:
    for body in ({"game": "cracker", "players": ["A", "B"]}, {"game": "cracker", "players": NAMES + ["F"]},
                 {"game": "cracker", "players": ["A", "B", "C"], "options": {"rounds": 0}},
                 {"game": "cracker", "players": ["A", "B", "C"], "options": {"rounds": 21}},
                 {"game": "cracker", "players": ["A", "B", "C"], "options": {"deck": {"1": 1}}},
                 {"game": "cracker", "players": ["A", "B", "C"], "options": {"deck": {str(v): 3 for v in
                                                                                     range(1, 11)}}},
                 {"game": "cracker", "players": NAMES, "options": {"deck": {str(v): 5 for v in range(1, 11)}}},
                 {"game": "cracker", "players": ["A", "B", "C"], "options": {"speed": 1}}):
        resp = client.post("/api/tables", json=body)
        assert resp.status_code == 400, (body, resp.get_json())
    games = {g["id"]: g for g in client.get("/api/games").get_json()["games"]}
    assert games["cracker"]["players"] == {"min": 3, "max": 5}
    assert set(games["cracker"]["options"]) == {"rounds", "deck"}
    lost = create(client, 5, deck={**{str(v): v for v in range(1, 11)}, "7": 6})
    assert lost["state"]["deck_total"] == 54 and lost["state"]["deck"] == 4
