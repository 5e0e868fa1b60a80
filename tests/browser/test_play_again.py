"""Play again on real phones (issue 12, item 3): at a finished table, one phone taps "Play again"; it lands on
the new table, and the other phones follow by themselves within moments, each still the seat it was (the
players keep their seats), the read-only screen to the new table's read-only page. The Plays page then shows
both tables, the old one finished and the new one in progress."""

from __future__ import annotations

import re

from browser_helpers import page_errors
from playwright.sync_api import expect

FOLLOW_MS = 3000  # the live stream brings the change; the page follows it

RK_OUT = [[f"r{i}" for i in range(1, 8)], [f"b{i}" for i in range(1, 8)]]
RK_RACKS = [[f"k{i}" for i in range(1, 14)] + ["y1"], [f"y{i}" for i in range(2, 14)] + ["J", "k1"]]


def finished_rummikub(service, players: list[str], start: int):
    snap = service.create_table(players, start, {"rounds": 1, "turn_timer": 0}, game="rummikub")
    tid = snap.record.id
    service.act(tid, service.parse(tid, {"type": "play", "table": RK_OUT}))
    for seat, rack in zip([s for s in range(len(players)) if s != start], RK_RACKS):
        service.act(tid, service.parse(tid, {"type": "rack", "seat": seat, "tiles": rack}))
    return snap.record


def test_one_phone_plays_again_and_every_phone_follows(live, new_context) -> None:
    record = finished_rummikub(live.service, ["Aki", "Ben", "Chie"], 0)
    tid, vid = record.id, record.view_id
    phones = {name: new_context().new_page() for name in ("Aki", "Ben")}
    screen = new_context(viewport={"width": 1024, "height": 768}, is_mobile=False, has_touch=False).new_page()
    errors = {name: page_errors(page) for name, page in {**phones, "screen": screen}.items()}
    for seat, (name, page) in enumerate(phones.items()):
        page.goto(live.url(f"/t/{tid}"))
        page.request.post(live.url(f"/t/{tid}/me"), form={"seat": str(seat), "csrf_token": page.locator(
            "input[name=csrf_token]").first.get_attribute("value")})
        page.reload()
        expect(page.locator(".me-line")).to_contain_text(name)
    screen.goto(live.url(f"/v/{vid}"))
    expect(screen.locator("#play-again")).to_be_hidden()  # a watcher cannot start the next game

    aki, ben = phones["Aki"], phones["Ben"]
    expect(aki.locator("#play-again")).to_contain_text("Ben starts")
    aki.get_by_role("button", name="Play again").click()
    aki.wait_for_url(re.compile(r"/t/(?!" + re.escape(tid) + r")[A-Za-z0-9_-]+$"))
    new_id = aki.url.rsplit("/", 1)[1]
    new = live.service.snapshot(new_id)
    assert new.record.players == ("Aki", "Ben", "Chie") and new.record.start == 1
    assert new.record.options["rounds"] == 1 and new.record.options["turn_timer"] == 0
    expect(aki.locator(".me-line")).to_contain_text("Aki")  # still Aki at the new table

    # Ben's phone follows by itself, and is still Ben's; it is Ben's turn there
    ben.wait_for_url(live.url(f"/t/{new_id}"), timeout=FOLLOW_MS)
    expect(ben.locator(".me-line")).to_contain_text("Ben")
    expect(ben.locator("#table")).to_have_attribute("data-version", "0")
    expect(ben.locator("#table")).to_have_attribute("data-my-turn", "1")
    # the big screen follows to the new table's read-only page
    screen.wait_for_url(live.url(f"/v/{new.record.view_id}"), timeout=FOLLOW_MS)
    expect(screen.locator(".badge-ro")).to_be_visible()

    # opened again later, the old table stays put and shows the way to the new one
    ben.goto(live.url(f"/t/{tid}"))
    ben.wait_for_timeout(500)
    assert ben.url == live.url(f"/t/{tid}")
    expect(ben.locator("#play-again a")).to_have_attribute("href", f"/t/{tid}/next")

    aki.goto(live.url("/plays"))
    items = aki.locator(".play-list > li")
    expect(items).to_have_count(2)
    expect(items.nth(0)).to_have_class(re.compile("running"))
    expect(items.nth(1)).to_have_class(re.compile("finished"))
    expect(items.nth(1).locator(".seat-chip.won")).to_contain_text("Aki")
    assert all(not e for e in errors.values()), errors
