"""In real Chromium: hostile player names are shown as text, no script runs, the Content-Security-Policy
reports no violation while htmx, the live stream and the page's own fetches work, a cross-site page cannot
act on a table, and a DNS-rebinding name gets nothing.

Chromium is Debian's (/usr/bin/chromium) driven by Playwright for Python; the test is skipped only when
that binary or Playwright is missing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient
from security_harness import LiveServer

CHROMIUM = "/usr/bin/chromium"
REBIND_NAME = "rebind.test"

pytestmark = pytest.mark.browser

if not os.path.exists(CHROMIUM):  # pragma: no cover - depends on the machine
    pytest.skip(f"{CHROMIUM} is not installed (apt-get install -y chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")

HOSTILE = ["<img src=x onerror=alert(1)>", "<script>alert(1)</script>", "\"><svg onload=alert(1)>"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--disable-quic",
            f"--host-resolver-rules=MAP {REBIND_NAME} 127.0.0.1",  # a rebinding name that points here
        ])
        yield browser
        browser.close()


class Watch:
    """Everything a page says that would mean script ran or the policy blocked something."""

    def __init__(self, page: Any) -> None:
        self.dialogs: list[str] = []
        self.console: list[str] = []
        self.errors: list[str] = []
        page.on("dialog", self._dialog)
        page.on("console", lambda msg: self.console.append(f"{msg.type}: {msg.text}"))
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def violations(self) -> list[str]:
        return [m for m in self.console if "Content Security Policy" in m or "Refused to" in m]

    def assert_clean(self) -> None:
        assert self.dialogs == [], f"a dialog opened: {self.dialogs}"
        assert self.violations() == [], f"CSP violations: {self.violations()}"
        assert self.errors == [], f"script errors: {self.errors}"


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def _create(client: FlaskClient) -> dict[str, Any]:
    resp = client.post("/api/tables", json={"players": HOSTILE, "suit_names": {"coin": "<b>gold</b>"}})
    assert resp.status_code == 201, resp.get_data(as_text=True)
    return resp.get_json()


def _assert_names_are_text(page: Any) -> None:
    text = page.locator("body").inner_text()
    for name in HOSTILE:
        assert name in text, f"{name!r} is not shown as text"
    assert page.locator('img[src="x"]').count() == 0
    assert page.locator("svg[onload]").count() == 0
    assert page.evaluate("() => [...document.scripts].every(s => s.src && !s.text.includes('alert'))")


def test_hostile_names_are_text_and_nothing_runs(page: Any, live: Any, client: FlaskClient) -> None:
    table = _create(client)
    watch = Watch(page)
    for path in (f"/t/{table['id']}", f"/v/{table['view_id']}", "/"):
        resp = page.goto(live.url + path)
        assert resp.status == 200, path
        assert resp.headers["content-security-policy"].startswith("default-src 'self'")
        page.wait_for_load_state("networkidle") if path == "/" else page.wait_for_timeout(300)
        if path != "/":
            _assert_names_are_text(page)
        else:
            assert HOSTILE[0] in page.locator("body").inner_text()
    watch.assert_clean()


def test_htmx_live_updates_and_fetches_work_under_the_policy(page: Any, live: Any, client: FlaskClient) -> None:
    table = _create(client)
    tid = table["id"]
    watch = Watch(page)
    page.goto(f"{live.url}/t/{tid}")
    assert page.evaluate("() => typeof htmx === 'object' && htmx.config.allowEval === false")
    assert page.evaluate("() => htmx.config.includeIndicatorStyles === false")
    # a form posted by htmx (no full page load): the fragment is morphed in place
    page.evaluate("() => { window.__same_document = true; }")
    page.locator("form.bar-research button[value=deck]").first.click()
    page.wait_for_function("() => document.querySelector('#table').dataset.version === '1'")
    assert page.evaluate("() => window.__same_document === true"), "htmx did not handle the form"
    _assert_names_are_text(page)
    # a change made elsewhere arrives through the event stream
    assert client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "research", "from": "deck"}}
                       ).status_code == 200
    page.wait_for_function("() => document.querySelector('#table').dataset.version === '2'")
    _assert_names_are_text(page)
    # the page's own JSON fetch (as the card picker makes it) is same-origin and accepted
    status = page.evaluate("""async (api) => {
        const r = await fetch(api + '/melds', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                                body: JSON.stringify({cards: ['coin-3']})});
        return r.status; }""", f"/api/tables/{tid}")
    assert status == 200
    watch.assert_clean()


ATTACKER_PAGE = """<!doctype html><meta charset=utf-8><title>cute cats</title>
<iframe name=sink style="display:none"></iframe>
<form id=f1 method=post action="{target}/t/{tid}/act" target=sink>
  <input name=type value=research><input name=from value=deck></form>
<form id=f2 method=post action="{target}/api/tables/{tid}/undo" target=sink enctype=text/plain>
  <input name='{{"x":"' value='"}}'></form>
<form id=f3 method=post action="{target}/api/tables/{tid}/actions" target=sink enctype=text/plain>
  <input name='{{"action":{{"type":"research","from":"deck"}},"x":"' value='"}}'></form>
<script>
  document.getElementById('f1').submit();
  setTimeout(() => document.getElementById('f2').submit(), 200);
  setTimeout(() => document.getElementById('f3').submit(), 400);
  fetch("{target}/api/tables/{tid}/undo", {{method: "POST", mode: "no-cors"}});
  fetch("{target}/api/tables/{tid}/actions", {{method: "POST", mode: "no-cors",
        body: '{{"action":{{"type":"research","from":"deck"}}}}'}});
  setTimeout(() => {{ document.title = "done"; }}, 1500);
</script>"""


@pytest.fixture
def attacker() -> Iterator[dict[str, Any]]:
    """Another site (http://localhost:PORT, cross-site from http://127.0.0.1) serving one page."""
    state: dict[str, Any] = {"html": ""}

    def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        start_response("200 OK", [("Content-Type", "text/html; charset=utf-8")])
        return [state["html"].encode()]

    with LiveServer(app) as server:
        state["url"] = f"http://localhost:{server.port}"
        yield state


def test_cross_site_page_cannot_act(page: Any, live: Any, client: FlaskClient, attacker: dict[str, Any]) -> None:
    table = _create(client)
    tid = table["id"]
    assert client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "research", "from": "deck"}}
                       ).status_code == 200
    before = client.get(f"/api/tables/{tid}").get_json()
    page.goto(f"{live.url}/t/{tid}")  # the victim has a session (and a CSRF token) on the table
    attacker["html"] = ATTACKER_PAGE.format(target=live.url, tid=tid)
    page.goto(attacker["url"] + "/")
    page.wait_for_function("() => document.title === 'done'")
    page.wait_for_timeout(300)
    assert client.get(f"/api/tables/{tid}").get_json() == before


def test_dns_rebinding_name_gets_nothing(page: Any, live: Any, client: FlaskClient) -> None:
    """A page served as rebind.test (resolving to this server) reads nothing: not the start page's list of
    tables, not a table (its names, its view id), not the API."""
    table = _create(client)
    secrets = [table["id"], table["view_id"], *HOSTILE]
    home = page.goto(f"http://{REBIND_NAME}:{live.port}/")
    assert home.status == 400
    assert not any(s in page.content() for s in secrets)
    resp = page.goto(f"http://{REBIND_NAME}:{live.port}/t/{table['id']}")
    assert resp.status == 400
    assert not any(s in page.content() for s in secrets[1:])  # the id it asked for is all it knows
    api = page.goto(f"http://{REBIND_NAME}:{live.port}/api/tables/{table['id']}")
    assert api.status == 400 and api.json()["error"] == "bad_host"
