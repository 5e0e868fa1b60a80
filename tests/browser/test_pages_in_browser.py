"""Accessibility (axe-core), hostile names in a real browser, the basics without JavaScript, keyboard use."""

from __future__ import annotations

import json

import pytest
from browser_helpers import TABLET, axe_violations, page_errors
from game_driver import drive, service_driver
from playwright.sync_api import expect

HOSTILE = "<img src=x onerror=alert(1)>"


def make_table(live, names=("Hilbert", "Noether", "Banach"), until=None):
    snap = live.service.create_table(list(names), 0)
    if until is not None:
        act, state = service_driver(live.service, snap.record.id)
        drive(act, state, until)
    return snap.record


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_no_serious_axe_violations(live, new_context, scheme: str, locale: str) -> None:
    ctx = new_context(bypass_csp=True, color_scheme=scheme, locale=locale)  # axe is injected as a script
    page = ctx.new_page()
    errors = page_errors(page)
    playing = make_table(live, until=lambda s: len(s["papers"]) >= 2 and s["pending"] is None)
    over = make_table(live, until=lambda s: s["over"])
    pages = {
        "home": "/",
        "rules": "/rules",
        "table": f"/t/{playing.id}",
        "picker": f"/t/{playing.id}?picker=open&cards=coin-8,book-8",
        "view": f"/v/{playing.view_id}",
        "end": f"/t/{over.id}",
    }
    found = {}
    for name, path in pages.items():
        page.goto(live.url(path))
        page.wait_for_timeout(250)
        if name == "picker":
            expect(page.locator("#picker")).to_be_visible()
        violations = axe_violations(page)
        if violations:
            found[name] = violations
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
    assert errors == []


def test_axe_on_a_tablet_with_the_end_flag_step(live, new_context) -> None:
    page = new_context(bypass_csp=True, **TABLET, is_mobile=False, has_touch=False).new_page()
    record = make_table(live, until=lambda s: s["pending"] == "endflag")
    page.goto(live.url(f"/t/{record.id}"))
    expect(page.locator("#endflag")).to_be_visible()
    assert axe_violations(page) == []


def test_hostile_names_render_as_text_in_the_browser(live, new_context) -> None:
    page = new_context().new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    errors = page_errors(page)
    page.goto(live.url("/"))
    page.fill("#name0", HOSTILE)
    page.fill("#name1", "<script>alert(2)</script>")
    page.fill("#name2", "\"'><svg onload=alert(3)>")
    page.select_option("#start", "0")
    expect(page.locator("#start option[value='0']")).to_contain_text(HOSTILE)  # typed names, as text
    page.get_by_role("button", name="Start the table").click()
    expect(page.locator("#status-title")).to_have_text(f"{HOSTILE}’s turn")
    expect(page.locator("#pname-0")).to_have_text(HOSTILE)
    expect(page.locator("#pname-1")).to_have_text("<script>alert(2)</script>")
    page.locator("button[name=from][value=deck]").click()
    expect(page.locator(".hist.recent li").first).to_contain_text(f"{HOSTILE} researched")
    page.locator("[data-open-picker]").click()
    expect(page.locator("#picker")).to_contain_text("<script>alert(2)</script> publishes")
    page.wait_for_timeout(300)
    assert page.locator("img[src=x]").count() == 0 and page.locator("svg[onload]").count() == 0
    page.goto(live.url("/"))
    expect(page.locator(".recent-names").first).to_contain_text(HOSTILE)
    assert dialogs == [] and errors == []


def test_the_basics_work_without_javascript(live, new_context) -> None:
    page = new_context(java_script_enabled=False).new_page()
    page.goto(live.url("/"))
    for i, name in enumerate(["Hilbert", "Noether", "Banach"]):
        page.fill(f"#name{i}", name)
    page.select_option("#start", "0")
    page.get_by_role("button", name="Start the table").click()
    expect(page.locator("#status-title")).to_have_text("Hilbert’s turn")
    page.locator("button[name=from][value=deck]").click()
    expect(page.locator(".notice")).to_contain_text("Hilbert researched from the deck")
    expect(page.locator("#status-title")).to_have_text("Noether’s turn")
    # publish through the picker page: a refusal comes back with the reason and the pick kept
    page.locator("[data-open-picker]").click()
    expect(page.locator("#picker")).to_be_visible()
    page.locator("#picker label:has(input[value='coin-8'])").click()
    page.locator("#picker label:has(input[value='book-8'])").click()
    page.locator("#picker .paper-opt[data-paper='kind3']").click()
    page.locator("#pick-submit").click()
    expect(page.locator("#err-paper")).to_contain_text("These cards do not make Three of a Kind")
    expect(page.locator("#picker input[value='coin-8']")).to_be_checked()
    page.locator("#picker label:has(input[value='onion-8'])").click()
    page.locator("#pick-submit").click()
    expect(page.locator("#paper-1")).to_contain_text("Three of a Kind")
    # undo through its confirmation page
    page.locator(".actionbar .undo").click()
    expect(page.locator(".undo-what")).to_contain_text("Noether published Three of a Kind (#1)")
    page.get_by_role("button", name="Yes, undo it").click()
    expect(page.locator("#paper-1")).to_have_count(0)
    expect(page.locator(".hist.recent li").first).to_contain_text("Undo: Noether published")


def test_keyboard_can_pick_cards_and_close_the_picker(live, new_context) -> None:
    page = new_context(**TABLET, is_mobile=False, has_touch=False).new_page()
    record = make_table(live)
    page.goto(live.url(f"/t/{record.id}"))
    page.locator("[data-open-picker]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#picker")).to_be_visible()
    page.locator("#picker input[value='coin-5']").focus()
    page.keyboard.press("Space")
    expect(page.locator("#picker input[value='coin-5']")).to_be_checked()
    expect(page.locator("#pick-status")).to_contain_text("1 selected")
    page.keyboard.press("Escape")
    expect(page.locator("#picker")).to_be_hidden()
    page.locator("[data-open-picker]").click()
    expect(page.locator("#picker input[value='coin-5']")).to_be_checked()  # the pick is still there


def test_join_shows_a_large_qr_of_the_players_link(live, new_context) -> None:
    page = new_context().new_page()
    record = make_table(live)
    page.goto(live.url(f"/t/{record.id}"))
    page.locator(".join summary").click()
    qr = page.locator(".join img.qr")
    expect(qr).to_be_visible()
    assert qr.bounding_box()["width"] >= 250
    assert page.evaluate("(img) => img.naturalWidth > 0", qr.element_handle())
    view = new_context().new_page()
    view.goto(live.url(f"/v/{record.view_id}"))
    assert record.id not in view.content()
    expect(view.locator(".badge-ro")).to_be_visible()
    expect(view.locator("form")).to_have_count(0)


def test_polling_takes_over_when_the_event_stream_is_blocked(live, new_context) -> None:
    ctx = new_context()
    ctx.route("**/events", lambda route: route.abort())
    page = ctx.new_page()
    record = make_table(live)
    page.goto(live.url(f"/t/{record.id}"))
    expect(page.locator("#table")).to_have_attribute("data-version", "0")
    act, _ = service_driver(live.service, record.id)
    act({"type": "research", "from": "deck"})
    expect(page.locator("#table")).to_have_attribute("data-version", "1", timeout=2500)
    expect(page.locator("#status-title")).to_have_text("Noether’s turn")
