"""A whole Rummikub round on two phones at once, in real Chromium: each phone sees the other's moves live.

The server never knows the racks (RK: nothing secret is stored), so the test deals them itself and plays
Aki's 14 tiles in three plays while Ben draws:

* play 1, the initial meld (56): r5 r6 r7 r8 and b10 y10 k10 — r5 and r8 fill in the run, taken back, then a
  broken run r5 r6 r8 shows its reason; b10 starts a set of its own, yellow and black 10 join it in a tap each;
* play 2, extending: r4 and r9 onto the run, r10 onto the group (b r y k 10);
* play 3, rearranging and going out: r10 moves from the group to the run, r3 joins it, k11 k12 k13 is new.

Then Ben's 16 tiles are entered through the rack entry, both phones show the scores and the standings, one
undo (through its confirmation) takes the entry back on both, and the rack is entered again.
"""

from __future__ import annotations

import re

from browser_helpers import assert_nothing_blocks, page_errors
from playwright.sync_api import expect

LIVE_MS = 2000  # a move made on one phone shows on the other within this, through the event stream

ACE, BEN = "Aki", "Ben"
RACK_AKI = ["r5", "r6", "r7", "r8", "b10", "y10", "k10", "r4", "r9", "r10", "r3", "k11", "k12", "k13"]
RACK_BEN_TYPED = "b1 b2 b3 b4 b5 b6 y1 y2 y3 y4 y5 y6 k1 k2 k3"  # + a joker tapped in the picker: 16 tiles
BEN_VALUE = 21 + 21 + 6 + 50


def version(page) -> int:
    return int(page.locator("#table").get_attribute("data-version"))


def seen_live(page, version_now: int) -> None:
    expect(page.locator("#table")).to_have_attribute("data-version", str(version_now), timeout=LIVE_MS)


def set_tiles(page) -> list[list[str]]:
    """The table's sets as the page draws them (tile codes from data-t)."""
    return page.locator("#table .rk-sets > .rk-set").evaluate_all(
        "sets => sets.map(s => Array.from(s.querySelectorAll('.rk-tile')).map(t => t.dataset.t))")


def pick(page, tile: str, picker_id: str = "ed-picker") -> None:
    """Tap a tile in a picker; on a phone one colour row shows at a time (the joker ends each): open its tab first."""
    picker = page.locator(f"#{picker_id}")
    if tile != "J" and picker.get_attribute("data-colour") != tile[0]:
        picker.locator(f"[data-pk-tab='{tile[0]}']").click()
    picker.locator(f"[data-tile='{tile}']:visible").click()


def editor_set(page, n: int):
    return page.locator("#ed-sets > li.ed-set").nth(n - 1)


def dismiss_announcement(page) -> None:
    """Issue 20: an announcement is news nobody has to dismiss: nothing blocks the phone."""
    assert_nothing_blocks(page)


def test_two_phones_play_a_rummikub_round_and_see_each_other_live(live, new_context) -> None:
    phone_a = new_context().new_page()
    phone_b = new_context().new_page()
    errors_a, errors_b = page_errors(phone_a), page_errors(phone_b)

    # --- phone A starts a 2-player, 1-round Rummikub table from the start page ------------------------------
    phone_a.goto(live.url("/"))
    phone_a.locator("input[name=game][value=rummikub]").check(force=True)
    phone_a.fill("#name0", ACE)
    phone_a.fill("#name1", BEN)
    phone_a.select_option("#start", "0")
    phone_a.locator("input[name=lang][value=en]").check(force=True)
    phone_a.fill("#opt-rummikub-rounds", "1")
    phone_a.select_option("#opt-rummikub-turn_timer", "0")  # no clock running out during the test
    phone_a.get_by_role("button", name="Start the table").click()
    expect(phone_a.locator("#table.rk")).to_be_visible()
    expect(phone_a.locator("#status-title")).to_have_text(f"{ACE}’s turn")
    tid = re.search(r"/t/([A-Za-z0-9_-]+)", phone_a.url).group(1)
    phone_b.goto(live.url(f"/t/{tid}"))

    # --- each phone says which player it is ---------------------------------------------------------------
    phone_a.locator(".seat-prompt").get_by_role("button", name=ACE).click()
    phone_b.locator(".seat-prompt").get_by_role("button", name=BEN).click()
    expect(phone_a.locator("#status-title")).to_have_text(f"Your turn, {ACE}")
    expect(phone_b.locator("#status-title")).to_have_text(f"{ACE}’s turn")
    expect(phone_a.locator("#seat-0 .badge.you")).to_be_visible()
    expect(phone_b.locator("#seat-1 .badge.you")).to_be_visible()
    for page in (phone_a, phone_b):
        expect(page.locator("#table")).to_have_attribute("data-version", "0")
        expect(page.locator(".board-empty")).to_be_visible()
        page.wait_for_timeout(300)  # let the event streams connect
        page.evaluate("() => { window.__noReload = 'still here'; }")

    # --- play 1: Aki's initial meld through the draft editor ----------------------------------------------
    phone_a.locator("[data-open-editor]").click()
    editor = phone_a.locator("#rk-editor")
    done = editor.locator("[data-ed=done]")
    expect(editor).to_be_visible()
    expect(editor.locator("#ed-who")).to_have_text(f"{ACE}’s turn")
    pick(phone_a, "r5")
    pick(phone_a, "r8")  # a run's first and last tile lay it: red 6 and 7 are filled in
    expect(editor_set(phone_a, 1).locator("[data-ed-tile]")).to_have_count(4)
    expect(editor.locator("#ed-tools")).to_contain_text("Filled in: red 6, red 7")
    editor.locator("[data-ed-unfill]").click()  # one tap takes them back
    expect(editor_set(phone_a, 1).locator("[data-ed-tile]")).to_have_count(2)
    pick(phone_a, "r6")
    # the broken run shows its reason live, and Done stays disabled
    expect(editor_set(phone_a, 1)).to_have_class(re.compile(r"\bbad\b"))
    expect(editor_set(phone_a, 1).locator(".ed-status")).to_have_text(
        "Set 1: red 5, red 6, red 8 is not a run: 7 is missing.")
    expect(done).to_be_disabled()
    pick(phone_a, "r7")  # r5 r6 r7 r8: a run, but 26 is short of the 30 an initial meld needs
    expect(editor_set(phone_a, 1).locator(".ed-status")).to_have_text("run · 26")
    expect(editor.locator("#ed-summary")).to_contain_text("Initial meld: 26 of 30 needed")
    expect(done).to_be_disabled()
    pick(phone_a, "b10")  # cannot go with the red run: a new set
    expect(editor_set(phone_a, 2)).to_have_class(re.compile(r"\bsel\b"))
    for name in ("yellow 10", "black 10"):  # the group's other colours, whatever colour the picker shows
        editor.locator("#ed-quick").get_by_role("button", name=name).click()
    expect(editor_set(phone_a, 2).locator(".ed-status")).to_have_text("group · 30")
    expect(editor.locator("#ed-summary")).to_contain_text("Initial meld: 56 (at least 30) ✓")
    expect(editor.locator("#ed-summary")).to_contain_text("From the rack: 7 of 14")
    expect(done).to_be_enabled()
    done.click()
    expect(editor).to_be_hidden()
    meld = [["r5", "r6", "r7", "r8"], ["b10", "y10", "k10"]]
    for page in (phone_a, phone_b):
        seen_live(page, 1)
        assert set_tiles(page) == meld
        expect(page.locator("#seat-0 .rack-n")).to_have_text("7")
        expect(page.locator("#status-title")).to_have_text(
            f"Your turn, {BEN}" if page is phone_b else f"{BEN}’s turn")
    expect(phone_b.locator(".history li").first).to_contain_text(ACE)

    # --- Ben draws on phone B; phone A follows --------------------------------------------------------------
    pool = int(phone_b.locator(".rk-pool .pool-n").inner_text())
    phone_b.get_by_role("button", name=re.compile(r"\bDraw\b")).click()
    for page in (phone_b, phone_a):
        seen_live(page, 2)
        expect(page.locator("#seat-1 .rack-n")).to_have_text("15")
        expect(page.locator(".rk-pool .pool-n")).to_have_text(str(pool - 1))
    expect(phone_a.locator("#status-title")).to_have_text(f"Your turn, {ACE}")

    # --- play 2: extend the run at both ends and the group to four colours --------------------------------
    phone_a.locator("[data-open-editor]").click()
    expect(editor).to_be_visible()
    editor.locator("[data-ed-set='0']").click()  # tap Set 1 to add to it
    pick(phone_a, "r9")
    pick(phone_a, "r4")
    editor.locator("[data-ed-set='1']").click()
    pick(phone_a, "r10")
    expect(editor_set(phone_a, 1).locator(".ed-status")).to_have_text("run · 39")
    expect(editor_set(phone_a, 2).locator(".ed-status")).to_have_text("group · 40")
    expect(editor.locator("#ed-summary")).to_contain_text("Every table tile is still there")
    expect(done).to_be_enabled()
    done.click()
    expect(editor).to_be_hidden()
    extended = [["r4", "r5", "r6", "r7", "r8", "r9"], ["b10", "r10", "y10", "k10"]]
    for page in (phone_a, phone_b):
        seen_live(page, 3)
        assert set_tiles(page) == extended
        expect(page.locator("#seat-0 .rack-n")).to_have_text("4")

    phone_b.get_by_role("button", name=re.compile(r"\bDraw\b")).click()
    for page in (phone_b, phone_a):
        seen_live(page, 4)
        expect(page.locator("#seat-1 .rack-n")).to_have_text("16")

    # --- play 3: rearrange (red 10 leaves the group for the run), add r3 and k11 k12 k13: Aki goes out ------
    phone_a.locator("[data-open-editor]").click()
    expect(editor).to_be_visible()
    editor_set(phone_a, 2).get_by_role("button", name=re.compile(r"^red 10")).click()  # select the tile
    expect(editor.locator("#ed-hint")).to_contain_text("red 10 selected")
    editor_set(phone_a, 1).locator("[data-ed-move]").click()  # Move here
    editor.locator("[data-ed-set='0']").click()
    pick(phone_a, "r3")
    editor.locator("[data-ed-move=new]").click()
    for tile in ("k11", "k12", "k13"):
        pick(phone_a, tile)
    expect(editor_set(phone_a, 1).locator(".ed-status")).to_have_text("run · 52")
    expect(editor_set(phone_a, 2).locator(".ed-status")).to_have_text("group · 30")
    expect(editor.locator("#ed-summary")).to_contain_text("Goes out! Rummikub!")
    expect(done).to_be_enabled()
    done.click()
    expect(editor).to_be_hidden()
    final_table = [["r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10"], ["b10", "y10", "k10"], ["k11", "k12", "k13"]]
    for page in (phone_a, phone_b):
        seen_live(page, 5)
        assert set_tiles(page) == final_table
        expect(page.locator("#status-title")).to_have_text("Round 1 is over: enter the racks")
        expect(page.locator(".rk-racks .round-end-line")).to_contain_text(f"Round 1 ended: {ACE} went out.")
        expect(page.locator("#rack-0 .badge")).to_have_text("Went out")
        expect(page.locator("#rack-1 .badge")).to_have_text("waiting")
        expect(page.locator(".actionbar [data-open-editor]")).to_have_count(0)
        dismiss_announcement(page)

    # --- Ben's remaining rack, entered on phone B: typed, and the joker tapped in the rack picker -------------
    form = phone_b.locator("#rack-1 form[data-rack-form]")
    field = phone_b.get_by_label(f"Tiles left on {BEN}’s rack (16 tiles)")
    field.fill(RACK_BEN_TYPED)
    expect(form.locator("[data-rack-live] .live-n")).to_have_text("15 of 16")
    pick(phone_b, "J", "rack-picker")
    expect(field).to_have_value(RACK_BEN_TYPED + " J")
    expect(form.locator("[data-rack-live] .live-n")).to_have_text("16 of 16")
    form.get_by_role("button", name="Enter").click()

    def shows_the_end(page) -> None:
        seen_live(page, 6)
        expect(page.locator(".endscreen")).to_be_visible()
        expect(page.locator("#end-title")).to_have_text(f"{ACE} wins the match!")
        first = page.locator(".endscreen .ranking tbody tr").first
        expect(first).to_contain_text(ACE)
        expect(first).to_contain_text(str(BEN_VALUE))
        expect(page.locator(".endscreen .ranking tbody tr").nth(1)).to_contain_text(f"−{BEN_VALUE}")  # a true minus
        scores = page.locator(".rk-scores")
        expect(scores.locator("tr.score-row", has_text=ACE).locator(".score")).to_have_text(re.compile(
            rf"\+?{BEN_VALUE}"))
        expect(scores.locator("tr.score-row", has_text=BEN).locator(".score")).to_have_text(re.compile(
            rf"[-−]{BEN_VALUE}"))
        expect(scores.locator(".left-tiles .rk-tile")).to_have_count(16)
        expect(page.locator(".actionbar [data-open-editor]")).to_have_count(0)

    for page in (phone_b, phone_a):
        shows_the_end(page)
        dismiss_announcement(page)

    # --- one undo, through its confirmation, on phone A: the entry is taken back on both phones ---------------
    phone_a.locator(".actionbar .undo").click()
    dialog = phone_a.locator("#undo-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".undo-what")).to_contain_text(BEN)
    dialog.get_by_role("button", name=re.compile("undo", re.I)).click()
    expect(dialog).to_be_hidden()
    for page in (phone_a, phone_b):
        seen_live(page, 7)
        expect(page.locator(".endscreen")).to_have_count(0)
        expect(page.locator("#rack-1 .badge")).to_have_text("waiting")
        expect(page.locator("#rack-1 form[data-rack-form]")).to_be_visible()
        assert set_tiles(page) == final_table

    # Entered again, this time on phone A (anyone at the table may): the match ends again on both phones.
    # Submitted with the keyboard's Enter (the "Go" key of a phone) this time; phone B used the button above.
    field = phone_a.get_by_label(f"Tiles left on {BEN}’s rack (16 tiles)")
    field.fill(RACK_BEN_TYPED + " J")
    field.press("Enter")
    for page in (phone_a, phone_b):
        seen_live(page, 8)
        expect(page.locator("#end-title")).to_have_text(f"{ACE} wins the match!")

    # --- the read-only view link (from the join panel) shows the same table, with no forms ------------------
    phone_a.locator("details.join > summary").click()
    view_href = phone_a.locator(".join-panel a[href^='/v/']").get_attribute("href")
    viewer = new_context().new_page()
    errors_v = page_errors(viewer)
    viewer.goto(live.url(view_href))
    expect(viewer.locator("#table.rk")).to_have_attribute("data-version", "8")
    assert set_tiles(viewer) == final_table
    expect(viewer.locator("#end-title")).to_have_text(f"{ACE} wins the match!")
    expect(viewer.locator("form")).to_have_count(0)
    expect(viewer.locator(".actionbar")).to_have_count(0)
    expect(viewer.locator(".badge-ro")).to_be_visible()

    for page in (phone_a, phone_b):
        assert page.evaluate("() => window.__noReload") == "still here"
    assert errors_a == [] and errors_b == [] and errors_v == []
