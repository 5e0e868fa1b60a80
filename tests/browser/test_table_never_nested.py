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


WATCH_NESTING = """() => {
  window.__nestedSeen = 0;
  // registered after the frame's own listeners, so it sees the page as the frame leaves it after each swap
  for (const type of ["htmx:afterSwap", "htmx:afterSettle"]) {
    document.addEventListener(type, () => { if (document.querySelector('#table #table')) window.__nestedSeen++; });
  }
  new MutationObserver(() => { if (document.querySelector('#table #table')) window.__nestedSeen++; })
    .observe(document.body, {childList: true, subtree: true});
}"""


def test_a_form_answer_after_its_form_was_replaced_is_morphed_into_the_one_table(live, new_context) -> None:
    """The real path: a tap's answer is held back while the form it came from leaves the page (as a live
    refresh does); when the answer lands there is still one #table, with the answer's version, and not even
    for a moment two (a MutationObserver counts every DOM change)."""
    tid = live.service.create_table(["Aki", "Ben"], 0, None, game="pyramid").record.id
    page = new_context().new_page()
    errors = page_errors(page)
    page.goto(live.url(f"/t/{tid}"))
    page.evaluate(WATCH_NESTING)
    held = []
    page.route("**/act", lambda route: held.append(route))
    page.locator("#table .pd-picker button[value='7']").click()
    deadline = 50
    while not held and deadline:
        page.wait_for_timeout(100)
        deadline -= 1
    assert held, "the tap never sent its form"
    page.evaluate("() => document.querySelector('#table .py-picker-form').remove()")
    held[0].continue_()
    expect(page.locator("#table")).to_have_attribute("data-version", "1")
    expect(page.locator("#table")).to_have_count(1)
    assert page.evaluate("() => window.__nestedSeen") == 0
    assert live.service.version(tid) == 1
    assert errors == []
