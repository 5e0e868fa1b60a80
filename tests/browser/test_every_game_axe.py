"""Axe at every step of every game (issue 20): each of the seven games is played from its start to its end
through the API (game_plays.py), and at its start (the "which player is this device?" prompt), mid-game, with a
refused form shown in place (posted as a page without script posts it, the redirect followed) and at its end
screen, the table page passes axe-core with no serious or critical violation — in light and dark, English and
Japanese, on a 390 px phone, with axe's check that a control's name contains its visible text (voice control)
turned on. A primary button is looked at pressed (hovered), as a finger leaves it. On the way, nothing makes
the page scroll sideways and no page logs an error."""

from __future__ import annotations

import re

import pytest
from browser_helpers import axe_result, page_errors, post_form, start_axe
from game_plays import PLAYS, Driven, Play, Stop
from playwright.sync_api import expect

pytestmark = pytest.mark.slow  # seven whole games, 16 looks each: two to four minutes in all

CONTEXTS = (("light", "en-US"), ("light", "ja-JP"), ("dark", "en-US"), ("dark", "ja-JP"))
SIDEWAYS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def look(page, live, t: Driven, stop: Stop) -> None:
    """Bring ``page`` to the table as it is at ``stop`` (for a refusal: the form posted as a page without
    script posts it, the redirect followed); a primary button that can be pressed is pressed (hovered)."""
    page.goto(live.url(f"/t/{t.tid}"))
    if stop.step == "refusal":
        post_form(page, f"/t/{t.tid}/act", stop.form)
        expect(page.locator("#table .field-error, #table .alert").first).to_be_visible()
    expect(page.locator("#table")).to_have_attribute("data-version", str(t.state["version"]))
    scope = "dialog[open]" if page.locator("dialog[open]").count() else "#table"
    pressable = page.locator(f"{scope} .btn.primary:not([disabled]):visible")
    if pressable.count():
        pressable.first.hover()
        page.wait_for_timeout(200)  # the button's colour transition (.15 s)


@pytest.mark.parametrize("play", PLAYS, ids=[p.game for p in PLAYS])
def test_every_step_passes_axe_in_both_themes_and_languages(live, new_context, play: Play) -> None:
    pages = {}
    for scheme, locale in CONTEXTS:
        page = new_context(bypass_csp=True, color_scheme=scheme, locale=locale).new_page()  # axe is injected
        pages[scheme, locale] = (page, page_errors(page))
    found: list = []
    sideways: list = []
    t = play.start(live.app.test_client())
    for stop in play.run(t):
        for page, _ in pages.values():
            look(page, live, t, stop)
            start_axe(page, label_in_name=True)  # the four phones run axe side by side
        for (scheme, locale), (page, _) in pages.items():
            found += [(stop.step, scheme, locale, v["id"], v["help"], v["nodes"]) for v in axe_result(page)]
            if (wide := page.evaluate(SIDEWAYS)) > 0:
                sideways.append((stop.step, scheme, locale, wide))
            if stop.step == "start":  # from here on this phone is the first seat's
                page.locator(".seat-prompt").get_by_role("button", name=re.compile(play.players[0])).first.click()
                expect(page.locator(".seat-prompt")).to_have_count(0)
    print(f"\naxe, serious or critical, {play.game}: {len(found)}")
    assert found == []
    assert sideways == []
    assert [e for _, errors in pages.values() for e in errors] == []
