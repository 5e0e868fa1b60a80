"""A whole Cracker round on two phones at once, in real Chromium: each phone sees the other's moves live.

Three players (Cracker needs 3–5): phone A is Aki and also acts for Chie (anyone at the table may act for the
player on turn), phone B is Ben. The server never sees a hand; the test plays a short round:

* Aki deals and draws a 10 (CR4), pairs it (CR5b), passes a 3; Ben passes the 3 on; Chie passes it back round:
  the 3 went all the way round, so it is changed (CR8) — announced on both phones;
* a declaration for Chie that is not a run (3 4 4 5) is refused in place (CR7);
* Aki draws a 7 and goes out with 1–9 (CR7); Ben enters his highest number on phone B, Chie's on phone A;
* both phones show the scores and the standings; one undo (through its confirmation) takes back the last
  entry on both; it is entered again; the read-only view shows the end with no form.
"""

from __future__ import annotations

import re

from browser_helpers import assert_nothing_blocks, axe_violations, expect_news, page_errors
from playwright.sync_api import expect

LIVE_MS = 2000  # a move made on one phone shows on the other within this, through the event stream


def seen_live(page, version_now: int) -> None:
    expect(page.locator("#table")).to_have_attribute("data-version", str(version_now), timeout=LIVE_MS)


def pick(page, number: int) -> None:
    page.locator(f"#cr-act button.pd-pick[name=card][value='{number}']").click()


def dismiss_announcement(page, text: str | None = None) -> None:
    """Issue 20: an announcement is news nobody has to dismiss: it shows, and nothing blocks the phone."""
    if text:
        expect_news(page, text, timeout=LIVE_MS)
    assert_nothing_blocks(page)


def test_two_phones_play_a_cracker_round_and_see_each_other_live(live, new_context) -> None:
    phone_a = new_context().new_page()
    phone_b = new_context().new_page()
    errors_a, errors_b = page_errors(phone_a), page_errors(phone_b)

    # --- phone A starts a 3-player, 1-round Cracker table from the start page ---------------------------------
    phone_a.goto(live.url("/"))
    phone_a.locator("input[name=game][value=cracker]").check(force=True)
    for i, name in enumerate(("Aki", "Ben", "Chie")):
        phone_a.fill(f"#name{i}", name)
    phone_a.select_option("#start", "0")
    phone_a.locator("input[name=lang][value=en]").check(force=True)
    phone_a.fill("#opt-cracker-rounds", "1")
    phone_a.get_by_role("button", name="Start the table").click()
    expect(phone_a.locator("#table.cr")).to_be_visible()
    # The start page lists every game: an icon another game has not drawn yet may 404; nothing else may fail.
    assert [e for e in errors_a if "404" not in e] == []
    errors_a.clear()
    tid = re.search(r"/t/([A-Za-z0-9_-]+)", phone_a.url).group(1)
    phone_b.goto(live.url(f"/t/{tid}"))
    phone_a.locator(".seat-prompt").get_by_role("button", name="Aki").click()
    phone_b.locator(".seat-prompt").get_by_role("button", name="Ben").click()
    expect(phone_a.locator("#status-title")).to_have_text("Your turn, Aki")
    expect(phone_b.locator("#status-title")).to_have_text("Aki’s turn")
    for page in (phone_a, phone_b):
        expect(page.locator(".cr-deck .cr-cap strong")).to_have_text("25")
        page.wait_for_timeout(300)  # let the event streams connect
        page.evaluate("() => { window.__noReload = 'still here'; }")

    # --- Aki draws a 10, pairs it, passes a 3 -------------------------------------------------------------------
    expect(phone_a.locator("#act-title")).to_have_text("Which card was drawn?")
    pick(phone_a, 10)
    for page in (phone_a, phone_b):
        seen_live(page, 1)
        expect(page.locator(".cr-received .pd-card")).to_have_attribute("aria-label", "Received: 10")
        expect(page.locator("#seat-0 .cr-hand-n")).to_have_text("11")
    phone_a.get_by_role("button", name=re.compile("Discard a pair of 10")).click()
    seen_live(phone_b, 2)
    expect(phone_b.locator(".cr-discard .cr-cap strong")).to_have_text("2")
    pick(phone_a, 3)
    for page in (phone_a, phone_b):
        seen_live(page, 3)
        expect(page.locator(".cr-streak-text")).to_have_text("3 has gone 1 of 3 seats")
        expect(page.locator(".cr-last")).to_have_text("Aki passed a 3 to Ben")
    expect(phone_b.locator("#status-title")).to_have_text("Your turn, Ben")

    # --- Ben passes the 3 on (phone B); Chie passes it back to Aki (phone A acts for her): change --------------
    pick(phone_b, 3)
    seen_live(phone_a, 4)
    expect(phone_a.locator("#status-title")).to_have_text("Chie’s turn")
    pick(phone_a, 3)
    for page in (phone_a, phone_b):
        seen_live(page, 5)
        dismiss_announcement(page, "Change! The 3 went all the way round.")
        expect(page.locator(".cr-discard .cr-cap strong")).to_have_text("3")
    expect(phone_a.locator("#act-title")).to_have_text("Which card was drawn?")

    # --- Chie's "after passing" window: a hand that is not a run is refused in place ----------------------------
    declare = phone_a.locator("#declare-2")
    declare.locator("summary").click()
    declare.get_by_label("Chie’s hand (10 cards)").fill("3 4 4 5 6 7 8 9 10 10")
    declare.get_by_role("button", name="Declare").click()
    expect(phone_a.locator("#err-declare-2")).to_contain_text("is neither all one number nor a run")
    seen_live(phone_a, 5)

    # --- Aki draws a 7 and goes out with 1-9 ---------------------------------------------------------------------
    pick(phone_a, 7)
    seen_live(phone_b, 6)
    aki = phone_a.locator("#declare-0")
    aki.locator("summary").click()
    aki.get_by_label("Aki’s hand (9 cards)").fill("1 2 3 4 5 6 7 8 9")
    aki.get_by_role("button", name="Declare").click()
    for page in (phone_a, phone_b):
        seen_live(page, 7)
        dismiss_announcement(page, "Aki went out!")
        expect(page.locator("#round-end-title")).to_have_text("Aki went out!")
        expect(page.locator(".cr-hand-shown .pd-card")).to_have_count(9)

    # --- the highest numbers: Ben on phone B (10), Chie from phone A (9) ------------------------------------------
    phone_b.locator("#reveal-1 button[name=max][value='10']").click()
    seen_live(phone_a, 8)
    expect(phone_a.locator("#reveal-1 .badge")).to_have_text("highest 10")
    phone_a.locator("#reveal-2 button[name=max][value='9']").click()
    for page in (phone_a, phone_b):
        seen_live(page, 9)
        dismiss_announcement(page)
        expect(page.locator("#end-title")).to_have_text("Aki wins the match!")
        expect(page.locator(".cr-score-table tbody tr").first).to_contain_text("+19")

    # --- one undo through its confirmation on phone B: Chie's entry comes back on both ---------------------------
    phone_b.locator(".actionbar .undo").click()
    dialog = phone_b.locator("#undo-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name=re.compile("undo", re.I)).click()
    for page in (phone_a, phone_b):
        seen_live(page, 10)
        expect(page.locator(".endscreen")).to_have_count(0)
        expect(page.locator("#reveal-2 .badge")).to_have_text("waiting")
    phone_b.locator("#reveal-2 button[name=max][value='9']").click()
    for page in (phone_a, phone_b):
        seen_live(page, 11)
        expect(page.locator("#end-title")).to_have_text("Aki wins the match!")

    # --- the read-only view shows the same end, with no form ---------------------------------------------------
    view_href = phone_a.locator(".join-panel a[href^='/v/']").get_attribute("href")
    viewer = new_context().new_page()
    errors_v = page_errors(viewer)
    viewer.goto(live.url(view_href))
    expect(viewer.locator("#table.cr")).to_have_attribute("data-version", "11")
    expect(viewer.locator("#end-title")).to_have_text("Aki wins the match!")
    expect(viewer.locator("#table form")).to_have_count(0)
    expect(viewer.locator(".badge-ro")).to_be_visible()

    for page in (phone_a, phone_b):
        assert page.evaluate("() => window.__noReload") == "still here"
    assert errors_a == [] and errors_b == [] and errors_v == []


def test_cracker_table_has_no_serious_axe_violations(live, new_context) -> None:
    """The table mid-turn (pair button, pass picker, declare forms) and at the round's end (highest-number
    pickers), light and dark, Japanese and English."""
    client = live.app.test_client()

    def table(*actions: dict) -> str:
        tid = client.post("/api/tables", json={"game": "cracker", "players": ["Aki", "Ben", "Chie"]}).get_json()["id"]
        for action in actions:
            assert client.post(f"/api/tables/{tid}/actions", json={"action": action}).status_code == 200
        return tid

    tid = table({"type": "draw", "card": 10}, {"type": "pair"}, {"type": "pass", "card": 3})
    ended = {"id": table({"type": "draw", "card": 8}, {"type": "pass", "card": 8},
                         {"type": "declare", "seat": 0, "hand": [10] * 10})}
    for scheme, locale in (("light", "en-US"), ("dark", "ja-JP")):
        for table in (tid, ended["id"]):
            page = new_context(bypass_csp=True, color_scheme=scheme, locale=locale).new_page()
            page.goto(live.url(f"/t/{table}"))
            expect(page.locator("#table.cr")).to_be_visible()
            assert axe_violations(page) == [], (scheme, locale, table)
