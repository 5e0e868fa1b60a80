"""A whole short game on two phones at once: each sees the other's moves live, without a reload."""

from __future__ import annotations

import re

from browser_helpers import assert_nothing_blocks, page_errors
from game_driver import drive, http_driver
from playwright.sync_api import expect

# How long to wait for a change to show: generous, because this asserts *how* a change arrives (the page's own
# stream, no reload, no poll), never how fast; the speed is measured by benchmarks/bench_cafe.py.
SHOW_MS = 15_000


def table_id(page) -> str:
    return re.search(r"/t/([A-Za-z0-9_-]+)", page.url).group(1)


def version(page) -> int:
    return int(page.locator("#table").get_attribute("data-version"))


def seen_live(page, version_now: int) -> None:
    expect(page.locator("#table")).to_have_attribute("data-version", str(version_now), timeout=SHOW_MS)


def count_polls(page) -> list[str]:
    """The page's polls (static/js/live.js: a conditional fetch of the fragment, ``?since=``, made only while it
    has no stream): a page whose stream carries every change makes none."""
    polls: list[str] = []
    page.on("request", lambda request: polls.append(request.url) if "/fragment?since=" in request.url else None)
    return polls


def mark_no_reload(page) -> None:
    page.evaluate("() => { window.__noReload = 'still here'; }")


def assert_not_reloaded(page) -> None:
    assert page.evaluate("() => window.__noReload") == "still here"


def test_two_phones_play_a_game_and_see_each_other_live(live, new_context) -> None:
    phone_a = new_context().new_page()
    phone_b = new_context(locale="ja-JP").new_page()
    errors_a, errors_b = page_errors(phone_a), page_errors(phone_b)

    # Phone A starts the table; phone B opens the same players' link (what the QR code holds).
    phone_a.goto(live.url("/"))
    for i, name in enumerate(["Hilbert", "Noether", "Banach"]):
        phone_a.fill(f"#name{i}", name)
    phone_a.select_option("#start", "0")
    phone_a.locator("input[name=lang][value=en]").check(force=True)
    phone_a.get_by_role("button", name="Start the table").click()
    expect(phone_a.locator("#status-title")).to_have_text("Hilbert’s turn")
    tid = table_id(phone_a)
    phone_b.goto(live.url(f"/t/{tid}"))
    expect(phone_b.locator("html")).to_have_attribute("lang", "ja")

    # Each phone says who it is.
    phone_a.locator(".seat-prompt button", has_text="Hilbert").click()
    phone_b.locator(".seat-prompt button", has_text="Noether").click()
    expect(phone_a.locator("#status-title")).to_have_text("Your turn, Hilbert")
    expect(phone_b.locator("#status-title")).to_have_text("Hilbertさんの番")
    for page in (phone_a, phone_b):
        expect(page.locator("#table")).to_have_attribute("data-version", "0")
        page.wait_for_timeout(300)  # let the event streams connect
        mark_no_reload(page)
    polls_a, polls_b = count_polls(phone_a), count_polls(phone_b)

    # 1. Hilbert researches from the deck on phone A; phone B sees it through its stream.
    phone_a.locator("button[name=from][value=deck]").click()
    expect(phone_a.locator("#table")).to_have_attribute("data-version", "1")
    seen_live(phone_b, 1)
    expect(phone_b.locator("#status-title")).to_have_text("あなたの番です（Noetherさん）")
    expect(phone_b.locator(".hist.recent li").first).to_contain_text("Hilbertさんが研究")

    # 2. Phone B starts picking cards for Noether; a move made elsewhere must not disturb the pick.
    phone_b.locator("[data-open-picker]").click()
    expect(phone_b.locator("#picker")).to_be_visible()
    phone_b.locator("#picker label:has(input[value='coin-6'])").click()
    phone_b.locator("#picker label:has(input[value='book-6'])").click()
    # Noether researches from the discard pile on phone A: Hilbert's phone says who is playing, and acting
    # for Noether is one deliberate step (issue 12: no idle tap records another player's move).
    expect(phone_a.locator(".actionbar .bar-who")).to_have_text("Noether is playing")
    expect(phone_a.locator("button[name=from][value=discard]")).to_be_hidden()
    phone_a.locator(".act-for > summary").click()
    phone_a.locator("button[name=from][value=discard]").click()
    seen_live(phone_b, 2)
    expect(phone_b.locator("#picker")).to_be_visible()
    expect(phone_b.locator("#picker input[value='coin-6']")).to_be_checked()
    expect(phone_b.locator("#picker input[value='book-6']")).to_be_checked()
    phone_b.locator("[data-clear-picker]").click()
    phone_b.locator("[data-close-picker]").click()
    expect(phone_b.locator("#picker")).to_be_hidden()

    # 3. Banach publishes through the picker on phone A: three 9s make a Three of a Kind.
    expect(phone_a.locator(".actionbar .bar-who")).to_have_text("Banach is playing")
    phone_a.locator(".act-for > summary").click()
    phone_a.locator("[data-open-picker]").click()
    for card in ("suit6-9", "suit7-9", "onion-9"):
        phone_a.locator(f"#picker label:has(input[value='{card}'])").click()
    expect(phone_a.locator("#pick-matches")).to_contain_text("Three of a Kind")
    expect(phone_a.locator("#pick-summary")).to_contain_text("Place 3 from the hand.")
    expect(phone_a.locator("#pick-summary")).to_contain_text("starts under review")
    expect(phone_a.locator("#picker input[name=paper][value=kind3]")).to_be_checked()  # the one match
    phone_a.locator("#pick-submit").click()
    expect(phone_a.locator("#picker")).to_be_hidden()
    expect(phone_a.locator("#paper-1")).to_contain_text("Three of a Kind")
    seen_live(phone_b, 3)
    expect(phone_b.locator("#paper-1")).to_contain_text("3カード")
    # the cards published are greyed out in the picker now
    expect(phone_b.locator("#picker input[value='suit6-9']")).to_be_disabled()

    # 4. A refusal: Hilbert claims a 5-Straight with two cards; the reason shows by the paper, pick kept.
    phone_a.locator("[data-open-picker]").click()
    phone_a.locator("#picker label:has(input[value='coin-4'])").click()
    phone_a.locator("#picker label:has(input[value='book-3'])").click()
    phone_a.locator("#picker .paper-opt[data-paper='straight5']").click()
    phone_a.locator("#pick-submit").click()
    refusal = phone_a.locator("#pick-paper-err .field-error")
    expect(refusal).to_contain_text("These cards do not make 5-Straight")
    expect(refusal).to_have_attribute("role", "alert")
    expect(phone_a.locator("#picker input[value='coin-4']")).to_be_checked()
    expect(phone_a.locator("#picker input[value='book-3']")).to_be_checked()
    assert version(phone_a) == 3
    phone_a.locator("[data-clear-picker]").click()
    phone_a.locator("[data-close-picker]").click()

    # 5. Hilbert reviews Banach's paper: one tap on a card of a paper under review.
    phone_a.get_by_role("button", name=re.compile(r"Review: take Suit 7 9 from Banach’s Three of a Kind")).click()
    expect(phone_a.locator("#paper-1 .tile")).to_have_count(2)
    seen_live(phone_b, 4)
    expect(phone_b.locator("#paper-1 .tile")).to_have_count(2)

    # 6. Undo with its confirmation, from phone B, saying what it takes back.
    phone_b.locator(".actionbar .undo").click()
    dialog = phone_b.locator("#undo-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("HilbertさんがBanachさんの3カード（#1）を査読")
    dialog.locator("button[type=submit]").click()
    expect(dialog).to_be_hidden()
    expect(phone_b.locator("#paper-1 .tile")).to_have_count(3)
    seen_live(phone_a, 5)
    expect(phone_a.locator("#paper-1 .tile")).to_have_count(3)
    expect(phone_a.locator("#status-title")).to_have_text("Your turn, Hilbert")

    # 7. The rest of the game goes through the JSON API; both phones follow live to the end screen.
    act, state = http_driver(live.base, tid)
    st = drive(act, state, lambda s: s["end"] is not None and s["pending"] is None)
    for page in (phone_a, phone_b):
        seen_live(page, st["version"])
    # Announcements never block (issue 12): a strip under the sticky countdown, no box to dismiss.
    expect(phone_a.locator("#lam-news")).to_be_visible()
    expect(phone_a.locator("#lam-news")).to_contain_text("Hilbert reached 15 points")
    expect(phone_a.locator("#lam-news")).to_contain_text("took the End Flag")
    expect(phone_b.locator("#lam-news")).to_contain_text("エンドフラグ")
    assert_nothing_blocks(phone_a)
    expect(phone_a.locator(".countdown")).to_contain_text("Final round")
    expect(phone_a.locator("#live-region")).to_contain_text("end condition is met")
    phone_a.locator("#lam-news").click()
    expect(phone_a.locator("#lam-news")).to_be_hidden()

    st = drive(act, state, lambda s: s["over"])
    for page in (phone_a, phone_b):
        seen_live(page, st["version"])
    expect(phone_a.locator(".endscreen")).to_contain_text("Hilbert wins!")
    expect(phone_b.locator(".endscreen")).to_contain_text("Hilbertさんの勝ち！")
    expect(phone_a.locator("#lam-news")).to_contain_text("Game over")
    expect(phone_a.locator(".ranking tbody tr").first).to_contain_text("Hilbert")
    expect(phone_a.locator(".endscreen")).to_contain_text("Decided by score.")
    expect(phone_a.locator(".actionbar button[name=from]")).to_have_count(0)

    for page in (phone_a, phone_b):
        assert_not_reloaded(page)
    assert polls_a == [] and polls_b == []  # every change came down the pages' own streams
    assert errors_a == [] and errors_b == []


def test_last_turn_is_announced_to_the_player_whose_turn_it_is(live, new_context) -> None:
    from game_driver import service_driver

    page = new_context().new_page()
    snap = live.service.create_table(["Hilbert", "Noether", "Banach"], 0)
    tid = snap.record.id
    act, state = service_driver(live.service, tid)
    drive(act, state, lambda s: s["end"] is not None and s["pending"] is None)
    page.goto(live.url(f"/t/{tid}"))
    page.wait_for_timeout(300)
    st = drive(act, state, lambda s: s["end"] is not None and s["end"]["turns_left"] <= 3)
    seen_live(page, st["version"])
    name = st["players"][st["active"]]["name"]
    expect(page.locator("#lam-news")).to_contain_text(f"This is {name}’s last turn.")
    assert_nothing_blocks(page)  # nothing to dismiss before acting
    expect(page.locator(f"#seat-{st['active']} .badge.last")).to_be_visible()
