"""Every page of the frame passes axe-core with no serious or critical violation, in both themes and both
languages (issue 20): the start page with every game's options, the Plays page with plays of every game
(unfiltered and filtered), the Players page, each game's rules, the error pages and the undo confirmation.
One browser context per theme × language walks them all, on one server with one played history; on the way,
nothing on the Plays and Players pages sticks out at 360 and 390 px."""

from __future__ import annotations

import json
from typing import Any

from browser_helpers import axe_violations, page_errors
from test_plays import create
from test_plays_bgstats import plays

from companion import games

#: One context per theme × language; two of them at 360 px, two at 390 px (each width in both languages).
CONTEXTS = (("light", "en-US", 360), ("light", "ja-JP", 390), ("dark", "en-US", 390), ("dark", "ja-JP", 360))

#: What sticks out of the screen or out of the page's column on a plays page (a player's card grew with its
#: table past the screen's edge), and a table scrolling sideways inside its card.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth, out = [];
  if (document.documentElement.scrollWidth > width) out.push('page ' + document.documentElement.scrollWidth);
  const box = document.querySelector('.plays-page').getBoundingClientRect();
  if (box.right > width) out.push('plays-page ' + box.right);
  for (const el of document.querySelectorAll('.plays-page *')) {
    if (el.closest('.table-wrap, .sr-only')) continue;  // a table is checked as a whole, below
    const r = el.getBoundingClientRect();
    if (r.width && (r.right > box.right + 0.5 || r.left < box.left - 0.5)) {
      out.push(el.tagName + '.' + el.className + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
    }
  }
  for (const el of document.querySelectorAll('.table-wrap')) {
    if (el.scrollWidth > el.clientWidth) out.push('table scrolls ' + el.scrollWidth + '/' + el.clientWidth);
  }
  return out.slice(0, 6);
}"""


def played(live) -> dict[str, Any]:
    """A finished play of every game (The Pairs won and lost), a running table of every game, and one with
    an action to take back."""
    client = live.app.test_client()
    for play in plays().values():
        play(live.app, client)
    for game in games.all_games():
        create(client, game.id, ["Aki", "Ben", "Chie", "Dan"][:max(game.min_players, 3)], 0)
    table = create(client, "long-seat", ["Aki", "Ben"], 0)
    assert client.post(f"/api/tables/{table['id']}/actions", json={"action": {"type": "lay", "card": 3}}
                       ).status_code == 200
    return table


def pages(undo_table: dict[str, Any]) -> dict[str, str]:
    found = {
        "home": "/",
        "plays": "/plays",
        "plays finished pyramid": "/plays?game=pyramid&status=finished",
        "plays of Aki, the pairs": "/plays?player=Aki&game=the-pairs",
        "plays running": "/plays?status=running",
        "plays none match": "/plays?player=Nobody",
        "players": "/players",
        "404": "/no-such-page",
        "table not found": "/t/no-such-table-here",
        "undo confirmation": f"/t/{undo_table['id']}/undo",
    }
    found.update({f"rules {g.id}": f"/rules/{g.id}" for g in games.all_games()})
    return found


def test_frame_pages_pass_axe_and_the_plays_pages_fit_a_phone(live, new_context) -> None:
    undo_table = played(live)
    found: dict[str, Any] = {}
    overflow: dict[str, Any] = {}
    for scheme, locale, width in CONTEXTS:
        ctx = new_context(bypass_csp=True, color_scheme=scheme, locale=locale,  # axe is injected
                          viewport={"width": width, "height": 844})
        page = ctx.new_page()
        errors = page_errors(page)
        for name, path in pages(undo_table).items():
            page.goto(live.url(path))
            if name.startswith(("plays", "players")) and (wide := page.evaluate(OVERFLOW)):
                overflow[f"{width} {locale} {name}"] = wide
            if name == "home":  # every game's options at once (the page shows the chosen game's)
                page.evaluate("""() => document.querySelectorAll('[data-game-options]')
                                       .forEach(f => { f.hidden = false; })""")
            violations = axe_violations(page)
            if violations:
                found[f"{scheme} {locale} {name}"] = violations
        # the page a form gets when its token is missing or stale (403, the security layer's refusal)
        page.goto(live.url(f"/t/{undo_table['id']}"))
        with page.expect_navigation():
            page.evaluate("""(tid) => { const f = document.createElement('form'); f.method = 'post';
                                        f.action = '/t/' + tid + '/act'; document.body.append(f);
                                        f.submit(); }""", undo_table["id"])
        assert "/act" in page.url and page.locator("h1").count() == 1
        violations = axe_violations(page)
        if violations:
            found[f"{scheme} {locale} refused form"] = violations
        assert [e for e in errors if "403" not in e and "404" not in e] == [], errors
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
    assert overflow == {}, overflow
