"""No game opens a dialog or popover on a phone that did not ask for it (issue 20), at any event of a whole
game: each of the seven games is played from start to end through the API (game_plays.py) while two phones
follow it live — one the first player's, one that never tapped anything. After every move both phones show
it, nothing covers their controls (no modal, no popover, the news strip lets taps through), and the events
that matter reach them as news: pairs in Long Seat and The Pairs, the 3 going all the way round in Cracker,
Rummikub's initial meld and going out, Pyramid's bust and last card, the end of すたっぷすたっぷ's match,
Laminate's End Flag and final countdown, and every game's end. Counted by the ``new_context`` watcher
(browser_helpers.WATCH_UNASKED): dialogs and popovers that opened without the phone's own tap."""

from __future__ import annotations

import pytest
from browser_helpers import assert_nothing_blocks, page_errors, unasked_dialogs
from game_plays import PLAYS, Driven, Play
from playwright.sync_api import expect

pytestmark = pytest.mark.slow  # every move of seven games, seen on two phones (one to two minutes)

LIVE_MS = 5000  # generous: the machine is shared

#: What each game's phones must have shown as news on the way (English).
NEWS = {
    "laminate": ["reached 15 points", "took the End Flag", "last turn", "Game over."],
    "rummikub": ["Aki: initial meld, 33", "Rummikub! Aki went out."],
    "stapstap": ["Game 1 is over", "Both games are over:"],
    "pyramid": ["Ben turned a second 3: out.", "One card left in the deck!", "The deck is empty"],
    "long-seat": ["Pair of 3! Ben takes", "Pair of 2! Ben takes", "Last card in the deck!"],
    "cracker": ["Change! The 3 went all the way round.", "Aki went out!"],
    "the-pairs": ["Pair on pile A: Chie draws nothing.", "Aki cannot play: the team loses."],
}

SHOWN_NEWS = """() => { const b = document.querySelector('#table [data-news]') || document.querySelector('#news');
                       return b && !b.hidden ? b.textContent : ''; }"""


@pytest.mark.parametrize("play", PLAYS, ids=[p.game for p in PLAYS])
def test_no_event_of_a_whole_game_opens_a_dialog_on_a_phone_that_did_not_ask(live, new_context,
                                                                           play: Play) -> None:
    t = play.start(live.app.test_client())
    player, idle = new_context().new_page(), new_context().new_page()
    errors_player, errors_idle = page_errors(player), page_errors(idle)
    for page in (player, idle):
        page.goto(live.url(f"/t/{t.tid}"))
        expect(page.locator("#table")).to_be_visible()
    player.locator(".seat-prompt").get_by_role("button", name=play.players[0]).first.click()
    expect(player.locator(".seat-prompt")).to_have_count(0)
    for page in (player, idle):
        page.wait_for_timeout(300)  # let the event streams connect
    seen: set[str] = set()

    def follow(driven: Driven) -> None:
        for page in (player, idle):
            expect(page.locator("#table")).to_have_attribute("data-version", str(driven.state["version"]),
                                                             timeout=LIVE_MS)
            assert_nothing_blocks(page)
            seen.update(line for line in page.evaluate(SHOWN_NEWS).split("\n") if line)

    t.after = follow
    for _ in play.run(t):
        pass
    assert t.state["over"]
    unasked = unasked_dialogs(player) + unasked_dialogs(idle)
    print(f"\n{play.game}: {t.actions} moves, dialogs opened unasked: {len(unasked)}")
    assert unasked == []
    missing = [want for want in NEWS[play.game] if not any(want in line for line in seen)]
    assert missing == [], sorted(seen)
    assert errors_player == [] and errors_idle == []
