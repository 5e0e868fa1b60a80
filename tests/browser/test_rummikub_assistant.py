"""The Rummikub assistant on a phone, in real Chromium: the rack typed in with the picker, the best play shown
with its joker's stand-in and what stays on the rack, and "Use this play" laying it through the draft editor
as the table accepts it (the suggested table is the play action as it is)."""

from __future__ import annotations

from browser_helpers import page_errors
from playwright.sync_api import expect


def pick(page, tile: str) -> None:
    """A tile from the picker: its colour's tab first; the joker sits with the tiles of every colour."""
    picker = page.locator("#as-picker")
    if tile != "J" and picker.get_attribute("data-colour") != tile[0]:
        picker.locator(f"[data-pk-tab='{tile[0]}']").click()
    picker.locator(f"[data-tile='{tile}']:visible").first.click()


def test_rk_assistant_shows_the_best_play_and_lays_it(live, new_context) -> None:
    page = new_context().new_page()
    errors = page_errors(page)
    page.goto(live.url("/"))
    page.locator("input[name=game][value=rummikub]").check(force=True)
    page.fill("#name0", "Aki")
    page.fill("#name1", "Ben")
    page.locator("input[name=lang][value=en]").check(force=True)
    page.select_option("#start", "0")
    page.select_option("#opt-rummikub-turn_timer", "0")
    page.get_by_role("button", name="Start the table").click()
    expect(page.locator("#table.rk")).to_be_visible()
    page.locator(".seat-prompt").get_by_role("button", name="Aki").click()
    expect(page.locator("#status-title")).to_have_text("Your turn, Aki")
    expect(page.locator("#rk-editor")).to_be_attached()
    expect(page.locator("#as-add-box")).to_have_attribute("open", "")  # an empty rack opens the tile picker
    for tile in ("r9", "J", "r11", "k1", "k5"):
        pick(page, tile)
    expect(page.locator("#as-rack .rk-tile")).to_have_count(5)
    page.locator("[data-as-ask]").click()
    result = page.locator("#as-result")
    expect(result).to_contain_text("Initial meld · Lays 3 tiles worth 30; 2 stay on the rack.")
    joker = result.locator(".rk-tile.c-j")
    expect(joker).to_have_attribute("aria-label", "Joker (as red 10), from the rack")
    result.locator("[data-as-use]").click()
    editor = page.locator("#rk-editor")
    expect(editor).to_be_visible()
    expect(editor.locator("[data-ed=done]")).to_be_enabled()
    editor.locator("[data-ed=done]").click()
    expect(editor).to_be_hidden()
    expect(page.locator("#seat-0 .rack-n")).to_have_text("11")
    expect(page.locator("#table")).to_have_attribute("data-version", "1")
    assert errors == []
