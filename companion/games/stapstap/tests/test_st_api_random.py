"""Random whole games of すたっぷすたっぷ through the JSON API, both modes, 3–6 seats, each phone with its own seat
token in phone-box mode. After every answer: ST15 (21 dice, 6 coins), the STATE and the log valid against the
OpenAPI document, the secret face only on the parent's own phone. Every game ends (the players stop doubting
after a while, ST13), and a cold service replaying the log gives the same STATE."""

from __future__ import annotations

import random

import pytest
from jsonschema import Draft202012Validator
from st_api import Table

from companion.service import TableService
from companion.store import open_store
from companion.web.openapi import document

pytestmark = pytest.mark.slow



@pytest.fixture(scope="module")
def validators():
    doc = document()
    comps = doc["components"]

    def make(name):
        return Draft202012Validator({**comps["schemas"][name], "components": comps})
    return make("State_stapstap"), make("LoggedAction")


def conserved(s):
    dice = s["bank"]["dice"] + sum(p["dice"] + sum(1 for c in p["cards"] if c["face"]) for p in s["players"])
    dice += 1 if s["box"] is not None else 0
    coins = s["bank"]["coins"] + sum(p["coins"] for p in s["players"])
    return dice, coins


def moves(s, rnd, doubt_p):
    step = s["step"]
    if step == "setup":
        return [{"type": "begin"}] if all(p["cards"] for p in s["players"]) else [{"type": "deal"}]
    if step == "scored":
        return [{"type": "next_game"}]
    p = s["players"][s["parent"]] if s["parent"] is not None else None
    if step == "start":
        out = [{"type": "roll"}, {"type": "bank_die"}, {"type": "skip"}]
        out += [{"type": "lift", "card": c["card"]} for c in p["cards"] if c["face"]]
        rnd.shuffle(out)
        return sorted(out, key=lambda a: a["type"] != "roll")  # mostly roll
    if step == "rolled":
        empty = [c["card"] for c in p["cards"] if c["face"] is None]
        out = [{"type": "declare", "face": rnd.randint(1, 6), "card": rnd.choice(empty)}]
        return ([{"type": "retract"}] + out) if rnd.random() < 0.1 else out + [{"type": "retract"}]
    if step == "challenge":
        return [{"type": "doubt"}] if rnd.random() < doubt_p else [{"type": "pass"}]
    if step == "reveal":
        return [{"type": "reveal", "face": rnd.randint(1, 6)}]
    if step == "pay":
        return [{"type": "pay", "what": rnd.choice(["die", "coin"])}, {"type": "pay", "what": "die"},
                {"type": "pay", "what": "coin"}]
    if step == "take":
        d = s["doubt"]
        return [{"type": "take", "card": c["card"]} for c in s["players"][d["doubter"]]["cards"] if c["face"]]
    return []


def play(client, n, mode, seed, validators):
    state_v, logged_v = validators
    rnd = random.Random(seed)
    t = Table(client, n, mode=mode, start=rnd.randrange(n))
    if mode == "box":
        t.claim_all()
    steps = 0
    while not t.state["over"]:
        steps += 1
        assert steps < 3000
        doubt_p = 0.4 if steps < 150 else 0.0
        for action in moves(t.state, rnd, doubt_p):
            seat = t.actor()
            resp = t.post(action, seat)
            if resp.status_code == 200:
                t.state = resp.get_json()["state"]
                break
            assert resp.status_code == 422, resp.get_json()
        else:
            raise AssertionError(f"no move accepted at {t.state['step']}")
        s = t.state
        assert conserved(s) == (21, 6) and s["dice_total"] == 21
        errors = list(state_v.iter_errors(s))
        assert not errors, errors[0]
        if s["box"] is not None:
            for seat in range(n):
                seen = t.get(seat)["box"]["face"]
                if mode == "box" and seat == s["parent"]:
                    assert seen in range(1, 7)
                else:
                    assert seen is None
            assert t.get(view=True)["box"]["face"] is None
    events = client.get(f"/api/tables/{t.tid}/log").get_json()["events"]
    for e in events:
        errors = list(logged_v.iter_errors(e["action"]))
        assert not errors, (e, errors[0])
        if e["action"]["type"] == "roll":
            assert "face" not in e["action"] and "salt" not in e["action"]
    return t


@pytest.mark.parametrize(("n", "mode", "seed"), [(3, "dice", 1), (4, "box", 2), (5, "dice", 3), (6, "box", 4),
                                                  (3, "box", 5), (4, "dice", 6)])
def test_random_whole_games(app, client, validators, db_location, n, mode, seed):
    t = play(client, n, mode, seed, validators)
    assert t.state["over"] and len(t.state["scores"]) == 2
    # a cold service (nothing cached) replays the log to the same STATE
    cold = TableService(open_store(db_location))  # the same database, nothing cached
    try:
        snap = cold.snapshot(t.tid)
        again = cold.answer(snap)
    finally:
        cold.store.close()
    assert {k: v for k, v in again.items() if k != "proven"} == {k: v for k, v in t.get().items() if k != "proven"}
