"""Review of the multi-game core and Rummikub: regressions for the defects found, and the guarantees checked
(read-only ids, escaping, CSRF, CSP, no 5xx on odd input, replay, settings, history, migration, home form)."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.service import TableService
from companion.store import open_store
from companion.web import create_app

HOSTILE = "<img src=x onerror=alert(1)>"
HOSTILE_2 = '"><svg onload=x>'
RUN_14 = [["r1", "r2", "r3", "r4", "r5", "r6", "r7"], ["b1", "b2", "b3", "b4", "b5", "b6", "b7"]]
RACK_14 = ["k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9", "k10", "k11", "k12", "k13", "J"]


@pytest.fixture
def app(tmp_path) -> Iterator[Flask]:
    app = create_app(str(tmp_path / "review.db"), secret_key="x")
    app.config.update(TESTING=True)
    yield app
    app.extensions["companion"].close()
    app.extensions["companion"].store.close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def new_table(client: FlaskClient, names: list[str] | None = None, **options: Any) -> tuple[str, str]:
    resp = client.post("/api/tables", json={"game": "rummikub", "players": names or ["Ann", "Bo", "Chie"],
                                            "start": 0, "options": options})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()["id"], resp.get_json()["view_id"]


def state(client: FlaskClient, tid: str) -> dict[str, Any]:
    return client.get(f"/api/tables/{tid}").get_json()


def api_act(client: FlaskClient, tid: str, action: dict[str, Any]) -> dict[str, Any]:
    resp = client.post(f"/api/tables/{tid}/actions", json={"action": action, "version": state(client, tid)["version"]})
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()["state"]


def token(client: FlaskClient) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/").get_data(as_text=True))
    assert found
    return found.group(1)


def cold_answer(app: Flask, tid: str) -> dict[str, Any]:
    """STATE from a fresh service that replays the log (no cache)."""
    cold = TableService(open_store(app.extensions["companion"].store.path))
    try:
        return cold.answer(cold.snapshot(tid))
    finally:
        cold.store.close()


def hot_answer(app: Flask, tid: str) -> dict[str, Any]:
    svc = app.extensions["companion"]
    return svc.answer(svc.snapshot(tid))


# --- defects found in review (each failed before its fix) ---------------------------------------------------------


def test_the_hints_setting_is_not_frozen_into_the_rummikub_state(app: Flask, client: FlaskClient) -> None:
    """The state used to copy every option, the ``hints`` setting too: after the switch, the cached state said
    options.hints true while a cold replay (and the top-level ``hints``) said false."""
    tid, _ = new_table(client)
    api_act(client, tid, {"type": "draw"})
    assert client.post(f"/api/tables/{tid}/settings", json={"hints": False}).status_code == 200
    hot = hot_answer(app, tid)
    assert hot["hints"] is False and hot["options"]["hints"] is False
    assert cold_answer(app, tid) == hot
    svc = app.extensions["companion"]
    cold = TableService(open_store(svc.store.path))
    assert cold.snapshot(tid).state == svc.snapshot(tid).state
    cold.store.close()


@pytest.mark.parametrize(("method", "path"), [("get", "actions"), ("get", "undo"), ("get", "settings"),
                                              ("post", "log"), ("post", "events")])
def test_fixed_table_routes_answer_405_for_the_other_method(client: FlaskClient, method: str, path: str) -> None:
    """The generic question route used to swallow these and answer 404 (a11c102 answered 405)."""
    tid, _ = new_table(client)
    resp = getattr(client, method)(f"/api/tables/{tid}/{path}", json={} if method == "post" else None)
    assert resp.status_code == 405 and resp.get_json()["error"] == "method_not_allowed"


@pytest.mark.parametrize("digit", ["٣", "３", "³"])
def test_home_form_start_seat_takes_ascii_digits_only(client: FlaskClient, digit: str) -> None:
    """int() reads Arabic-Indic and fullwidth digits: "٣" used to start the table at seat 3."""
    form = {"csrf_token": token(client), "game": "rummikub", "name0": "A", "name1": "B", "name2": "C", "name3": "D"}
    assert client.post("/", data={**form, "start": digit}).status_code == 400
    resp = client.post("/", data={**form, "start": "3"})
    assert resp.status_code == 303
    assert state(client, resp.headers["Location"].rsplit("/", 1)[-1])["start"] == 3


def test_a_choice_option_is_stored_as_the_choice_itself(client: FlaskClient) -> None:
    """50.0 used to be accepted and stored as 50.0 (while initial_meld_min: 30.0 is refused)."""
    tid, _ = new_table(client, joker_penalty=50.0, turn_timer=30.0)
    options = state(client, tid)["options"]
    assert type(options["joker_penalty"]) is int and type(options["turn_timer"]) is int


# --- checked in review: the guarantees hold -------------------------------------------------------------------------


def test_generic_question_route(client: FlaskClient) -> None:
    tid, vid = new_table(client)
    assert client.post(f"/api/tables/{tid}/nope", json={}).status_code == 404
    assert client.post(f"/api/tables/{tid}/melds", json={}).status_code == 404  # Laminate's, not this table's
    assert client.get(f"/api/tables/{tid}/check").status_code == 405
    assert client.get(f"/api/tables/{vid}/hints").status_code == 405
    assert client.post("/api/tables/zzzzzzzzzzzz/check", json={"table": []}).status_code == 404
    assert client.post(f"/api/tables/{vid}/check", json={"table": []}).status_code == 200  # public question


def test_a_view_id_never_acts_nor_asks_the_private_question(client: FlaskClient) -> None:
    tid, vid = new_table(client)
    before = state(client, tid)["version"]
    for path, body in (("actions", {"action": {"type": "draw"}}), ("undo", {}), ("settings", {"hints": False}),
                       ("hints", {"player": 0, "rack": ["r1"]})):
        resp = client.post(f"/api/tables/{vid}/{path}", json=body)
        assert resp.status_code == 403 and resp.get_json()["error"] == "read_only", path
    csrf = token(client)
    for path in ("act", "undo", "assistant", "me"):
        assert client.post(f"/t/{vid}/{path}", data={"csrf_token": csrf, "type": "draw", "hints": "off",
                                                      "seat": "0"}).status_code == 403
    assert state(client, tid)["version"] == before
    assert client.get(f"/api/tables/{vid}").get_json()["id"] is None
    for path in (f"/v/{vid}", f"/v/{vid}/fragment", f"/v/{vid}/log.json", f"/v/{vid}/log.csv",
                 f"/api/tables/{vid}/log", f"/t/{vid}/fragment", f"/v/{vid}/qr.svg"):
        resp = client.get(path, follow_redirects=True)
        assert resp.status_code == 200 and tid not in resp.get_data(as_text=True), path
    assert client.get(f"/t/{vid}/qr.svg").status_code == 404


class _Page(HTMLParser):
    """Inline scripts, style attributes, handlers; POST forms without a CSRF token."""

    def __init__(self) -> None:
        super().__init__()
        self.inline: list[Any] = []
        self.forms: list[bool] = []  # per POST form: carries csrf_token?
        self._in_post = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "script" and "src" not in found:
            self.inline.append(tag)
        self.inline.extend((tag, a) for a, _ in attrs if a == "style" or a.startswith("on"))
        if tag == "form" and (found.get("method") or "").lower() == "post":
            self._in_post = True
            self.forms.append(False)
        if tag == "input" and self._in_post and found.get("name") == "csrf_token" and found.get("value"):
            self.forms[-1] = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._in_post = False


def _check_pages(client: FlaskClient, tid: str, vid: str) -> None:
    for lang in ("en", "ja"):
        for path in (f"/t/{tid}", f"/t/{tid}/fragment", f"/v/{vid}", f"/v/{vid}/fragment", f"/t/{tid}/undo"):
            resp = client.get(path, headers={"Accept-Language": lang})
            assert resp.status_code == 200, path
            html = resp.get_data(as_text=True)
            assert HOSTILE not in html and HOSTILE_2 not in html, path
            page = _Page()
            page.feed(html)
            assert not page.inline, (path, page.inline)
            assert all(page.forms), path
            if path.startswith("/v/"):
                assert tid not in html and "<form" not in html


def test_every_rummikub_phase_escapes_names_and_keeps_csrf_and_csp(client: FlaskClient) -> None:
    tid, vid = new_table(client, [HOSTILE, HOSTILE_2], rounds=2)
    csrf = token(client)
    client.post(f"/t/{tid}/me", data={"csrf_token": csrf, "seat": "1"})
    _check_pages(client, tid, vid)  # play, assistant shown
    client.post(f"/t/{tid}/act", data={"csrf_token": csrf, "type": "play", "table": "<b>x</b>\nr1 r2"})
    _check_pages(client, tid, vid)  # a refusal echoed in place
    api_act(client, tid, {"type": "play", "table": RUN_14})
    _check_pages(client, tid, vid)  # racks
    client.post(f"/t/{tid}/act", data={"csrf_token": csrf, "type": "rack", "seat": "1", "tiles": "<b>k1</b>"})
    _check_pages(client, tid, vid)
    api_act(client, tid, {"type": "rack", "seat": 1, "tiles": RACK_14})
    _check_pages(client, tid, vid)  # scored
    api_act(client, tid, {"type": "next_round"})
    client.post(f"/t/{tid}/assistant", data={"csrf_token": csrf, "hints": "off"})
    _check_pages(client, tid, vid)
    html = client.get("/rules/rummikub").get_data(as_text=True)
    page = _Page()
    page.feed(html)
    assert not page.inline


ODD_FORMS: list[dict[str, Any]] = [
    {}, {"type": "play"}, {"type": "play", "table": "x" * 5000},
    {"type": "play", "table": "\n".join(["r1 r2 r3"] * 60)},
    {"type": "play", "table": "J J J J J"}, {"type": "play", "table": "run"}, {"type": "play", "table": "r1\x00 r2"},
    {"type": "rack"}, {"type": "rack", "seat": "٣", "tiles": "r1"}, {"type": "rack", "seat": "9" * 5000, "tiles": "r1"},
    {"type": "rack", "seat": "-1", "tiles": "r1"}, {"type": "rack", "seat": "1", "tiles": "r1 r1 r1"},
    {"type": ["draw", "pass"]}, {"type": "draw", "player": "x"}, {"type": "settings"}, {"type": "undo"},
    {"type": "draw", "version": "١٢"}, {"type": "draw", "version": "9" * 5000}, {"type": "draw", "action_id": "é" * 20},
    {"type": "next_round"}, {"type": "timeout"}, {"type": "pass"}, {"type": "x" * 10000},
]


@pytest.mark.parametrize("htmx", [False, True])
def test_odd_form_posts_never_fail_with_5xx(client: FlaskClient, htmx: bool) -> None:
    tid, _ = new_table(client)
    csrf = token(client)
    headers = {"HX-Request": "true"} if htmx else {}
    for fields in ODD_FORMS:
        resp = client.post(f"/t/{tid}/act", data={"csrf_token": csrf, **fields}, headers=headers)
        assert resp.status_code < 500, fields
        assert client.get(f"/t/{tid}").status_code == 200, fields
    raw = f"csrf_token={csrf}&type=%ED%A0%80&table=%ED%A0%80"
    resp = client.post(f"/t/{tid}/act", data=raw, content_type="application/x-www-form-urlencoded")
    assert resp.status_code < 500
    for path, fields in (("assistant", {"hints": "maybe"}), ("me", {"seat": "٣"}), ("undo", {"version": "١"})):
        assert client.post(f"/t/{tid}/{path}", data={"csrf_token": csrf, **fields}).status_code < 500


ODD_VALUES: list[Any] = ["x", -1, 10**30, 1.5, True, None, [], {}, "r1", ["r1"] * 200, [["r1"]], "٣", "ｒ１", 2**63]


def test_odd_json_never_fails_with_5xx(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    for v in ODD_VALUES:
        for path, body in (
            ("check", {"table": v}), ("check", {"table": [v]}), ("check", {"table": [{"tiles": v}]}),
            ("check", {"table": [{"tiles": ["r1", "r2", "r3"], "kind": v}]}),
            ("hints", {"player": v, "rack": ["r1"]}), ("hints", {"player": 0, "rack": v}),
            ("hints", {"player": 0, "rack": [v]}), ("hints", {"player": 0, "rack": ["r1"], "objective": v}),
            ("settings", {"hints": v}), ("settings", {"rounds": v}),
            ("actions", {"action": {"type": "play", "table": v}}),
            ("actions", {"action": {"type": "rack", "seat": v, "tiles": ["r1"]}}), ("actions", {"action": v}),
        ):
            resp = client.post(f"/api/tables/{tid}/{path}", json=body)
            assert resp.status_code < 500, (path, body)
        resp = client.post("/api/tables", json={"game": "rummikub", "players": ["A", "B"], "options": {"rounds": v}})
        assert resp.status_code in (201, 400)
    for raw in ('{"game":"rummikub","players":["A","B"],"options":{"rounds":1e999}}', "[]", '"x"',
                '{"game":"rummikub","players":["A","B"],"options":{"rounds":NaN}}'):
        assert client.post("/api/tables", data=raw, content_type="application/json").status_code == 400


def test_undo_and_rounds_replay_to_the_cached_state(app: Flask, client: FlaskClient) -> None:
    tid, _ = new_table(client, ["Ann", "Bo"], rounds=2)
    api_act(client, tid, {"type": "play", "table": RUN_14})
    api_act(client, tid, {"type": "rack", "seat": 1, "tiles": RACK_14})
    assert client.post(f"/api/tables/{tid}/settings", json={"hints": False}).status_code == 200
    api_act(client, tid, {"type": "next_round"})
    assert client.post(f"/api/tables/{tid}/undo", json={}).status_code == 200
    api_act(client, tid, {"type": "next_round"})
    api_act(client, tid, {"type": "draw"})
    assert client.post(f"/api/tables/{tid}/undo", json={}).status_code == 200
    assert cold_answer(app, tid) == hot_answer(app, tid)
    texts = [e["text"] for e in client.get(f"/t/{tid}/log.json").get_json()["events"]]
    assert "The best-play assistant was turned off for the table." in texts
    assert texts[-1] == "Undo: Bo drew a tile." and texts[-4] == "Undo: Round 2 begins; Bo starts."


def test_home_form_creates_a_rummikub_table_with_its_options(client: FlaskClient) -> None:
    home = client.get("/").get_data(as_text=True)
    assert 'name="opt-rummikub-rounds"' in home and 'name="opt-rummikub-hints"' in home
    form = {"csrf_token": token(client), "game": "rummikub", "name0": "A", "name1": "B", "start": "1",
            "opt-rummikub-rounds": "5", "opt-rummikub-turn_timer": "0", "opt-rummikub-joker_penalty": "30",
            "opt-rummikub-joker_sets_locked": ["off", "on"], "opt-rummikub-hints": ["off"],
            "opt-rummikub-blocked_scoring": "plain", "opt-rummikub-initial_meld_min": "25",
            "opt-laminate-hints": "on"}
    resp = client.post("/", data=form)
    assert resp.status_code == 303
    s = state(client, resp.headers["Location"].rsplit("/", 1)[-1])
    assert s["game"] == "rummikub" and s["start"] == 1 and s["hints"] is False
    assert s["options"] == {"blocked_scoring": "plain", "hints": False, "initial_meld_min": 25, "joker_penalty": 30,
                            "joker_sets_locked": True, "rounds": 5, "timeout_penalty_tiles": 3, "turn_timer": 0}
    for bad in ({"opt-rummikub-rounds": "٣"}, {"opt-rummikub-rounds": "9" * 5000}, {"opt-rummikub-turn_timer": "61"}):
        assert client.post("/", data={**form, **bad}).status_code == 400


def test_a_version_1_database_opens_and_keeps_its_tables(tmp_path) -> None:
    path = str(tmp_path / "v1.db")
    conn = sqlite3.connect(path)
    conn.executescript("""
        CREATE TABLE tables (id TEXT PRIMARY KEY, view_id TEXT NOT NULL, players TEXT NOT NULL,
            start INTEGER NOT NULL, hints INTEGER NOT NULL, created_at TEXT NOT NULL, settings TEXT);
        CREATE UNIQUE INDEX idx_tables_view_id ON tables (view_id);
        CREATE TABLE events (table_id TEXT REFERENCES tables(id), seq INTEGER, kind TEXT NOT NULL, seat INTEGER,
            action TEXT NOT NULL, undoes INTEGER, action_id TEXT, answer TEXT, at TEXT NOT NULL,
            PRIMARY KEY (table_id, seq));
    """)
    conn.execute("INSERT INTO tables VALUES (?, ?, ?, 0, 0, '2024-01-01T00:00:00.000Z', '{}')",
                 ("oldtable0001", "oldview00001", json.dumps(["A", "B", "C"])))
    conn.commit()
    conn.close()
    app = create_app(path, secret_key="x")
    client = app.test_client()
    s = client.get("/api/tables/oldtable0001").get_json()
    assert s["game"] == "laminate" and s["hints"] is False
    assert client.get("/t/oldtable0001").status_code == 200 and client.get("/").status_code == 200
    assert client.post("/api/tables/oldtable0001/settings", json={"hints": True}).get_json()["state"]["hints"]
    assert client.post("/api/tables", json={"game": "rummikub", "players": ["A", "B"]}).status_code == 201
    app.extensions["companion"].store.close()
