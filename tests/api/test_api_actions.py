"""POST …/actions, …/undo and GET …/log: versions, dry runs, retries, notation and transport refusals."""

from __future__ import annotations

import json
from datetime import datetime

import pytest
from api_harness import TableDriver, canon

RESEARCH = {"type": "research", "from": "deck"}


@pytest.fixture
def t(caller, table) -> TableDriver:
    return TableDriver(caller, table)


def post(client, url, body):
    return client.post(url, json=body)


# --- transport conventions ----------------------------------------------------------------------------

WRITE_PATHS = ("/actions", "/undo", "/melds", "/hints")


@pytest.mark.parametrize("suffix", WRITE_PATHS)
@pytest.mark.parametrize("ctype", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                                   "application/jsonx"])
def test_non_json_body_is_415(client, table, suffix, ctype):
    body = json.dumps({"action": RESEARCH, "cards": [], "player": 0, "hand": []})
    resp = client.post(f"/api/tables/{table['id']}{suffix}", data=body, content_type=ctype)
    assert resp.status_code == 415
    assert resp.get_json()["error"]
    assert client.get(f"/api/tables/{table['id']}").get_json()["version"] == 0


def test_create_with_form_body_is_415(client):
    resp = client.post("/api/tables", data={"players": "a"})
    assert resp.status_code == 415


def test_json_with_charset_is_accepted(client, table):
    resp = client.post(f"/api/tables/{table['id']}/actions", data=json.dumps({"action": RESEARCH}),
                       content_type="application/json; charset=utf-8")
    assert resp.status_code == 200


@pytest.mark.parametrize("suffix", ["", *WRITE_PATHS])
def test_body_too_large_is_413(client, table, suffix):
    url = "/api/tables" if not suffix else f"/api/tables/{table['id']}{suffix}"
    big = json.dumps({"action": RESEARCH, "pad": "x" * 200_000})
    resp = client.post(url, data=big, content_type="application/json")
    assert resp.status_code == 413
    assert resp.get_json()["error"]


@pytest.mark.parametrize("suffix", WRITE_PATHS + ("/log", "/events", ""))
def test_unknown_table_is_404_everywhere(client, suffix):
    url = f"/api/tables/{'Z' * 24}{suffix}"
    resp = client.get(url) if suffix in ("/log", "/events", "") else client.post(url, json={"action": RESEARCH})
    assert resp.status_code == 404
    assert resp.get_json()["error"]


@pytest.mark.parametrize(("suffix", "body"), [
    ("/actions", {"action": RESEARCH}),
    ("/undo", {}),
    ("/hints", {"player": 0, "hand": ["heart-1"]}),
])
def test_view_id_cannot_write_403(client, table, suffix, body):
    resp = client.post(f"/api/tables/{table['view_id']}{suffix}", json=body)
    assert resp.status_code == 403
    assert resp.get_json()["error"]
    assert client.get(f"/api/tables/{table['id']}").get_json()["version"] == 0


def test_view_id_reads_log_and_state(client, table):
    assert client.get(f"/api/tables/{table['view_id']}/log").status_code == 200
    assert client.get(f"/api/tables/{table['view_id']}").status_code == 200


@pytest.mark.parametrize("body", [
    {},
    {"action": None},
    {"action": "research"},
    {"action": []},
    {"action": {}},
    {"action": {"type": "draw"}},
    {"action": {"type": "RESEARCH", "from": "deck"}},
    {"action": {"type": "research"}},
    {"action": {"type": "research", "from": "hand"}},
    {"action": RESEARCH, "version": "0"},
    {"action": RESEARCH, "version": -1},
    {"action": RESEARCH, "version": 0.0},
    {"action": RESEARCH, "version": True},
    {"action": RESEARCH, "dry_run": "yes"},
    {"action": RESEARCH, "dry_run": 1},
    {"action": RESEARCH, "action_id": "short"},
    {"action": RESEARCH, "action_id": "x" * 65},
    {"action": RESEARCH, "action_id": "has space!"},
    {"action": RESEARCH, "action_id": 12345678},
    {"action": {"type": "research", "from": "deck", "player": "0"}},
    {"action": {"type": "research", "from": "deck", "player": -1}},
    {"action": {"type": "research", "from": "deck", "player": True}},
    {"action": {"type": "publish", "cards": ["heart-1"]}},
    {"action": {"type": "publish", "paper": 5, "cards": ["heart-1"]}},
    {"action": {"type": "publish", "paper": "kind3"}},
    {"action": {"type": "publish", "paper": "kind3", "cards": "heart-7"}},
    {"action": {"type": "publish", "paper": "kind3", "cards": ["heart-7"], "cite": 1}},
    {"action": {"type": "publish", "paper": "kind3", "cards": ["heart-7"], "cite": ["1"]}},
    {"action": {"type": "publish", "paper": "kind3", "cards": ["heart-7"], "cite": [0]}},
    {"action": {"type": "review", "card": "heart-7"}},
    {"action": {"type": "review", "paper": "1", "card": "heart-7"}},
])
def test_malformed_action_is_400(client, table, body):
    resp = client.post(f"/api/tables/{table['id']}/actions", json=body)
    assert resp.status_code == 400, (body, resp.get_json())
    err = resp.get_json()
    assert err["error"] and err["message"]
    assert client.get(f"/api/tables/{table['id']}").get_json()["version"] == 0


@pytest.mark.parametrize("raw", [b"{", b"[]", b"42", b'{"action": {"type": "research", "from": "deck"}',
                                 b"\xff"])
def test_bad_json_is_400(client, table, raw):
    resp = client.post(f"/api/tables/{table['id']}/actions", data=raw, content_type="application/json")
    assert resp.status_code == 400


@pytest.mark.parametrize("card", ["heart-9", "joker-1", "coin-14", "coin-0", "coin-K", "coin", "-7", "coin-",
                                  "coin-7-7", "coin–7", "", 7, None, ["coin-7"], {"suit": "coin"}])
def test_bad_card_is_400(t, card):
    for action in ({"type": "endflag", "card": card},
                   {"type": "review", "paper": 1, "card": card},
                   {"type": "publish", "paper": "kind3", "cards": ["heart-7", card]}):
        t.refuse(action, "bad_card", 400)


def test_unknown_paper_type(t):
    # API.md lists unknown_paper without a status; it is a malformed request like an unknown action type.
    body = t.refuse({"type": "publish", "paper": "royal_flush", "cards": ["heart-7"]}, "unknown_paper", 400)
    assert "royal_flush" in body["message"]


# --- card notation ------------------------------------------------------------------------------------

@pytest.mark.parametrize("given", [["heart-A", "suit7-K"], ["HEART-a", "SUIT7-13"], ["Heart-1", "suit7-k"]])
def test_card_notation_round_trip(t, given):
    t.act({"type": "publish", "paper": "ak", "cards": given})
    assert t.state["papers"][0]["cards"] == ["heart-1", "suit7-13"]
    assert t.log()[-1]["action"]["cards"] == ["heart-1", "suit7-13"]
    assert t.get()["papers"][0]["cards"] == ["heart-1", "suit7-13"]


def test_same_card_in_two_notations_is_duplicate(t):
    t.refuse({"type": "publish", "paper": "kind3", "cards": ["coffin-J", "coffin-11", "suit6-11"]},
             "duplicate_card")


def test_review_and_endflag_accept_letters(t):
    t.act({"type": "publish", "paper": "kind3", "cards": ["heart-7", "book-7", "coin-7"]})
    t.act({"type": "review", "paper": 1, "card": "BOOK-7"})
    assert t.state["papers"][0]["cards"] == ["heart-7", "coin-7"]
    assert t.log()[-1]["action"] == {"type": "review", "paper": 1, "card": "book-7"}


# --- versions -----------------------------------------------------------------------------------------

def test_version_counts_every_change_including_undo(t):
    seen = [t.state["version"]]
    t.act(RESEARCH)
    seen.append(t.state["version"])
    t.act(RESEARCH)
    seen.append(t.state["version"])
    t.undo()
    seen.append(t.state["version"])
    t.undo()
    seen.append(t.state["version"])
    t.act(RESEARCH)
    seen.append(t.state["version"])
    assert seen == [0, 1, 2, 3, 4, 5]
    assert t.get()["version"] == 5


def test_undo_restores_the_state_but_not_the_version(t):
    before = t.get()
    t.act({"type": "publish", "paper": "kind3", "cards": ["heart-7", "book-7", "coin-7"]})
    assert t.state["active"] == 1
    after_undo = t.undo()["state"]
    assert after_undo["version"] == 2
    assert {k: v for k, v in after_undo.items() if k != "version"} == {
        k: v for k, v in before.items() if k != "version"}
    assert t.get() == after_undo


def test_stale_version_is_409_and_changes_nothing(t):
    t.act(RESEARCH)
    body = t.refuse(RESEARCH, "stale", 409, version=0)
    assert "1" in body["message"]
    t.refuse(RESEARCH, "stale", 409, version=7)
    t.act(RESEARCH, version=1)
    assert t.state["version"] == 2


def test_undo_with_version(t, caller):
    t.act(RESEARCH)
    status, body = caller.call("POST", f"/api/tables/{t.id}/undo", {"version": 0})
    assert (status, body["error"]) == (409, "stale")
    assert t.get()["version"] == 1
    t.undo(version=1)
    assert t.state["version"] == 2


def test_undo_without_body_and_with_empty_body(client, t):
    t.act(RESEARCH)
    t.act(RESEARCH)
    assert client.post(f"/api/tables/{t.id}/undo").status_code == 200
    assert client.post(f"/api/tables/{t.id}/undo", data=b"", content_type="application/json").status_code == 200


def test_undo_with_a_body_of_whitespace_is_400_and_undoes_nothing(client, t):
    """A body of whitespace is not "no body": it is a body, and not JSON (the OpenAPI fuzzer sent "\n")."""
    t.act(RESEARCH)
    for body in (b"\n", b"  ", b"\t\r\n"):
        resp = client.post(f"/api/tables/{t.id}/undo", data=body, content_type="application/json")
        assert resp.status_code == 400 and resp.get_json()["error"] == "bad_request", body
    assert t.get()["version"] == 1


def test_nothing_to_undo_is_409(t, caller):
    status, body = caller.call("POST", f"/api/tables/{t.id}/undo", {})
    assert (status, body["error"]) == (409, "nothing_to_undo")
    t.act(RESEARCH)
    t.undo()
    status, body = caller.call("POST", f"/api/tables/{t.id}/undo", None)
    assert (status, body["error"]) == (409, "nothing_to_undo")
    assert t.get()["version"] == 2


def test_undo_takes_back_the_whole_turn_step(t):
    """Undo of the End-Flag step, of a turn that ended the game, etc. is covered in test_api_errors;
    here: undo twice walks back two actions in order."""
    t.act(RESEARCH)
    s1 = t.state
    t.act({"type": "research", "from": "discard"})
    t.act(RESEARCH)
    t.undo()
    t.undo()
    assert {k: v for k, v in t.state.items() if k != "version"} == {k: v for k, v in s1.items() if k != "version"}


# --- dry run ------------------------------------------------------------------------------------------

def test_dry_run_stores_nothing_and_answers_the_unchanged_state(t):
    before = t.get()
    body = t.act({"type": "publish", "paper": "kind3", "cards": ["heart-7", "book-7", "coin-7"]}, dry_run=True)
    assert body["state"] == before
    assert t.get() == before
    assert t.log() == []


def test_dry_run_of_an_illegal_action_is_refused(t):
    t.refuse({"type": "pass"}, "pass_not_allowed", dry_run=True)
    t.refuse(RESEARCH, "stale", 409, dry_run=True, version=3)
    assert t.log() == []


# --- action_id ----------------------------------------------------------------------------------------

def test_action_id_replay_returns_the_stored_answer(client, t):
    url = f"/api/tables/{t.id}/actions"
    body = {"action": RESEARCH, "action_id": "tap-0001-abcdef", "version": 0}
    first = client.post(url, json=body)
    assert first.status_code == 200
    again = client.post(url, json=body)
    assert again.status_code == 200
    assert again.get_json() == first.get_json()
    assert len(t.log()) == 1 and t.get()["version"] == 1
    # the retry of a lost answer is recognised even after the table moved on (its version is old)
    t.act(RESEARCH)
    third = client.post(url, json=body)
    assert third.status_code == 200 and third.get_json() == first.get_json()
    assert len(t.log()) == 2 and t.get()["version"] == 2


def test_action_id_is_per_action_not_per_device(t):
    t.act(RESEARCH, action_id="id-aaaaaaaa")
    t.act(RESEARCH, action_id="id-bbbbbbbb")
    assert len(t.log()) == 2


def test_refused_action_id_can_be_used_again(t):
    t.refuse({"type": "pass"}, "pass_not_allowed", action_id="retry-12345")
    t.act(RESEARCH, action_id="retry-12345")
    assert t.state["version"] == 1


def test_dry_run_with_action_id_stores_nothing(t):
    t.act(RESEARCH, action_id="dry-1234567", dry_run=True)
    assert t.log() == []
    t.act(RESEARCH, action_id="dry-1234567")
    assert len(t.log()) == 1


def test_undo_with_action_id_is_idempotent(client, t):
    t.act(RESEARCH)
    url = f"/api/tables/{t.id}/undo"
    a = client.post(url, json={"action_id": "undo-123456"})
    b = client.post(url, json={"action_id": "undo-123456"})
    assert a.status_code == b.status_code == 200
    assert a.get_json() == b.get_json()
    assert len(t.log()) == 2 and t.get()["version"] == 2


# --- player field -------------------------------------------------------------------------------------

def test_player_field(t):
    t.refuse({"type": "research", "from": "deck", "player": 1}, "not_your_turn")
    t.refuse({"type": "research", "from": "deck", "player": 2}, "not_your_turn")
    t.act({"type": "research", "from": "deck", "player": 0})
    assert t.state["active"] == 1
    t.refuse({"type": "pass", "player": 0}, "not_your_turn")
    assert t.log()[-1]["action"]["player"] == 0


# --- log ----------------------------------------------------------------------------------------------

def test_log_entries(t):
    t.act(RESEARCH)
    t.act({"type": "research", "from": "discard"})
    t.act({"type": "publish", "paper": "kind3", "cards": ["heart-7", "book-7", "coin-7"]})
    t.undo()
    events = t.log()
    assert [e["seq"] for e in events] == [1, 2, 3, 4]
    assert [e["seat"] for e in events[:3]] == [0, 1, 2]
    assert events[0]["action"] == RESEARCH
    assert events[1]["action"] == {"type": "research", "from": "discard"}
    assert canon(events[2]["action"]) == {"type": "publish", "paper": "kind3",
                                          "cards": ["heart-7", "book-7", "coin-7"]}
    assert events[3]["action"]["type"] == "undo"
    for e in events:
        assert {"seq", "seat", "action", "at"} <= set(e)
        at = datetime.fromisoformat(e["at"].replace("Z", "+00:00"))
        assert at.tzinfo is not None
    ats = [e["at"] for e in events]
    assert ats == sorted(ats)


def test_log_is_empty_at_start(client, table):
    assert client.get(f"/api/tables/{table['id']}/log").get_json() == {"events": []}
