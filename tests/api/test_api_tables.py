"""POST /api/tables and GET /api/tables/{id}: creation, validation, and the exact STATE shape (API.md)."""

from __future__ import annotations

import pytest
from api_harness import NAMES, STATE_KEYS, check_invariants

from companion.games.laminate import PAPER_IDS, PAPERS


def test_create_answers_201_with_ids_and_initial_state(client):
    resp = client.post("/api/tables", json={"players": NAMES[:4], "start": 2, "hints": False})
    assert resp.status_code == 201
    assert resp.mimetype == "application/json"
    body = resp.get_json()
    assert set(body) == {"id", "view_id", "state"}
    tid, vid, state = body["id"], body["view_id"], body["state"]
    assert isinstance(tid, str) and isinstance(vid, str) and tid != vid
    # >= 128 bits of randomness: at least 22 URL-safe base64 characters
    assert len(tid) >= 22 and len(vid) >= 22
    assert state["id"] == tid and state["view_id"] == vid
    assert state["version"] == 0
    assert state["active"] == 2 and state["pending"] is None
    # R13 with n = 4: deck 35, discard 2, every hand 3
    assert (state["deck"], state["discard"]) == (35, 2)
    assert [p["hand"] for p in state["players"]] == [3, 3, 3, 3]
    check_invariants(state)


def test_defaults_start_0_and_hints_true(client):
    state = client.post("/api/tables", json={"players": NAMES[:3]}).get_json()["state"]
    assert state["active"] == 0
    assert state.get("hints", True) is True


@pytest.mark.parametrize(("n", "deck", "discard"), [(3, 39, 1), (4, 35, 2), (5, 30, 4)])
def test_setup_counts(client, n, deck, discard):
    state = client.post("/api/tables", json={"players": NAMES[:n]}).get_json()["state"]
    assert (state["deck"], state["discard"]) == (deck, discard)
    assert len(state["players"]) == n


def test_ids_are_unique_per_table(client):
    ids = set()
    for _ in range(20):
        body = client.post("/api/tables", json={"players": NAMES[:3]}).get_json()
        ids |= {body["id"], body["view_id"]}
    assert len(ids) == 40


def test_state_shape_is_exactly_api_md(client, table):
    state = client.get(f"/api/tables/{table['id']}").get_json()
    assert set(state) >= STATE_KEYS
    assert [p["seat"] for p in state["players"]] == [0, 1, 2]
    assert [p["name"] for p in state["players"]] == NAMES[:3]
    for p in state["players"]:
        assert set(p) >= {"seat", "name", "hand", "score", "complete"}
        assert (p["hand"], p["score"], p["complete"]) == (3, 0, 0)
    assert list(state["supply"]) == list(PAPER_IDS) and len(PAPER_IDS) == 16
    assert state["supply"] == {t: PAPERS[t].copies for t in PAPER_IDS}
    assert sum(state["supply"].values()) == 35
    assert state["papers"] == [] and state["end"] is None and state["over"] is False and state["winners"] == []
    for key in ("version", "deck", "discard"):
        assert type(state[key]) is int


def test_get_by_view_id_hides_the_full_id(client, table):
    by_id = client.get(f"/api/tables/{table['id']}").get_json()
    by_view = client.get(f"/api/tables/{table['view_id']}").get_json()
    assert by_id["id"] == table["id"]
    assert by_view["id"] is None
    assert by_view["view_id"] == table["view_id"]
    assert {k: v for k, v in by_view.items() if k != "id"} == {k: v for k, v in by_id.items() if k != "id"}


def test_names_are_trimmed_and_may_be_40_characters(client):
    long = "x" * 40
    state = client.post("/api/tables", json={"players": ["  Ann ", "Bob", long]}).get_json()["state"]
    assert [p["name"] for p in state["players"]] == ["Ann", "Bob", long]


@pytest.mark.parametrize("body", [
    {},
    {"players": None},
    {"players": "Ann,Bob,Cy"},
    {"players": ["Ann", "Bob"]},
    {"players": ["A", "B", "C", "D", "E", "F"]},
    {"players": ["Ann", "Bob", 3]},
    {"players": ["Ann", "Bob", "   "]},
    {"players": ["Ann", "Bob", ""]},
    {"players": ["Ann", "Bob", "x" * 41]},
    {"players": ["Ann", "Bob", "Ann"]},
    {"players": ["Ann", "Bob", " Bob "]},
    {"players": ["Ann", "Bob", "Cy"], "start": 3},
    {"players": ["Ann", "Bob", "Cy"], "start": -1},
    {"players": ["Ann", "Bob", "Cy"], "start": "1"},
    {"players": ["Ann", "Bob", "Cy"], "start": True},
    {"players": ["Ann", "Bob", "Cy"], "start": 1.0},
    {"players": ["Ann", "Bob", "Cy"], "hints": "yes"},
    {"players": ["Ann", "Bob", "Cy"], "hints": 1},
])
def test_create_rejects_malformed_bodies_with_400(client, body):
    resp = client.post("/api/tables", json=body)
    assert resp.status_code == 400, body
    err = resp.get_json()
    assert isinstance(err["error"], str) and err["error"] == err["error"].lower()
    assert isinstance(err["message"], str) and err["message"]


@pytest.mark.parametrize("raw", [b"{", b"[1, 2]", b'"players"', b"null", b"\xff\xfe", b'{"players": [}'])
def test_create_rejects_bad_json_with_400(client, raw):
    resp = client.post("/api/tables", data=raw, content_type="application/json")
    assert resp.status_code == 400
    assert resp.get_json()["error"]


def test_unknown_table_is_404(client):
    for tid in ("A" * 24, "no-such-table-at-all", "x", "../etc", "%00"):
        resp = client.get(f"/api/tables/{tid}")
        assert resp.status_code == 404, tid
        body = resp.get_json()
        assert body["error"] and body["message"]


def test_error_body_has_both_languages(client):
    body = client.get("/api/tables/" + "A" * 24).get_json()
    assert {"error", "message"} <= set(body)
    assert body.get("message_en") and body.get("message_ja")
    ja = client.get("/api/tables/" + "A" * 24, headers={"Accept-Language": "ja"}).get_json()
    assert ja["message"] == ja["message_ja"]
