"""The assistant's answer sent verbatim as the play action, through the real API: for random tables (built
by real plays, jokers and locked sets included), racks and options, every suggestion is accepted as it is
and does what it says (RK6–RK8, RK7iv)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion.games.rummikub import TILE_KINDS, check_set, solver
from companion.web import create_app

pytestmark = pytest.mark.skipif(not solver.available(), reason="highspy is not installed")
COLOURS = "bryk"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FlaskClient]:
    app: Flask = create_app(str(tmp_path_factory.mktemp("rk") / "rk.db"), secret_key="test")
    app.config.update(TESTING=True)
    yield app.test_client()
    app.extensions["companion"].close()
    app.extensions["companion"].store.close()


def random_set(rng: random.Random, bag: list[str]) -> list[str] | None:
    """A run (3–6) or group (3–4) taken from the bag, a joker now and then standing in for a tile."""
    if rng.random() < 0.55:
        colour, length = rng.choice(COLOURS), rng.randint(3, 6)
        start = rng.randint(1, 14 - length)
        wanted = [f"{colour}{n}" for n in range(start, start + length)]
    else:
        num = rng.randint(1, 13)
        wanted = [f"{c}{num}" for c in rng.sample(COLOURS, rng.randint(3, 4))]
    taken, left = [], list(bag)
    for tile in wanted:
        if tile in left and rng.random() > 0.15:
            left.remove(tile)
            taken.append(tile)
        elif "J" in left and rng.random() < 0.7:
            left.remove("J")
            taken.append("J")
        else:
            return None
    if all(t == "J" for t in taken):
        return None
    bag[:] = left
    return taken


class Table:
    def __init__(self, client: FlaskClient, options: dict[str, Any]) -> None:
        self.client = client
        resp = client.post("/api/tables", json={"game": "rummikub", "players": ["Aki", "Ben"], "options": options})
        assert resp.status_code == 201, resp.get_json()
        self.id, self.state = resp.get_json()["id"], resp.get_json()["state"]

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        resp = self.client.post(f"/api/tables/{self.id}{path}", json=body)
        return resp.status_code, resp.get_json()

    def act(self, action: dict[str, Any]) -> dict[str, Any]:
        status, body = self.post("/actions", {"action": action, "version": self.state["version"]})
        assert status == 200, (action, body)
        self.state = body["state"]
        return self.state


@given(seed=st.integers(0, 2**32 - 1), table_tiles=st.integers(0, 24), locked=st.booleans(),
       initial_min=st.sampled_from([1, 20, 30]), asker_melded=st.booleans(),
       objective=st.sampled_from(["tiles", "value"]), rack_size=st.integers(1, 16))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_rk_every_suggestion_sent_verbatim_is_accepted(client: FlaskClient, seed: int, table_tiles: int,
                                                       locked: bool, initial_min: int, asker_melded: bool,
                                                       objective: str, rack_size: int) -> None:
    rng = random.Random(seed)
    bag = [t for t in TILE_KINDS for _ in range(2)]
    rng.shuffle(bag)
    sets: list[list[str]] = []
    while sum(map(len, sets)) < table_tiles:
        s = random_set(rng, bag)
        if s is not None:
            sets.append(s)
    laid_sets = [check_set(s).table_set for s in sets]
    assume(sum(s.value for s in laid_sets if s) >= initial_min or not sets)
    table = Table(client, {"joker_sets_locked": locked, "initial_meld_min": initial_min, "turn_timer": 0})
    asker = 0
    if sets:  # Aki lays the table as her first meld (after drawing enough to keep a tile), then Ben is to play
        while table.state["players"][0]["rack"] <= sum(map(len, sets)):
            table.act({"type": "draw"})
            table.act({"type": "draw"})
        table.act({"type": "play", "table": [{"tiles": list(s.tiles), "kind": s.kind} for s in laid_sets if s]})
        asker = 1
        if asker_melded:  # Ben draws: Aki, melded, is to play
            table.act({"type": "draw"})
            asker = 0
    count = table.state["players"][asker]["rack"]
    rack = bag[:min(rack_size, count)]
    status, hint = table.post("/hints", {"player": asker, "rack": rack, "objective": objective})
    assert status == 200, hint
    assert hint["initial"] is not table.state["players"][asker]["melded"]
    play = hint["play"]
    if play is None:
        return
    before = [t for s in table.state["table"] for t in s["tiles"]]
    report = table.post("/check", {"table": play["table"]})[1]
    assert report["legal"] and report["added"] == play["laid"], (play, report)
    after = table.act({"type": "play", "table": play["table"], "player": asker})  # verbatim
    assert [{"tiles": s["tiles"], "kind": s["kind"]} for s in after["table"]] == play["table"]
    assert [s["stands"] for s in after["table"]] == play["stands"]
    assert Counter(t for s in after["table"] for t in s["tiles"]) == Counter(before) + Counter(play["laid"])
    assert not Counter(play["laid"]) - Counter(rack) and play["tiles"] == len(play["laid"])
    assert after["players"][asker]["rack"] == count - play["tiles"]


def test_rk_the_suggested_table_is_the_play_action_as_it_is(client: FlaskClient) -> None:
    """docs/api.md: play.table is ready to send as a play action; it was refused for its stand-ins (400)."""
    table = Table(client, {})
    status, hint = table.post("/hints", {"player": 0, "rack": ["r9", "J", "r11", "k1"]})
    assert status == 200 and hint["play"]["table"] == [{"tiles": ["r9", "J", "r11"], "kind": "run"}]
    assert hint["play"]["stands"] == [[None, "r10", None]] and hint["play"]["laid"] == ["r9", "r11", "J"]
    after = table.act({"type": "play", "table": hint["play"]["table"]})
    assert after["players"][0]["melded"] and after["players"][0]["rack"] == 11
