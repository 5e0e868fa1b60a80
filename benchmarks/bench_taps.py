"""Taps per typical turn, game by game: what a player taps on a 390 px phone (real Chromium, scripts on) to
enter one ordinary turn of each game, counted click by click, with the server's state checked after each
turn, so every counted turn really happened. Printed as a table next to what Board Game Arena needs for the
same move — BGA's figures are estimates from its usual interface (no game here has the same implementation
on BGA), and BGA plays the game itself, while here the players move real components and the phone only
records what they did. Nothing is asserted; the results are in docs/taps.md.

    python benchmarks/bench_taps.py [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "tests"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from live_server import LiveServer  # noqa: E402  (tests/live_server.py: the production server in a thread)

from companion.web import create_app  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
WAIT_MS = 8000

#: BGA's taps for the same move, estimated from its usual interface: (figure, how).
BGA = {
    "laminate research": ("1", "click the deck"),
    "laminate publish": ("4–5", "select 3 cards, choose the paper, confirm"),
    "rummikub draw": ("1", "click the pool / 'draw'"),
    "rummikub meld": ("5", "drag 4 tiles to the table, end the turn"),
    "stapstap parent": ("2–3", "the roll is automatic; choose the face and the card, confirm"),
    "stapstap answer": ("1", "'believe' or 'doubt'"),
    "pyramid": ("7–10", "click the deck per card (3), stop, then per card a slot (3, often card + slot)"),
    "long-seat": ("4", "click the deck per card (3), stop"),
    "cracker": ("1–2", "click the card to pass (a confirm button on some tables; + pair)"),
    "the-pairs": ("2–3", "select a card, click the pile; the draw is automatic or one click"),
}


class Phone:
    """One phone at one table, seated; ``tap`` counts a click and, for a tap that acts, waits until the
    table shows the server's answer."""

    def __init__(self, browser: Any, base: str, tid: str, seat_name: str) -> None:
        self.page = browser.new_context(**PHONE, locale="en-US").new_page()
        self.page.goto(f"{base}/t/{tid}")
        self.page.locator(".seat-prompt").get_by_role("button", name=seat_name).first.click()
        self.page.wait_for_function("() => document.documentElement.classList.contains('js')")
        self.page.wait_for_timeout(300)  # the live stream connects
        self.taps = 0

    def version(self) -> int:
        return int(self.page.locator("#table").get_attribute("data-version"))

    def wait_version(self, version: int) -> None:
        self.page.wait_for_function(
            f"() => parseInt(document.querySelector('#table').dataset.version) >= {version}", timeout=WAIT_MS)

    def tap(self, selector: str, acts: bool = True) -> None:
        before = self.version()
        self.page.locator(selector).first.click()
        self.taps += 1
        if acts:
            self.wait_version(before + 1)


class Bench:
    def __init__(self, browser: Any, server: LiveServer, client: Any) -> None:
        self.browser, self.base, self.client = browser, server.url, client

    def table(self, game: str, players: list[str], *actions: dict[str, Any], **options: Any) -> str:
        made = self.client.post("/api/tables", json={"game": game, "players": players, "start": 0,
                                                     "options": options})
        assert made.status_code == 201, made.get_json()
        tid = made.get_json()["id"]
        for action in actions:
            self.act(tid, action)
        return tid

    def act(self, tid: str, action: dict[str, Any]) -> None:
        resp = self.client.post(f"/api/tables/{tid}/actions", json={"action": action})
        assert resp.status_code == 200, (action, resp.get_json())

    def state(self, tid: str) -> dict[str, Any]:
        return self.client.get(f"/api/tables/{tid}").get_json()

    def phone(self, tid: str, name: str) -> Phone:
        return Phone(self.browser, self.base, tid, name)


# --- one typical turn per game ------------------------------------------------------------------------------


def laminate_research(b: Bench) -> tuple[int, str]:
    tid = b.table("laminate", ["Aki", "Ben", "Chie"])
    p = b.phone(tid, "Aki")
    before = b.state(tid)["players"][0]["hand"]
    p.tap(".actionbar button[name=from][value=deck]")
    assert b.state(tid)["players"][0]["hand"] == before + 1
    return p.taps, "From the deck"


def laminate_publish(b: Bench) -> tuple[int, str]:
    tid = b.table("laminate", ["Aki", "Ben", "Chie"])
    p = b.phone(tid, "Aki")
    p.tap("[data-open-picker]", acts=False)
    for card in ("coin-8", "book-8", "onion-8"):
        p.tap(f"#picker label:has(input[name=cards][value='{card}'])", acts=False)
    p.page.locator("#pick-matches .match-chip").first.wait_for()  # what the cards make (it picks the one legal)
    if not p.page.locator("#picker input[name=paper][value=kind3]").is_checked():
        p.tap("#picker .paper-opt[data-paper='kind3']", acts=False)
    p.tap("#pick-submit")
    assert b.state(tid)["papers"][0]["type"] == "kind3"
    return p.taps, "Publish, 3 cards, Publish (the one paper they make is chosen by itself)"


def rummikub_draw(b: Bench) -> tuple[int, str]:
    tid = b.table("rummikub", ["Aki", "Ben"], turn_timer=0)
    p = b.phone(tid, "Aki")
    pool = b.state(tid)["pool"]
    p.tap(".rk-bar form:has(input[name=type][value=draw]) button")
    assert b.state(tid)["pool"] == pool - 1
    return p.taps, "Draw"


def rummikub_meld(b: Bench) -> tuple[int, str]:
    """An opening meld of a 4-tile run (blue 7–10): its first and last tile lay it (the editor fills in)."""
    tid = b.table("rummikub", ["Aki", "Ben"], turn_timer=0)
    p = b.phone(tid, "Aki")
    p.page.wait_for_function("() => window.RK && window.RK.editor")
    p.tap("[data-open-editor]", acts=False)
    picker = "#ed-picker"
    if p.page.locator(f"{picker} [data-pk-tab='b']").is_visible() and \
            p.page.locator(picker).get_attribute("data-colour") != "b":
        p.tap(f"{picker} [data-pk-tab='b']", acts=False)
    for tile in ("b7", "b10"):
        p.tap(f"{picker} [data-tile='{tile}']:visible", acts=False)
    p.tap("#rk-editor [data-ed=done]")
    assert [s["tiles"] for s in b.state(tid)["table"]] == [["b7", "b8", "b9", "b10"]]
    return p.taps, "Play tiles, (blue,) 7, 10, Done"


def stapstap_round(b: Bench) -> tuple[int, str, int]:
    """Real dice: the parent rolls and declares (face, card, Declare); each other player answers on their own
    phone."""
    tid = b.table("stapstap", ["Aki", "Ben", "Chie"], {"type": "deal"}, {"type": "begin"}, mode="dice")
    parent = b.state(tid)["parent"]
    names = ["Aki", "Ben", "Chie"]
    p = b.phone(tid, names[parent])
    p.tap(".st-roll button")
    p.tap(".st-faces label:has(input[value='4'])", acts=False)
    p.tap(".st-declare button[type=submit]")
    asked = b.state(tid)["to_ask"][0]
    other = b.phone(tid, names[asked])
    other.tap("form:has(input[value='pass']) button")
    assert b.state(tid)["players"][asked]["answer"] == "pass"
    return p.taps, "parent: Roll, a face, Declare (the first empty card is chosen)", other.taps


def pyramid_turn(b: Bench) -> tuple[int, str]:
    """Turn three cards, stop, place them: the biggest is chosen for the next slot each time."""
    tid = b.table("pyramid", ["Aki", "Ben"], {"type": "turn", "card": 9}, {"type": "turn", "card": 6},
                  {"type": "stop"}, {"type": "place", "card": 9, "row": 1, "x": 0},
                  {"type": "place", "card": 6, "row": 1, "x": 1}, {"type": "turn", "card": 4},
                  {"type": "turn", "card": 4})
    p = b.phone(tid, "Aki")
    for card in (8, 3, 7):
        p.tap(f"#table .pd-picker button[value='{card}']")
    p.tap(".py-bar button.primary")
    for slot in ("1:2", "1:3", "2:1"):  # 8 right of 6, 7 right of 8, 3 over 6 and 8
        p.tap(f"button.py-slot[value='{slot}']")
    assert len(b.state(tid)["players"][0]["pyramid"]) == 5
    return p.taps, "3 numbers, Stop and build, 3 slots"


def long_seat_turn(b: Bench) -> tuple[int, str]:
    tid = b.table("long-seat", ["Aki", "Ben"])
    p = b.phone(tid, "Aki")
    for card in (4, 9, 2):
        p.tap(f"#lay button[name=card][value='{card}']")
    p.tap(".ls-bar button.primary")
    assert b.state(tid)["active"] == 1
    return p.taps, "3 numbers, Stop"


def cracker_turn(b: Bench) -> tuple[int, str]:
    """Ben's turn: the received card is known (Aki passed it face up), so Ben taps the number he passes (a turn
    that pairs the received card: one tap more)."""
    tid = b.table("cracker", ["Aki", "Ben", "Chie"], {"type": "draw", "card": 10}, {"type": "pass", "card": 3})
    p = b.phone(tid, "Ben")
    p.tap("#cr-act button.pd-pick[name=card][value='5']")
    assert b.state(tid)["active"] == 2
    return p.taps, "the number passed (+1: a pair)"


def the_pairs_turn(b: Bench) -> tuple[int, str]:
    tid = b.table("the-pairs", ["Aki", "Ben", "Chie"])
    p = b.phone(tid, "Aki")
    p.tap("#controls form.tp-target:has(input[name=to][value=a]) button[name=card][value='5']")
    p.tap("#controls form:has(input[name=from][value=deck]) button")
    assert b.state(tid)["active"] == 1
    return p.taps, "the card on its pile, From the deck"


TURNS: dict[str, Callable[[Bench], tuple[Any, ...]]] = {
    "laminate research": laminate_research, "laminate publish": laminate_publish,
    "rummikub draw": rummikub_draw, "rummikub meld": rummikub_meld,
    "stapstap": stapstap_round, "pyramid": pyramid_turn, "long-seat": long_seat_turn,
    "cracker": cracker_turn, "the-pairs": the_pairs_turn,
}

LABELS = {
    "laminate research": "Laminate: research from the deck",
    "laminate publish": "Laminate: publish a 3-card paper",
    "rummikub draw": "Rummikub: draw",
    "rummikub meld": "Rummikub: opening meld, a 4-tile run",
    "stapstap parent": "すたっぷすたっぷ: the parent rolls and declares",
    "stapstap answer": "すたっぷすたっぷ: another player answers (pass)",
    "pyramid": "Pyramid: turn 3 cards, stop, build them",
    "long-seat": "Long Seat: lay 3 cards, stop",
    "cracker": "Cracker: receive, pass a card",
    "the-pairs": "The Pairs: a card onto a pile, draw",
}


def measure() -> dict[str, tuple[int, str]]:
    from playwright.sync_api import sync_playwright

    found: dict[str, tuple[int, str]] = {}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        app = create_app(str(Path(tmp) / "taps.db"), secret_key="bench-taps")
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        with LiveServer(app) as server:
            bench = Bench(browser, server, app.test_client())
            for name, turn in TURNS.items():
                got = turn(bench)
                if name == "stapstap":
                    found["stapstap parent"] = (got[0], got[1])
                    found["stapstap answer"] = (got[2], "Pass (or Doubt) on the player's own phone")
                else:
                    found[name] = (got[0], got[1])
        browser.close()
        app.extensions["companion"].store.close()
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    found = measure()
    if args.json:
        print(json.dumps({k: {"ours": v[0], "how": v[1], "bga": BGA[k][0], "bga_how": BGA[k][1]}
                          for k, v in found.items()}, ensure_ascii=False, indent=2))
        return 0
    print("| Typical turn | companion (taps) | how | BGA (estimate) | BGA's way |")
    print("|---|---:|---|---:|---|")
    for key, (taps, how) in found.items():
        print(f"| {LABELS[key]} | {taps} | {how} | {BGA[key][0]} | {BGA[key][1]} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
