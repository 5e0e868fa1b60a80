"""Issue 12 in real Chromium: the countdown spoken (the text handed to speech synthesis, once per event, only
where the device turned it on), pages that fit 360 and 390 px phones after an undo with the whole history
open, the turn-aware action bar, and the start page's deck editor counting its cards."""

from __future__ import annotations

import json

import pytest
from browser_helpers import PHONE, TABLET, assert_nothing_blocks, page_errors
from game_driver import drive, service_driver
from playwright.sync_api import expect

NAMES = ["Hilbert", "Noether", "Banach"]

FAKE_SPEECH = """
window.__spoken = [];
class FakeUtterance { constructor(text) { this.text = text; this.lang = ""; } }
Object.defineProperty(window, "SpeechSynthesisUtterance", { value: FakeUtterance, configurable: true, writable: true });
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  speak: function (u) { window.__spoken.push({ text: u.text, lang: u.lang }); },
  cancel: function () {}, getVoices: function () { return []; } } });
"""
NO_SPEECH = """
Object.defineProperty(window, "speechSynthesis", { value: undefined, configurable: true });
Object.defineProperty(window, "SpeechSynthesisUtterance", { value: undefined, configurable: true });
"""


def phone_at(new_context, live, tid: str, seat: int, *, locale: str = "en-US", script: str = FAKE_SPEECH,
             width: int = 390, sound: bool = True):
    ctx = new_context(**{**PHONE, "viewport": {"width": width, "height": 800}}, locale=locale)
    ctx.add_init_script(script)
    if not sound:
        ctx.add_init_script("localStorage.setItem('lr-sound', 'off')")
    ctx.add_cookies([{"name": "me", "value": str(seat), "url": live.url(f"/t/{tid}")}])
    page = ctx.new_page()
    page.goto(live.url(f"/t/{tid}"))
    return page


def spoken(page) -> list[dict[str, str]]:
    return page.evaluate("() => window.__spoken || []")


def wait_version(page, version: int) -> None:
    expect(page.locator("#table")).to_have_attribute("data-version", str(version), timeout=10000)


def test_the_countdown_is_spoken_once_per_event_in_the_page_language(live, new_context) -> None:
    """Issue 12 item 4: with sound and speech on, the phone says the end condition, the End Flag, the
    countdown and whose turn it is, in the device's language; a reload says nothing again."""
    tid = live.service.create_table(NAMES, 0).record.id
    act, state = service_driver(live.service, tid)
    turn_before = drive(act, state, lambda s: s["players"][0]["score"] >= 9 and s["pending"] is None)["turn"]
    en = phone_at(new_context, live, tid, 1)
    ja = phone_at(new_context, live, tid, 2, locale="ja-JP")
    quiet = phone_at(new_context, live, tid, 0)  # speech not turned on: says nothing
    errors = page_errors(en)
    for page in (en, ja):
        toggle = page.locator("[data-speak-toggle]")
        expect(toggle).to_be_visible()
        expect(toggle).to_have_attribute("aria-pressed", "false")
        toggle.click()
        expect(toggle).to_have_attribute("aria-pressed", "true")
    st = drive(act, state, lambda s: s["end"] is not None and s["pending"] is None)
    for page in (en, ja, quiet):
        wait_version(page, st["version"])
    en.wait_for_timeout(300)
    said = [s["text"] for s in spoken(en)]
    joined = " | ".join(said)
    assert "reached 15 points" in joined and "End Flag" in joined, said
    left = st["end"]["turns_left"]
    active = st["players"][st["active"]]["name"]
    assert f"Final round: {left} turns left. {active}’s turn." in said, said
    assert all(s["lang"] == "en-US" for s in spoken(en))
    said_ja = [s["text"] for s in spoken(ja)]
    assert f"最終ラウンド、残り{left}ターン。 {active}さんの番です。" in said_ja, said_ja
    assert all(s["lang"] == "ja-JP" for s in spoken(ja))
    assert spoken(quiet) == []
    # never twice for one event: each announcement once, and at most one "whose turn" line per turn that began
    # (a phone showing every move as it comes says each turn; one catching up says only the latest)
    turns = [s for s in said if s.endswith("’s turn.")]
    news = [s for s in said if not s.endswith("’s turn.")]
    assert len(news) == len(set(news)), said
    assert len(turns) <= st["turn"] - turn_before + 1, (turns, st["turn"], turn_before)

    # a reload (or the next morph of the same state) says nothing again
    en.reload()
    en.wait_for_timeout(600)
    assert spoken(en) == []

    # the next turn is said once; the end is said with the winner
    st = act({"type": "research", "from": "deck"} if st["can"]["research_deck"] else {"type": "pass"})
    wait_version(en, st["version"])
    en.wait_for_timeout(300)
    assert [s["text"] for s in spoken(en)][-1].endswith(f"{st['players'][st['active']]['name']}’s turn.")
    st = drive(act, state, lambda s: s["over"])
    wait_version(en, st["version"])
    en.wait_for_timeout(300)
    assert any("Game over" in s["text"] and "wins" in s["text"] for s in spoken(en)), spoken(en)
    assert errors == []


def test_no_speech_where_the_browser_has_none_or_the_sound_is_off(live, new_context) -> None:
    tid = live.service.create_table(NAMES, 0).record.id
    act, state = service_driver(live.service, tid)
    none = phone_at(new_context, live, tid, 1, script=NO_SPEECH)
    errors = page_errors(none)
    expect(none.locator("[data-speak-toggle]")).to_be_hidden()
    muted = phone_at(new_context, live, tid, 2, sound=False)
    muted.locator("[data-speak-toggle]").click()
    st = drive(act, state, lambda s: s["end"] is not None and s["pending"] is None)
    for page in (none, muted):
        wait_version(page, st["version"])
    muted.wait_for_timeout(300)
    assert spoken(muted) == []
    expect(none.locator("#lam-news")).to_contain_text("End Flag")  # still shown, just not said
    assert errors == []


@pytest.mark.parametrize("width", [360, 390])
def test_an_undone_move_with_the_whole_history_open_fits_the_phone(live, new_context, width: int) -> None:
    """Issue 12 item 5: the crossed-out entry used to push the page to ~511 px and the bar off-screen."""
    snap = live.service.create_table(["Hilbert", "Noether", "高木 貞治", "Banach"], 0)
    tid = snap.record.id
    act, state = service_driver(live.service, tid)
    for action in ({"type": "research", "from": "deck"},
                   {"type": "publish", "paper": "kind3", "cards": ["onion-8", "coffin-8", "suit6-8"]},
                   {"type": "research", "from": "discard"}):
        act(action)
    live.service.undo(tid)
    page = phone_at(new_context, live, tid, 2, width=width)
    page.locator(".hist-all > summary").click()
    expect(page.locator(".hist-all .hist li.undo")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    bar = page.locator(".actionbar").bounding_box()
    assert bar is not None and bar["x"] >= 0 and bar["x"] + bar["width"] <= width + 1
    assert bar["y"] + bar["height"] <= 800 + 1, "the sticky action bar stays on screen"
    # the end screen, freshly loaded, history open by default
    drive(act, state, lambda s: s["over"])
    end = phone_at(new_context, live, tid, 0, width=width)
    expect(end.locator(".endscreen")).to_be_visible()
    assert end.evaluate("document.documentElement.scrollWidth") <= width


def test_the_countdown_banner_stays_in_view_and_blocks_nobody(live, new_context) -> None:
    tid = live.service.create_table(NAMES, 0).record.id
    act, state = service_driver(live.service, tid)
    st = drive(act, state, lambda s: s["end"] is not None and s["pending"] is None)
    page = phone_at(new_context, live, tid, st["active"])
    page.mouse.wheel(0, 3000)
    page.wait_for_timeout(300)
    box = page.locator(".lam-banner .countdown").bounding_box()
    assert box is not None and -1 <= box["y"] <= 5, box  # stuck to the top while scrolled
    assert_nothing_blocks(page)
    page.locator(".actionbar button[name=from][value=deck]").click()  # acting needs no dismissing first
    wait_version(page, st["version"] + 1)
    tablet = new_context(**TABLET).new_page()
    tablet.goto(live.url(f"/t/{tid}"))
    expect(tablet.locator(".lam-banner .countdown")).to_be_visible()


def test_the_action_bar_acts_only_after_act_for_on_another_players_phone(live, new_context) -> None:
    tid = live.service.create_table(NAMES, 0).record.id
    own = phone_at(new_context, live, tid, 0)
    other = phone_at(new_context, live, tid, 1)
    expect(own.locator(".actionbar button[name=from][value=deck]")).to_be_visible()
    expect(other.locator(".actionbar .bar-who")).to_have_text("Hilbert is playing")
    expect(other.locator(".actionbar button[name=from][value=deck]")).to_be_hidden()
    other.locator(".act-for > summary").click()
    expect(other.locator(".act-for-help")).to_contain_text("This is Noether’s phone")
    other.locator(".actionbar button[name=from][value=deck]").click()
    wait_version(other, 1)
    wait_version(own, 1)
    # the real cards are spelled out on the mover's phone (the notice's Undo: tests/test_laminate_table_polish.py)
    expect(own.locator(".todo.mine")).to_contain_text("Draw 2 from the deck, keep 1")  # the mover's cards
    last = live.service.log(tid)[-1]
    assert "research" in json.dumps(last.action)
    assert last.by == 1, "the history records which device acted"
    expect(own.locator(".hist.recent li").first).to_contain_text("on Noether's phone")


def test_the_deck_editor_counts_the_cards_as_they_are_ticked(live, new_context) -> None:
    page = new_context(**PHONE).new_page()
    errors = page_errors(page)
    page.goto(live.url("/"))
    page.locator("[data-deck-editor] > summary").click()
    total = page.locator("[data-deck-total]")
    expect(total).to_have_text("49 of 49 cards")
    page.locator(".deck-suit").first.locator(".rank-chip").first.click()  # untick heart A
    expect(total).to_have_text("48 of 49 cards")
    expect(total).to_have_class("off")
    page.locator(".deck-suit").first.locator(".rank-chip").nth(8).click()  # tick heart 9
    expect(total).to_have_text("49 of 49 cards")
    for i, name in enumerate(NAMES):
        page.fill(f"#name{i}", name)
    page.get_by_role("button", name="Start the table").click()
    expect(page.locator("#status-title")).to_be_visible()
    tid = page.url.rsplit("/", 1)[1]
    deck = live.service.answer(live.service.snapshot(tid))["card_deck"]
    assert deck["suits"][0]["ranks"] == [2, 3, 4, 5, 6, 7, 9]
    assert [e for e in errors if "stapstap" not in e and "404" not in e] == []


TWO_COMPLETE = [
    {"type": "publish", "paper": "kind3", "cards": ["heart-7", "onion-7", "suit6-7"]},
    {"type": "review", "paper": 1, "card": "suit6-7"},
    {"type": "review", "paper": 1, "card": "onion-7"},
    {"type": "research", "from": "deck"},
    {"type": "publish", "paper": "kind3", "cards": ["coffin-7", "onion-7", "suit6-7"]},
    {"type": "review", "paper": 2, "card": "onion-7"},
    {"type": "review", "paper": 2, "card": "suit6-7"},
    {"type": "research", "from": "deck"},
]  # then it is Banach's turn, with two complete 7s on the table (#1 Hilbert's, #2 Noether's)


def test_citations_sit_above_the_grid_fit_the_selection_and_the_hand_fills_the_picker(live, new_context) -> None:
    snap = live.service.create_table(NAMES, 0)
    tid, vid = snap.record.id, snap.record.view_id
    act, _ = service_driver(live.service, tid)
    for action in TWO_COMPLETE:
        act(action)
    hand = ["book-7", "book-3", "coin-3", "book-4", "suit7-13"]
    page = phone_at(new_context, live, tid, 2,
                    script=f"localStorage.setItem({json.dumps(f'lr-hand:{vid}:2')}, {json.dumps(json.dumps(hand))})")
    errors = page_errors(page)
    page.locator("[data-open-picker]").click()
    picker = page.locator("#picker")
    expect(picker).to_be_visible()
    order = page.evaluate("() => [...document.querySelectorAll('#picker fieldset')].map(f => f.className)")
    assert order.index("pick-cite") < order.index("pick-cards"), order
    cites = picker.locator("[data-cite-list] li")
    expect(cites).to_have_count(2)
    # two 3s picked: no 7 joins them, so neither citation is offered (until "Show all")
    picker.locator("label:has(input[name=cards][value='book-3'])").click()
    picker.locator("label:has(input[name=cards][value='coin-3'])").click()
    expect(picker.locator("[data-cite-note]")).to_be_visible()
    expect(cites.first).to_be_hidden()
    picker.locator("[data-cite-all]").click()
    expect(cites.first).to_be_visible()
    # book-7 alone: both 7s fit (a Three of a Kind with two citations)
    picker.locator("[data-clear-picker]").click()
    picker.locator("label:has(input[name=cards][value='book-7'])").click()
    expect(picker.locator("[data-cite-note]")).to_be_visible()  # filtering again, and both fit
    expect(cites.nth(0)).to_be_visible()
    expect(cites.nth(1)).to_be_visible()
    # the assistant's best publication in one tap
    fill = picker.locator("[data-fill-from-hand]")
    expect(fill).to_be_visible()
    picker.locator("[data-clear-picker]").click()
    fill.click()
    expect(picker.locator("input[name=cards]:checked")).not_to_have_count(0)
    expect(picker.locator("input[name=paper]:checked")).to_have_count(1)
    assert errors == []
