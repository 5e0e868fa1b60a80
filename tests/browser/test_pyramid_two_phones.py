"""A whole Pyramid game on two phones at once, in real Chromium: each phone sees the other's moves live.

A 7-card table deck (PD5: two 3s, two 5s, two 8s, one 9) keeps the game short:
* Aki taps 8 and 5 (Ben's phone shows them and the exact risk, 2 in 5), stops, chooses the 5 first and
  places both cards in the bottom row;
* Ben taps 3 and 3: a bust, announced on both phones; the 3 is now disabled in the picker (PD4);
* Aki taps 9 and 5, stops, puts the 9 left of the row and the 5 over 9 and 8 (PY7b): two rows;
* Ben taps the last card, 8: the companion stops for him (PY8), he places it, the game ends, Aki wins by height;
* the risk switch, hidden on one phone and shown again on the other, changes both;
* one undo through its confirmation takes the last placement back on both phones, and Ben places it again.
"""

from __future__ import annotations

import time

from browser_helpers import assert_nothing_blocks, axe_violations, expect_news, page_errors
from playwright.sync_api import expect

LIVE_MS = 2000
ACE, BEN = "Aki", "Ben"
DECK = {str(v): 0 for v in range(1, 11)} | {"3": 2, "5": 2, "8": 2, "9": 1}


def version(page) -> int:
    return int(page.locator("#table").get_attribute("data-version"))


def seen_live(page, version_now: int) -> None:
    expect(page.locator("#table")).to_have_attribute("data-version", str(version_now), timeout=LIVE_MS)


def tap_number(page, n: int) -> None:
    before = version(page)
    page.locator(f"#table .pd-picker button[value='{n}']").click()
    expect(page.locator("#table")).to_have_attribute("data-version", str(before + 1))


def tap_slot(page, slot: str) -> None:
    before = version(page)
    page.locator(f"#table button.py-slot[value='{slot}']").click()
    expect(page.locator("#table")).to_have_attribute("data-version", str(before + 1))


def stop(page) -> None:
    before = version(page)
    page.locator(".py-bar").get_by_role("button", name="Stop and build").click()
    expect(page.locator("#table")).to_have_attribute("data-version", str(before + 1))


def dismiss_announcement(page) -> None:
    """Issue 20: an announcement is news nobody has to dismiss: nothing blocks the phone."""
    assert_nothing_blocks(page)


def pyramid_cells(page, seat: int) -> list[str]:
    """The cards of a seat's pyramid as drawn, top row first: "row:number" per card."""
    return page.locator(f"#seat-{seat} .py-row").evaluate_all(
        "rows => rows.flatMap((r, i) => Array.from(r.querySelectorAll('.pd-card')).map("
        "c => (rows.length - i) + ':' + c.getAttribute('aria-label')))")


def test_two_phones_play_a_whole_pyramid_game(live, new_context) -> None:
    started = time.monotonic()
    snap = live.service.create_table([ACE, BEN], 0, {"deck": DECK}, game="pyramid")
    tid = snap.record.id
    phone_a = new_context(bypass_csp=True).new_page()  # axe-core is injected here (an inline script)
    phone_b = new_context().new_page()  # the real CSP: any inline code of ours would show as an error
    errors_a, errors_b = page_errors(phone_a), page_errors(phone_b)
    for page, name in ((phone_a, ACE), (phone_b, BEN)):
        page.goto(live.url(f"/t/{tid}"))
        page.locator(".seat-prompt").get_by_role("button", name=name).click()
        expect(page.locator("#table.py")).to_be_visible()
    expect(phone_a.locator("#status-title")).to_have_text(f"Your turn, {ACE}")
    expect(phone_b.locator("#status-title")).to_have_text(f"{ACE}’s turn")
    for page in (phone_a, phone_b):
        page.wait_for_timeout(300)  # let the event streams connect
        page.evaluate("() => { window.__noReload = 'still here'; }")
    assert not axe_violations(phone_a)

    # --- the risk switch (a table setting, through the API by script) reaches both phones -------------------------
    phone_b.locator("[data-risk-switch]").click()
    for page in (phone_a, phone_b):
        seen_live(page, 1)
        expect(page.locator("#risk")).to_have_count(0)
        expect(page.locator("[data-risk-switch]")).to_have_text("Show the risk")
    phone_a.locator("[data-risk-switch]").click()
    for page in (phone_a, phone_b):
        seen_live(page, 2)
        expect(page.locator("#risk")).to_have_count(1)

    # --- Aki: 8, 5, stop; Ben's phone follows and shows the exact risk -----------------------------------------
    tap_number(phone_a, 8)
    tap_number(phone_a, 5)
    seen_live(phone_b, 4)
    expect(phone_b.locator(".py-turned .pd-card")).to_have_count(2)
    expect(phone_b.locator(".py-risk-value")).to_have_text("2 in 5 · 40%")
    expect(phone_b.locator(".pd-picker")).to_have_count(1)  # anyone at the table may enter for the active player
    stop(phone_a)
    expect(phone_a.locator("#build")).to_be_visible()
    expect(phone_a.locator("button.py-slot")).to_have_count(1)  # the first card goes at x = 0 (PY7a)
    assert not axe_violations(phone_a)  # the building view: slots are labelled buttons
    phone_a.locator("a.py-pick[href*='pick=5']").click()  # choose the 5 first (a real link)
    expect(phone_a.locator(".py-pick.chosen .pd-card")).to_have_attribute("aria-label", "5, chosen")
    phone_a.wait_for_timeout(300)
    phone_a.evaluate("() => { window.__noReload = 'still here'; }")  # a new page: mark it again
    tap_slot(phone_a, "1:0")
    expect(phone_a.locator("button.py-slot")).to_have_count(2)  # both ends of the bottom row
    tap_slot(phone_a, "1:1")
    seen_live(phone_b, 7)
    expect(phone_b.locator("#status-title")).to_have_text(f"Your turn, {BEN}")
    assert pyramid_cells(phone_b, 0) == ["1:5", "1:8"]

    # --- Ben busts on a second 3: announced on both phones --------------------------------------------------
    tap_number(phone_b, 3)
    tap_number(phone_b, 3)
    seen_live(phone_a, 9)
    for page in (phone_a, phone_b):
        expect_news(page, f"{BEN} turned a second 3: out.")
        dismiss_announcement(page)
    expect(phone_a.locator("#status-title")).to_have_text(f"Your turn, {ACE}")
    expect(phone_a.locator("#table .pd-picker button[value='3']")).to_be_disabled()
    expect(phone_a.locator(".py-pile.discard .py-pile-n")).to_have_text("2")

    # --- Aki: 9 and 5, stop; 9 left of the row, 5 over 9 and 8 --------------------------------------------------
    tap_number(phone_a, 9)
    tap_number(phone_a, 5)
    stop(phone_a)
    expect(phone_a.locator(".py-pick.chosen .pd-card")).to_have_attribute("aria-label", "9, chosen")
    tap_slot(phone_a, "1:-1")
    expect(phone_a.locator("button.py-slot[value='2:-1']")).to_be_visible()  # 5 ≤ min(9, 5)… over 9 and 5
    tap_slot(phone_a, "2:-1")
    seen_live(phone_b, 14)
    assert pyramid_cells(phone_b, 0) == ["2:5", "1:9", "1:5", "1:8"]
    expect(phone_b.locator("#seat-0 .py-summary")).to_have_text("2 rows · 4 cards")

    # --- Ben turns the last card: a forced stop (PY8), then the end --------------------------------------------
    tap_number(phone_b, 8)
    expect(phone_b.locator(".py-forced")).to_be_visible()
    for page in (phone_a, phone_b):
        seen_live(page, 15)
        expect_news(page, "The deck is empty")
        dismiss_announcement(page)
    tap_slot(phone_b, "1:0")
    for page in (phone_a, phone_b):
        seen_live(page, 16)
        expect(page.locator("#end-title")).to_have_text(f"{ACE} wins!")
        expect(page.locator(".py-why")).to_have_text("The tallest pyramid wins: 2 rows.")
        dismiss_announcement(page)
    expect(phone_b.locator(".ranking tbody tr").first).to_contain_text(ACE)

    # --- one undo, through its confirmation, on both phones; then the card goes down again ------------------------
    phone_a.locator(".py-bar a.undo").click()
    expect(phone_a.locator("#undo-dialog")).to_be_visible()
    phone_a.locator("#undo-dialog").get_by_role("button", name="Yes, undo it").click()
    for page in (phone_a, phone_b):
        seen_live(page, 17)
        expect(page.locator("#end-title")).to_have_count(0)
        expect(page.locator("#build")).to_be_visible()
    tap_slot(phone_b, "1:0")
    seen_live(phone_a, 18)
    expect(phone_a.locator("#end-title")).to_have_text(f"{ACE} wins!")

    for page in (phone_a, phone_b):
        assert page.evaluate("() => window.__noReload") == "still here"  # live updates morph, never reload
    assert not axe_violations(phone_a)
    assert errors_a == [] and errors_b == []
    assert time.monotonic() - started < 120  # generous: the machine is shared
