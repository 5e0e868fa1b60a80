"""A whole すたっぷすたっぷ match (two games) on three phones at once, in real Chromium, with the phone as the box.

Each phone claims its own seat through the table page. The parent's phone alone shows the rolled face (ST4);
the other two see a closed box with its seal. Answers are given on each player's own phone in order (ST6); a
doubt opens the box on every phone with the seal checked (ST7). Every move shows on the other phones live.
The players fill their cards, are skipped when full (ST10), and the second game starts from the scores of the
first (ST16) and runs to the final ranking."""

from __future__ import annotations

from browser_helpers import page_errors
from playwright.sync_api import expect

LIVE_MS = 4000
NAMES = ["Aki", "Ben", "Cho"]


def version(page) -> int:
    return int(page.locator("#table").first.get_attribute("data-version"))


def sync(pages, expected: int | None = None) -> None:
    want = expected if expected is not None else max(version(p) for p in pages)
    for p in pages:
        expect(p.locator("#table")).to_have_attribute("data-version", str(want), timeout=LIVE_MS)


def tap(page, selector: str) -> None:
    """Tap a button of a form and wait for the server's answer to be drawn (one table, a newer version)."""
    before = version(page)
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/act")):
        page.locator(selector).first.click()
    page.wait_for_function(f"() => parseInt(document.querySelector('#table').dataset.version) > {before}",
                           timeout=LIVE_MS)
    # one table: a swap that lost its form (morphed away by a live refresh) must still morph, not nest
    assert page.locator("#table").count() == 1


def test_three_phones_play_a_whole_match_with_the_phone_as_the_box(live, new_context):
    created = live.app.test_client().post("/api/tables", json={"game": "stapstap", "players": NAMES,
                                                                 "options": {"mode": "box"}}).get_json()
    tid = created["id"]
    phones = []
    for name in NAMES:
        page = new_context().new_page()
        errors = page_errors(page)
        page.goto(live.url(f"/t/{tid}"))
        page.get_by_role("button", name=f"I am {name}").click()
        expect(page.locator(".seat-proven")).to_contain_text(name)
        phones.append((page, errors))
    pages = [p for p, _ in phones]
    aki, ben, cho = pages
    sync(pages)

    # set-up on any phone (ST2): a random deal, then begin
    tap(aki, "form:has(input[value='deal']) button")
    tap(aki, "form:has(input[value='begin']) button")
    sync(pages)

    # ST4: Aki rolls; only Aki's phone shows the die in the box
    tap(aki, ".st-roll button")
    sync(pages)
    expect(aki.locator(".st-box .st-die.in-box")).to_be_visible()
    face = int(aki.locator(".st-box .st-die.in-box").get_attribute("class").split("face-")[1].split()[0])
    for other in (ben, cho):
        expect(other.locator(".st-box-q")).to_be_visible()
        assert other.locator(".st-die.in-box").count() == 0
        expect(other.locator(".st-wait")).to_contain_text("Aki")
    # ST5: Aki declares the truth on her first card; ST6: Ben is asked first, Cho must wait
    aki.locator(f".st-faces input[value='{face}']").check(force=True)
    tap(aki, ".st-declare button[type=submit]")
    sync(pages)
    expect(cho.locator(".st-wait")).to_contain_text("Ben")
    tap(ben, "form:has(input[value='pass']) button")
    sync(pages)
    tap(cho, "form:has(input[value='doubt']) button")  # ST7a: the truth: Cho pays
    sync(pages)
    for p in pages:
        expect(p.locator(".st-result.truth")).to_be_visible()
        expect(p.locator(".st-seal.ok")).to_be_visible()
    if cho.locator("form:has(input[value='pay'])").count():
        tap(cho, "form:has(input[value='coin']) button")
        sync(pages)

    # then everyone plays honestly and passes until both games are over
    for _ in range(80):
        sync(pages)
        step = aki.locator("#table").first.get_attribute("data-step")
        if step == "over":
            break
        if step == "scored":
            tap(aki, "form:has(input[value='next_game']) button")
            continue
        actor = next(p for p in pages if p.locator("#st-actions.live").count())
        if step == "start":
            if actor.locator(".st-roll").count():
                tap(actor, ".st-roll button")
            else:
                tap(actor, "form:has(input[value='skip']) button")
        elif step == "rolled":
            f = actor.locator(".st-die.in-box").get_attribute("class").split("face-")[1].split()[0]
            actor.locator(f".st-faces input[value='{f}']").check(force=True)
            tap(actor, ".st-declare button[type=submit]")
        elif step == "challenge":
            tap(actor, "form:has(input[value='pass']) button")
        elif step == "pay":
            tap(actor, "form:has(input[value='die']) button")
        else:
            raise AssertionError(step)
    sync(pages)
    for p in pages:
        expect(p.locator(".st-final")).to_be_visible()
        expect(p.locator(".st-scores .ranking tbody tr")).to_have_count(3)
    for _page, errors in phones:
        assert not errors, errors
