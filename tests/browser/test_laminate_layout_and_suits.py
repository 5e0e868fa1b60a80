"""Issue 12's last layout points and suit renaming, in real Chromium: the action bar stays whole and small on
phones and tablets held sideways (with the countdown banner in view too), the read-only header is one line
on 360 and 390 px phones, and renaming a suit on one phone (R1) reaches the other phone's page live."""

from __future__ import annotations

import pytest
from browser_helpers import PHONE, page_errors
from game_driver import drive, service_driver
from playwright.sync_api import expect

NAMES = ["Hilbert", "Noether", "Banach"]
LANDSCAPES = [(844, 390, True), (740, 360, True), (1024, 600, False), (1280, 720, False)]


def countdown_table(live) -> tuple[str, dict]:
    tid = live.service.create_table(NAMES, 0).record.id
    act, state = service_driver(live.service, tid)
    return tid, drive(act, state, lambda s: s["end"] is not None and s["pending"] is None)


@pytest.mark.parametrize(("width", "height", "mobile"), LANDSCAPES)
def test_a_device_held_sideways_keeps_the_whole_action_bar(live, new_context, width, height, mobile) -> None:
    """Issue 12 item 5 (landscape tablet): the bar is on screen whole, for the active player's device and
    another's, scrolled or not, and on a short screen it takes at most a fifth of the height beside the
    countdown banner (both sticky), leaving the table most of the screen."""
    tid, st = countdown_table(live)
    for seat in (st["active"], (st["active"] + 1) % 3):
        ctx = new_context(viewport={"width": width, "height": height}, is_mobile=mobile, has_touch=mobile)
        ctx.add_cookies([{"name": "me", "value": str(seat), "url": live.url(f"/t/{tid}")}])
        page = ctx.new_page()
        errors = page_errors(page)
        page.goto(live.url(f"/t/{tid}"))
        for scroll in (0, 1200):
            page.evaluate("(y) => window.scrollTo(0, y)", scroll)
            page.wait_for_timeout(150)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            bar = page.locator(".actionbar").bounding_box()
            assert bar is not None and bar["y"] >= 0 and bar["y"] + bar["height"] <= height + 1, (seat, scroll, bar)
            assert bar["x"] >= 0 and bar["x"] + bar["width"] <= width + 1
            if height <= 620:
                assert bar["height"] <= height / 5, bar
                banner = page.locator(".lam-banner .countdown").bounding_box()
                assert banner is not None and banner["height"] <= height / 6, banner
            else:
                assert bar["height"] <= height / 4, bar
        button = page.locator(".actionbar button[name=from][value=deck]")
        if seat == st["active"]:
            expect(button).to_be_visible()
        else:
            expect(page.locator(".actionbar .act-for > summary")).to_be_visible()
        assert errors == []
        ctx.close()


@pytest.mark.parametrize("width", [360, 390])
@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_the_read_only_header_is_one_line(live, new_context, width: int, locale: str) -> None:
    """Issue 12 item 5 (smaller): the read-only view's header wrapped onto two lines, the logo between them."""
    snap = live.service.create_table(NAMES, 0)
    ctx = new_context(**{**PHONE, "viewport": {"width": width, "height": 800}}, locale=locale)
    page = ctx.new_page()
    page.goto(live.url(f"/v/{snap.record.view_id}"))
    badge = page.locator(".badge-ro")
    expect(badge).to_be_visible()
    # the words stay for screen readers (and as the chip's title)
    assert badge.get_attribute("title") and page.locator(".badge-ro .ro-label").text_content()
    tops = page.locator(".topbar .brand, .topnav > *:visible").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [Math.round(r.top + r.height / 2), Math.round(r.right)]; })")
    centres = {t for t, _ in tops}
    assert max(centres) - min(centres) <= 2, tops  # one row, everything on the same centre line
    assert max(r for _, r in tops) <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_suit_renamed_on_one_phone_reads_so_on_the_other(live, new_context) -> None:
    """R1 during play: Noether names the two unnamed suits on her phone; Hilbert's page follows live (his
    picker's rows and the history), and a blank field gives the name back."""
    tid = live.service.create_table(NAMES, 0).record.id
    phones = []
    for seat in (0, 1):
        ctx = new_context(**PHONE)
        ctx.add_cookies([{"name": "me", "value": str(seat), "url": live.url(f"/t/{tid}")}])
        page = ctx.new_page()
        page.goto(live.url(f"/t/{tid}"))
        phones.append(page)
    hilbert, noether = phones
    errors = page_errors(noether)
    noether.locator("#setting-suit_names > summary").click()
    noether.locator("#sn-suit6").fill("Star")
    noether.locator("#sn-suit7").fill("Crown")
    noether.locator("#setting-suit_names button[type=submit]").click()
    for page in phones:
        expect(page.locator("#table")).to_have_attribute("data-version", "1", timeout=5000)
        expect(page.locator(".hist").first).to_contain_text("The table named its suits: Star and Crown.")
    expect(noether.locator("#table .notice")).to_contain_text("Star and Crown")
    expect(noether.locator("#setting-suit_names")).to_have_attribute("open", "")  # still open where she was
    hilbert.locator("#setting-suit_names > summary").click()
    expect(hilbert.locator("#sn-suit6")).to_have_value("Star")
    assert live.service.snapshot(tid).record.options["suit_names"] == {"suit6": "Star", "suit7": "Crown"}
    noether.locator("#sn-suit7").fill("")
    noether.locator("#setting-suit_names button[type=submit]").click()
    expect(hilbert.locator("#table")).to_have_attribute("data-version", "2", timeout=5000)
    expect(hilbert.locator("#sn-suit7")).to_have_value("")
    assert live.service.snapshot(tid).record.options["suit_names"] == {"suit6": "Star"}
    assert errors == []
