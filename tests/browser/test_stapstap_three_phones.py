"""A whole すたっぷすたっぷ match (two games) on three phones at once, in real Chromium, with the phone as the box.

Each phone claims its own seat through the table page. The parent's phone alone shows the rolled face (ST4);
the other two see a closed box with its seal. Answers are given on each player's own phone in order (ST6); a
doubt opens the box on every phone with the seal checked (ST7). Every move shows on the other phones live.
The players fill their cards, are skipped when full (ST10), and the second game starts from the scores of the
first (ST16) and runs to the final ranking."""

from __future__ import annotations

import json

import pytest
from browser_helpers import axe_violations, page_errors
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
        expect(other.locator(".st-stage .st-box-q")).to_be_visible()
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


# --- real dice, phone by phone (issue 20) -------------------------------------------------------------------


def api_table(live, mode: str = "dice") -> str:
    body = live.app.test_client().post("/api/tables", json={"game": "stapstap", "players": NAMES,
                                                              "options": {"mode": mode}}).get_json()
    return body["id"]


def api_act(live, tid: str, headers: dict[str, str] | None = None, **action) -> dict:
    resp = live.app.test_client().post(f"/api/tables/{tid}/actions", json={"action": action}, headers=headers or {})
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()["state"]


def api_state(live, tid: str) -> dict:
    return live.app.test_client().get(f"/api/tables/{tid}").get_json()


def overflow(page) -> dict[str, int]:
    """How far the page, and each scrolling table box in it, scrolls sideways (0: it fits)."""
    return page.evaluate("""() => {
        const over = e => e.scrollWidth - e.clientWidth;
        return {page: over(document.documentElement),
                boxes: Math.max(0, ...[...document.querySelectorAll('.table-wrap')].map(over))};
    }""")


def in_first_screen(page, locator) -> bool:
    """Whether the control lies within the first screenful of the page (seen without scrolling down)."""
    bottom = locator.evaluate("e => e.getBoundingClientRect().bottom + window.scrollY")
    return 0 < bottom <= page.viewport_size["height"]


def test_real_dice_each_player_answers_on_their_own_phone(live, new_context):
    """ST6 with real dice: each phone says which player it is; the asked player's phone shows pass and doubt
    first, the others say who answers now and answer for them only through "Answer for …"; the parent's roll
    and declaration and the payer's payment work the same way. Cho's phone is 360 px wide: nothing scrolls
    sideways at any step."""
    tid = api_table(live)
    phones = []
    for name, width in zip(NAMES, (390, 390, 360), strict=True):
        page = new_context(viewport={"width": width, "height": 780 if width == 360 else 844}).new_page()
        errors = page_errors(page)
        page.goto(live.url(f"/t/{tid}"))
        expect(page.locator(".seat-prompt")).to_contain_text("Which player is this device?")
        page.locator(".seat-prompt").get_by_role("button", name=name, exact=True).click()
        expect(page.locator(".me-line")).to_contain_text(f"This device: {name}")
        phones.append((page, errors))
    pages = [p for p, _ in phones]
    aki, ben, cho = pages
    sync(pages)
    tap(aki, "form:has(input[value='deal']) button")
    tap(aki, "form:has(input[value='begin']) button")
    sync(pages)
    assert overflow(cho) == {"page": 0, "boxes": 0}

    # ST4: the parent rolls on her own phone; the others wait, "Act for Aki…" one step away
    expect(aki.locator(".st-roll button")).to_be_visible()
    assert in_first_screen(aki, aki.locator(".st-roll button"))
    for other in (ben, cho):
        expect(other.locator(".st-wait")).to_contain_text("Waiting for Aki")
        expect(other.locator(".st-act-for summary")).to_have_text("Act for Aki…")
        expect(other.locator(".st-roll button")).to_be_hidden()
    tap(aki, ".st-roll button")
    sync(pages)
    aki.locator(".st-faces input[value='4']").check(force=True)
    expect(ben.locator(".st-declare button[type=submit]")).to_be_hidden()
    tap(aki, ".st-declare button[type=submit]")
    sync(pages)

    # ST6: Ben is asked first: pass and doubt on his phone, in the first screen; Cho and Aki wait
    expect(ben.locator(".st-actions.mine .st-sub")).to_have_text("Your answer, Ben: pass or doubt?")
    assert in_first_screen(ben, ben.get_by_role("button", name="Doubt!"))
    assert in_first_screen(ben, ben.get_by_role("button", name="Pass"))
    for other in (aki, cho):
        expect(other.locator(".st-wait")).to_contain_text("Ben is answering: pass or doubt")
        expect(other.locator(".st-act-for summary")).to_have_text("Answer for Ben…")
        expect(other.get_by_role("button", name="Doubt!")).to_be_hidden()
    expect(cho.locator(".st-later")).to_have_text("You are asked after them.")
    assert overflow(cho) == {"page": 0, "boxes": 0}
    tap(ben, "form:has(input[value='pass']) button")
    sync(pages)

    # now Cho's own question shows on her phone at once; Aki answers for her through the deliberate step
    expect(cho.locator(".st-actions.mine .st-sub")).to_have_text("Your answer, Cho: pass or doubt?")
    expect(cho.get_by_role("button", name="Doubt!")).to_be_visible()
    expect(aki.get_by_role("button", name="Doubt!")).to_be_hidden()
    aki.locator(".st-act-for summary").click()
    expect(aki.locator(".st-act-for-help")).to_contain_text("This is Aki's phone")
    tap(aki, ".st-act-for form:has(input[value='doubt']) button")
    sync(pages)
    for p in pages:
        expect(p.locator(".history")).to_contain_text("Cho doubts! · on Aki's phone")

    # ST7: any phone types in the face of the opened real box (here Ben's)
    for p in pages:
        expect(p.locator(".st-reveal .st-pick").first).to_be_visible()
    tap(ben, ".st-reveal button[value='4']")
    sync(pages)
    for p in pages:
        expect(p.locator(".st-result.truth")).to_be_visible()

    # ST7a: Cho pays on her own phone; the others could only by "Act for Cho…"
    expect(cho.get_by_role("button", name="Pay a coin")).to_be_visible()
    for other in (aki, ben):
        expect(other.locator(".st-act-for summary")).to_have_text("Act for Cho…")
        expect(other.get_by_role("button", name="Pay a coin")).to_be_hidden()
    assert overflow(cho) == {"page": 0, "boxes": 0}
    tap(cho, "form:has(input[value='coin']) button")
    sync(pages)

    # ST9: Ben is the parent now, on his phone
    expect(ben.locator(".st-roll button")).to_be_visible()
    expect(aki.locator(".st-act-for summary")).to_have_text("Act for Ben…")
    state = api_state(live, tid)
    assert state["parent"] == 1 and state["players"][2]["coins"] == 0
    for _page, errors in phones:
        assert not errors, errors


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_points_table_fits_a_360_px_phone(live, new_context, locale):
    """ST2d: the 6 × 6 points table of set-up fits 360 and 390 px phones in both languages: neither the page
    nor the table scrolls sideways, and every input stays inside the screen."""
    tid = api_table(live)
    for width in (360, 390):
        page = new_context(locale=locale, viewport={"width": width, "height": 780}).new_page()
        page.goto(live.url(f"/t/{tid}"))
        page.locator("#st-points summary").click()
        inputs = page.locator(".st-points-table input")
        expect(inputs).to_have_count(36)
        assert overflow(page) == {"page": 0, "boxes": 0}, (width, locale)
        right = page.evaluate("Math.max(...[...document.querySelectorAll('.st-points-table input')]"
                              ".map(e => e.getBoundingClientRect().right))")
        assert right <= width, (width, locale, right)
        # the inputs stay usable: a value typed in is saved
        page.locator("input[name='p_3_3']").fill("12")
        with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/act")):
            page.locator("#st-points button[type=submit]").click()
        expect(page.locator("input[name='p_3_3']")).to_have_value("12")
        assert api_state(live, tid)["points"][2][2] == 12
        api_act(live, tid, type="points", table=[[10 - 2 * abs(f - c) for f in range(6)] for c in range(6)])


def honest_until(live, tid: str, stop) -> dict:
    """Plays a real-dice table by the API (everyone honest, everyone passing) until ``stop(state)``."""
    for _ in range(200):
        s = api_state(live, tid)
        if stop(s):
            return s
        step = s["step"]
        if step == "setup":
            api_act(live, tid, type="deal")
            api_act(live, tid, type="begin")
        elif step == "start":
            api_act(live, tid, type="roll" if s["can"]["roll"] else "skip")
        elif step == "rolled":
            card = next(c["card"] for c in s["players"][s["parent"]]["cards"] if c["face"] is None)
            api_act(live, tid, type="declare", face=1, card=card)
        elif step == "challenge":
            api_act(live, tid, type="pass", player=s["to_ask"][0])
        elif step == "scored":
            api_act(live, tid, type="next_game")
        else:
            raise AssertionError(step)
    raise AssertionError("the game did not reach the step")


def test_no_serious_axe_violations_at_any_step(live, new_context):
    """axe-core: no serious or critical violation on すたっぷすたっぷ's pages at each step of a round, on the
    acting phone, on another player's phone (its "act for" step open), on a phone with no seat, in set-up with
    the points table open, after each game, and in phone-box mode on the parent's and another phone; light and
    dark, English and Japanese."""
    tables: dict[str, str] = {}

    def at(name: str, stop) -> str:
        tid = api_table(live)
        honest_until(live, tid, stop)
        tables[name] = tid
        return tid

    at("setup", lambda s: True)
    at("start", lambda s: s["step"] == "start")
    at("rolled", lambda s: s["step"] == "rolled")
    at("challenge", lambda s: s["step"] == "challenge")
    tid = at("reveal", lambda s: s["step"] == "challenge")
    api_act(live, tid, type="doubt", player=1)
    tid = at("pay", lambda s: s["step"] == "challenge")
    api_act(live, tid, type="doubt", player=1)
    api_act(live, tid, type="reveal", face=1)
    at("scored", lambda s: s["step"] == "scored")
    at("over", lambda s: s["over"])
    box = api_table(live, mode="box")
    claimed = live.app.test_client().post(f"/api/tables/{box}/seats/0/claim", json={}).get_json()["token"]
    api_act(live, box, type="deal")
    api_act(live, box, type="begin")
    api_act(live, box, type="roll", headers={"X-Seat-Token": claimed})

    visits = [("setup", None, "#st-points"), ("setup", 1, None), ("start", 0, None), ("start", 2, ".st-act-for"),
              ("rolled", 0, None), ("rolled", 1, ".st-act-for"), ("challenge", 1, None),
              ("challenge", 2, ".st-act-for"), ("challenge", None, None), ("reveal", 2, None),
              ("pay", 1, None), ("pay", 0, ".st-act-for"), ("scored", 0, None), ("over", 1, None)]
    found = {}
    for scheme in ("light", "dark"):
        for locale in ("en-US", "ja-JP"):
            ctx = new_context(bypass_csp=True, color_scheme=scheme, locale=locale)  # axe is injected as a script
            page = ctx.new_page()
            errors = page_errors(page)
            for name, me, open_it in visits:
                tid = tables[name]
                ctx.clear_cookies()
                if me is not None:
                    ctx.add_cookies([{"name": "me", "value": str(me), "url": live.url(f"/t/{tid}")}])
                page.goto(live.url(f"/t/{tid}"))
                if open_it:
                    page.locator(f"{open_it} > summary").click()
                    expect(page.locator(f"{open_it}[open]")).to_have_count(1)
                violations = axe_violations(page)
                if violations:
                    found[f"{scheme} {locale} {name} as {me}"] = violations
            for token in (claimed, None):  # phone box: the parent's phone sees the die, another phone waits
                ctx.clear_cookies()
                if token:
                    ctx.add_cookies([{"name": f"seat_{box[:16]}", "value": token, "url": live.url("/")}])
                page.goto(live.url(f"/t/{box}"))
                expect(page.locator(".st-stage .st-box")).to_be_visible()
                violations = axe_violations(page)
                if violations:
                    found[f"{scheme} {locale} box {'parent' if token else 'other'}"] = violations
            assert errors == [], (scheme, locale)
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
