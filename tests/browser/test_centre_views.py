"""Issue 20, the centre of the table for every game: a tablet lying in the middle of the table, in the frame's
table-centre mode (?centre=1), shows each game as its components lie, big, with whose turn it is and the last
event on one line and no control that needs a seat; at 1024×768 (and turned to 768×1024) nothing sticks out of
the screen or out of its box, and axe finds nothing serious or critical, light and dark, English and Japanese.
The tablet follows the table live and, where the device turned speech on, says the events in its language.

すたっぷすたっぷ's centre view is a viewer like any other: the die in the phone box stays hidden until a doubt
opens it, on the tablet and the read-only view, and even when the parent's own phone turns table-centre mode on.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from browser_helpers import TABLET, axe_violations, page_errors
from playwright.sync_api import expect

from companion.web.viewer import seat_cookie

# How long to wait for a change to show on the tablet: generous, because this asserts *that* it arrives live (no
# reload), never how fast; the speed is measured by benchmarks/.
SHOW_MS = 15_000


# --- the tables, mid-game, through the JSON API of the app the browser talks to ----------------------------------


class Api:
    def __init__(self, live: Any) -> None:
        self.client = live.app.test_client()

    def new(self, game: str, players: list[str], options: dict[str, Any] | None = None) -> dict[str, Any]:
        resp = self.client.post("/api/tables", json={"game": game, "players": players, "start": 0,
                                                     "options": options or {}})
        assert resp.status_code == 201, resp.get_json()
        return resp.get_json()

    def act(self, tid: str, action: dict[str, Any], token: str | None = None) -> dict[str, Any]:
        resp = self.client.post(f"/api/tables/{tid}/actions", json={"action": action},
                                headers={"X-Seat-Token": token} if token else {})
        assert resp.status_code == 200, (action, resp.get_json())
        return resp.get_json()["state"]

    def claim(self, tid: str, seat: int) -> str:
        resp = self.client.post(f"/api/tables/{tid}/seats/{seat}/claim", json={})
        assert resp.status_code == 200, resp.get_json()
        return resp.get_json()["token"]


def the_pairs(api: Api) -> tuple[str, Callable[[Any], None]]:
    tid = api.new("the-pairs", ["Aki", "Ben", "Chie", "Dai"])["id"]
    for action in ({"type": "play", "to": "a", "card": 5}, {"type": "draw", "from": "deck"},
                   {"type": "play", "to": "b", "card": 8}, {"type": "draw", "from": "deck"},
                   {"type": "play", "to": "a", "card": 6}, {"type": "draw", "from": "deck"},
                   {"type": "play", "to": "a", "card": 6},
                   {"type": "play", "to": "place", "card": 2}, {"type": "draw", "from": "deck"},
                   {"type": "play", "to": "b", "card": 7}):
        api.act(tid, action)

    def shown(page: Any) -> None:
        cv = page.locator(".cv")
        expect(cv.locator(".cv-pile")).to_have_count(2)
        expect(cv.locator(".cv-pile").nth(0).locator(".cv-stack > .pd-card")).to_have_attribute("aria-label", "6")
        expect(cv.locator(".cv-pile").nth(1).locator(".cv-stack > .pd-card")).to_have_attribute("aria-label", "7")
        expect(cv.locator(".cv-pile").nth(0)).to_have_attribute("aria-label", "Pile A: 3 cards, top 6")
        expect(cv.locator(".cv-deck")).to_have_attribute("aria-label", "35 cards in the deck")
        expect(cv.locator(".cv-seat")).to_have_count(4)
        expect(cv.locator(".cv-seat").nth(0).locator(".cv-place .pd-card")).to_have_attribute("aria-label", "2")
        expect(cv.locator(".cv-seat.active .cv-name")).to_have_text("Ben")
    return tid, shown


def long_seat(api: Api) -> tuple[str, Callable[[Any], None]]:
    tid = api.new("long-seat", ["Aki", "Ben", "Chie", "Dai", "Emi"])["id"]
    for action in ({"type": "lay", "card": 3}, {"type": "lay", "card": 7}, {"type": "lay", "card": 3},
                   {"type": "lay", "card": 9}, {"type": "lay", "card": 2}, {"type": "lay", "card": 10},
                   {"type": "stop"}, {"type": "lay", "card": 5}, {"type": "lay", "card": 8}):
        api.act(tid, action)

    def shown(page: Any) -> None:
        cv = page.locator(".cv")
        expect(cv.locator(".cv-row .pd-card")).to_have_count(5)
        assert cv.locator(".cv-row .pd-card > span[aria-hidden]:not(.pd-corner)").all_inner_texts() == \
            ["9", "2", "10", "5", "8"]
        expect(cv.locator(".cv-slot.fresh")).to_have_count(2)  # this turn's cards, raised
        expect(cv.locator(".cv-risk")).to_contain_text("Chance of a pair")
        expect(cv.locator(".cv-seat")).to_have_count(5)
        expect(cv.locator(".cv-seat").nth(0).locator(".cv-up .pd-card")).to_have_count(3)  # Aki took 3 7 3
        expect(cv.locator(".cv-seat").nth(0).locator(".cv-score .cv-n")).to_have_text("−3")
    return tid, shown


def pyramid(api: Api) -> tuple[str, Callable[[Any], None]]:
    tid = api.new("pyramid", ["Aki", "Ben", "Chie"])["id"]

    def build(cards: list[int]) -> None:
        for c in cards:
            api.act(tid, {"type": "turn", "card": c})
        st = api.act(tid, {"type": "stop"})
        while st["phase"] == "building":
            card = st["to_place"][0]
            slot = max(st["slots"][str(card)], key=lambda s: (s["row"], -abs(s["x"])))
            st = api.act(tid, {"type": "place", "card": card, "row": slot["row"], "x": slot["x"]})

    build([9, 7, 10])
    api.act(tid, {"type": "turn", "card": 4})
    api.act(tid, {"type": "turn", "card": 4})  # Ben busts
    build([8, 6, 5])
    api.act(tid, {"type": "turn", "card": 9})

    def shown(page: Any) -> None:
        cv = page.locator(".cv")
        expect(cv.locator(".cv-pyramids > li")).to_have_count(3)
        expect(cv.locator(".cv-pyramids > li").nth(0).locator(".py-pyr .pd-card")).to_have_count(3)
        expect(cv.locator(".cv-pyramids > li").nth(1)).to_contain_text("No card yet")
        expect(cv.locator(".cv-pyramids > li").nth(2).locator(".py-pyr .pd-card")).to_have_count(3)
        expect(cv.locator(".cv-turned .pd-card")).to_have_count(1)
        expect(cv.locator(".cv-risk")).to_contain_text("Next card busts")
        expect(cv.locator(".py-slot")).to_have_count(0)  # no slot to tap
    return tid, shown


def cracker(api: Api) -> tuple[str, Callable[[Any], None]]:
    tid = api.new("cracker", ["Aki", "Ben", "Chie", "Dai"], {"rounds": 2})["id"]
    for action in ({"type": "draw", "card": 3}, {"type": "pair"}, {"type": "pass", "card": 7},
                   {"type": "pass", "card": 7}, {"type": "pair"}, {"type": "pass", "card": 9},
                   {"type": "pass", "card": 5}, {"type": "pass", "card": 5}):
        api.act(tid, action)

    def shown(page: Any) -> None:
        cv = page.locator(".cv")
        expect(cv.locator(".cv-received .pd-card")).to_have_attribute("aria-label", "Received: 5")
        expect(cv.locator(".cv-received")).to_contain_text("from Aki")
        expect(cv.locator(".cv-fan .pd-card")).to_have_count(4)
        expect(cv.locator(".cv-dot.on")).to_have_count(2)
        expect(cv.locator(".cv-seat")).to_have_count(4)
        expect(cv.locator(".cv-seat").nth(1).locator(".cv-hand")).to_have_attribute("aria-label",
                                                                                    "Ben: 11 cards in hand")
        expect(cv.locator(".cv-seat").nth(1).locator(".cv-known .pd-card")).to_have_count(1)
    return tid, shown


def stapstap(api: Api) -> tuple[str, Callable[[Any], None]]:
    tid = api.new("stapstap", ["Aki", "Ben", "Chie", "Dai"], {"mode": "box"})["id"]
    tokens = [api.claim(tid, seat) for seat in range(4)]
    api.act(tid, {"type": "cards", "seat": 0, "cards": [1, 2, 3]})
    for seat in (1, 2, 3):
        api.act(tid, {"type": "cards", "seat": seat, "cards": [4, 5, 6]})
    api.act(tid, {"type": "begin"})
    api.act(tid, {"type": "roll"}, tokens[0])
    api.act(tid, {"type": "declare", "face": 2, "card": 1}, tokens[0])
    for seat in (1, 2, 3):
        api.act(tid, {"type": "pass"}, tokens[seat])
    api.act(tid, {"type": "roll"}, tokens[1])
    api.act(tid, {"type": "declare", "face": 6, "card": 5}, tokens[1])
    api.act(tid, {"type": "pass"}, tokens[2])

    def shown(page: Any) -> None:
        cv = page.locator(".cv")
        expect(cv.locator(".st-box")).to_have_attribute("aria-label", "A die is in the box")
        expect(cv.locator(".st-box-q")).to_have_text("?")
        expect(cv.locator(".cv-declared .st-die")).to_have_attribute("aria-label", "a die showing 6")
        expect(cv.locator(".cv-seat")).to_have_count(4)
        expect(cv.locator(".cv-seat .st-card")).to_have_count(12)
        expect(cv.locator(".cv-seat").nth(0).locator(".st-card.filled")).to_have_count(1)  # Aki's 2 on card 1
        expect(cv.locator(".cv-seat.asked .cv-name")).to_have_text("Dai")
        expect(cv.locator(".cv-seat.parent .cv-name")).to_have_text("Ben")
        expect(cv.locator(".cv-bank")).to_be_visible()
    return tid, shown


def rummikub(api: Api) -> tuple[str, Callable[[Any], None]]:
    tid = api.new("rummikub", ["Aki", "Ben", "Chie", "Dai"])["id"]
    table: list[list[str]] = []

    def play(*sets: list[str]) -> None:
        table.extend(sets)
        api.act(tid, {"type": "play", "table": table})

    play(["r10", "r11", "r12"])
    play(["b4", "J", "b6", "b7", "b8"])
    play(["b10", "y10", "k10"])
    api.act(tid, {"type": "draw"})
    table[0] = ["r9", *table[0], "r13"]
    play(["k3", "k4", "k5", "k6"], ["y1", "y2", "y3"])
    api.act(tid, {"type": "draw"})
    play(["r5", "y5", "k5"])

    def shown(page: Any) -> None:
        cv = page.locator(".cv")
        expect(cv.locator(".cv-set")).to_have_count(6)
        expect(cv.locator(".cv-set .rk-tile")).to_have_count(23)
        expect(cv.locator(".cv-set").nth(1).locator(".rk-tile").nth(1)).to_have_attribute("aria-label",
                                                                                         "joker as blue 5")
        expect(cv.locator(".cv-set").nth(5).locator(".rk-tile.is-new")).to_have_count(3)  # the last play
        expect(cv.locator(".cv-pool")).to_have_attribute("aria-label", "48 tiles in the pool")
        expect(cv.locator(".cv-seat")).to_have_count(4)
        expect(cv.locator(".cv-seat.active .cv-name")).to_have_text("Dai")
        expect(cv.locator(".cv-seat").nth(3).locator(".cv-rack")).to_have_attribute("aria-label",
                                                                                    "Dai: 15 tiles on the rack")
        expect(cv.locator(".cv-seat").nth(3).locator(".cv-meld")).to_have_text("Needs 30")
    return tid, shown


GAMES: dict[str, Callable[[Api], tuple[str, Callable[[Any], None]]]] = {
    "the-pairs": the_pairs, "long-seat": long_seat, "pyramid": pyramid, "cracker": cracker, "stapstap": stapstap,
    "rummikub": rummikub,
}


# --- what every centre view must be ----------------------------------------------------------------------------------

def tablet(new_context: Any, live: Any, path: str, *, locale: str = "en-US", scheme: str = "light") -> Any:
    ctx = new_context(**TABLET, locale=locale, color_scheme=scheme, bypass_csp=True)  # axe is injected
    page = ctx.new_page()
    page.goto(live.url(path + "?centre=1"))
    expect(page.locator("body")).to_have_class(re.compile(r"\bcentre\b"))
    expect(page.locator("#table .cv")).to_be_visible()
    return page


def sticking_out(page: Any) -> list[str]:
    """Whatever sticks out of the screen sideways, or out of the box it is drawn in (a seat, the felt, the status
    line), in the centre view as it is now."""
    return page.evaluate("""() => {
        const out = [], w = document.documentElement.clientWidth;
        if (document.documentElement.scrollWidth > w) { out.push('page ' + document.documentElement.scrollWidth); }
        const boxes = document.querySelectorAll('.cv .cv-seat, .cv .cv-felt, .cv .cv-stage, .cv .cv-status');
        for (const box of boxes) {
            const b = box.getBoundingClientRect();
            if (b.left < -1 || b.right > w + 1) { out.push('box ' + box.className); }
            for (const el of box.querySelectorAll('*')) {
                const r = el.getBoundingClientRect();
                if (r.width === 0 || r.height === 0) { continue; }
                if (r.left < b.left - 1 || r.right > b.right + 1) {
                    const text = (el.textContent || '').trim().slice(0, 24);
                    out.push(el.className + ' [' + text + '] in ' + box.className);
                }
            }
        }
        return out.slice(0, 10);
    }""")


def phone_parts_shown(page: Any) -> list[str]:
    """What of the phone page (or any control) still shows in table-centre mode."""
    return page.evaluate("""() => {
        const out = [];
        const table = document.querySelector('#table');
        for (const child of table.children) {
            if (!child.classList.contains('cv') && child.getClientRects().length) { out.push(child.className); }
        }
        for (const el of table.querySelectorAll('button, input, select, textarea, a[href], summary, [tabindex]')) {
            if (el.getClientRects().length) { out.push(el.outerHTML.slice(0, 60)); }
        }
        return out;
    }""")


def check_status_line(page: Any, turn: str) -> None:
    """Whose turn, then the table's last event (the history's latest entry), on the first line."""
    status = page.locator("#cv-status")
    expect(status.locator(".cv-who")).to_contain_text(turn)
    last = (page.locator(".hist.recent li").first.text_content() or "").strip()
    assert last, "the table has a history"
    expect(status.locator(".cv-last")).to_have_text(last)


TURN = {"the-pairs": ("Ben’s turn · Now draw a card", "Benさんの番 · 次はカードを引く"),
        "long-seat": ("Chie’s turn", "Chieさんの番"), "pyramid": ("Aki’s turn", "Akiさんの番"),
        "cracker": ("Ben’s turn", "Benさんの番"), "stapstap": ("Dai is answering", "Daiさんがパスかダウト"),
        "rummikub": ("Dai’s turn · Round 1 of 3", "Daiさんの番 · 第1ラウンド／全3")}


@pytest.mark.parametrize("game", list(GAMES))
def test_centre_view_shows_the_game_at_1024_by_768(live, new_context, game: str) -> None:
    tid, shown = GAMES[game](Api(live))
    for locale, scheme in (("en-US", "light"), ("ja-JP", "dark")):
        page = tablet(new_context, live, f"/t/{tid}", locale=locale, scheme=scheme)
        errors = page_errors(page)
        if locale == "en-US":
            shown(page)
        check_status_line(page, TURN[game][0 if locale == "en-US" else 1])
        assert phone_parts_shown(page) == []
        assert sticking_out(page) == []
        assert axe_violations(page) == []
        page.set_viewport_size({"width": 768, "height": 1024})  # the tablet turned
        page.wait_for_timeout(100)
        assert sticking_out(page) == []
        assert errors == []
    # the read-only view in centre mode shows the same game
    view = tablet(new_context, live, f"/v/{live.service.snapshot(tid).record.view_id}")
    shown(view)
    assert phone_parts_shown(view) == []


def test_the_phone_page_does_not_show_the_centre_view(live, new_context) -> None:
    """Without table-centre mode the game's page is the phone page: the centre view is not shown."""
    tid, _ = the_pairs(Api(live))
    page = new_context().new_page()
    page.goto(live.url(f"/t/{tid}"))
    expect(page.locator("#status-title")).to_be_visible()
    expect(page.locator(".cv")).to_be_hidden()
    page.goto(live.url(f"/t/{tid}?centre=0"))
    expect(page.locator(".cv")).to_be_hidden()


FAKE_SPEECH = """
window.__spoken = [];
class FakeUtterance { constructor(text) { this.text = text; this.lang = ""; } }
Object.defineProperty(window, "SpeechSynthesisUtterance", { value: FakeUtterance, configurable: true, writable: true });
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  speak: function (u) { window.__spoken.push({ text: u.text, lang: u.lang }); },
  cancel: function () {}, getVoices: function () { return []; } } });
"""


def test_the_centre_follows_the_table_live_and_says_a_pair_in_its_language(live, new_context) -> None:
    """A Long Seat table: the tablet (Japanese) turned speech on with the device row's switch; the move that makes
    a pair shows on the centre view without a reload and is said in Japanese; a tablet that did not turn speech
    on (off by default) says nothing."""
    api = Api(live)
    tid = api.new("long-seat", ["Aki", "Ben", "Chie"])["id"]
    api.act(tid, {"type": "lay", "card": 4})
    pages = []
    for _ in range(2):
        ctx = new_context(**TABLET, locale="ja-JP")
        ctx.add_init_script(FAKE_SPEECH)
        page = ctx.new_page()
        page.goto(live.url(f"/t/{tid}?centre=1"))
        expect(page.locator(".cv-row .pd-card")).to_have_count(1)
        pages.append(page)
    speaking, quiet = pages
    errors = page_errors(speaking)
    toggle = speaking.locator("[data-speak-toggle]")
    expect(toggle).to_be_visible()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    speaking.wait_for_timeout(300)  # the stream is open
    api.act(tid, {"type": "lay", "card": 6})
    expect(speaking.locator(".cv-row .pd-card")).to_have_count(2, timeout=SHOW_MS)
    api.act(tid, {"type": "lay", "card": 4})  # a pair: Aki takes 4 6 4
    for page in pages:
        expect(page.locator(".cv-row .pd-card")).to_have_count(0, timeout=SHOW_MS)
        expect(page.locator(".cv-seat").nth(0).locator(".cv-up .pd-card")).to_have_count(3)
        expect(page.locator("#cv-status .cv-who")).to_have_text("Benさんの番")
        expect(page.locator("body")).to_have_class(re.compile(r"\bcentre\b"))
    expect(speaking.locator("#news")).to_contain_text("ペア")
    speaking.wait_for_timeout(300)
    said = speaking.evaluate("() => window.__spoken")
    assert any("ペア" in s["text"] and s["lang"] == "ja-JP" for s in said), said
    assert quiet.evaluate("() => window.__spoken") == []
    assert errors == []


# --- すたっぷすたっぷ: the die in the box stays hidden in the centre view ---------------------------------------------

SECRET_MARKS = ("in-box", "open-mine", "Only your phone shows this", "この出目はあなたの端末にだけ表示されています")


def test_stapstap_centre_view_never_shows_the_die_in_the_box(live, new_context) -> None:
    """ST4 in the centre view: a tablet in table-centre mode (no seat) and the read-only view in it show a
    closed box while the die is in it (the page holds neither the face nor the salt); the parent's own phone,
    which does see the face on its phone page (the positive control), shows a closed box too once it turns
    table-centre mode on. The declaration reaches the tablet live, still without the face; the doubt opens the
    box and the centre view shows the face then."""
    api = Api(live)
    created = api.new("stapstap", ["Aki", "Ben", "Cho"], {"mode": "box"})
    tid, vid = created["id"], created["view_id"]
    tokens = [api.claim(tid, seat) for seat in range(3)]
    api.act(tid, {"type": "deal"})
    api.act(tid, {"type": "begin"})
    api.act(tid, {"type": "roll"}, tokens[0])
    roll = [e for e in live.service.log(tid) if e.action.get("type") == "roll"][-1].action
    face, salt = roll["face"], roll["salt"]

    def closed(page: Any) -> None:
        box = page.locator(".cv .cv-box .st-box")
        expect(box).to_be_visible()
        expect(box).to_have_attribute("aria-label", "A die is in the box")
        expect(page.locator(".cv .st-box-q")).to_have_text("?")
        expect(page.locator(".cv .cv-box .st-box .st-die")).to_have_count(0)
        html = page.locator(".cv").inner_html()
        assert salt not in html and not any(mark in html for mark in SECRET_MARKS)

    watchers = [tablet(new_context, live, f"/t/{tid}"), tablet(new_context, live, f"/v/{vid}")]
    for page in watchers:
        closed(page)
        whole = page.content()
        assert salt not in whole and not any(mark in whole for mark in SECRET_MARKS)

    # the parent's own phone: its phone page shows the face (positive control); its centre view does not
    ctx = new_context(**TABLET)
    ctx.add_cookies([{"name": seat_cookie(tid), "value": tokens[0], "url": live.url("/")}])
    parent = ctx.new_page()
    parent.goto(live.url(f"/t/{tid}"))
    expect(parent.locator(".st-box.open-mine .st-die.in-box")).to_have_attribute("aria-label", f"a die showing {face}")
    parent.goto(live.url(f"/t/{tid}?centre=1"))
    closed(parent)
    expect(parent.locator(".st-box.open-mine")).to_be_hidden()

    # the declaration comes live to the tablet: the declared face, never the real one
    lie = face % 6 + 1
    api.act(tid, {"type": "declare", "face": lie, "card": live.service.answer(live.service.snapshot(tid))
                  ["players"][0]["cards"][0]["card"]}, tokens[0])
    for page in (*watchers, parent):
        expect(page.locator(".cv .cv-declared .st-die")).to_have_attribute("aria-label", f"a die showing {lie}",
                                                                          timeout=SHOW_MS)
        closed(page)
    assert salt not in watchers[0].content()

    # a doubt opens the box: now the face is public, and the centre view shows it against the declared one
    api.act(tid, {"type": "doubt"}, tokens[1])
    for page in watchers:
        result = page.locator(".cv .cv-result")
        expect(result).to_be_visible(timeout=SHOW_MS)
        expect(result.locator(".st-die").nth(1)).to_have_attribute("aria-label", f"a die showing {face}")
        expect(result).to_contain_text("a lie!")
