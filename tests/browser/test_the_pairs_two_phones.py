"""Whole games of The Pairs on two phones at once, in real Chromium: each phone sees the other's moves live.

The server never sees a hand (TP3), so the test decides what the players hold. Phone A is Aki, phone B is
Ben; Chie's turns are tapped on phone B (any device at the table may act for the active player).

* A lost game, started from the start page: a card onto the own place (its draw is blocked, TP9), cards onto
  the piles, a pair (announced on both phones, no draw), one undo through its confirmation, then Aki's place
  card fits neither pile and Aki says "I cannot play", showing the hand: both phones show the loss (TP8).
* axe-core finds no serious or critical problem in the play step, the draw step and both ends, light and dark.
* A won game on a 12-card table deck (PD5: 5, 6 and 7 four times each, so the deck is empty after the deal):
  every card goes onto pile A and both phones show the win (TP10). The read-only view shows it too.
"""

from __future__ import annotations

import re

from browser_helpers import assert_nothing_blocks, axe_violations, expect_news, page_errors
from playwright.sync_api import expect

LIVE_MS = 2000
AKI, BEN, CHIE = "Aki", "Ben", "Chie"


def seen_live(page, version_now: int) -> None:
    expect(page.locator("#table")).to_have_attribute("data-version", str(version_now), timeout=LIVE_MS)


def dismiss_announcement(page) -> None:
    """Issue 20: an announcement is news nobody has to dismiss: nothing blocks the phone."""
    assert_nothing_blocks(page)


def onto_pile(page, pile: str, card: int) -> None:
    form = page.locator(f"#controls form.tp-target:has(input[name=to][value={pile}])")
    form.locator(f"button[name=card][value='{card}']").click()


def onto_place(page, card: int) -> None:
    page.locator(".tp-to-place > summary").click()
    page.locator(f".tp-to-place button[name=card][value='{card}']").click()


def draw_deck(page) -> None:
    page.get_by_role("button", name=re.compile(r"^From the deck")).click()


def pile_top(page, pile: str) -> str:
    return page.locator(f"#pile-{pile} .tp-stack > .pd-card").first.inner_text().split()[0]


def test_two_phones_play_the_pairs_to_a_loss_and_to_a_win(live, new_context) -> None:
    phone_a = new_context().new_page()
    phone_b = new_context().new_page()
    errors_a, errors_b = page_errors(phone_a), page_errors(phone_b)
    failed: list[str] = []  # the start page also shows the other games' pictures: their absence is not ours
    phone_a.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)

    # --- phone A starts a 3-player table from the start page ----------------------------------------------
    phone_a.goto(live.url("/"))
    phone_a.locator("input[name=game][value=the-pairs]").check(force=True)
    for i, name in enumerate((AKI, BEN, CHIE)):
        phone_a.fill(f"#name{i}", name)
    phone_a.select_option("#start", "0")
    phone_a.locator("input[name=lang][value=en]").check(force=True)
    phone_a.get_by_role("button", name="Start the table").click()
    expect(phone_a.locator("#table.tp")).to_be_visible()
    tid = re.search(r"/t/([A-Za-z0-9_-]+)", phone_a.url).group(1)
    phone_b.goto(live.url(f"/t/{tid}"))
    phone_a.locator(".seat-prompt").get_by_role("button", name=AKI).click()
    phone_b.locator(".seat-prompt").get_by_role("button", name=BEN).click()
    expect(phone_a.locator("#status-title")).to_have_text(f"Your turn, {AKI}")
    expect(phone_b.locator("#status-title")).to_have_text(f"{AKI}’s turn")
    for page in (phone_a, phone_b):
        expect(page.locator(".tp-deck")).to_have_attribute("aria-label", "43 cards in the deck")
        expect(page.locator(".tp-seat .tp-hand-n")).to_have_text(["4", "4", "4"])
        page.wait_for_timeout(300)  # let the event streams connect
        page.evaluate("() => { window.__noReload = 'still here'; }")

    # --- turn 1: Aki puts a 9 on the place; taking it back is blocked this turn (TP9); draws from the deck -
    onto_place(phone_a, 9)
    for page in (phone_a, phone_b):
        seen_live(page, 1)
        expect(page.locator("#seat-0 .tp-place")).to_have_attribute("aria-label", f"{AKI}'s place: 9")
    expect(phone_a.get_by_role("button", name=re.compile("Take back my place card"))).to_be_disabled()
    draw_deck(phone_a)
    for page in (phone_a, phone_b):
        seen_live(page, 2)
    expect(phone_b.locator("#status-title")).to_have_text(f"Your turn, {BEN}")

    # --- turn 2: Ben plays a 2 onto pile A and draws; turn 3: Chie (on phone B) pairs it --------------------
    onto_pile(phone_b, "a", 2)
    seen_live(phone_b, 3)
    draw_deck(phone_b)
    for page in (phone_a, phone_b):
        seen_live(page, 4)
        assert pile_top(page, "a") == "2"
        expect(page.locator("#pile-a .tp-take.pair")).to_have_text("2")
    onto_pile(phone_b, "a", 2)  # a pair: no draw, the turn passes at once
    for page in (phone_a, phone_b):
        seen_live(page, 5)
        expect_news(page, f"Pair on pile A: {CHIE} draws nothing.")
        expect(page.locator("#seat-2 .tp-hand-n")).to_have_text("3")
        dismiss_announcement(page)
    expect(phone_a.locator("#status-title")).to_have_text(f"Your turn, {AKI}")

    # --- turn 4: Aki plays 5 onto pile B and draws; undo it on phone A (through the dialog), play 4 instead --
    onto_pile(phone_a, "b", 5)
    seen_live(phone_a, 6)
    phone_a.locator(".actionbar .undo").click()
    dialog = phone_a.locator("#undo-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".undo-what")).to_contain_text(f"{AKI} played a 5 onto pile B.")
    dialog.get_by_role("button", name=re.compile("undo", re.I)).click()
    for page in (phone_a, phone_b):
        seen_live(page, 7)
        expect(page.locator("#pile-b")).to_have_class(re.compile(r"\bempty\b"))
    onto_pile(phone_a, "b", 4)
    seen_live(phone_a, 8)
    draw_deck(phone_a)  # Aki keeps the 9 on the place
    seen_live(phone_a, 9)
    # Ben: 3 onto pile B and a draw; Chie (phone B): 3 onto pile A and a draw
    onto_pile(phone_b, "b", 3)
    seen_live(phone_b, 10)
    draw_deck(phone_b)
    seen_live(phone_b, 11)
    onto_pile(phone_b, "a", 3)
    seen_live(phone_b, 12)
    draw_deck(phone_b)

    # --- Aki: the place card 9 fits neither pile (3 and 3); Aki holds 8 8 10 10: "I cannot play" (TP8) ---------
    seen_live(phone_a, 13)
    expect(phone_a.locator(".tp-moves")).to_contain_text("Your place card 9 fits neither pile.")
    phone_a.locator("#stuck > summary").click()
    phone_a.get_by_label("My hand, numbers separated by spaces (optional)").fill("8 8 10 10")
    phone_a.get_by_role("button", name="Yes, I cannot play").click()
    for page in (phone_a, phone_b):
        assert page.evaluate("() => window.__noReload") == "still here"  # live updates, never a reload
        seen_live(page, 14)
        expect(page.locator("#end-title")).to_have_text("The team lost")
        expect(page.locator(".tp-end-text")).to_have_text(f"{AKI} could not play and fell out.")
        expect(page.locator(".tp-revealed .pd-card")).to_have_count(4)
        expect(page.locator("#controls")).to_have_count(0)
        dismiss_announcement(page)

    # --- a second table, on a 12-card deck, played to the win ---------------------------------------------------
    deck = {str(v): 0 for v in range(1, 11)}
    deck.update({"5": 4, "6": 4, "7": 4})
    created = live.app.test_client().post("/api/tables", json={"game": "the-pairs", "players": [AKI, BEN, CHIE],
                                                               "start": 0, "options": {"deck": deck}}).get_json()
    tid2 = created["id"]
    phone_a.goto(live.url(f"/t/{tid2}"))
    phone_b.goto(live.url(f"/t/{tid2}"))
    phone_a.locator(".seat-prompt").get_by_role("button", name=AKI).click()
    phone_b.locator(".seat-prompt").get_by_role("button", name=BEN).click()
    for page in (phone_a, phone_b):
        expect(page.locator(".tp-progress-label")).to_have_text("0 of 12 cards on the piles")
        page.wait_for_timeout(300)
    cards = [5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7]
    for i, card in enumerate(cards):
        page = phone_a if i % 3 == 0 else phone_b  # Aki on A; Ben and Chie on B
        onto_pile(page, "a", card)
        for each in (phone_a, phone_b):
            seen_live(each, i + 1)
            dismiss_announcement(each)
    for page in (phone_a, phone_b):
        expect(page.locator("#end-title")).to_have_text("You won together!")
        expect(page.locator(".tp-end-text")).to_have_text("All 12 cards lie on the two piles.")
        expect(page.locator(".tp-progress-label")).to_have_text("12 of 12 cards on the piles")

    viewer = new_context().new_page()
    errors_v = page_errors(viewer)
    viewer.goto(live.url(f"/v/{created['view_id']}"))
    expect(viewer.locator("#end-title")).to_have_text("You won together!")
    expect(viewer.locator("#table form")).to_have_count(0)
    expect(viewer.locator(".badge-ro")).to_be_visible()

    others = [u for u in failed if "/static/icons/games/" in u and "the-pairs" not in u]
    assert failed == others
    errors_a = [e for e in errors_a if "Failed to load resource" not in e] if others else errors_a
    assert errors_a == [] and errors_b == [] and errors_v == []


def test_the_pairs_pages_have_no_serious_axe_violations(live, new_context) -> None:
    client = live.app.test_client()

    def table(actions: list[dict], deck: dict | None = None) -> str:
        body = {"game": "the-pairs", "players": [AKI, BEN, CHIE], "start": 0}
        if deck:
            body["options"] = {"deck": deck}
        tid = client.post("/api/tables", json=body).get_json()["id"]
        for action in actions:
            assert client.post(f"/api/tables/{tid}/actions", json={"action": action}).status_code == 200
        return tid

    small = {str(v): 0 for v in range(1, 11)}
    small.update({"5": 4, "6": 4, "7": 4})
    tables = {
        "play": table([{"type": "play", "card": 9, "to": "place"}, {"type": "draw", "from": "deck"},
                       {"type": "play", "card": 2, "to": "a"}, {"type": "draw", "from": "deck"},
                       {"type": "play", "card": 4, "to": "b"}, {"type": "draw", "from": "deck"}]),
        "draw": table([{"type": "play", "card": 9, "to": "place"}]),
        "lost": table([{"type": "play", "card": 9, "to": "place"}, {"type": "draw", "from": "deck"},
                       {"type": "play", "card": 2, "to": "a"}, {"type": "draw", "from": "deck"},
                       {"type": "play", "card": 4, "to": "b"}, {"type": "draw", "from": "deck"},
                       {"type": "stuck", "hand": [7, 7, 10, 10]}]),
        "won": table([{"type": "play", "card": c, "to": "a"} for c in [5] * 4 + [6] * 4 + [7] * 4], small),
    }
    for scheme in ("light", "dark"):
        page = new_context(bypass_csp=True, color_scheme=scheme).new_page()  # axe is injected as a script
        for name, tid in tables.items():
            page.goto(live.url(f"/t/{tid}"))
            expect(page.locator("#table.tp")).to_be_visible()
            page.locator("#stuck > summary").click() if name == "play" else None
            assert axe_violations(page) == [], (scheme, name)
