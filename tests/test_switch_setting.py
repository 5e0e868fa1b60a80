"""The pages' switch for any true/false table setting (POST /t/<id>/switch): works without script, for every
device at once, and ignores anything that is not a true/false setting of the table's game."""

from __future__ import annotations

import re

from flask.testing import FlaskClient


def _csrf(client: FlaskClient, tid: str) -> str:
    page = client.get(f"/t/{tid}").get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)


def test_a_bool_setting_is_switched_by_a_plain_form(client: FlaskClient) -> None:
    tid = client.post("/api/tables", json={"game": "pyramid", "players": ["Aki", "Ben"]}).get_json()["id"]
    assert client.get(f"/api/tables/{tid}").get_json()["version"] == 0
    csrf = _csrf(client, tid)
    resp = client.post(f"/t/{tid}/switch", data={"name": "risk", "value": "off", "anchor": "#turn",
                                                 "csrf_token": csrf})
    assert resp.status_code == 303 and resp.headers["Location"].endswith("#turn")
    log = client.get(f"/api/tables/{tid}/log").get_json()["events"]
    assert log[-1]["action"] == {"type": "settings", "risk": False}
    # a repeat changes nothing; an unknown option, a non-bool one, a bad value or a hostile anchor are ignored
    for data in ({"name": "risk", "value": "off"}, {"name": "nope", "value": "on"}, {"name": "deck", "value": "on"},
                 {"name": "risk", "value": "maybe"}, {"name": "risk", "value": "off", "anchor": "#x\"><script>"}):
        resp = client.post(f"/t/{tid}/switch", data={**data, "csrf_token": csrf})
        assert resp.status_code == 303 and "<" not in resp.headers["Location"]
    assert len(client.get(f"/api/tables/{tid}/log").get_json()["events"]) == len(log)


def test_the_switch_needs_the_full_link(client: FlaskClient) -> None:
    created = client.post("/api/tables", json={"game": "pyramid", "players": ["Aki", "Ben"]}).get_json()
    csrf = _csrf(client, created["id"])
    resp = client.post(f"/t/{created['view_id']}/switch", data={"name": "risk", "value": "off", "csrf_token": csrf})
    assert resp.status_code == 403
    assert client.get(f"/api/tables/{created['id']}/log").get_json()["events"] == []
