"""Input limits: body size, nesting, numbers, text, names, card lists, ids. Every refusal is a clear 4xx
with a stable code and a message in both languages, and a refused request changes nothing."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from security_harness import NAMES, new_table

from companion.web import MAX_BODY


def post_raw(client: FlaskClient, path: str, raw: str | bytes) -> Any:
    return client.post(path, data=raw, content_type="application/json")


def assert_refused(resp: Any, status: int, code: str | None = None) -> dict[str, Any]:
    assert resp.status_code == status, resp.get_data(as_text=True)[:300]
    assert resp.headers["Content-Type"] == "application/json; charset=utf-8"
    body = resp.get_json()
    assert set(body) == {"error", "message", "message_en", "message_ja"}
    assert body["error"] and body["message_en"] and body["message_ja"]
    if code is not None:
        assert body["error"] == code, body
    return body


def unchanged(client: FlaskClient, table: dict[str, Any]) -> None:
    state = client.get(f"/api/tables/{table['id']}").get_json()
    assert state == table["state"]


WRITE_PATHS = ("actions", "undo", "melds", "hints", "settings")


# --- body size --------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", WRITE_PATHS)
def test_body_over_64_kib_is_413(client: FlaskClient, table: dict[str, Any], name: str) -> None:
    raw = '{"pad": "' + "x" * MAX_BODY + '"}'
    assert_refused(post_raw(client, f"/api/tables/{table['id']}/{name}", raw), 413, "too_large")
    unchanged(client, table)


def test_body_at_the_limit_is_read(client: FlaskClient, table: dict[str, Any]) -> None:
    body = {"action": {"type": "pass"}, "pad": ""}
    body["pad"] = "x" * (MAX_BODY - len(json.dumps(body)))
    raw = json.dumps(body)
    assert len(raw) == MAX_BODY
    assert_refused(post_raw(client, f"/api/tables/{table['id']}/actions", raw), 422, "pass_not_allowed")


def test_create_table_body_over_limit_is_413(client: FlaskClient) -> None:
    raw = json.dumps({"players": NAMES[:3], "pad": "x" * MAX_BODY})
    assert_refused(post_raw(client, "/api/tables", raw), 413, "too_large")


def test_oversized_page_post_is_413(app: Flask) -> None:
    from flask import request
    app.add_url_rule("/_echo", "echo", lambda: dict(request.form), methods=["POST"])
    resp = app.test_client().post("/_echo", data={"x": "y" * (MAX_BODY + 1)})
    assert resp.status_code == 413
    assert resp.headers["Content-Type"].endswith("charset=utf-8")


# --- malformed JSON ---------------------------------------------------------------------------------

MALFORMED = [
    pytest.param("[" * 50_000 + "]" * 50_000, id="deep-list-bomb-over-limit"),  # also over 64 KiB
    pytest.param('{"action": ' + "[" * 20_000 + "]" * 20_000 + "}", id="deep-list-bomb"),
    pytest.param('{"a":' * 5_000 + "1" + "}" * 5_000, id="deep-object-bomb"),
    pytest.param('{"action": {"type": ' + "[" * 900 + "]" * 900 + "}}", id="deep-900"),
    pytest.param('{"action": {"type": "pass", "x": [[[[[[[[[[1]]]]]]]]]]}}', id="deep-13"),
    pytest.param('{"action": {"type": "pass"}, "version": ' + "9" * 5_000 + "}", id="huge-int-5000-digits"),
    pytest.param('{"action": {"type": "pass"}, "version": NaN}', id="NaN"),
    pytest.param('{"action": {"type": "pass"}, "version": Infinity}', id="Infinity"),
    pytest.param('{"action": {"type": "pass"}, "version": -Infinity}', id="-Infinity"),
    pytest.param('{"action": {"type": "pass"}, "version": 1e999}', id="float-overflow"),
    pytest.param('{"action": {"type": "pass"}, "version": 1.0}', id="float-version"),
    pytest.param('{"action": {"type": "pass"}, "version": -1}', id="negative-version"),
    pytest.param('{"action": {"type": "pass"}, "version": true}', id="bool-version"),
    pytest.param('{"action": {"type": "review", "paper": 1e300, "card": "coin-3"}}', id="float-paper"),
    pytest.param('{"action": {"type": "review", "paper": ' + str(2**70) + ', "card": "coin-3"}}', id="int-2^70"),
    pytest.param('{"action": {"type": "publish", "paper": "kind3", "cards": [], "cite": [' + str(2**40) + "]}}",
                 id="cite-2^40"),
    pytest.param('{"action": {"type": "research", "from": "deck", "player": ' + str(2**40) + "}}", id="seat-2^40"),
    pytest.param('{"action": {"type": "research", "from": "deck", "player": -1}}', id="seat-minus-1"),
    pytest.param('{"action": {"type": "\\ud800"}}', id="lone-surrogate-type"),
    pytest.param('{"action": {"type": "publish", "paper": "\\udfff", "cards": []}}', id="lone-surrogate-paper"),
    pytest.param('{"action": {"type": "endflag", "card": "\\ud800-3"}}', id="lone-surrogate-card"),
    pytest.param('{"\\ud800": 1, "action": {"type": "pass"}}', id="lone-surrogate-key"),
    pytest.param(b'\xff\xfe\x00{', id="bad-utf"),
    pytest.param(b'{"action": {"type": "pa\xffss"}}', id="invalid-utf8"),
    pytest.param('{"action": {"type": "pass"}', id="truncated"),
    pytest.param("null", id="null"),
    pytest.param("[]", id="list"),
    pytest.param('"pass"', id="string"),
    pytest.param("{}", id="empty-object"),
    pytest.param('{"action": null}', id="null-action"),
    pytest.param('{"action": {"type": "research", "from": "deck"}, "dry_run": "yes"}', id="dry-run-string"),
    pytest.param('{"action": {"type": "research", "from": "deck"}, "action_id": "short"}', id="action-id-7"),
    pytest.param('{"action": {"type": "research", "from": "deck"}, "action_id": "' + "a" * 65 + '"}',
                 id="action-id-65"),
    pytest.param('{"action": {"type": "research", "from": "deck"}, "action_id": "../../etc/passwd"}',
                 id="action-id-path"),
    pytest.param('{"action": {"type": "publish", "paper": "kind3", "cards": ' + json.dumps(["coin-3"] * 50) + "}}",
                 id="50-cards"),
    pytest.param('{"action": {"type": "publish", "paper": "kind3", "cards": [], "cite": ' +
                 json.dumps(list(range(1, 66))) + "}}", id="65-cites"),
    pytest.param('{"action": {"type": "endflag", "card": "' + "coin-3" + " " * 40 + '"}}', id="card-41-chars"),
    pytest.param('{"action": {"type": "endflag", "card": 7}}', id="card-number"),
    pytest.param('{"action": {"type": "endflag", "card": ["coin-3"]}}', id="card-list"),
]


@pytest.mark.parametrize("raw", MALFORMED)
def test_malformed_actions_are_400_and_change_nothing(client: FlaskClient, table: dict[str, Any],
                                                      raw: str | bytes) -> None:
    resp = post_raw(client, f"/api/tables/{table['id']}/actions", raw)
    status = 413 if len(raw) > MAX_BODY else 400
    assert_refused(resp, status)
    unchanged(client, table)


@pytest.mark.parametrize("body", [
    {"cards": ["coin-3"] * 50}, {"cards": "coin-3"}, {"cards": None}, {"cards": [{"suit": "coin"}]},
    {"cards": ["coin-3"], "cite": list(range(1, 66))}, {"cards": ["coin-3"], "cite": [0]},
    {"cards": ["coin-3"], "cite": [True]}, {"cards": ["coin-3"], "cite": "1"}, {"cards": ["\u202ecoin-3"]},
])
def test_malformed_meld_questions_are_400(client: FlaskClient, table: dict[str, Any], body: Any) -> None:
    assert_refused(client.post(f"/api/tables/{table['id']}/melds", json=body), 400)


@pytest.mark.parametrize("body", [
    {"player": 0, "hand": ["coin-3"] * 50}, {"player": 0, "hand": "coin-3"}, {"player": 0},
    {"player": 3, "hand": []}, {"player": -1, "hand": []}, {"player": True, "hand": []},
    {"player": "0", "hand": []}, {"hand": []}, {"player": 0, "hand": ["joker-1"]},
])
def test_malformed_hint_questions_are_400(client: FlaskClient, table: dict[str, Any], body: Any) -> None:
    assert_refused(client.post(f"/api/tables/{table['id']}/hints", json=body), 400)


@pytest.mark.parametrize("body", [
    {}, {"hints": "yes"}, {"hints": None}, {"suit_names": {"joker": "J"}}, {"suit_names": {"coin": ""}},
    {"suit_names": {"coin": "x" * 21}}, {"suit_names": {"coin": "a\u202eb"}}, {"suit_names": {"coin": "a\nb"}},
    {"suit_names": ["coin"]}, {"suit_names": {"coin": 5}}, {"hints": True, "version": -1},
])
def test_malformed_settings_are_400_and_change_nothing(client: FlaskClient, table: dict[str, Any],
                                                       body: Any) -> None:
    assert_refused(client.post(f"/api/tables/{table['id']}/settings", json=body), 400)
    unchanged(client, table)


# --- names ------------------------------------------------------------------------------------------

REFUSED_NAMES = [
    pytest.param("", id="empty"),
    pytest.param("   ", id="blank"),
    pytest.param("\u3000", id="ideographic-space-only"),
    pytest.param("x" * 41, id="41-chars"),
    pytest.param("あ" * 41, id="41-kana"),
    pytest.param("a\x00b", id="NUL"),
    pytest.param("a\tb", id="tab"),
    pytest.param("a\nb", id="newline"),
    pytest.param("a\x1b[31mb", id="ANSI-escape"),
    pytest.param("a\x7fb", id="DEL"),
    pytest.param("a\x85b", id="NEL"),
    pytest.param("evil\u202egnp.exe", id="RTL-override"),
    pytest.param("a\u2066b\u2069", id="bidi-isolate"),
    pytest.param("a\u200bb", id="zero-width-space"),
    pytest.param("\ufeffa", id="BOM"),
    pytest.param("a\u2028b", id="line-separator"),
    pytest.param("a\u2029b", id="paragraph-separator"),
    pytest.param("a\ue000b", id="private-use"),
    pytest.param("a\u0378b", id="unassigned"),
    pytest.param("a\U000e0041b", id="tag-character"),
    pytest.param(7, id="number"),
    pytest.param(None, id="null"),
    pytest.param(["a"], id="list"),
]


@pytest.mark.parametrize("name", REFUSED_NAMES)
def test_bad_player_names_are_refused(client: FlaskClient, app: Flask, name: Any) -> None:
    before = len(app.extensions["companion"].store.table_versions())
    resp = client.post("/api/tables", json={"players": [name, "Banach", "Noether"]})
    assert_refused(resp, 400, "bad_request")
    assert len(app.extensions["companion"].store.table_versions()) == before


def test_lone_surrogate_name_is_refused(client: FlaskClient) -> None:
    raw = '{"players": ["a\\ud800", "Banach", "Noether"]}'
    assert_refused(post_raw(client, "/api/tables", raw), 400, "bad_request")


@pytest.mark.parametrize(("name", "shown"), [
    ("x" * 40, "x" * 40),
    ("あ" * 40, "あ" * 40),
    ("  Hilbert  ", "Hilbert"),
    ("e\u0301mile", "émile"),  # NFC
    ("ヒルベルト", "ヒルベルト"),
    ("\U0001f469\u200d\U0001f4bb", "\U0001f469\u200d\U0001f4bb"),  # emoji sequences keep their joiner
    ("Anne-Marie O'Neil", "Anne-Marie O'Neil"),
    ("<img src=x onerror=alert(1)>", "<img src=x onerror=alert(1)>"),
    ("<script>alert(1)</script>", "<script>alert(1)</script>"),
    ("{{7*7}}", "{{7*7}}"),
    ("Robert'); DROP TABLE tables;--", "Robert'); DROP TABLE tables;--"),
])
def test_good_names_are_kept_as_text(client: FlaskClient, name: str, shown: str) -> None:
    table = new_table(client, [name, "Banach", "Noether"])
    assert table["state"]["players"][0]["name"] == shown
    assert unicodedata.is_normalized("NFC", shown)
    again = client.get(f"/api/tables/{table['id']}").get_json()
    assert again["players"][0]["name"] == shown


@pytest.mark.parametrize("players", [
    ["a", "b"], ["a", "b", "c", "d", "e", "f"], [], "abc", None, {"0": "a"}, ["a", " a ", "b"],
    ["é", "e\u0301", "b"],
])
def test_bad_player_lists_are_refused(client: FlaskClient, players: Any) -> None:
    assert_refused(client.post("/api/tables", json={"players": players}), 400, "bad_request")


@pytest.mark.parametrize("extra", [{"start": 3}, {"start": -1}, {"start": "1"}, {"start": True}, {"start": None},
                                   {"hints": "no"}, {"hints": None}, {"suit_names": None}])
def test_bad_table_options_are_refused(client: FlaskClient, extra: dict[str, Any]) -> None:
    assert_refused(client.post("/api/tables", json={"players": NAMES[:3], **extra}), 400, "bad_request")


# --- ids in URLs ------------------------------------------------------------------------------------

IMPLAUSIBLE_IDS = ["short", "x" * 65, "abc$defghij", "abcdefgh.json", "ａｂｃｄｅｆｇｈｉ", "abc%00defgh",
                   "' OR 1=1 --x", "abcdefgh%2F..", "%2e%2e%2f%2e%2e", "\u202eabcdefghij", "abcdefgh+ij"]


@pytest.mark.parametrize(("method", "suffix"), [("GET", ""), ("GET", "/log"), ("GET", "/events"),
                                                 ("POST", "/actions"), ("POST", "/undo"), ("POST", "/melds"),
                                                 ("POST", "/hints"), ("POST", "/settings")])
def test_implausible_ids_are_404_without_touching_the_database(app: Flask, client: FlaskClient, method: str,
                                                               suffix: str, monkeypatch) -> None:
    store = app.extensions["companion"].store

    def no_lookup(*args: Any) -> None:
        raise AssertionError("the database was asked about an implausible id")

    monkeypatch.setattr(store, "find_table", no_lookup)
    for bad_id in IMPLAUSIBLE_IDS:
        body = {"action": {"type": "pass"}} if method == "POST" else None
        resp = client.open(f"/api/tables/{bad_id}{suffix}", method=method, json=body)
        assert_refused(resp, 404, "not_found")


def test_plausible_unknown_id_is_404(client: FlaskClient) -> None:
    assert_refused(client.get("/api/tables/AAAAAAAAAAAAAAAAAAAAAAAA"), 404, "not_found")


def test_ids_are_unguessable_and_distinct(client: FlaskClient) -> None:
    tables = [new_table(client) for _ in range(20)]
    ids = [t["id"] for t in tables] + [t["view_id"] for t in tables]
    assert len(set(ids)) == len(ids)
    for ident in ids:
        assert len(ident) >= 22  # token_urlsafe(18): 144 random bits
