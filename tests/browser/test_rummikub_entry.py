"""Rummikub's entry on phones and tablets (issue 20), in real Chromium: fewer taps, still exact.

Every tap of a typical move is counted (``Taps``), and the play the server committed is checked tile by tile:

================================================  ======  =====
move                                              before  now
================================================  ======  =====
opening meld, a 4-tile run (blue 7–10)                 7      5  Play tiles, blue, 7, 10 (6 and 9 filled in), Done
opening meld, a 3-tile group (10s)                     8      5  Play tiles, red 10, + yellow 10, + black 10, Done
one tile onto a table run                            4–5      3  tap the run, 9, Done
one tile onto a table group                            5      3  tap the group, + black 10, Done
a rack tile that splits a run (b3…b9 + b5)             7      3  tap the run, 5, Done
================================================  ======  =====

Every draft is still checked set by set before Done (the live "Initial meld: 34 (at least 30) ✓"), and a fill
meant for a joker is one tap to take back. Also here: the editor keeps a new set in view on a tablet, the joker
sits with the tiles in the picker, a rack of 0 tiles leaves no gap, the picker's names contain what the tiles
show (WCAG 2.5.3) and axe finds nothing serious at any step, in both themes and languages.
"""

from __future__ import annotations

import json
import re

import pytest
from browser_helpers import TABLET, assert_nothing_blocks, axe_violations, page_errors
from playwright.sync_api import expect

AKI, BEN = "Aki", "Ben"
LIVE_MS = 4000


class Taps:
    """Clicks that count: every tap a player makes for one move."""

    def __init__(self, page) -> None:
        self.page, self.n = page, 0

    def tap(self, locator) -> None:
        locator.click()
        self.n += 1

    def tile(self, tile: str) -> None:
        """A tile of the editor's picker: on a phone, its colour's tab first when another colour shows."""
        picker = self.page.locator("#ed-picker")
        colour = tile[0]
        tab = picker.locator(f"[data-pk-tab='{colour}']")
        if tile != "J" and tab.is_visible() and picker.get_attribute("data-colour") != colour:
            self.tap(tab)
        self.tap(picker.locator(f"[data-tile='{tile}']:visible"))


def make_table(live, actions: list[dict], players: tuple[str, ...] = (AKI, BEN)) -> str:
    client = live.app.test_client()
    body = {"game": "rummikub", "players": list(players), "start": 0, "options": {"turn_timer": 0, "rounds": 1}}
    tid = client.post("/api/tables", json=body).get_json()["id"]
    for action in actions:
        answer = client.post(f"/api/tables/{tid}/actions", json={"action": action})
        assert answer.status_code == 200, answer.get_json()
    return tid


def act(live, tid: str, action: dict) -> None:
    assert live.app.test_client().post(f"/api/tables/{tid}/actions", json={"action": action}).status_code == 200


def table_of(live, tid: str) -> list[list[str]]:
    return [s["tiles"] for s in live.app.test_client().get(f"/api/tables/{tid}").get_json()["table"]]


def version_of(live, tid: str) -> int:
    return live.app.test_client().get(f"/api/tables/{tid}").get_json()["version"]


def scripts_ready(page) -> None:
    """The page's scripts run: taps from now on go to them (not to the no-script links and forms)."""
    page.wait_for_function("() => window.RK && window.RK.editor && document.documentElement.classList.contains('js')")


def open_as(page, live, tid: str, name: str) -> None:
    page.goto(live.url(f"/t/{tid}"))
    page.locator(".seat-prompt").get_by_role("button", name=name).click()
    expect(page.locator(".rk-seat.me .pname")).to_have_text(name)
    scripts_ready(page)


def commit(page, live, tid: str, taps: Taps) -> None:
    done = page.locator("#rk-editor [data-ed=done]")
    expect(done).to_be_enabled()
    before = version_of(live, tid)
    taps.tap(done)
    expect(page.locator("#rk-editor")).to_be_hidden()
    expect(page.locator("#table")).to_have_attribute("data-version", str(before + 1), timeout=LIVE_MS)


RUN_MELD = {"type": "play", "table": [["b3", "b4", "b5", "b6", "b7", "b8"]]}
GROUP_MELD = {"type": "play", "table": [["b10", "r10", "y10"]]}
DRAW = {"type": "draw"}


def test_typical_moves_take_few_taps_and_stay_exact(live, new_context) -> None:
    page = new_context().new_page()
    errors = page_errors(page)
    editor = page.locator("#rk-editor")
    summary = editor.locator("#ed-summary")

    # --- an opening meld of a 4-tile run: its first and last tile lay it -----------------------------------
    tid = make_table(live, [])
    open_as(page, live, tid, AKI)
    taps = Taps(page)
    taps.tap(page.locator("[data-open-editor]"))
    taps.tile("b7")
    taps.tile("b10")
    first = page.locator("#ed-sets > li.ed-set").first
    expect(first.locator("[data-ed-tile]")).to_have_count(4)
    expect(first.locator(".ed-status")).to_have_text("run · 34")
    expect(editor.locator("#ed-tools")).to_contain_text("Filled in: blue 8, blue 9")
    expect(summary).to_contain_text("Initial meld: 34 (at least 30) ✓")  # still checked live, before Done
    expect(summary).to_contain_text("From the rack: 4 of 14")
    commit(page, live, tid, taps)
    assert taps.n == 5
    assert table_of(live, tid) == [["b7", "b8", "b9", "b10"]]

    # --- an opening meld of a 3-tile group: one number, then its other colours in one tap each ----------------
    tid = make_table(live, [])
    open_as(page, live, tid, AKI)
    taps = Taps(page)
    taps.tap(page.locator("[data-open-editor]"))
    taps.tile("r10")
    quick = editor.locator("#ed-quick")
    expect(quick).to_contain_text("Same number:")
    expect(quick.locator("[data-ed-quick]")).to_have_count(3)  # blue, yellow and black 10
    taps.tap(quick.get_by_role("button", name="yellow 10"))
    taps.tap(quick.get_by_role("button", name="black 10"))
    expect(page.locator("#ed-sets > li.ed-set").first.locator(".ed-status")).to_have_text("group · 30")
    expect(summary).to_contain_text("Initial meld: 30 (at least 30) ✓")
    commit(page, live, tid, taps)
    assert taps.n == 5
    assert table_of(live, tid) == [["r10", "y10", "k10"]]

    # --- one tile onto a table run: the run tapped on the table opens the editor on it, in its colour ----------
    tid = make_table(live, [RUN_MELD, DRAW])
    open_as(page, live, tid, AKI)
    expect(page.locator(".board-tip")).to_have_text("Tap a set to add to it or rearrange it.")
    taps = Taps(page)
    taps.tap(page.locator("#table .rk-board .rk-set").first)
    expect(editor).to_be_visible()
    expect(page.locator("#ed-sets > li.ed-set").first).to_have_class(re.compile(r"\bsel\b"))
    expect(page.locator("#ed-picker")).to_have_attribute("data-colour", "b")
    taps.tile("b9")
    expect(summary).to_contain_text("Every table tile is still there")
    commit(page, live, tid, taps)
    assert taps.n == 3
    assert table_of(live, tid) == [["b3", "b4", "b5", "b6", "b7", "b8", "b9"]]

    # --- a rack tile that is already in the run splits it there ---------------------------------------------
    act(live, tid, DRAW)
    expect(page.locator("#table")).to_have_attribute("data-my-turn", "1", timeout=LIVE_MS)
    taps = Taps(page)
    taps.tap(page.locator("#table .rk-board .rk-set").first)
    taps.tile("b5")
    sets = page.locator("#ed-sets > li.ed-set")
    expect(sets).to_have_count(2)
    expect(sets.nth(0).locator(".ed-status")).to_have_text("run · 12")
    expect(sets.nth(1).locator(".ed-status")).to_have_text("run · 35")
    commit(page, live, tid, taps)
    assert taps.n == 3
    assert table_of(live, tid) == [["b3", "b4", "b5"], ["b5", "b6", "b7", "b8", "b9"]]

    # --- one tile onto a table group: its missing colours wait above the picker --------------------------------
    tid = make_table(live, [GROUP_MELD, DRAW])
    open_as(page, live, tid, AKI)
    taps = Taps(page)
    taps.tap(page.locator("#table .rk-board .rk-set").first)
    taps.tap(editor.locator("#ed-quick").get_by_role("button", name="black 10"))
    commit(page, live, tid, taps)
    assert taps.n == 3
    assert table_of(live, tid) == [["b10", "r10", "y10", "k10"]]
    assert errors == []


def test_a_fill_meant_for_a_joker_is_one_tap_to_take_back(live, new_context) -> None:
    page = new_context().new_page()
    tid = make_table(live, [])
    open_as(page, live, tid, AKI)
    page.locator("[data-open-editor]").click()
    taps = Taps(page)
    taps.tile("r9")
    taps.tile("r12")
    first = page.locator("#ed-sets > li.ed-set").first
    expect(first.locator("[data-ed-tile]")).to_have_count(4)
    page.locator("[data-ed-unfill]").click()
    expect(first.locator("[data-ed-tile]")).to_have_count(2)
    expect(first).to_have_class(re.compile(r"\bbad\b"))  # red 9, red 12 alone: its reason shows, Done stays off
    expect(page.locator("#rk-editor [data-ed=done]")).to_be_disabled()
    taps.tile("J")
    taps.tile("r11")  # red 9, joker (as 10), red 11, red 12: 42
    expect(first.locator(".ed-status")).to_have_text("run · 42")
    expect(page.locator("#ed-summary")).to_contain_text("Initial meld: 42 (at least 30) ✓")
    # a tile that cannot go with the chosen set starts a new one
    taps.tile("b1")
    expect(page.locator("#ed-sets > li.ed-set")).to_have_count(2)
    expect(page.locator("#ed-sets > li.ed-set").nth(1)).to_have_class(re.compile(r"\bsel\b"))


def test_only_the_phone_whose_turn_it_is_opens_the_editor_from_the_table(live, new_context) -> None:
    tid = make_table(live, [RUN_MELD, DRAW])
    ben = new_context().new_page()
    open_as(ben, live, tid, BEN)
    expect(ben.locator(".board-tip")).to_have_count(0)
    ben.locator("#table .rk-board .rk-set").first.click()
    ben.wait_for_timeout(300)
    expect(ben.locator("#rk-editor")).to_be_hidden()
    assert_nothing_blocks(ben)


def sixteen_sets(live) -> str:
    table: list[list[str]] = []
    actions = []
    for colour in "rbyk":
        table = table + [[f"{colour}{n}", f"{colour}{n + 1}", f"{colour}{n + 2}"] for n in (1, 4, 7, 10)]
        actions.append({"type": "play", "table": table})
    return make_table(live, actions, players=(AKI, BEN, "Chie", "Dan"))


def last_set_in_view(page) -> dict:
    """Whether the editor's last set lies wholly inside its scrolling body (as far as the eye can see)."""
    return page.evaluate("""() => {
        const body = document.querySelector('.ed-body').getBoundingClientRect();
        const box = [...document.querySelectorAll('#ed-sets > li.ed-set')].pop().getBoundingClientRect();
        return {inside: box.top >= body.top - 1 && box.bottom <= body.bottom + 1, body: [body.top, body.bottom],
                box: [box.top, box.bottom]};
    }""")


def test_a_new_set_comes_into_view_on_a_tablet(live, new_context) -> None:
    page = new_context(**TABLET, is_mobile=False, has_touch=False).new_page()
    tid = sixteen_sets(live)
    open_as(page, live, tid, AKI)
    page.locator("[data-open-editor]").click()
    last = page.locator("#ed-sets > li.ed-set").last
    # a tile tapped with no set chosen starts a set at the end of a long table
    page.evaluate("() => { document.querySelector('.ed-body').scrollTop = 0; }")
    page.locator("#ed-picker [data-tile='k13']").click()
    expect(page.locator("#ed-summary")).to_contain_text("From the rack: 1 of 2")
    expect(last.locator("[data-ed-tile]")).to_have_count(1)
    page.wait_for_timeout(200)
    assert last_set_in_view(page)["inside"], last_set_in_view(page)
    # a table tile moved to "+ New set" (the picker comes back and the room shrinks)
    page.locator("[data-ed=reset]").click()
    page.evaluate("() => { document.querySelector('.ed-body').scrollTop = 0; }")
    page.locator("#ed-sets [data-ed-tile]").first.click()
    page.locator("[data-ed-move=new]").click()
    expect(page.locator("#ed-sets > li.ed-set")).to_have_count(17)
    expect(page.locator("#ed-summary")).to_contain_text("Nothing from the rack yet")
    page.wait_for_timeout(200)
    assert last_set_in_view(page)["inside"], last_set_in_view(page)


@pytest.mark.parametrize("width", [360, 390])
def test_the_joker_sits_with_the_tiles_on_a_phone(live, new_context, width: int) -> None:
    page = new_context(viewport={"width": width, "height": 780}).new_page()
    tid = make_table(live, [])
    open_as(page, live, tid, AKI)
    page.locator("[data-open-editor]").click()
    picker = page.locator("#ed-picker")
    expect(picker.locator("[data-pk-tab]")).to_have_count(4)  # blue, red, yellow, black: no joker tab
    for colour in "bryk":
        picker.locator(f"[data-pk-tab='{colour}']").click()
        joker = picker.locator("[data-tile='J']:visible")
        expect(joker).to_have_count(1)
        thirteen = picker.locator(f"[data-tile='{colour}13']").bounding_box()
        eight = picker.locator(f"[data-tile='{colour}8']").bounding_box()
        box = joker.bounding_box()
        assert abs(box["y"] - thirteen["y"]) < 1 and box["x"] > thirteen["x"]  # 8…13 and the joker: one row
        assert abs(eight["y"] - thirteen["y"]) < 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert page.evaluate("() => { const p = document.querySelector('#ed-picker');"
                         " return p.scrollWidth <= p.clientWidth; }")


def test_the_joker_sits_with_the_tiles_on_a_tablet(live, new_context) -> None:
    page = new_context(**TABLET, is_mobile=False, has_touch=False).new_page()
    tid = make_table(live, [])
    open_as(page, live, tid, AKI)
    page.locator("[data-open-editor]").click()
    picker = page.locator("#ed-picker")
    joker = picker.locator("[data-tile='J']:visible")
    expect(joker).to_have_count(1)
    box, blue13 = joker.bounding_box(), picker.locator("[data-tile='b13']").bounding_box()
    assert abs(box["y"] - blue13["y"]) < 1 and box["x"] > blue13["x"]  # at the end of the first row
    black1 = picker.locator("[data-tile='k1']").bounding_box()
    picker_box = picker.bounding_box()
    assert picker_box["y"] + picker_box["height"] <= black1["y"] + black1["height"] + 1  # no fifth row


def test_a_rack_of_no_tiles_leaves_no_gap(live, new_context) -> None:
    page = new_context().new_page()
    tid = make_table(live, [{"type": "play", "table": [[f"b{n}" for n in range(1, 11)], ["k1", "k2", "k3", "k4"]]}])
    open_as(page, live, tid, AKI)
    seat = page.locator("#seat-0")
    expect(seat.locator(".rack-n")).to_have_text("0")
    expect(seat.locator(".stack")).to_have_count(0)
    mid, number = seat.locator(".seat-mid").bounding_box(), seat.locator(".rack-n").bounding_box()
    assert abs(number["x"] - mid["x"]) < 1
    expect(seat.get_by_role("img", name=f"{AKI}: 0 tiles on the rack")).to_have_count(1)
    expect(page.locator("#seat-1").get_by_role("img", name=f"{BEN}: 14 tiles on the rack")).to_have_count(1)
    # "My rack" says it in words: no empty rack drawn, no picker opened to add tiles to it
    expect(page.locator("#as-count")).to_have_text("No tiles left on your rack.")
    expect(page.locator("#as-rack")).to_be_hidden()
    expect(page.locator("#as-add-box")).not_to_have_attribute("open", "")


NAME_HOLDS_TEXT = """pickers => {
    const out = [];
    for (const b of document.querySelectorAll(pickers)) {
        if (!b.checkVisibility()) { continue; }
        const seen = b.innerText.replace(/\\s+/g, '');
        const name = (b.getAttribute('aria-label') || '').replace(/\\s+/g, '');
        if (!name.includes(seen)) { out.push([seen, name]); }
    }
    return out;
}"""


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_picker_names_contain_what_the_tiles_show(live, new_context, locale: str) -> None:
    page = new_context(locale=locale).new_page()
    tid = make_table(live, [{"type": "play", "table": [[f"b{n}" for n in range(1, 11)], ["k1", "k2", "k3", "k4"]]}])
    page.goto(live.url(f"/t/{tid}"))
    page.locator(".seat-prompt button").nth(1).click()  # Ben's phone: his rack still to enter
    scripts_ready(page)
    picker = page.locator("#rack-picker")
    first = picker.locator("[data-tile='r1']")
    expect(first).to_have_text("1×2")
    expect(first).to_have_attribute("aria-label", "red 1 ×2" if locale == "en-US" else "赤の1 ×2")
    for colour in "bryk":
        picker.locator(f"[data-pk-tab='{colour}']").click()
        assert page.evaluate(NAME_HOLDS_TEXT, "#rack-picker [data-tile]") == []
    blue1 = picker.locator("[data-tile='b1']")
    # one blue 1 is on the table
    expect(blue1).to_have_attribute("aria-label", "blue 1 ×1" if locale == "en-US" else "青の1 ×1")
    page.locator("#rack-text-1").fill("b1")  # the other on Ben's rack: none left, and the name says only the tile
    expect(blue1).to_be_disabled()
    expect(blue1).to_have_attribute("aria-label", "blue 1" if locale == "en-US" else "青の1")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_rummikub_steps_have_no_serious_axe_violations(live, new_context, scheme: str, locale: str) -> None:
    page = new_context(bypass_csp=True, color_scheme=scheme, locale=locale).new_page()  # axe is injected
    errors = page_errors(page)
    start = make_table(live, [])
    melded = make_table(live, [{"type": "play", "table": [["r5", "r6", "r7", "r8"], ["b10", "y10", "k10"]]}])
    out = [{"type": "play", "table": [[f"b{n}" for n in range(1, 11)], ["k1", "k2", "k3", "k4"]]}]
    racks = make_table(live, out)
    over = make_table(live, [*out, {"type": "rack", "seat": 1, "tiles": [f"r{n}" for n in range(1, 14)] + ["J"]}])
    found = {}

    def check(step: str) -> None:
        violations = axe_violations(page)
        if violations:
            found[step] = violations

    page.goto(live.url(f"/t/{start}"))
    page.locator(".seat-prompt button").first.click()
    expect(page.locator("#table")).to_have_attribute("data-my-turn", "1")
    scripts_ready(page)
    check("start")
    page.locator("[data-open-editor]").click()
    page.locator("#ed-picker [data-tile='r10']").click()  # a set chosen, the same-number buttons showing
    expect(page.locator("#ed-quick")).to_be_visible()
    expect(page.locator("#ed-sets .ed-status").first).not_to_be_empty()
    check("editor")
    page.locator("#ed-picker [data-tile='r13']").click()  # red 10 … red 13: a filled run and its take-back
    expect(page.locator("[data-ed-unfill]")).to_be_visible()
    check("editor-filled")
    page.goto(live.url(f"/t/{melded}"))
    page.locator(".seat-prompt button").nth(1).click()
    expect(page.locator("#table")).to_have_attribute("data-my-turn", "1")
    check("after-meld")
    page.goto(live.url(f"/t/{racks}"))
    page.locator(".seat-prompt button").nth(1).click()
    expect(page.locator("#rack-picker")).to_be_visible()
    check("racks")
    page.goto(live.url(f"/t/{over}"))
    expect(page.locator(".endscreen")).to_be_visible()
    check("end")
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
    assert errors == []
