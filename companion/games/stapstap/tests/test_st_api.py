"""すたっぷすたっぷ through the JSON API: a scripted game in each mode, seat proofs (403), refusals with codes,
undo limits in phone-box mode, hostile input (4xx, state unchanged), and the log and exports."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from st_api import Table


def test_st2_create_and_set_up_through_the_api(client):
    t = Table(client, 4, start=2)
    s = t.state
    assert s["game"] == "stapstap" and s["step"] == "setup" and s["bank"] == {"dice": 9, "coins": 2}
    assert all(p["dice"] == 3 and p["coins"] == 1 for p in s["players"])
    s = t.act({"type": "deal"})
    assert all(len(p["cards"]) == 3 for p in s["players"])
    s = t.act({"type": "begin"})
    assert s["step"] == "start" and s["parent"] == 2


def test_players_out_of_range(client):
    for n in (2, 7):
        resp = client.post("/api/tables", json={"game": "stapstap", "players": [f"P{i}" for i in range(n)]})
        assert resp.status_code == 400


def test_st7_real_dice_doubt_lie_through_the_api(client):
    t = Table(client)
    t.setup()
    t.act({"type": "roll"})
    t.act({"type": "declare", "face": 6, "card": 2})
    t.refuse({"type": "pass", "player": 2}, 422, "not_asked")
    t.act({"type": "doubt", "player": 1})
    assert t.state["step"] == "reveal"
    s = t.act({"type": "reveal", "face": 1})
    assert s["step"] == "pay" and s["doubt"]["truth"] is False and s["doubt"]["payer"] == 0
    s = t.act({"type": "pay", "what": "coin"})
    assert s["players"][1]["coins"] == 2 and s["parent"] == 1 and s["step"] == "start"


def test_undo_in_real_dice_mode_takes_back_a_reveal(client):
    t = Table(client)
    t.setup()
    t.act({"type": "roll"})
    t.act({"type": "declare", "face": 6, "card": 2})
    t.act({"type": "doubt"})
    t.act({"type": "reveal", "face": 1})
    resp = client.post(f"/api/tables/{t.tid}/undo", json={})
    assert resp.status_code == 200 and resp.get_json()["state"]["step"] == "reveal"


def test_seat_claims_only_in_phone_box_mode(client):
    t = Table(client, mode="dice")
    resp = client.post(f"/api/tables/{t.tid}/seats/0/claim", json={})
    assert resp.status_code == 409


def test_seat_taken(client):
    t = Table(client, mode="box")
    t.claim(0)
    resp = client.post(f"/api/tables/{t.tid}/seats/0/claim", json={})
    assert resp.status_code == 409 and resp.get_json()["error"] == "seat_taken"


def test_phone_box_needs_the_right_phone(client):
    t = Table(client, mode="box")
    t.claim_all()
    t.setup()
    t.refuse({"type": "roll"}, 403, "seat_proof_needed")
    t.refuse({"type": "roll"}, 403, "seat_proof_needed", seat=1)
    t.act({"type": "roll"}, seat=0)
    t.act({"type": "declare", "face": 3, "card": 1}, seat=0)
    t.refuse({"type": "pass"}, 403, "seat_proof_needed", seat=2)  # Ben is asked, not Cho
    t.refuse({"type": "pass", "player": 2}, 422, "not_asked", seat=2)  # Cho's own phone, out of order
    t.refuse({"type": "doubt", "player": 0}, 422, "parent_cannot_doubt", seat=0)
    t.act({"type": "pass"}, seat=1)
    assert t.state["to_ask"] == [2]


def test_undo_blocked_for_a_phone_box_roll_and_a_revealed_doubt(client):
    t = Table(client, mode="box")
    t.claim_all()
    t.setup()
    t.act({"type": "roll"}, seat=0)
    resp = client.post(f"/api/tables/{t.tid}/undo", json={}, headers=t.headers(0))
    assert resp.status_code == 422 and resp.get_json()["error"] == "undo_secret_roll"
    t.act({"type": "declare", "face": 3, "card": 1}, seat=0)
    resp = client.post(f"/api/tables/{t.tid}/undo", json={}, headers=t.headers(0))
    assert resp.status_code == 200 and resp.get_json()["state"]["step"] == "rolled"  # a declaration may be taken back
    t.act({"type": "declare", "face": 3, "card": 1}, seat=0)
    t.act({"type": "doubt"}, seat=1)
    assert t.state["doubt"]["face"] in range(1, 7)
    resp = client.post(f"/api/tables/{t.tid}/undo", json={})
    if t.state["step"] == "pay":  # first the payment choice, if any, is still open: nothing to undo there yet
        pass
    assert resp.status_code == 422 and resp.get_json()["error"] == "undo_revealed"


def _undo(client: FlaskClient, t: Table, seat: int | None, **body) -> object:
    return client.post(f"/api/tables/{t.tid}/undo", json=body, headers=t.headers(seat))


def test_st4b_undo_needs_the_proof_the_undone_action_needed(client):
    """Phone box: a phone without the parent's token cannot take back the parent's declaration, nor one
    player's phone another's pass; the phone that acted (or would have to act) can. Nothing changes on a
    refusal; a dry run is refused the same way."""
    t = Table(client, mode="box")
    t.claim_all()
    t.setup()
    t.act({"type": "roll"}, seat=0)
    t.act({"type": "declare", "face": 3, "card": 1}, seat=0)
    before = t.get(0)
    for seat in (None, 1, 2):
        resp = _undo(client, t, seat)
        assert resp.status_code == 403 and resp.get_json()["error"] == "seat_proof_needed", seat
        assert "Aki" in resp.get_json()["message_en"] and "Aki" in resp.get_json()["message_ja"]
        assert _undo(client, t, seat, dry_run=True).status_code == 403
    assert t.get(0) == before  # nothing changed
    t.act({"type": "pass"}, seat=1)
    for seat in (None, 0, 2):
        resp = _undo(client, t, seat)
        assert resp.status_code == 403 and resp.get_json()["error"] == "seat_proof_needed", seat
    resp = _undo(client, t, 1)  # Ben takes back his own pass
    assert resp.status_code == 200 and resp.get_json()["state"]["to_ask"] == [1, 2]
    resp = _undo(client, t, 0)  # and Aki her declaration
    assert resp.status_code == 200 and resp.get_json()["state"]["step"] == "rolled"


def test_undo_with_real_dice_needs_no_seat_proof(client):
    """With real dice one phone may run the table: undo asks for no token."""
    t = Table(client)
    t.setup()
    t.act({"type": "roll"})
    t.act({"type": "declare", "face": 3, "card": 1})
    resp = client.post(f"/api/tables/{t.tid}/undo", json={})
    assert resp.status_code == 200 and resp.get_json()["state"]["step"] == "rolled"


@pytest.mark.parametrize("action", [
    {"type": "fly"}, {"type": 3}, {"type": "declare", "face": "3", "card": 1},
    {"type": "declare", "face": 0, "card": 1},
    {"type": "declare", "face": 10**30, "card": 1}, {"type": "declare", "face": 3, "card": 1, "extra": 1},
    {"type": "pay", "what": "gold"}, {"type": "cards", "seat": 0, "cards": [1, 1, 2]}, {"type": "lift", "card": []},
    {"type": "pass", "player": 99}, {"type": "pass", "player": True}, {"type": "pass", "player": "1"}, [], "roll", None,
    {"type": "declare", "card": 1}, {"type": "cards", "seat": "0", "cards": [1, 2, 3]}, {"type": "roll", "salt": "a\n"},
    {"type": "points", "table": [[1] * 6] * 5}, {"type": "points", "table": [[-1] * 6] * 6},
    {"type": "roll", "salt": "<script>"}, {"type": "deal", "cards": [[1, 2, 3]]},
])
def test_hostile_input_is_refused_with_400_and_changes_nothing(client, action):
    t = Table(client)
    t.setup()
    t.act({"type": "roll"})
    t.refuse(action, 400, _code(action))


def _code(action):
    if isinstance(action, dict) and action.get("type") == "declare" and action.get("face") in (0, 10**30, "3"):
        return "bad_face"
    if isinstance(action, dict) and action.get("type") == "cards" and action.get("seat") == 0:
        return "bad_cards"
    return "bad_request"


def test_wrong_step_and_game_over_refusals(client):
    t = Table(client)
    t.refuse({"type": "roll"}, 422, "wrong_step")
    t.setup()
    t.refuse({"type": "pay", "what": "die"}, 422, "wrong_step")
    t.refuse({"type": "next_game"}, 422, "wrong_step")
    t.refuse({"type": "begin"}, 422, "wrong_step")


def test_stale_version_refused(client):
    t = Table(client)
    t.setup()
    resp = t.post({"type": "roll"}, version=0)
    assert resp.status_code == 409 and resp.get_json()["error"] == "stale"


def test_dry_run_stores_nothing(client):
    t = Table(client, mode="box")
    t.claim_all()
    t.setup()
    version = t.get()["version"]
    resp = t.post({"type": "roll"}, seat=0, dry_run=True)
    assert resp.status_code == 200 and resp.get_json()["legal"] is True
    assert t.get()["version"] == version and t.get(0)["box"] is None


def test_log_and_csv_exports(client):
    t = Table(client)
    t.setup()
    t.act({"type": "roll"})
    t.act({"type": "declare", "face": 4, "card": 3})
    events = client.get(f"/api/tables/{t.tid}/log").get_json()["events"]
    assert [e["action"]["type"] for e in events][-2:] == ["roll", "declare"]
    csv = client.get(f"/t/{t.tid}/log.csv")
    assert csv.status_code == 200 and b"declare" in csv.data


def test_openapi_and_games_list_know_stapstap(client):
    games = client.get("/api/games").get_json()
    ids = [g["id"] for g in (games["games"] if isinstance(games, dict) else games)]
    assert "stapstap" in ids
    doc = client.get("/api/openapi.json").get_json()
    text = str(doc)
    assert "StapstapAction" in text or "stapstap" in text
    assert "undo_secret_roll" in text
