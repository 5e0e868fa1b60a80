"""The live table is one #table whatever order answers arrive in (static/js/app.js): a swap that lost
htmx's morph extension (its form was replaced by a live refresh while it was being sent) would put the
answer's #table inside the page's #table; the frame morphs such answers from the body, and repairs any
nesting that still happens, keeping the newer table."""

from __future__ import annotations

from browser_helpers import page_errors
from playwright.sync_api import expect


def test_a_swap_without_the_morph_extension_leaves_one_table(live, new_context) -> None:
    tid = live.service.create_table(["Aki", "Ben"], 0, None, game="pyramid").record.id
    page = new_context().new_page()
    errors = page_errors(page)
    page.goto(live.url(f"/t/{tid}"))
    live.service.act(tid, live.service.parse(tid, {"type": "turn", "card": 7}))
    fragment = page.evaluate("() => fetch(location.pathname + '/fragment').then(r => r.text())")
    assert 'data-version="1"' in fragment
    # what htmx does with an answer whose form is gone: a swap with no element to find the extension from
    page.evaluate("(h) => htmx.swap(document.getElementById('table'), h, {swapStyle: 'morph'})", fragment)
    expect(page.locator("#table")).to_have_count(1)
    expect(page.locator("#table")).to_have_attribute("data-version", "1")
    assert errors == []
