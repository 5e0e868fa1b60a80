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


def wait_for(page, held: list, what: str) -> None:
    for _ in range(50):
        if held:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the page never sent {what}")


def test_a_late_poll_never_drops_the_answer_of_a_tap(live, new_context) -> None:
    """Without a stream (a browser with no EventSource polls /fragment): the tap is stored (version 1), the
    page's poll asks for the fragment before the tap's answer comes back; the answer lands with its notice,
    then the fragment (version 1, no notice). The page keeps the notice: the late poll had nothing new. The
    next change still comes in."""
    tid = live.service.create_table(["Aki", "Ben"], 0, None, game="pyramid").record.id
    ctx = new_context()
    ctx.add_init_script("Object.defineProperty(window, 'EventSource', { value: undefined, configurable: true });")
    page = ctx.new_page()
    errors = page_errors(page)
    page.goto(live.url(f"/t/{tid}"))
    acts, fragments = [], []
    page.route("**/act", lambda route: acts.append(route))
    page.route("**/fragment*", lambda route: fragments.append(route))
    page.locator("#table .pd-picker button[value='7']").click()
    wait_for(page, acts, "the tap")
    answer = acts[0].fetch()  # the server stores the tap now; its answer waits
    assert live.service.version(tid) == 1
    wait_for(page, fragments, "a poll")
    refresh = fragments[0].fetch()
    acts[0].fulfill(response=answer)
    expect(page.locator("#table")).to_have_attribute("data-version", "1")
    expect(page.locator("#table .notice")).to_be_visible()
    fragments[0].fulfill(response=refresh)
    page.wait_for_timeout(400)
    expect(page.locator("#table .notice")).to_be_visible()
    expect(page.locator("#table")).to_have_count(1)
    page.unroute("**/fragment*")
    live.service.act(tid, live.service.parse(tid, {"type": "turn", "card": 3}))
    expect(page.locator("#table")).to_have_attribute("data-version", "2", timeout=15000)  # polled
    assert errors == []


def test_the_stream_brings_the_fragment_and_never_drops_the_answer_of_a_tap(live, new_context) -> None:
    """The page's stream (/t/<id>/live) carries each change's fragment: the page shows a change made elsewhere
    without fetching anything. A tap stored while its answer is held back: the stream shows version 1 first
    (no notice), then the answer lands with its notice and Undo; a later event of the same version changes
    nothing."""
    tid = live.service.create_table(["Aki", "Ben"], 0, None, game="pyramid").record.id
    page = new_context().new_page()
    errors = page_errors(page)
    fetched = []
    page.on("request", lambda r: fetched.append(r.url) if "/fragment" in r.url else None)
    page.goto(live.url(f"/t/{tid}"))
    page.wait_for_timeout(300)  # the stream is open
    live.service.act(tid, live.service.parse(tid, {"type": "turn", "card": 7}))
    expect(page.locator("#table")).to_have_attribute("data-version", "1", timeout=5000)
    acts = []
    page.route("**/act", lambda route: acts.append(route))
    page.locator("#table .pd-picker button[value='5']").click()
    wait_for(page, acts, "the tap")
    answer = acts[0].fetch()
    expect(page.locator("#table")).to_have_attribute("data-version", "2", timeout=5000)  # from the stream
    expect(page.locator("#table .notice")).to_have_count(0)
    acts[0].fulfill(response=answer)
    expect(page.locator("#table .notice")).to_be_visible()
    page.wait_for_timeout(300)
    expect(page.locator("#table .notice")).to_be_visible()
    expect(page.locator("#table")).to_have_count(1)
    assert fetched == [], "the page fetched fragments although its stream carries them"
    assert errors == []
