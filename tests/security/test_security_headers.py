"""Headers on every response: CSP without inline script or eval, nosniff, no-referrer, no framing,
charset on every text response, no-store on the API and the table pages. Static files stay inside the
static folder."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.web.security import CONTENT_SECURITY_POLICY, SECURITY_HEADERS

TEXTUAL = re.compile(r"^(text/|application/(json|javascript|xml|manifest\+json)|.*\+(json|xml)$)")


def assert_secure(resp: Any, what: str) -> None:
    for name, value in SECURITY_HEADERS.items():
        assert resp.headers.get(name) == value, f"{what}: {name}"
    content_type = resp.headers.get("Content-Type", "")
    if TEXTUAL.match(resp.mimetype or ""):
        assert "charset=utf-8" in content_type.lower(), f"{what}: {content_type}"


def test_policy_forbids_inline_script_eval_and_framing() -> None:
    directives = dict(d.strip().split(" ", 1) for d in CONTENT_SECURITY_POLICY.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["base-uri"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["form-action"] == "'self'"
    assert "unsafe" not in CONTENT_SECURITY_POLICY and "*" not in CONTENT_SECURITY_POLICY
    assert SECURITY_HEADERS["Referrer-Policy"] == "no-referrer"
    assert SECURITY_HEADERS["X-Frame-Options"] == "DENY"
    assert SECURITY_HEADERS["X-Content-Type-Options"] == "nosniff"


def _static_files(app: Flask) -> list[str]:
    root = Path(app.static_folder)
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def test_every_kind_of_response_carries_the_headers(app: Flask, client: FlaskClient, table: dict[str, Any]) -> None:
    tid, vid = table["id"], table["view_id"]
    answers = {
        "home": client.get("/"),
        "api state": client.get(f"/api/tables/{tid}"),
        "api view state": client.get(f"/api/tables/{vid}"),
        "api log": client.get(f"/api/tables/{tid}/log"),
        "openapi": client.get("/api/openapi.json"),
        "api 404": client.get("/api/tables/nope-nope-nope"),
        "api no route": client.get("/api/nothing"),
        "api 405": client.get("/api/tables"),
        "api 415": client.post(f"/api/tables/{tid}/actions", data="x", content_type="text/plain"),
        "api 413": client.post(f"/api/tables/{tid}/actions", data="x" * 70_000, content_type="application/json"),
        "api 400 host": client.get(f"/api/tables/{tid}", headers={"Host": "evil.example"}),
        "page 400 host": client.get("/", headers={"Host": "evil.example"}),
        "page 404": client.get("/no/such/page"),
        "page 405": client.delete("/"),
        "csrf refusal": client.post("/", data={"name0": "a"}),
        "table page": client.get(f"/t/{tid}"),
        "view page": client.get(f"/v/{vid}"),
    }
    for name in _static_files(app):
        answers[f"static {name}"] = client.get(f"/static/{name}")
    for what, resp in answers.items():
        assert_secure(resp, what)
        resp.close()
    for what in ("api state", "api view state", "api log", "api 404", "api 415", "table page", "view page",
                 "home"):
        assert answers[what].headers["Cache-Control"].startswith("no-store"), what


def test_event_stream_carries_the_headers(client: FlaskClient, table: dict[str, Any]) -> None:
    resp = client.get(f"/api/tables/{table['view_id']}/events", buffered=False)
    try:
        assert_secure(resp, "events")
        assert resp.headers["Content-Type"] == "text/event-stream; charset=utf-8"
        assert "no-store" in resp.headers["Cache-Control"] and "no-transform" in resp.headers["Cache-Control"]
    finally:
        resp.close()


def test_json_answers_are_utf8_and_not_sniffable(client: FlaskClient) -> None:
    resp = client.post("/api/tables", json={"players": ["<script>alert(1)</script>", "ヒルベルト", "b"]})
    assert resp.headers["Content-Type"] == "application/json; charset=utf-8"
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert "<script>alert(1)</script>" in resp.get_data(as_text=True)  # JSON is data: the browser won't render it
    assert resp.headers["Cross-Origin-Resource-Policy"] == "same-origin"


def test_no_cors_headers_are_ever_sent(client: FlaskClient, table: dict[str, Any]) -> None:
    """Another origin can neither read answers nor preflight a JSON write."""
    headers = {"Origin": "http://evil.example", "Access-Control-Request-Method": "POST",
               "Access-Control-Request-Headers": "content-type"}
    for method, path in (("OPTIONS", f"/api/tables/{table['id']}/actions"), ("GET", f"/api/tables/{table['id']}")):
        resp = client.open(path, method=method, headers=headers)
        assert not any(h.lower().startswith("access-control-") for h, _ in resp.headers.items()), path


# --- static files -------------------------------------------------------------------------------------

TRAVERSALS = [
    "/static/../companion/service.py", "/static/..%2fcompanion%2fservice.py", "/static/%2e%2e/companion/service.py",
    "/static/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/static/..%5ccompanion%5cservice.py", "/static/....//pyproject.toml",
    "/static//etc/passwd", "/static/%2fetc%2fpasswd", "/static/vendor/../../pyproject.toml",
    "/static/vendor/%2e%2e/%2e%2e/pyproject.toml", "/static/%252e%252e/pyproject.toml", "/static/C:%5cwindows",
    "/static/app.css%00.py", "/static/.", "/static/", "/static/vendor", "/static/%c0%ae%c0%ae/pyproject.toml",
    "/static/..", "/static/../templates/base.html", "/static/../../../../../../etc/passwd",
]


@pytest.mark.parametrize("path", TRAVERSALS)
def test_no_path_escapes_the_static_folder(client: FlaskClient, path: str) -> None:
    resp = client.get(path, follow_redirects=True)  # "//" is merged by a 308 to /static/…
    assert resp.status_code in (400, 404), (path, resp.status_code)
    assert not any(marker in resp.get_data() for marker in LEAKS), path


LEAKS = (b"TableService", b"root:x:", b"[project]", b"{% block", b"def ")


def test_no_path_escapes_the_static_folder_over_a_real_socket(live: Any) -> None:
    """The same attempts sent verbatim (no client-side normalisation) to the server."""
    import http.client

    for path in TRAVERSALS:
        conn = http.client.HTTPConnection("127.0.0.1", live.port, timeout=5)
        try:
            conn.putrequest("GET", path, skip_accept_encoding=True)
            conn.endheaders()
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status == 308:  # duplicate slashes merged: the target stays under /static/
            assert resp.getheader("Location", "").split(str(live.port), 1)[-1].startswith("/static/"), path
        else:
            assert resp.status in (400, 404), (path, resp.status)
        assert not any(marker in body for marker in LEAKS), path


def test_static_files_are_served_with_their_type(app: Flask, client: FlaskClient) -> None:
    for name in _static_files(app):
        resp = client.get(f"/static/{name}")
        assert resp.status_code == 200, name
        if name.endswith(".js"):
            assert resp.mimetype == "text/javascript", name
        if name.endswith(".css"):
            assert resp.mimetype == "text/css", name
        resp.close()


def _instances(app: Flask, table: dict[str, Any]) -> list[tuple[Any, str]]:
    """Every route of the app with its path filled in (a real table, seat 0, a real static file)."""
    values = {"table_id": table["id"], "tid": table["id"], "vid": table["view_id"], "seat": "0",
              "filename": "app.css", "code": "ja", "game_id": "laminate", "query": "melds"}
    out = []
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", lambda m: values[m.group(1)], rule.rule)
        out.append((rule, path))
    return out


@pytest.mark.parametrize("method", ["TRACE", "PUT", "DELETE", "PATCH"])
def test_every_405_names_the_allowed_methods(app: Flask, client: FlaskClient, table: dict[str, Any],
                                             method: str) -> None:
    """A method an address does not take is 405 with an Allow header (RFC 9110 §15.5.6), on pages and API."""
    for rule, path in _instances(app, table):
        resp = client.open(path, method=method)
        assert resp.status_code == 405, (method, path, resp.status_code)
        allowed = {m.strip() for m in resp.headers.get("Allow", "").split(",") if m.strip()}
        assert allowed, f"{method} {path}: 405 without Allow"
        assert (rule.methods or set()) - {"HEAD", "OPTIONS"} <= allowed, (method, path, allowed)
        if path.startswith("/api/"):
            assert resp.get_json()["error"] == "method_not_allowed"


def test_a_route_of_the_api_refused_by_method_says_what_it_takes(client: FlaskClient, table: dict[str, Any]) -> None:
    """GET on a POST-only table route or question (answered by the questions' route) names POST only, and POST
    there is not refused by method."""
    for suffix in ("/actions", "/undo", "/settings", "/again", "/melds", "/hints"):
        resp = client.get(f"/api/tables/{table['id']}{suffix}")
        assert resp.status_code == 405 and resp.get_json()["error"] == "method_not_allowed"
        assert {m.strip() for m in resp.headers["Allow"].split(",")} == {"POST", "OPTIONS"}, suffix
        assert client.post(f"/api/tables/{table['id']}{suffix}", json={}).status_code != 405
    resp = client.open(f"/api/tables/{table['id']}/log", method="POST")
    assert resp.status_code == 405 and "GET" in resp.headers["Allow"]
