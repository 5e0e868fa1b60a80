"""Plays a Laminate Rummy table forward with legal moves, to reach a state quickly (tests, screenshots).

The app cannot see hands, so any cards not on the table are accepted. The leader (seat 0 by default)
researches until it can publish each paper of its plan; everyone reviews the leader's papers under review,
which completes them; the leader reaches 15 points, lays the End Flag, and the countdown (R17) runs out.

``act`` sends one ACTION (API.md) and returns the new STATE; ``state`` returns the current STATE.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.laminate import DEFAULT_DECK

State = dict[str, Any]
Action = dict[str, Any]

# 7 + 4 + 4 = 15 points, 15 cards
PLAN: list[tuple[str, list[str]]] = [
    ("flush6", ["heart-1", "heart-2", "heart-3", "heart-4", "heart-5", "heart-6"]),
    ("flush4", ["book-2", "book-3", "book-4", "book-5"]),
    ("kind5", ["heart-7", "book-7", "coin-7", "onion-7", "coffin-7"]),
]


def on_table(st: State) -> set[str]:
    return {c for p in st["papers"] for c in p["cards"]}


def free_card(st: State, avoid: set[str] = frozenset()) -> str:
    used = on_table(st) | set(avoid)
    for card in reversed(DEFAULT_DECK.cards):
        if str(card) not in used:
            return str(card)
    raise AssertionError("no card left")


def research(st: State, prefer: str) -> Action:
    if prefer == "discard" and st["discard"] > 0:
        return {"type": "research", "from": "discard"}
    return {"type": "research", "from": "deck" if st["deck"] > 0 or st["discard"] == 0 else "discard"}


def next_action(st: State, leader: int = 0, plan: list[tuple[str, list[str]]] = PLAN) -> Action:
    if st["pending"] == "endflag":
        return {"type": "endflag", "card": free_card(st, {c for _, cards in plan for c in cards})}
    me = st["active"]
    owned = {p["type"] for p in st["papers"] if p["owner"] == leader}
    table = on_table(st)
    reviewable = [p for p in st["papers"] if p["owner"] == leader and len(p["cards"]) >= 2]
    if me == leader:
        for ptype, cards in plan:
            if ptype not in owned:
                if st["players"][me]["hand"] >= len(cards) and not table & set(cards):
                    return {"type": "publish", "paper": ptype, "cards": cards, "cite": []}
                break
    if reviewable:
        paper = reviewable[0]
        return {"type": "review", "paper": paper["id"], "card": paper["cards"][-1]}
    if st["deck"] + st["discard"] == 0:
        other = [p for p in st["papers"] if len(p["cards"]) >= 2]
        if other:
            return {"type": "review", "paper": other[0]["id"], "card": other[0]["cards"][-1]}
        return {"type": "pass"}
    return research(st, "deck" if me == leader else "discard")


def drive(act: Callable[[Action], State], state: Callable[[], State],
          until: Callable[[State], bool], leader: int = 0, limit: int = 400) -> State:
    """Play legal moves until ``until(state)`` holds; returns that state."""
    st = state()
    for _ in range(limit):
        if until(st) or st["over"]:
            return st
        st = act(next_action(st, leader))
    raise AssertionError("the game did not reach the wanted state")


def service_driver(service, table_id: str) -> tuple[Callable[[Action], State], Callable[[], State]]:
    """``act``/``state`` calling a TableService directly (same process)."""

    def act(action: Action) -> State:
        return service.act(table_id, service.parse(table_id, action)).answer["state"]

    def state() -> State:
        return service.answer(service.snapshot(table_id))

    return act, state


def http_driver(base_url: str, table_id: str) -> tuple[Callable[[Action], State], Callable[[], State]]:
    """``act``/``state`` through the JSON API over HTTP (urllib; no browser)."""
    import json
    import urllib.request

    def call(method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(base_url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"} if data else {})
        with urllib.request.urlopen(req, timeout=10) as resp:
            return json.loads(resp.read())

    def act(action: Action) -> State:
        return call("POST", f"/api/tables/{table_id}/actions", {"action": action})["state"]

    def state() -> State:
        return call("GET", f"/api/tables/{table_id}")

    return act, state
