"""Read-only (view_id) pages and endpoints can never act, and never show the full id."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from security_harness import NAMES, new_table

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


@pytest.fixture
def played(client: FlaskClient) -> dict[str, Any]:
    """A 4-player table with a few moves, an undo and a settings change: every kind of log entry."""
    table = new_table(client, NAMES[:4])
    tid = table["id"]
    for body in ({"action": {"type": "research", "from": "deck"}, "action_id": "first-move-1"},
                 {"action": {"type": "research", "from": "discard"}},
                 {"action": {"type": "research", "from": "deck"}}):
        assert client.post(f"/api/tables/{tid}/actions", json=body).status_code == 200
    assert client.post(f"/api/tables/{tid}/undo").status_code == 200
    assert client.post(f"/api/tables/{tid}/settings", json={"suit_names": {"coin": "Gold"}}).status_code == 200
    table["state"] = client.get(f"/api/tables/{tid}").get_json()
    return table


API_WRITES = [
    ("actions", {"action": {"type": "research", "from": "deck"}}),
    ("actions", {"action": {"type": "research", "from": "deck"}, "dry_run": True}),
    ("actions", {"action": {"type": "pass"}, "version": 5, "action_id": "view-id-try-1"}),
    ("undo", None),
    ("undo", {}),
    ("undo", {"version": 5}),
    ("settings", {"hints": False}),
    ("settings", {"suit_names": {"coin": "Stolen"}}),
    ("hints", {"player": 0, "hand": ["coin-3"]}),
]


@pytest.mark.parametrize(("name", "body"), API_WRITES)
def test_view_id_cannot_write_through_the_api(client: FlaskClient, played: dict[str, Any], name: str,
                                              body: Any) -> None:
    path = f"/api/tables/{played['view_id']}/{name}"
    resp = client.post(path, json=body) if body is not None else client.post(path)
    assert resp.status_code == 403
    answer = resp.get_json()
    assert answer["error"] == "read_only" and answer["message"]
    assert played["id"] not in resp.get_data(as_text=True)
    assert client.get(f"/api/tables/{played['id']}").get_json() == played["state"]


def test_view_id_cannot_write_through_the_pages(app: Flask, client: FlaskClient, played: dict[str, Any]) -> None:
    token = TOKEN.search(client.get("/").get_data(as_text=True)).group(1)
    vid = played["view_id"]
    attempts = [
        (f"/t/{vid}/act", {"type": "research", "from": "deck"}),
        (f"/t/{vid}/act", {"type": "pass", "version": str(played["state"]["version"])}),
        (f"/t/{vid}/undo", {}),
        (f"/t/{vid}/me", {"seat": "0"}),
        (f"/v/{vid}/act", {"type": "research", "from": "deck"}),
        (f"/v/{vid}/undo", {}),
    ]
    for path, form in attempts:
        resp = client.post(path, data={**form, "csrf_token": token}, headers={"HX-Request": "true"})
        assert resp.status_code in (403, 404, 405), (path, resp.status_code)
        assert played["id"] not in resp.get_data(as_text=True), path
        assert "Set-Cookie" not in resp.headers or "me=" not in resp.headers["Set-Cookie"], path
    assert client.get(f"/api/tables/{played['id']}").get_json() == played["state"]


def test_full_id_pages_reached_with_a_view_id_stay_read_only(client: FlaskClient, played: dict[str, Any]) -> None:
    vid = played["view_id"]
    for path in (f"/t/{vid}", f"/t/{vid}/undo"):
        resp = client.get(path)
        assert resp.status_code in (302, 303, 403, 404), path
        if resp.status_code in (302, 303):
            assert resp.headers["Location"].endswith(f"/v/{vid}")
    assert client.get(f"/t/{vid}/qr.svg").status_code in (403, 404)


def test_no_read_only_answer_shows_the_full_id(client: FlaskClient, played: dict[str, Any]) -> None:
    tid, vid = played["id"], played["view_id"]
    reads = [f"/v/{vid}", f"/v/{vid}?picker=open", f"/v/{vid}/fragment", f"/v/{vid}/log.json", f"/v/{vid}/log.csv",
             f"/v/{vid}/qr.svg", f"/api/tables/{vid}", f"/api/tables/{vid}/log", f"/v/{vid}?lang=ja",
             f"/v/{vid}/fragment?lang=ja"]
    for path in reads:
        resp = client.get(path)
        assert resp.status_code == 200, path
        text = resp.get_data(as_text=True)
        assert tid not in text, f"{path} shows the full id"
        assert vid in text or not path.startswith("/v/") or path.endswith((".svg", ".csv")), path
    for path in (f"/api/tables/{vid}/events", f"/v/{vid}/live", f"/t/{vid}/live", f"/v/{vid}/live?lang=ja"):
        stream = client.get(path, buffered=False)  # the page's stream carries the whole fragment
        try:
            chunk = next(iter(stream.response))
            chunk = chunk if isinstance(chunk, bytes) else chunk.encode()
            assert tid.encode() not in chunk, f"{path} shows the full id"
            assert path.startswith("/api/") or b"event: table" in chunk, path
        finally:
            stream.close()
    assert client.get(f"/api/tables/{vid}").get_json()["id"] is None


def test_read_only_page_offers_no_way_to_act(client: FlaskClient, played: dict[str, Any]) -> None:
    html = client.get(f"/v/{played['view_id']}").get_data(as_text=True)
    assert "/act" not in html and "/undo" not in html
    assert 'data-full="0"' in html or "data-full" not in html
