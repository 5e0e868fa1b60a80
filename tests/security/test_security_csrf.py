"""Cross-site request forgery.

* HTML form posts need the session-bound ``csrf_token`` and must not come from another site.
* Every POST form the pages render carries the token.
* JSON API writes only take application/json (or no body and no content type): a cross-site form always
  has another content type, so it gets 415; a request the browser marks cross-site gets 403.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from security_harness import NAMES, new_table

from companion.web.security import REFUSALS

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


def token_of(client: FlaskClient) -> str:
    match = TOKEN.search(client.get("/").get_data(as_text=True))
    assert match, "the home page has no csrf_token field"
    return match.group(1)


def table_count(app: Flask) -> int:
    return len(app.extensions["companion"].store.table_versions())


def create_form(token: str | None) -> dict[str, str]:
    form = {"name0": "Hilbert", "name1": "Banach", "name2": "Noether", "start": "0"}
    if token is not None:
        form["csrf_token"] = token
    return form


def assert_csrf_refused(resp: Any, code: str) -> None:
    """403 with the refusal's sentence (a plain-text answer, or the pages' own error page)."""
    assert resp.status_code == 403, resp.get_data(as_text=True)[:300]
    assert REFUSALS[code][1].say("en") in resp.get_data(as_text=True)


# --- form posts -------------------------------------------------------------------------------------

def test_form_post_with_the_session_token_works(app: Flask, client: FlaskClient) -> None:
    token = token_of(client)
    resp = client.post("/", data=create_form(token))
    assert resp.status_code == 303 and "/t/" in resp.headers["Location"]
    assert table_count(app) == 1


@pytest.mark.parametrize("token", [None, "", "forged", "x" * 32])
def test_form_post_without_the_right_token_is_refused(app: Flask, client: FlaskClient, token: str | None) -> None:
    token_of(client)  # the session has a token; the form does not carry it
    assert_csrf_refused(client.post("/", data=create_form(token)), "csrf_failed")
    assert table_count(app) == 0


def test_token_of_another_session_is_refused(app: Flask) -> None:
    mine, theirs = app.test_client(), app.test_client()
    token_of(mine)
    assert_csrf_refused(mine.post("/", data=create_form(token_of(theirs))), "csrf_failed")
    assert_csrf_refused(app.test_client().post("/", data=create_form(token_of(theirs))), "csrf_failed")  # no session
    assert table_count(app) == 0


def test_token_in_header_works_for_scripts(app: Flask, client: FlaskClient) -> None:
    token = token_of(client)
    resp = client.post("/", data=create_form(None), headers={"X-CSRF-Token": token})
    assert resp.status_code == 303


@pytest.mark.parametrize("headers", [
    {"Origin": "http://attacker.example"},
    {"Origin": "http://localhost:8080"},  # another port is another origin
    {"Origin": "https://localhost"},
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},
    {"Sec-Fetch-Site": "cross-site", "Origin": "null"},
    {"Referer": "http://attacker.example/page"},
    {"Origin": "http://attacker.example", "Sec-Fetch-Site": "same-origin"},
])
def test_cross_site_form_post_is_refused_even_with_the_token(app: Flask, client: FlaskClient,
                                                             headers: dict[str, str]) -> None:
    token = token_of(client)
    assert_csrf_refused(client.post("/", data=create_form(token), headers=headers), "cross_site")
    assert table_count(app) == 0


@pytest.mark.parametrize("headers", [
    {"Origin": "http://localhost"},
    {"Origin": "http://localhost:80"},
    {"Origin": "null", "Sec-Fetch-Site": "same-origin"},  # what Referrer-Policy: no-referrer makes browsers send
    {"Sec-Fetch-Site": "same-origin"},
    {"Sec-Fetch-Site": "none"},
    {"Referer": "http://localhost/t/x"},
])
def test_same_origin_form_post_is_accepted(client: FlaskClient, headers: dict[str, str]) -> None:
    token = token_of(client)
    assert client.post("/", data=create_form(token), headers=headers).status_code == 303


def test_session_cookie_is_httponly_and_samesite(client: FlaskClient) -> None:
    client.get("/")
    cookie = client.get_cookie("session")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Lax"


# --- every rendered form carries the token ---------------------------------------------------------

class Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self._open: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self._open = {"method": (a.get("method") or "get").lower(), "action": a.get("action"),
                          "hx": a.get("hx-post"), "fields": {}}
            self.forms.append(self._open)
        elif tag in ("input", "button") and self._open is not None and a.get("name"):
            self._open["fields"].setdefault(a["name"], a.get("value"))
        if any(k.startswith("hx-") and k not in ("hx-target", "hx-swap", "hx-post", "hx-get", "hx-ext",
                                                  "hx-trigger", "hx-select", "hx-push-url", "hx-include",
                                                  "hx-indicator", "hx-disabled-elt", "hx-sync", "hx-boost",
                                                  "hx-preserve", "hx-replace-url", "hx-headers", "hx-vals",
                                                  "hx-confirm", "hx-select-oob", "hx-swap-oob")
               for k in a):
            raise AssertionError(f"unexpected htmx attribute on <{tag}>: {a}")
        for k in a:
            assert not k.startswith("on") and not k.startswith("hx-on"), f"inline handler {k} on <{tag}>"

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._open = None


def forms_of(html: str) -> list[dict[str, Any]]:
    parser = Forms()
    parser.feed(html)
    return parser.forms


def test_every_post_form_on_every_page_carries_the_token(client: FlaskClient) -> None:
    token = token_of(client)
    table = new_table(client, NAMES[:4])
    tid, vid = table["id"], table["view_id"]
    client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "research", "from": "deck"}})
    pages = ["/", "/rules", f"/t/{tid}", f"/t/{tid}?picker=open", f"/t/{tid}/undo", f"/t/{tid}/fragment",
             f"/v/{vid}", f"/v/{vid}/fragment"]
    posting = 0
    for page in pages:
        resp = client.get(page)
        assert resp.status_code == 200, page
        for form in forms_of(resp.get_data(as_text=True)):
            if form["method"] == "post" or form["hx"]:
                posting += 1
                assert form["fields"].get("csrf_token") == token, (page, form)
    assert posting >= 3


def test_read_only_pages_have_no_forms_that_post(client: FlaskClient) -> None:
    table = new_table(client)
    for page in (f"/v/{table['view_id']}", f"/v/{table['view_id']}/fragment"):
        html = client.get(page).get_data(as_text=True)
        assert [f for f in forms_of(html) if f["method"] == "post" or f["hx"]] == [], page
        assert "hx-post" not in html


# --- page writes ------------------------------------------------------------------------------------

def test_page_actions_need_the_token(client: FlaskClient) -> None:
    token = token_of(client)
    table = new_table(client)
    tid = table["id"]
    research = {"type": "research", "from": "deck", "version": "0"}
    for path, form in ((f"/t/{tid}/act", research), (f"/t/{tid}/undo", {}), (f"/t/{tid}/me", {"seat": "1"})):
        assert_csrf_refused(client.post(path, data=form), "csrf_failed")
        assert_csrf_refused(client.post(path, data={**form, "csrf_token": token},
                                        headers={"Sec-Fetch-Site": "cross-site"}), "cross_site")
    assert client.get(f"/api/tables/{tid}").get_json()["version"] == 0
    assert client.post(f"/t/{tid}/act", data={**research, "csrf_token": token}).status_code == 303
    assert client.get(f"/api/tables/{tid}").get_json()["version"] == 1


# --- the JSON API -----------------------------------------------------------------------------------

@pytest.mark.parametrize("content_type", [
    "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain;charset=utf-8",
])
@pytest.mark.parametrize("data", ["", "{}", '{"action": {"type": "research", "from": "deck"}}'])
@pytest.mark.parametrize("name", ["actions", "undo", "settings", "hints", "melds"])
def test_api_writes_refuse_what_a_cross_site_form_can_send(client: FlaskClient, table: dict[str, Any],
                                                           content_type: str, data: str, name: str) -> None:
    resp = client.post(f"/api/tables/{table['id']}/{name}", data=data, content_type=content_type)
    assert resp.status_code == 415 and resp.get_json()["error"] == "unsupported_media_type"
    assert client.get(f"/api/tables/{table['id']}").get_json() == table["state"]


def test_api_create_refuses_form_content(app: Flask, client: FlaskClient) -> None:
    resp = client.post("/api/tables", data={"players": NAMES[:3]})
    assert resp.status_code == 415
    assert table_count(app) == 0


@pytest.mark.parametrize("headers", [
    {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"}, {"Origin": "http://attacker.example"},
    {"Origin": "http://localhost:9999"}, {"Referer": "http://attacker.example/"},
])
def test_api_writes_marked_cross_site_are_refused(client: FlaskClient, table: dict[str, Any],
                                                  headers: dict[str, str]) -> None:
    """A bodyless POST (fetch no-cors) has no content type: the browser's own markers refuse it."""
    tid = table["id"]
    for path, body in ((f"/api/tables/{tid}/undo", None), (f"/api/tables/{tid}/actions",
                                                           {"action": {"type": "research", "from": "deck"}})):
        resp = client.post(path, json=body, headers=headers) if body else client.post(path, headers=headers)
        assert resp.status_code == 403 and resp.get_json()["error"] == "cross_site", path
    assert client.get(f"/api/tables/{tid}").get_json() == table["state"]


@pytest.mark.parametrize("headers", [
    {}, {"Sec-Fetch-Site": "same-origin", "Origin": "null"}, {"Origin": "http://localhost"},
    {"Sec-Fetch-Site": "none"},
])
def test_api_clients_still_undo_with_an_empty_body_or_json(client: FlaskClient, headers: dict[str, str]) -> None:
    table = new_table(client)
    tid = table["id"]
    research = {"action": {"type": "research", "from": "deck"}}
    for undo in (lambda: client.post(f"/api/tables/{tid}/undo", headers=headers),
                 lambda: client.post(f"/api/tables/{tid}/undo", json={}, headers=headers),
                 lambda: client.post(f"/api/tables/{tid}/undo", data="", content_type="application/json",
                                     headers=headers)):
        assert client.post(f"/api/tables/{tid}/actions", json=research, headers=headers).status_code == 200
        resp = undo()
        assert resp.status_code == 200, resp.get_data(as_text=True)


def test_api_reads_are_not_blocked(client: FlaskClient, table: dict[str, Any]) -> None:
    """Reading is harmless to allow (same-origin policy and no CORS keep other sites from seeing answers)."""
    resp = client.get(f"/api/tables/{table['view_id']}", headers={"Sec-Fetch-Site": "cross-site"})
    assert resp.status_code == 200
