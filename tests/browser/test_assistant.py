"""The "my hand" publish assistant on phones: tap the hand, see what it makes, load an option into the
picker and publish; the hand stays on its own phone; the table switch reaches every phone live."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

from browser_helpers import axe_violations, page_errors
from playwright.sync_api import expect

LIVE_MS = 1500


def tap(page, card: str) -> None:
    page.locator(f"#assistant label:has(input[value='{card}'])").click()


def stored_hands(page) -> dict[str, list[str]]:
    return page.evaluate("""() => {
        const out = {};
        for (let i = 0; i < localStorage.length; i++) {
            const k = localStorage.key(i);
            if (k.startsWith('lr-hand:')) out[k] = JSON.parse(localStorage.getItem(k));
        }
        return out;
    }""")


def test_hand_to_options_to_picker_to_publish_and_the_hand_stays_on_its_phone(live, new_context) -> None:
    snap = live.service.create_table(["Hilbert", "Noether", "Banach"], 0)
    tid, vid = snap.record.id, snap.record.view_id
    phone_a = new_context().new_page()
    phone_b = new_context(locale="ja-JP").new_page()
    errors_a, errors_b = page_errors(phone_a), page_errors(phone_b)
    refused_b: list[str] = []
    phone_b.on("response", lambda r: refused_b.append(f"{r.request.method} {r.url}") if r.status == 403 else None)

    phone_a.goto(live.url(f"/t/{tid}"))
    # no seat yet: the panel asks for it first
    expect(phone_a.locator("#assistant")).to_contain_text("First choose which player this device is")
    phone_a.locator(".assistant-seat button", has_text="Hilbert").click()
    phone_b.goto(live.url(f"/t/{tid}"))
    phone_b.locator(".seat-prompt button", has_text="Noether").click()
    for page in (phone_a, phone_b):
        expect(page.locator("#hints-status")).to_be_visible()
        page.wait_for_timeout(300)  # let the event streams connect

    panel = phone_a.locator("#assistant")
    expect(panel.locator("legend")).to_have_text("Cards in Hilbert’s hand")
    expect(phone_a.locator("#hand-count")).to_have_text("The table says you hold 3 cards.")
    expect(phone_a.locator("#hints-status")).to_have_text("Tap the cards in your hand to see what you could publish.")

    # 1. Two cards: nothing yet. Five cards: more than the table says, and two options.
    tap(phone_a, "heart-7")
    tap(phone_a, "heart-1")
    expect(phone_a.locator("#hand-count")).to_have_text("You entered 2 of 3 cards.")
    expect(phone_a.locator("#hints-status")).to_have_text("Nothing publishable with these cards yet.")
    for card in ("book-7", "coin-7"):
        tap(phone_a, card)
    phone_a.locator("#assistant input[value='suit7-13']").focus()  # keyboard works too
    phone_a.keyboard.press("Space")
    expect(phone_a.locator("#assistant input[value='suit7-13']")).to_be_checked()
    expect(phone_a.locator("#hand-count")).to_have_text("You entered 5 cards, but the table says you hold 3.")
    expect(phone_a.locator("#hand-count")).to_have_class(re.compile("warn"))
    options = phone_a.locator("#hint-list > li")
    expect(options).to_have_count(2)
    expect(phone_a.locator("#hints-status")).to_have_text("2 papers you could publish")
    kind3 = options.filter(has_text="Three of a Kind")
    expect(kind3).to_contain_text("1 pt")
    expect(kind3).to_contain_text("Spends 3 cards: 3 placed")
    expect(kind3).to_contain_text("starts under review")
    expect(options.filter(has_text="A-K")).to_contain_text("2 pts")

    # 2. Back to the real hand: the A-K goes, the Three of a Kind stays.
    tap(phone_a, "heart-1")
    tap(phone_a, "suit7-13")
    expect(phone_a.locator("#hand-count")).to_have_text("✓ All 3 cards entered.")
    expect(options).to_have_count(1)
    expect(options.first).to_contain_text("Three of a Kind")

    # 3. The other phone never shows this hand: nothing ticked, nothing stored, no options.
    expect(phone_b.locator("#assistant legend")).to_have_text("Noetherさんの手札")
    expect(phone_b.locator("#assistant input[data-hand-card]:checked")).to_have_count(0)
    expect(phone_b.locator("#hint-list > li")).to_have_count(0)
    assert stored_hands(phone_b) in ({}, {f"lr-hand:{vid}:1": []})
    assert stored_hands(phone_a) == {f"lr-hand:{vid}:0": ["heart-7", "book-7", "coin-7"]}
    expect(phone_b.locator("#assistant")).not_to_contain_text("Three of a Kind")
    # Hilbert's option is only usable on Hilbert's turn: Noether's phone says so for its own options
    tap(phone_b, "onion-8")
    tap(phone_b, "coffin-8")
    tap(phone_b, "suit6-8")
    expect(phone_b.locator("#hint-list > li")).to_have_count(1)
    expect(phone_b.locator("#hint-list > li")).to_contain_text("自分の番に使えます")
    expect(phone_b.locator("#hint-list .hint-use")).to_have_count(0)
    expect(phone_a.locator("#assistant input[value='onion-8']")).not_to_be_checked()

    # 4. One tap loads the option into the picker; publishing works and the cards leave the hand.
    phone_a.get_by_role("button", name="Use this: Three of a Kind").click()
    picker = phone_a.locator("#picker")
    expect(picker).to_be_visible()
    for card in ("heart-7", "book-7", "coin-7"):
        expect(picker.locator(f"input[name=cards][value='{card}']")).to_be_checked()
    expect(picker.locator("input[name=paper][value=kind3]")).to_be_checked()
    expect(phone_a.locator("#pick-matches")).to_contain_text("Three of a Kind")
    # phone B asks again for its own options after the live update (its answer is awaited below)
    with phone_b.expect_response(lambda r: r.url.endswith("/hints")) as asked_b:
        phone_a.locator("#pick-submit").click()
        expect(picker).to_be_hidden()
    expect(phone_a.locator("#paper-1")).to_contain_text("Three of a Kind")
    expect(phone_a.locator("#hand-note")).to_contain_text("left your hand")
    expect(phone_a.locator("#assistant input[value='heart-7']")).to_be_disabled()
    expect(phone_a.locator("#hints-status")).to_have_text("Tap the cards in your hand to see what you could publish.")
    assert stored_hands(phone_a) == {f"lr-hand:{vid}:0": []}
    expect(phone_b.locator("#table")).to_have_attribute("data-version", "1", timeout=LIVE_MS)
    # Noether's turn now: the option on phone B becomes usable after the live update
    assert asked_b.value.status == 200
    expect(phone_b.locator("#hint-list .hint-use")).to_have_count(1)

    # 5. The server kept none of the hands: the cards only ever held in a hand are nowhere in the database.
    db_path = Path(live.service.store.path)
    db = sqlite3.connect(str(db_path))
    try:
        names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        dump = "\n".join(str(row) for name in names for row in db.execute(f'SELECT * FROM "{name}"'))
    finally:
        db.close()
    assert "heart-7" in dump  # published
    raw = b"".join(p.read_bytes() for p in db_path.parent.glob(db_path.name + "*"))
    for card in ("heart-1", "suit7-13", "onion-8", "coffin-8", "suit6-8"):
        assert card not in dump and card.encode() not in raw, card

    # 6. Phone A turns the assistant off for everyone (after a confirmation); both phones show the notice.
    phone_a.locator(".assistant-switch summary").click()
    expect(phone_a.locator(".assistant-switch")).to_contain_text("every device at this table")
    phone_a.get_by_role("button", name="Yes, turn it off").click()
    expect(phone_a.locator("#assistant .assistant-off")).to_have_text("Publish assistant is off at this table.")
    expect(phone_b.locator("#assistant .assistant-off")).to_have_text("この卓では発表アシスタントはオフです。",
                                                                       timeout=LIVE_MS)
    expect(phone_b.locator("#assistant input[data-hand-card]")).to_have_count(0)
    expect(phone_b.locator(".hist.recent li").first).to_contain_text("発表アシスタントがオフ")
    status = phone_a.evaluate(f"""() => fetch('/api/tables/{tid}/hints', {{method: 'POST',
        headers: {{'Content-Type': 'application/json'}}, body: JSON.stringify({{player: 0, hand: ['coin-8']}})}})
        .then(r => r.status)""")
    assert status == 403
    errors_a[:] = [e for e in errors_a if "status of 403" not in e]  # that refusal was asked for
    # and back on from phone B: phone A's panel returns live, its stored hand (empty now) intact
    phone_b.get_by_role("button", name="オンに戻す").click()
    expect(phone_a.locator("#assistant legend")).to_have_text("Cards in Hilbert’s hand", timeout=LIVE_MS)
    expect(phone_b.locator("#hint-list > li")).to_have_count(1)  # Noether's hand came back from this phone
    assert json.dumps(stored_hands(phone_b)).count("onion-8") == 1

    assert errors_a == [] and errors_b == [], refused_b


def test_assistant_panel_has_no_serious_axe_violations(live, new_context) -> None:
    snap = live.service.create_table(["Hilbert", "Noether", "Banach"], 0)
    tid = snap.record.id
    for scheme, locale in (("light", "en-US"), ("dark", "ja-JP")):
        ctx = new_context(bypass_csp=True, color_scheme=scheme, locale=locale)
        ctx.add_cookies([{"name": "me", "value": "0", "url": live.url(f"/t/{tid}")}])
        page = ctx.new_page()
        errors = page_errors(page)
        page.goto(live.url(f"/t/{tid}"))
        for card in ("heart-7", "book-7", "coin-7", "heart-1", "suit7-13"):
            tap(page, card)
        expect(page.locator("#hint-list > li")).to_have_count(2)
        assert axe_violations(page) == [], (scheme, locale)
        assert errors == []
