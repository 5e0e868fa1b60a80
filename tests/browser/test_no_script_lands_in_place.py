"""A phone without JavaScript (issue 20): after each tap the page comes back where the player was, not at its
top. Pyramid on a 390 px phone: a number tapped in the picker lands at this turn's cards, the bar's Stop at the
building, the last card placed at the next player's turn; Long Seat: a number and Stop land at the picker.
Every tap is a real form post that the browser follows (303) to the address and #part the server chose."""

from __future__ import annotations

from playwright.sync_api import expect

PYRAMID_DECK = {str(v): 0 for v in range(1, 11)} | {"3": 2, "5": 1, "8": 1, "9": 1}


def at_top_of_view(page, selector: str) -> None:
    """The browser scrolled to ``selector``: the page is scrolled, and the part's top is in the upper half of
    the screen (at its very top, or as near as the page's length allows)."""
    assert page.evaluate("() => window.scrollY") > 0, page.url
    box = page.locator(selector).bounding_box()
    assert box is not None and -2 <= box["y"] <= 844 / 2, (selector, box)


def tap(page, selector: str, anchor: str) -> None:
    with page.expect_navigation():
        page.locator(selector).click()
    assert page.url.endswith(anchor), page.url


def test_a_phone_without_script_comes_back_where_it_was(live, new_context) -> None:
    phone = new_context(java_script_enabled=False).new_page()
    pyramid = live.service.create_table(["Aki", "Ben"], 0, {"deck": PYRAMID_DECK}, game="pyramid").record.id
    phone.goto(live.url(f"/t/{pyramid}"))
    phone.locator(".seat-prompt").get_by_role("button", name="Aki").click()
    expect(phone.locator("#table.py")).to_be_visible()

    tap(phone, "#table .pd-picker button[value='8']", "#turning")
    at_top_of_view(phone, "#turning")
    tap(phone, "#table .pd-picker button[value='5']", "#turning")
    expect(phone.locator(".py-turned .pd-card")).to_have_count(2)
    at_top_of_view(phone, "#turning")
    tap(phone, ".py-bar button.primary", "#build")  # Stop, in the bar fixed at the screen's foot
    at_top_of_view(phone, "#build")
    tap(phone, "button.py-slot[value='1:0']", "#build")  # the 8 first (the biggest is chosen)
    at_top_of_view(phone, "#build")
    tap(phone, "button.py-slot[value='1:-1']", "#turning")  # the last card: Ben's turn begins
    at_top_of_view(phone, "#turning")
    expect(phone.locator("#status-title")).to_have_text("Ben’s turn")

    long_seat = live.service.create_table(["Aki", "Ben"], 0, {}, game="long-seat").record.id
    phone.goto(live.url(f"/t/{long_seat}"))
    phone.locator(".seat-prompt").get_by_role("button", name="Aki").click()
    tap(phone, "#lay button[name=card][value='4']", "#lay")
    at_top_of_view(phone, "#lay")
    tap(phone, ".ls-bar button.primary", "#lay")
    at_top_of_view(phone, "#lay")
    expect(phone.locator("#status-title")).to_have_text("Ben’s turn")
