"""A whole Long Seat game on two phones at once, in real Chromium: each phone sees the other's moves live.

Phone A starts a 2-player table from the start page (the default 55-card deck). The test shuffles a deck of its
own (the server never shuffles) and the player on turn lays its cards one tap at a time on their own phone, or
taps Stop: pairs are taken (LS5), stops turn cards face down (LS6), the risk of the next card is checked against
the deck the test holds (LS10), the table switches to "play from memory" and back through the page's script,
one undo goes through its confirmation, a refused number is explained in place, and the last card ends the game
with the same standings on both phones (LS8, LS9).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction

from browser_helpers import assert_nothing_blocks, axe_violations, page_errors
from playwright.sync_api import expect

from companion.games.long_seat import Lay, Stop

LIVE_MS = 2500  # a move made on one phone shows on the other within this, through the event stream
AKI, BEN = "Aki", "Ben"


def version(page) -> int:
    return int(page.locator("#table").get_attribute("data-version"))


def seen_live(page, version_now: int) -> None:
    expect(page.locator("#table")).to_have_attribute("data-version", str(version_now), timeout=LIVE_MS)


def dismiss_announcement(page) -> None:
    """Issue 20: an announcement is news nobody has to dismiss: nothing blocks the phone."""
    assert_nothing_blocks(page)


def row(page) -> list[int]:
    text = page.locator("#table").get_attribute("data-row") or ""
    return [int(x) for x in text.split()]


def test_two_phones_play_a_whole_long_seat_game(live, new_context) -> None:
    phone_a = new_context().new_page()
    phone_b = new_context().new_page()
    errors_a, errors_b = page_errors(phone_a), page_errors(phone_b)

    # --- phone A starts the table from the start page ---------------------------------------------------------
    with phone_a.expect_response(re.compile(r"/static/games/long_seat/icon\.svg")) as icon:
        phone_a.goto(live.url("/"))
    assert icon.value.status == 200  # the game's picture on the start page
    phone_a.locator("input[name=game][value=long-seat]").check(force=True)
    phone_a.fill("#name0", AKI)
    phone_a.fill("#name1", BEN)
    phone_a.select_option("#start", "0")
    phone_a.locator("input[name=lang][value=en]").check(force=True)
    phone_a.get_by_role("button", name="Start the table").click()
    expect(phone_a.locator("#table.ls")).to_be_visible()
    tid = re.search(r"/t/([A-Za-z0-9_-]+)", phone_a.url).group(1)
    errors_a.clear()  # from here on only this game's pages count (the start page also shows the other games)
    phone_b.goto(live.url(f"/t/{tid}"))
    phone_a.locator(".seat-prompt").get_by_role("button", name=AKI).click()
    phone_b.locator(".seat-prompt").get_by_role("button", name=BEN).click()
    phones = {0: phone_a, 1: phone_b}
    expect(phone_a.locator("#status-title")).to_have_text(f"Your turn, {AKI}")
    expect(phone_b.locator("#status-title")).to_have_text(f"{AKI}’s turn")
    for page in phones.values():
        expect(page.locator(".ls-row-empty")).to_be_visible()
        expect(page.locator(".ls-deck-n")).to_have_text("55")
        page.wait_for_timeout(300)  # let the event streams connect
        page.evaluate("() => { window.__noReload = 'still here'; }")

    pile = [v for v in range(1, 11) for _ in range(v)]
    random.Random(2024).shuffle(pile)
    rng = random.Random(7)
    active, laid, ups, downs, seq = 0, 0, {0: [], 1: []}, {0: 0, 1: 0}, 0
    table_row: list[int] = []
    checked_risk = switched = undone = False

    def both_see(now: int) -> None:
        for page in phones.values():
            seen_live(page, now)

    while pile:
        me, other = phones[active], phones[1 - active]
        dismiss_announcement(me)
        expect(me.locator("#status-title")).to_have_text(f"Your turn, {AKI if active == 0 else BEN}")
        if not checked_risk and len(table_row) >= 3 and laid:
            # LS10: the chance of a pair is exact, from the cards the test still holds
            left = Counter(pile)
            want = Fraction(sum(left[v] for v in table_row), len(pile))
            line = me.locator(".ls-risk-line")
            expect(line).to_contain_text(f"{want.numerator}/{want.denominator}")
            expect(other.locator(".ls-risk-line")).to_contain_text(f"{want.numerator}/{want.denominator}")
            checked_risk = True
        gone = [v for v in range(1, 11) if v not in pile]
        if checked_risk and not switched and gone:
            # every copy of a number is out: its picker button is disabled while the risk shows ...
            expect(me.locator(f"#lay button.pd-pick[value='{gone[0]}']")).to_be_disabled()
            # ... then the table plays from memory (the switch is for everyone): no counts, and the number
            # can be tapped, but the referee refuses it in place and nothing changes (LS11)
            me.locator("[data-risk-switch] button").click()
            seq += 1
            both_see(seq)
            for page in phones.values():
                expect(page.locator(".ls-risk-line")).to_have_count(0)
                expect(page.locator(".ls-risk")).to_contain_text("The risk display is off")
                expect(page.locator(".pd-left")).to_have_count(0)
            me.locator(f"#lay button.pd-pick[value='{gone[0]}']").click()
            expect(me.locator("#err-lay")).to_contain_text(f"No {gone[0]} is left in the deck")
            assert version(me) == seq
            other.locator("[data-risk-switch] button").click()
            seq += 1
            both_see(seq)
            expect(me.locator(".ls-risk-line")).to_be_visible()
            expect(other.locator(".history")).to_contain_text("The risk display was turned back on.")
            switched = True
        if laid and (rng.random() < 0.35 or len(table_row) >= 6):
            me.locator(".ls-stop button").click()
            seq += 1
            flipped = min(laid, len(ups[active]))
            downs[active] += flipped
            ups[active] = ups[active][flipped:]
            active, laid = 1 - active, 0
            both_see(seq)
            continue
        card = pile.pop()
        me.locator(f"#lay button.pd-pick[value='{card}']").click()
        seq += 1
        both_see(seq)
        if card in table_row:
            before_row, before_up = list(table_row), len(ups[active])
            at = table_row.index(card)
            ups[active] += [*table_row[at:], card]
            table_row = table_row[:at]
            for page in phones.values():
                expect(page.locator(f"#seat-{active} .ls-count.up")).to_have_text(f"{len(ups[active])} face up")
            if not undone:
                # one undo through its confirmation: the pair goes back into the row on both phones
                dismiss_announcement(me)
                me.locator(".actionbar a.undo").click()
                expect(me.locator("#undo-dialog")).to_be_visible()
                me.locator("#undo-dialog").get_by_role("button", name="Yes, undo it").click()
                seq += 1
                both_see(seq)
                for page in phones.values():
                    assert row(page) == before_row
                    expect(page.locator(f"#seat-{active} .ls-count.up")).to_have_text(f"{before_up} face up")
                dismiss_announcement(me)
                me.locator(f"#lay button.pd-pick[value='{card}']").click()  # the same card again
                seq += 1
                both_see(seq)
                undone = True
            active, laid = 1 - active, 0
        else:
            table_row.append(card)
            laid += 1
            if not pile:  # LS8: the last card without a pair is a forced stop
                flipped = min(laid, len(ups[active]))
                downs[active] += flipped
                ups[active] = ups[active][flipped:]
        for page in phones.values():
            assert row(page) == table_row

    assert checked_risk and switched and undone  # the seeded deck reaches every step above

    # --- the end: the same standings on both phones ------------------------------------------------------------
    scores = {i: downs[i] - len(ups[i]) for i in (0, 1)}
    for page in phones.values():
        dismiss_announcement(page)
        expect(page.locator(".ls-final")).to_be_visible()
        expect(page.locator("#lay")).to_have_count(0)
        for i in (0, 1):
            expect(page.locator(f"#seat-{i} .ls-score strong")).to_have_text(
                f"+{scores[i]}" if scores[i] > 0 else ("±0" if scores[i] == 0 else f"−{-scores[i]}"))
        expect(page.locator(".history")).to_contain_text("That was the last card: the game is over.")
    assert phone_a.locator("#end-title").inner_text() == phone_b.locator("#end-title").inner_text()
    assert phone_a.evaluate("() => window.__noReload") == "still here"  # live updates, never a reload
    assert not errors_a and not errors_b, (errors_a, errors_b)


def test_long_seat_pages_have_no_serious_axe_violations(live, new_context) -> None:
    """Mid-game (row, risk, face-up and face-down cards) and the end screen, light and dark, en and ja."""
    svc = live.service
    snap = svc.create_table(["Aki", "Ben", "Chie"], 0, {}, game="long-seat")
    tid = snap.record.id
    for card in (4, 9, 4, 6, 2):  # Aki takes 4 9 4; Ben lays 6 2 and stops; Chie lays 8
        svc.act(tid, Lay(card))
    svc.act(tid, Stop())
    svc.act(tid, Lay(8))
    tiny = {str(v): 0 for v in range(1, 11)} | {"5": 2, "3": 1}
    over = svc.create_table(["Aki", "Ben"], 0, {"deck": tiny}, game="long-seat").record.id
    for card in (5, 3, 5):
        svc.act(over, Lay(card))
    for scheme in ("light", "dark"):
        for locale in ("en-US", "ja-JP"):
            page = new_context(bypass_csp=True, color_scheme=scheme, locale=locale).new_page()
            for path in (f"/t/{tid}", f"/t/{over}", "/rules/long-seat"):
                page.goto(live.url(path))
                expect(page.locator("main")).to_be_visible()
                assert axe_violations(page) == [], (scheme, locale, path)
