"""The OpenAPI document at /api/openapi.json is valid, complete, and true of real answers.

* It is a valid OpenAPI 3.1 document.
* Every route under /api in the app is documented, and every documented operation exists.
* A walk through every endpoint and every refusal validates each real answer against the documented
  response schema of its status code (an undocumented status or field fails).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from openapi_spec_validator import OpenAPIV31SpecValidator
from security_harness import NAMES, new_table

from companion.games.laminate import GAME as LAMINATE
from companion.web.openapi import document, error_codes

IGNORED_METHODS = {"HEAD", "OPTIONS"}


def template_of(rule: str) -> str:
    """Flask's /api/tables/<table_id> as OpenAPI's /api/tables/{table_id}."""
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule)


class Answers:
    """Checks real answers against the document and remembers which (operation, status) were seen."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.doc = document()
        self.seen: set[tuple[str, str, str]] = set()

    def check(self, method: str, template: str, resp: Any) -> Any:
        operation = self.doc["paths"][template][method.lower()]
        status = str(resp.status_code)
        assert status in operation["responses"], f"{method} {template} answered undocumented {status}: " \
                                                 f"{resp.get_data(as_text=True)[:300]}"
        spec = operation["responses"][status]
        if "$ref" in spec:
            spec = self.doc["components"]["responses"][spec["$ref"].rsplit("/", 1)[1]]
        (media_type, content), = spec["content"].items()
        assert resp.mimetype == media_type
        assert resp.headers["Content-Type"].endswith("charset=utf-8")
        if media_type == "application/json":
            schema = {**content["schema"], "components": self.doc["components"]}
            errors = sorted(Draft202012Validator(schema).iter_errors(resp.get_json()), key=str)
            assert not errors, f"{method} {template} {status}: {errors[0].message} at {list(errors[0].path)}"
        self.seen.add((method.upper(), template, status))
        return resp

    def call(self, method: str, template: str, path: str, **kwargs: Any) -> Any:
        resp = self.client.open(path, method=method, **kwargs)
        return self.check(method, template, resp)


def test_document_is_valid_openapi_3_1(client: FlaskClient) -> None:
    resp = client.get("/api/openapi.json")
    assert resp.status_code == 200
    assert resp.headers["Content-Type"] == "application/json; charset=utf-8"
    doc = resp.get_json()
    assert doc["openapi"].startswith("3.1")
    assert doc == json.loads(json.dumps(document()))
    OpenAPIV31SpecValidator(doc).validate()


def test_every_api_route_is_documented_and_every_documented_route_exists(app: Flask) -> None:
    """The games' questions share one route (``/api/tables/{id}/<query>``): it stands for each question some
    game answers, and those are the paths documented (GET there only says 404/405, like any unknown path)."""
    from companion import games

    questions = sorted({name for game in games.all_games() for name in game.queries})
    routes = set()
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        for method in rule.methods - IGNORED_METHODS:
            template = template_of(rule.rule)
            if template.endswith("/{query}"):
                if method == "POST":
                    routes |= {(method, template.replace("{query}", name)) for name in questions}
                continue
            routes.add((method, template))
    documented = {(method.upper(), path) for path, ops in document()["paths"].items() for method in ops}
    assert routes - documented == set(), "routes missing from the OpenAPI document"
    assert documented - routes == set(), "documented operations that do not exist"


def test_every_error_code_is_documented() -> None:
    codes = set(error_codes())
    assert set(LAMINATE.codes) <= codes
    assert {"not_found", "read_only", "hints_disabled", "too_large", "unsupported_media_type", "bad_host",
            "cross_site", "method_not_allowed"} <= codes


def test_real_answers_match_the_document(client: FlaskClient) -> None:
    api = Answers(client)
    created = api.call("POST", "/api/tables", "/api/tables", json={"players": NAMES[:4], "start": 1})
    assert created.status_code == 201
    table = created.get_json()
    tid, vid = table["id"], table["view_id"]
    base = "/api/tables/{table_id}"

    def at(suffix: str = "", ident: str = tid) -> tuple[str, str]:
        return base + suffix, f"/api/tables/{ident}{suffix}"

    api.call("GET", "/api/openapi.json", "/api/openapi.json")
    api.call("GET", "/api/games", "/api/games")
    assert api.call("GET", *at()).get_json()["id"] == tid
    assert api.call("GET", *at(ident=vid)).get_json()["id"] is None
    research = {"action": {"type": "research", "from": "deck"}}
    assert api.call("POST", *at("/actions"), json={**research, "dry_run": True}).get_json()["legal"] is True
    api.call("POST", *at("/actions"), json={**research, "version": 0, "action_id": "retry-key-1"})
    api.call("POST", *at("/actions"), json={**research, "version": 1, "action_id": "retry-key-1"})  # replayed
    api.call("POST", *at("/actions"), json={"action": {"type": "research", "from": "discard"}, "version": 1})
    api.call("POST", *at("/undo"))
    api.call("POST", *at("/undo"), json={"version": 3})
    api.call("POST", *at("/melds"), json={"cards": ["coin-3", "coin-4", "coin-5", "coin-6", "coin-7"]})
    api.call("POST", *at("/hints"), json={"player": 1, "hand": ["coin-3", "coin-4", "book-3"]})
    api.call("POST", *at("/settings"), json={"suit_names": {"coin": "Gold"}})
    api.call("POST", *at("/settings"), json={"hints": False})
    assert api.call("GET", *at("/log")).get_json()["events"]
    assert api.call("GET", *at("/log", vid)).status_code == 200

    # every refusal, with its documented status and code
    def refused(method: str, where: tuple[str, str], status: int, code: str, **kwargs: Any) -> None:
        resp = api.call(method, *where, **kwargs)
        assert (resp.status_code, resp.get_json()["error"]) == (status, code)

    refused("POST", at("/hints"), 403, "hints_disabled", json={"player": 0, "hand": []})
    refused("POST", at("/actions", vid), 403, "read_only", json=research)
    refused("POST", at("/undo", vid), 403, "read_only")
    refused("POST", at("/settings", vid), 403, "read_only", json={"hints": True})
    refused("POST", at("/hints", vid), 403, "read_only", json={"player": 0, "hand": []})
    refused("GET", at(ident="no-such-table"), 404, "not_found")
    refused("GET", at("/log", "x" * 65), 404, "not_found")
    refused("POST", at("/actions"), 400, "bad_request", json={"action": {"type": "dance"}})
    refused("POST", at("/actions"), 400, "bad_card", json={"action": {"type": "endflag", "card": "heart-9"}})
    refused("POST", at("/actions"), 400, "unknown_paper", json={"action": {"type": "publish", "paper": "x",
                                                                           "cards": []}})
    refused("POST", at("/actions"), 409, "stale", json={**research, "version": 0})
    refused("POST", at("/actions"), 422, "pass_not_allowed", json={"action": {"type": "pass"}})
    refused("POST", at("/actions"), 413, "too_large", data="{" + " " * 70_000 + "}",
            content_type="application/json")
    refused("POST", at("/actions"), 415, "unsupported_media_type", data="action=pass", content_type="text/plain")
    refused("POST", at("/melds"), 422, "duplicate_card", json={"cards": ["coin-3", "coin-3"]})
    refused("POST", at("/settings"), 400, "bad_request", json={})
    refused("POST", ("/api/tables", "/api/tables"), 400, "bad_request", json={"players": ["a", "b"]})
    refused("GET", at(), 400, "bad_host", headers={"Host": "attacker.example"})
    refused("POST", at("/undo"), 403, "cross_site", headers={"Sec-Fetch-Site": "cross-site"})
    assert api.call("GET", *at("/seats")).get_json()["private_seats"] is False  # Laminate keeps nothing secret
    refused("POST", ("/api/tables/{table_id}/seats/{seat}/claim", f"/api/tables/{tid}/seats/0/claim"), 409,
            "no_seat_claims")
    for plays in ("/api/plays", "/api/players", "/api/plays/export.csv", "/api/plays/bgstats.json"):
        api.call("GET", plays, plays)
    refused("POST", at("/again"), 409, "game_not_over")
    fresh = new_table(client)
    refused("POST", ("/api/tables/{table_id}/undo", f"/api/tables/{fresh['id']}/undo"), 409, "nothing_to_undo")

    # a Rummikub table: its STATE variant, its actions, its questions, its log
    rk = api.call("POST", "/api/tables", "/api/tables", json={"game": "rummikub", "players": NAMES[:2],
                                                                "options": {"rounds": 1}}).get_json()
    rid = rk["id"]

    def rat(suffix: str = "") -> tuple[str, str]:
        return base + suffix, f"/api/tables/{rid}{suffix}"

    api.call("POST", *rat("/check"), json={"table": [["r9", "J", "r11"], ["b5", "b6"]]})
    api.call("POST", *rat("/hints"), json={"player": 0, "rack": ["r9", "J", "r11", "k1"]})
    api.call("POST", *rat("/actions"), json={"action": {"type": "play", "table": [["r9", "J", "r11"]]}})
    api.call("POST", *rat("/actions"), json={"action": {"type": "draw"}})
    api.call("POST", *rat("/actions"), json={"action": {"type": "play", "table": [
        {"tiles": ["r9", "J", "r11"], "kind": "run"}, ["b10", "r10", "k10"]]}})
    api.call("POST", *rat("/settings"), json={"hints": False})
    refused("POST", rat("/actions"), 422, "run_gap", json={"action": {"type": "play", "table": [["b1", "b2", "b4"]]}})
    refused("POST", rat("/actions"), 400, "bad_tile", json={"action": {"type": "play", "table": [["b1", "x"]]}})
    assert api.call("GET", *rat("/log")).get_json()["events"]
    assert api.call("GET", *rat()).get_json()["game"] == "rummikub"

    operations = {(m.upper(), p) for p, ops in document()["paths"].items() for m in ops}
    walked = {(m, p) for m, p, _ in api.seen} | {("GET", base + "/events")}  # the stream: test below
    assert operations <= walked, f"operations not walked: {operations - walked}"


@pytest.mark.parametrize("which", ["id", "view_id"])
def test_event_stream_answers_as_documented(client: FlaskClient, which: str) -> None:
    table = new_table(client)
    resp = client.get(f"/api/tables/{table[which]}/events", buffered=False)
    try:
        assert resp.status_code == 200
        assert resp.headers["Content-Type"] == "text/event-stream; charset=utf-8"
        chunk = next(iter(resp.response))
        first = chunk.decode() if isinstance(chunk, bytes) else chunk
        assert "event: state" in first and '"version": 0' in first
        assert resp.headers["Cache-Control"].startswith("no-store")
    finally:
        resp.close()
    missing = client.get("/api/tables/no-such-table/events")
    assert missing.status_code == 404 and missing.get_json()["error"] == "not_found"


def test_every_operation_documents_429_with_retry_after() -> None:
    """The server's per-device limits (requests in flight: any request; budgets: the expensive ones) answer
    429 too_many_requests with Retry-After: every operation documents it, in the JSON error shape."""
    doc = document()
    e429 = doc["components"]["responses"]["E429"]
    assert e429["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
    assert e429["headers"]["Retry-After"]["required"] is True
    assert "too_many_requests" in error_codes()
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            assert operation["responses"].get("429") == {"$ref": "#/components/responses/E429"}, (method, path)


def test_budgeted_requests_are_refused_429_as_documented(client: FlaskClient, app: Flask) -> None:
    """Create, play again and every game question (/check, /melds, /hints …) are on a budget: through the real
    server and its guard with an empty budget each is refused, and the refusal matches the document."""
    import http.client

    from werkzeug.wrappers import Response

    from companion.server.asgi import build_app
    from companion.server.guard import BUDGETS, Budget, expensive_kind
    from companion.server.serve import Background
    from companion.server.sockets import bind_socket

    tid = new_table(client)["id"]
    empty = Budget({kind: (1000.0, 0) for kind in BUDGETS})  # never a token: every budgeted request waits 1 ms
    asgi, router, _ = build_app(app, budget=empty)
    sock = bind_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    server = Background(asgi, sock, before_stop=router.live.close).start()

    def post(method: str, path: str) -> Response:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            conn.request(method, path, body=b"{}", headers={"Content-Type": "application/json"})
            answer = conn.getresponse()
            return Response(answer.read(), status=answer.status, headers=answer.getheaders())
        finally:
            conn.close()

    doc = document()
    budgeted = []
    try:
        for template, operations in doc["paths"].items():
            path = template.replace("{table_id}", tid).replace("{seat}", "0")
            for method in operations:
                if expensive_kind(method.upper(), path) is None:
                    continue
                budgeted.append(template)
                resp = post(method.upper(), path)
                assert resp.status_code == 429 and int(resp.headers["Retry-After"]) >= 1, (method, template)
                Answers(client).check(method.upper(), template, resp)
                assert resp.get_json()["error"] == "too_many_requests"
    finally:
        server.stop()
        router.live.stop()
    for expected in ("/api/tables", "/api/tables/{table_id}/again", "/api/tables/{table_id}/check",
                     "/api/tables/{table_id}/melds", "/api/tables/{table_id}/hints"):
        assert expected in budgeted


def test_the_plays_game_filter_lists_the_offered_games_and_its_400(client: FlaskClient) -> None:
    from companion import games

    api = Answers(client)
    doc = document()
    for template in ("/api/plays", "/api/plays/export.csv", "/api/plays/bgstats.json"):
        (param,) = [p for p in doc["paths"][template]["get"]["parameters"] if p["name"] == "game"]
        assert param["schema"] == {"$ref": "#/components/schemas/GameId"}
        assert "400" in doc["paths"][template]["get"]["responses"]
    assert doc["components"]["schemas"]["GameId"]["enum"] == [g.id for g in games.all_games()]
    resp = api.call("GET", "/api/plays", "/api/plays?game=no-such-game")
    assert resp.status_code == 400 and resp.get_json()["error"] == "bad_request"
    assert api.call("GET", "/api/plays", "/api/plays?game=stapstap").status_code == 200
