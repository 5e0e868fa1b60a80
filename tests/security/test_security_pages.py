"""Smaller page-level claims: no open redirect, exports that a spreadsheet will not execute, templates that
escape everything and carry no inline script, style or handler (so the CSP holds without exceptions)."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import strategies as st
from security_harness import new_table

TOKEN_RE = re.compile(r'name="csrf_token" value="([^"]+)"')


@pytest.mark.parametrize("target", ["//attacker.example/", "https://attacker.example/", "/\\attacker.example",
                                    "\\\\attacker.example", "javascript:alert(1)", "http:/attacker.example",
                                    " //attacker.example", "%2F%2Fattacker.example"])
def test_language_switch_is_no_open_redirect(client: FlaskClient, target: str) -> None:
    resp = client.get("/lang/ja", query_string={"next": target})
    assert resp.status_code in (302, 303)
    location = resp.headers["Location"]
    assert location.startswith("/") and not location.startswith("//") and "attacker" not in location.split("?")[0]


def test_csv_export_defuses_formulas(client: FlaskClient) -> None:
    names = ["=HYPERLINK(\"http://x\")", "+1+1", "@SUM(A1)"]
    table = new_table(client, names)
    client.post(f"/api/tables/{table['id']}/actions", json={"action": {"type": "research", "from": "deck"}})
    resp = client.get(f"/v/{table['view_id']}/log.csv")
    assert resp.headers["Content-Type"].startswith("text/csv") and "charset=utf-8" in resp.headers["Content-Type"]
    rows = list(csv.reader(io.StringIO(resp.get_data(as_text=True).lstrip("\ufeff"))))
    cells = [cell for row in rows[1:] for cell in row]
    assert cells and not any(cell[:1] in ("=", "+", "@") for cell in cells)


def _templates(app: Flask) -> list[Path]:
    return sorted(Path(app.template_folder).glob("**/*.html"))


def test_templates_have_no_inline_script_style_or_handler(app: Flask) -> None:
    assert _templates(app), "no templates found"
    for path in _templates(app):
        text = path.read_text(encoding="utf-8")
        for script in re.findall(r"<script\b[^>]*>", text, flags=re.I):
            assert "src=" in script, f"{path.name}: inline <script>"
        assert not re.search(r"<style\b", text, flags=re.I), f"{path.name}: <style> element"
        assert not re.search(r"\sstyle\s*=", text, flags=re.I), f"{path.name}: style attribute"
        assert not re.search(r"\s(on[a-z]+|hx-on[:\w-]*)\s*=", text, flags=re.I), f"{path.name}: inline handler"
        assert "javascript:" not in text.lower(), f"{path.name}: javascript: URL"
        assert "|safe" not in text.replace(" ", ""), f"{path.name}: |safe turns escaping off"
        assert "autoescape false" not in text, f"{path.name}: autoescape off"


def test_templates_are_autoescaped(app: Flask) -> None:
    for path in _templates(app):
        assert app.jinja_env.autoescape(path.name), path.name


def test_htmx_is_configured_for_the_policy(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    match = re.search(r"<meta name=\"htmx-config\" content='([^']+)'>", html)
    assert match, "no htmx-config meta"
    import json
    config: dict[str, Any] = json.loads(match.group(1))
    assert config["allowEval"] is False and config["includeIndicatorStyles"] is False
    assert config.get("allowScriptTags") is False and config.get("selfRequestsOnly", True) is True


def test_static_scripts_use_no_eval(app: Flask) -> None:
    root = Path(app.static_folder)
    own = [p for p in root.rglob("*.js") if "vendor" not in p.parts]
    for path in own:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\beval\s*\(|new Function\s*\(|\.innerHTML\s*=|insertAdjacentHTML|document\.write",
                             text), path.name


FIELD_NAMES = st.sampled_from(["type", "from", "paper", "cards", "cite", "card", "version", "action_id", "op",
                               "seat", "start", "lang", "name0", "name1", "name2", "name3", "name4", "x"])
FIELD_VALUES = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["research", "publish", "review", "pass", "endflag", "deck", "discard", "kind3", "coin-7",
                     "book-K", "1", "0", "-1", "99999999999", "random", "check", "ja", "", "１"]),
)


def test_random_form_posts_never_fail_the_server(client: FlaskClient) -> None:
    """Page forms take anything a browser can send: a 4xx or a redirect, never a 5xx."""
    from hypothesis import HealthCheck, given, settings
    token = TOKEN_RE.search(client.get("/").get_data(as_text=True)).group(1)
    table = new_table(client)
    paths = ["/", f"/t/{table['id']}/act", f"/t/{table['id']}/undo", f"/t/{table['id']}/me",
             f"/t/{table['view_id']}/act"]

    @settings(max_examples=300, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(path=st.sampled_from(paths), fields=st.lists(st.tuples(FIELD_NAMES, FIELD_VALUES), max_size=8),
           htmx=st.booleans())
    def post(path: str, fields: list[tuple[str, str]], htmx: bool) -> None:
        from werkzeug.datastructures import MultiDict
        data = MultiDict([("csrf_token", token), *fields])
        headers = {"HX-Request": "true"} if htmx else {}
        resp = client.post(path, data=data, headers=headers)
        assert resp.status_code < 500, (path, fields, resp.get_data(as_text=True)[:500])
        assert "charset=utf-8" in resp.headers.get("Content-Type", "charset=utf-8")

    post()


# --- numbers from requests: ASCII digits only, never a 5xx ------------------------------------------------

NOT_NUMBERS = ["²", "①", "٣", "１", "9" * 5000, "0" * 10, "-1", " 1", "1_0"]


@pytest.mark.parametrize("bad", NOT_NUMBERS, ids=lambda v: v if len(v) < 12 else f"{v[0]}x{len(v)}")
def test_non_ascii_or_huge_numbers_never_fail_the_pages(client: FlaskClient, bad: str) -> None:
    """``str.isdigit`` takes '²' and '①' (``int`` refuses them) and ``int`` refuses 4300+ digits: every number a
    page reads is parsed as ASCII digits, and anything else counts as missing."""
    token = TOKEN_RE.search(client.get("/").get_data(as_text=True)).group(1)
    table = new_table(client)
    tid = table["id"]
    client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "publish", "paper": "kind3",
                                                               "cards": ["coin-5", "book-5", "heart-5"]}})
    posts = [
        (f"/t/{tid}/act", {"type": "research", "from": "deck", "version": bad}),
        (f"/t/{tid}/act", {"type": "review", "paper": bad, "card": "coin-5"}),
        (f"/t/{tid}/act", {"type": "publish", "paper": "kind3", "cards": "coin-7", "cite": bad}),
        (f"/t/{tid}/undo", {"version": bad}),
        (f"/t/{tid}/me", {"seat": bad}),
    ]
    for path, fields in posts:
        for htmx in (False, True):
            resp = client.post(path, data={"csrf_token": token, **fields},
                               headers={"HX-Request": "true"} if htmx else {})
            assert resp.status_code < 500, (path, fields, resp.get_data(as_text=True)[:300])
            if resp.status_code == 303:
                assert client.get(resp.headers["Location"]).status_code < 500
    # a seat that is not an ASCII number is no seat: the cookie is dropped, never stored
    resp = client.post(f"/t/{tid}/me", data={"csrf_token": token, "seat": bad})
    assert f"me={bad}" not in resp.headers.get("Set-Cookie", "")
    gets = [f"/t/{tid}/fragment?since={bad}", f"/v/{table['view_id']}/fragment?since={bad}",
            f"/t/{tid}?picker=open&paper=kind3&cards=coin-7&check=1&cite={bad}", f"/t/{tid}?picker=open&cite={bad}"]
    for path in gets:
        resp = client.get(path)
        assert resp.status_code == 200, (path, resp.get_data(as_text=True)[:300])
    client.set_cookie("me", bad[:100], path=f"/t/{tid}")
    resp = client.get(f"/t/{tid}")
    assert resp.status_code == 200 and "Which player is this device?" in resp.get_data(as_text=True)


@pytest.mark.parametrize("bad", ["²", "9" * 5000, "x"], ids=["sup2", "huge", "letter"])
def test_a_version_that_is_not_a_number_is_stale_never_unchecked(client: FlaskClient, bad: str) -> None:
    """A form whose version is garbage is refused as stale: it never acts without the version check."""
    token = TOKEN_RE.search(client.get("/").get_data(as_text=True)).group(1)
    tid = new_table(client)["id"]
    for path, fields in ((f"/t/{tid}/act", {"type": "research", "from": "deck"}), (f"/t/{tid}/undo", {})):
        resp = client.post(path, data={"csrf_token": token, "version": bad, **fields},
                           headers={"HX-Request": "true"})
        assert resp.status_code < 500
        assert client.get(f"/api/tables/{tid}").get_json()["version"] == 0, path


@pytest.mark.parametrize("port", ["²", "¹²", "٣", "１", "99999", "65536", "-1", ""])
def test_host_port_takes_ascii_digits_only(app: Flask, port: str) -> None:
    guard = app.extensions["companion_host_guard"]
    assert guard.allows("localhost:8000") and guard.allows("localhost:65535")
    assert not guard.allows(f"localhost:{port}") and not guard.allows(f"[::1]:{port}")


def test_parse_uint() -> None:
    from companion.games.ui import parse_uint
    assert parse_uint("0") == 0 and parse_uint("007") == 7 and parse_uint("999999999") == 999999999
    for bad in (None, "", "²", "①", "٣", "１", "1²", " 1", "1 ", "-1", "+1", "1.0", "1_0", "9" * 10, "9" * 5000, 7):
        assert parse_uint(bad) is None, bad
    assert parse_uint("4", limit=4) is None and parse_uint("3", limit=4) == 3


# --- the language switch goes back to a page of this app only ---------------------------------------------


@pytest.mark.parametrize("raw", ["/%09/attacker.example", "/%0A/attacker.example", "/%0D%0A//attacker.example",
                                 "%09//attacker.example", "/%7F/attacker.example", "/%0A", "/%00", "/%09/%09/x",
                                 "/\\attacker.example", "/%5Cattacker.example"])
def test_language_switch_drops_control_characters(client: FlaskClient, raw: str) -> None:
    resp = client.get(f"/lang/ja?next={raw}")
    assert resp.status_code == 303, resp.get_data(as_text=True)[:300]
    assert resp.headers["Location"] == "/"


def test_language_switch_goes_back_to_app_pages_only(client: FlaskClient) -> None:
    table = new_table(client)
    for target in ("/rules", f"/t/{table['id']}?picker=open", f"/v/{table['view_id']}", "/"):
        assert client.get("/lang/ja", query_string={"next": target}).headers["Location"] == target
    for target in ("/nowhere", "/t/x/act", "/lang", "/%2F%2Fattacker.example"):
        assert client.get("/lang/ja", query_string={"next": target}).headers["Location"] == "/", target


# --- error pages in the request's language -----------------------------------------------------------------


def test_http_errors_on_pages_are_pages_in_the_request_language(client: FlaskClient) -> None:
    table = new_table(client)
    tid = table["id"]
    ja = {"Accept-Language": "ja"}
    cases = [
        (client.get("/nowhere", headers=ja), 404, "ページが見つかりません"),
        (client.get(f"/t/{tid}/act", headers=ja), 405, "この方法では開けません"),
        (client.post(f"/t/{tid}/act", data={"x": "y" * 70_000}, headers=ja), 413, "送信内容が大きすぎます"),
    ]
    for resp, status, title in cases:
        html = resp.get_data(as_text=True)
        assert resp.status_code == status and resp.mimetype == "text/html", (status, html[:300])
        assert title in html and '<html lang="ja">' in html and "Not Found" not in html
        assert resp.headers["Content-Language"] == "ja"
    assert "Page not found" in client.get("/nowhere", headers={"Accept-Language": "en"}).get_data(as_text=True)
    # the JSON API keeps its JSON errors
    resp = client.get("/api/nowhere", headers=ja)
    assert resp.status_code == 404 and resp.get_json()["error"] == "not_found"
    resp = client.post(f"/api/tables/{tid}/actions", data="x" * 70_000, content_type="application/json")
    assert resp.status_code == 413 and resp.get_json()["error"] == "too_large"


def test_language_switch_on_an_error_page_after_a_post_leads_to_a_readable_page(client: FlaskClient) -> None:
    token = TOKEN_RE.search(client.get("/").get_data(as_text=True)).group(1)
    table = new_table(client)
    # a form posted to the read-only link: refused with a page whose language link must not lead to the POST URL
    resp = client.post(f"/t/{table['view_id']}/act", data={"csrf_token": token, "type": "pass"})
    assert resp.status_code == 403
    href = re.search(r'href="(/lang/ja\?next=[^"]*)"', resp.get_data(as_text=True)).group(1).replace("&amp;", "&")
    back = client.get(href).headers["Location"]
    assert not back.endswith("/act") and client.get(back).status_code in (200, 303)


# --- the flash in the session cookie stays small ---------------------------------------------------------


def test_flash_cookie_stays_small_whatever_the_form_holds(client: FlaskClient) -> None:
    token = TOKEN_RE.search(client.get("/").get_data(as_text=True)).group(1)
    table = new_table(client)
    cards = [f"coin-{r}" for r in range(1, 8)] + ["x" * 40 + str(i) for i in range(600)]
    fields = [("csrf_token", token), ("type", "publish"), ("paper", "p" * 2000)]
    fields += [("cards", c) for c in cards] + [("cite", str(i)) for i in range(2000)]
    from werkzeug.datastructures import MultiDict
    resp = client.post(f"/t/{table['id']}/act", data=MultiDict(fields))
    assert resp.status_code == 303
    cookie = resp.headers["Set-Cookie"]
    assert len(cookie) < 4000, len(cookie)
    html = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert re.search(r'value="coin-7" data-keep[^>]*checked', html)  # the deck's own cards are kept


# --- the script builds no selector from raw values ----------------------------------------------------------


def test_script_escapes_values_in_attribute_selectors(app: Flask) -> None:
    js = Path(app.static_folder) / "js"
    text = "\n".join(p.read_text(encoding="utf-8") for p in [js / "app.js", *sorted((js / "games").glob("*.js"))])
    built = re.findall(r"""\[[\w-]+=\\?["']?["']\s*\+\s*([^+]+?)\s*\+""", text)
    assert built, "no attribute selectors found: update this test"
    assert all(expr.startswith("cssq(") for expr in built), built
    assert "CSS.escape" in (js / "app.js").read_text(encoding="utf-8")
