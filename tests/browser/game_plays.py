"""Each of the seven games played from its start to its end through the JSON API, with the moments a browser
test stops at on the way (issue 20): the start, mid-game, a form the rules refuse (the page then shows the
refusal in place), and the end screen. The events that matter happen on the way: pairs in Long Seat and The
Pairs, a number going all the way round in Cracker, Rummikub's initial meld and a player going out, Pyramid's
last card and its bust, Laminate's End Flag and final countdown, the end of a すたっぷすたっぷ game.

A play is a generator: it acts through ``Driven`` (every accepted action calls ``Driven.after``, so a test can
wait for its phones to follow) and yields a ``Stop`` where a test may look at the pages. Everything is
deterministic (fixed decks, scripted moves, seeded random play), so a stop is the same page on every run.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game_driver import next_action as laminate_next

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "companion" / "games" / "stapstap" / "tests"))
from test_st_api_random import moves as stapstap_moves  # noqa: E402  (random legal moves, seeded)

State = dict[str, Any]
Action = dict[str, Any]


@dataclass(frozen=True)
class Stop:
    """A moment to look at the table: ``step`` is "start", "mid", "refusal" or "end"; a refusal carries the
    form a page would post (``form``, field -> text) that the rules refuse now."""

    step: str
    form: dict[str, str] = field(default_factory=dict)


class Driven:
    """One table played through the JSON API (a Flask test client of the live app)."""

    def __init__(self, client: Any, game: str, players: list[str], start: int = 0, **options: Any) -> None:
        self.client, self.game = client, game
        resp = client.post("/api/tables", json={"game": game, "players": players, "start": start,
                                                "options": options})
        assert resp.status_code == 201, resp.get_json()
        body = resp.get_json()
        self.tid, self.vid, self.state = body["id"], body["view_id"], body["state"]
        self.actions = 0
        self.after: Callable[[Driven], None] = lambda driven: None

    def post(self, action: Action, dry_run: bool = False) -> Any:
        return self.client.post(f"/api/tables/{self.tid}/actions",
                                json={"action": action, **({"dry_run": True} if dry_run else {})})

    def act(self, action: Action) -> State:
        resp = self.post(action)
        assert resp.status_code == 200, (action, resp.get_json())
        self.state = resp.get_json()["state"]
        self.actions += 1
        self.after(self)
        return self.state

    def try_act(self, action: Action) -> bool:
        """Acts if the rules accept ``action`` (random play); a refusal changes nothing."""
        if self.post(action, dry_run=True).status_code != 200:
            return False
        self.act(action)
        return True

    def refused(self, action: Action) -> bool:
        resp = self.post(action, dry_run=True)
        assert resp.status_code in (200, 422), resp.get_json()
        return resp.status_code == 422

    def refusal(self, action: Action, form: dict[str, str]) -> Stop:
        assert self.refused(action), (self.game, action)
        return Stop("refusal", form)


# --- the seven games -----------------------------------------------------------------------------------------


def laminate(t: Driven) -> Iterator[Stop]:
    """The leader publishes 15 points (game_driver), lays the End Flag, and the final countdown runs out.
    Refused: publishing a paper with a card already on the table (the picker shows why)."""
    yield Stop("start")
    refused = False
    while not t.state["over"]:
        t.act(laminate_next(t.state))
        if t.actions == 12:
            yield Stop("mid")
        if not refused and t.actions >= 12 and t.state["papers"] and t.state["pending"] is None:
            card = t.state["papers"][0]["cards"][0]
            action = {"type": "publish", "paper": "flush4", "cards": [card], "cite": []}
            yield t.refusal(action, {"type": "publish", "paper": "flush4", "cards": card})
            refused = True
    yield Stop("end")


def rummikub(t: Driven) -> Iterator[Stop]:
    """RK: Aki's initial meld (33), Ben and Chie draw, Chie's 6-point meld is refused (RK6), Aki lays the rest
    of the rack and goes out (RK7), Ben's and Chie's racks are entered (RK11)."""
    yield Stop("start")
    meld = [["r10", "r11", "r12"]]
    t.act({"type": "play", "table": meld})
    yield Stop("mid")
    t.act({"type": "draw"})
    yield t.refusal({"type": "play", "table": [["y1", "y2", "y3"]]}, {"type": "play", "table": "y1 y2 y3"})
    t.act({"type": "draw"})
    t.act({"type": "play", "table": [*meld, [f"b{i}" for i in range(1, 8)], [f"k{i}" for i in range(1, 5)]]})
    t.act({"type": "rack", "seat": 1, "tiles": [f"y{i}" for i in range(1, 14)] + ["r1", "r2"]})
    t.act({"type": "rack", "seat": 2, "tiles": [f"y{i}" for i in range(1, 14)] + ["J", "r3"]})
    assert t.state["over"], t.state
    yield Stop("end")


def stapstap(t: Driven) -> Iterator[Stop]:
    """A whole game with real dice, seeded random legal moves (doubts for a while, then none, so it ends).
    Refused: a pass while nobody is being asked (ST6)."""
    rnd = random.Random(3)
    yield Stop("start")
    refused = False
    while not t.state["over"]:
        doubt = 0.4 if t.actions < 60 else 0.0
        assert any(t.try_act(action) for action in stapstap_moves(t.state, rnd, doubt)), t.state["step"]
        if t.actions == 30:
            yield Stop("mid")
        if not refused and t.actions >= 30 and t.state["step"] == "start":
            yield t.refusal({"type": "pass"}, {"type": "pass"})
            refused = True
        assert t.actions < 3000
    yield Stop("end")


#: Pyramid on a 7-card table deck (PD5: two 3s, two 5s, two 8s, one 9).
PYRAMID_DECK = {str(v): 0 for v in range(1, 11)} | {"3": 2, "5": 2, "8": 2, "9": 1}


def pyramid(t: Driven) -> Iterator[Stop]:
    """PY4–PY9: Aki builds 5 8, Ben busts on a second 3, Aki builds 9 and 5 over them (one card left in the
    deck), Ben turns the last card (PY8) and places it. Refused: a third 3 (PD4)."""
    yield Stop("start")
    for action in ({"type": "turn", "card": 8}, {"type": "turn", "card": 5}, {"type": "stop"},
                   {"type": "place", "card": 5, "row": 1, "x": 0}, {"type": "place", "card": 8, "row": 1, "x": 1},
                   {"type": "turn", "card": 3}, {"type": "turn", "card": 3}):
        t.act(action)
    yield t.refusal({"type": "turn", "card": 3}, {"type": "turn", "card": "3"})
    for action in ({"type": "turn", "card": 9}, {"type": "turn", "card": 5}, {"type": "stop"},
                   {"type": "place", "card": 9, "row": 1, "x": -1}):
        t.act(action)
    yield Stop("mid")  # building: the 5 still to place, its slots drawn
    t.act({"type": "place", "card": 5, "row": 2, "x": -1})
    t.act({"type": "turn", "card": 8})
    t.act({"type": "place", "card": 8, "row": 1, "x": 0})
    assert t.state["over"], t.state
    yield Stop("end")


#: Long Seat on an 8-card table deck: two 2s, two 3s, two 7s, a 5 and a 9.
LONG_SEAT_DECK = {str(v): 0 for v in range(1, 11)} | {"2": 2, "3": 2, "5": 1, "7": 2, "9": 1}


def long_seat(t: Driven) -> Iterator[Stop]:
    """LS3–LS9: Aki lays 3 7 and stops; Ben lays 5 and 3: a pair (3 7 5 3); Aki lays 2 9 and stops; Ben lays 7
    and the last card, 2: a pair, and the deck is out. Refused: a third 3 (LS11)."""
    yield Stop("start")
    for card in (3, 7):
        t.act({"type": "lay", "card": card})
    t.act({"type": "stop"})
    for card in (5, 3):
        t.act({"type": "lay", "card": card})
    yield t.refusal({"type": "lay", "card": 3}, {"type": "lay", "card": "3"})
    t.act({"type": "lay", "card": 2})
    yield Stop("mid")  # a card laid this turn: Stop is enabled
    t.act({"type": "lay", "card": 9})
    t.act({"type": "stop"})
    for card in (7, 2):
        t.act({"type": "lay", "card": card})
    assert t.state["over"], t.state
    yield Stop("end")


def cracker(t: Driven) -> Iterator[Stop]:
    """CR4–CR10, one round: Aki draws a 10 and pairs it, a 3 goes all the way round (CR8, the change), Chie's
    declared hand that is no run is refused (CR7), Aki draws a 7 and goes out, Ben and Chie enter their
    highest numbers."""
    yield Stop("start")
    t.act({"type": "draw", "card": 10})
    t.act({"type": "pair"})
    yield Stop("mid")
    for _ in range(3):
        t.act({"type": "pass", "card": 3})
    hand = [3, 4, 4, 5, 6, 7, 8, 9, 10, 10]
    yield t.refusal({"type": "declare", "seat": 2, "hand": hand},
                    {"type": "declare", "seat": "2", "hand": " ".join(map(str, hand))})
    t.act({"type": "draw", "card": 7})
    t.act({"type": "declare", "seat": 0, "hand": list(range(1, 10))})
    t.act({"type": "reveal", "seat": 1, "max": 10})
    t.act({"type": "reveal", "seat": 2, "max": 9})
    assert t.state["over"], t.state
    yield Stop("end")


def the_pairs(t: Driven) -> Iterator[Stop]:
    """TP5–TP10: a card onto Aki's place, cards onto the piles, Chie's pair (no draw), and Aki's place card
    fits neither pile: Aki cannot play and the team loses. Refused: "I cannot play" with a hand that holds a 4,
which fits on a 3 (TP8)."""
    yield Stop("start")
    for action in ({"type": "play", "card": 9, "to": "place"}, {"type": "draw", "from": "deck"},
                   {"type": "play", "card": 2, "to": "a"}, {"type": "draw", "from": "deck"},
                   {"type": "play", "card": 2, "to": "a"}):
        t.act(action)
    yield Stop("mid")
    for action in ({"type": "play", "card": 4, "to": "b"}, {"type": "draw", "from": "deck"},
                   {"type": "play", "card": 3, "to": "b"}, {"type": "draw", "from": "deck"},
                   {"type": "play", "card": 3, "to": "a"}, {"type": "draw", "from": "deck"}):
        t.act(action)
    yield t.refusal({"type": "stuck", "hand": [4, 8, 10, 10]}, {"type": "stuck", "hand": "4 8 10 10"})
    t.act({"type": "stuck", "hand": [8, 8, 10, 10]})
    assert t.state["over"], t.state
    yield Stop("end")


@dataclass(frozen=True)
class Play:
    game: str
    players: list[str]
    run: Callable[[Driven], Iterator[Stop]]
    options: dict[str, Any] = field(default_factory=dict)

    def start(self, client: Any) -> Driven:
        return Driven(client, self.game, self.players, 0, **self.options)


PLAYS: tuple[Play, ...] = (
    Play("laminate", ["Aki", "Ben", "Chie"], laminate),
    Play("rummikub", ["Aki", "Ben", "Chie"], rummikub, {"rounds": 1, "turn_timer": 0}),
    Play("stapstap", ["Aki", "Ben", "Chie"], stapstap, {"mode": "dice"}),
    Play("pyramid", ["Aki", "Ben"], pyramid, {"deck": PYRAMID_DECK}),
    Play("long-seat", ["Aki", "Ben"], long_seat, {"deck": LONG_SEAT_DECK}),
    Play("cracker", ["Aki", "Ben", "Chie"], cracker, {"rounds": 1}),
    Play("the-pairs", ["Aki", "Ben", "Chie"], the_pairs),
)
