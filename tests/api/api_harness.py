"""Shared machinery for the API, service, concurrency and crash tests (not a test module).

* ``FlaskCaller`` / ``HttpCaller``: one ``call(method, path, body) -> (status, json)`` over the Flask test
  client or real HTTP (stdlib ``http.client``, loopback only).
* ``LiveServer``: the app under the production server in a thread on 127.0.0.1 (for SSE and concurrency).
* ``Reference``: the engine as reference model, replaying accepted actions independently of the service.
* ``Walker``: a random-walk player that picks legal actions from STATE alone (it tracks which cards lie on
  the table; the companion never sees hands, so any card not on the table may come from a hand).
"""

from __future__ import annotations

import http.client
import json
import random
import socket
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from api_contract import API_CODES
from flask import Flask
from live_server import LiveServer as SharedLiveServer

import companion
from companion.games.base import RuleError
from companion.games.fields import Context
from companion.games.laminate import (
    DEFAULT_DECK,
    GAME,
    PAPER_IDS,
    PAPERS,
    Card,
    Deck,
    GameState,
    new_game,
    outcome,
)
from companion.games.laminate.melds import EVENS, FLUSHES, GROUPS, KINDS, STRAIGHTS

REPO = Path(companion.__file__).resolve().parent.parent
NAMES = ["Hilbert", "Banach", "Noether", "Gauss", "Euler"]
RULE_CODES = API_CODES
STATE_KEYS = {"id", "view_id", "version", "players", "active", "pending", "deck", "discard", "supply", "papers",
              "end", "over", "winners"}


def make_app(db_path: str) -> Flask:
    from companion.web import create_app

    app = create_app(db_path, secret_key="test")
    app.config.update(TESTING=True)
    return app


def close_app(app: Flask) -> None:
    service = app.extensions["companion"]
    service.close()
    service.store.close()


# --- callers ------------------------------------------------------------------------------------------

class FlaskCaller:
    def __init__(self, client: Any) -> None:
        self.client = client

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        kwargs = {} if body is None else {"json": body}
        resp = self.client.open(path, method=method, **kwargs)
        return resp.status_code, resp.get_json(silent=True)


class HttpCaller:
    """Real HTTP to 127.0.0.1, one fresh connection per call (like separate devices)."""

    def __init__(self, port: int, timeout: float = 10.0) -> None:
        self.port, self.timeout = port, timeout

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        try:
            headers = {"Connection": "close"}
            data = None
            if body is not None:
                data = json.dumps(body).encode()
                headers["Content-Type"] = "application/json"
            conn.request(method, path, body=data, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            try:
                return resp.status, json.loads(raw) if raw else None
            except ValueError:
                return resp.status, raw.decode(errors="replace")
        finally:
            conn.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer(SharedLiveServer):
    """The shared live server, with an HTTP caller for the API tests."""

    def __init__(self, app: Flask, threads: int = 32) -> None:
        super().__init__(app, threads=threads)

    def caller(self) -> HttpCaller:
        return HttpCaller(self.port)


# --- the engine as reference model --------------------------------------------------------------------

class Reference:
    """Accepted actions replayed on the pure engine, undo as a pop: what every STATE must equal."""

    def __init__(self, players: list[str], start: int = 0, deck: Deck = DEFAULT_DECK) -> None:
        self.deck = deck
        self.states: list[GameState] = [new_game(players, start, deck)]

    @property
    def state(self) -> GameState:
        return self.states[-1]

    def play(self, action: dict[str, Any]) -> GameState:
        """The action read and played as the platform does (its checks, then the rules)."""
        state = self.state
        return GAME.play(state, GAME.parse(action, Context(state, state.n)), state.names)

    def act(self, action: dict[str, Any]) -> None:
        self.states.append(self.play(action))

    def undo(self) -> None:
        assert len(self.states) > 1
        self.states.pop()

    def refusal(self, action: dict[str, Any]) -> str | None:
        """The code the engine gives for ``action`` now, or None if it is legal."""
        try:
            self.play(action)
        except RuleError as exc:
            return exc.code
        return None

    @classmethod
    def from_log(cls, players: list[str], start: int, events: list[dict[str, Any]]) -> Reference:
        ref = cls(players, start)
        for e in events:
            kind = e["action"]["type"]
            if kind == "undo":
                ref.undo()
            elif kind != "settings":
                ref.act(e["action"])
        return ref


def expected_view(state: GameState) -> dict[str, Any]:
    """The rule-bearing part of STATE, computed from the engine state without the service's JSON code."""
    result = outcome(state)
    return {
        "players": [{"seat": s, "name": state.names[s], "hand": state.hands[s],
                     "score": sum(PAPERS[p.type].points for p in state.papers if p.owner == s and len(p.cards) == 1),
                     "complete": sum(1 for p in state.papers if p.owner == s and len(p.cards) == 1)}
                    for s in range(state.n)],
        "active": state.active, "pending": state.pending, "deck": state.deck, "discard": state.discard,
        "supply": {t: state.supply[i] for i, t in enumerate(PAPER_IDS)},
        "papers": [{"id": p.id, "owner": p.owner, "type": p.type, "cards": [f"{c.suit}-{c.rank}" for c in p.cards],
                    "complete": len(p.cards) == 1} for p in state.papers],
        "end": None if state.end is None else {"trigger": state.end.trigger, "turns_left": state.end.turns_left},
        "over": state.over,
        "winners": sorted(result.winners) if result else [],
    }


def view_of(api_state: dict[str, Any]) -> dict[str, Any]:
    out = {k: api_state[k] for k in ("players", "active", "pending", "deck", "discard", "supply", "papers", "end",
                                     "over")}
    out["winners"] = sorted(api_state["winners"])
    return out


def check_invariants(api_state: dict[str, Any], deck_size: int = 49) -> None:
    """R14 and the supply bookkeeping, from STATE alone."""
    in_rows = sum(len(p["cards"]) for p in api_state["papers"])
    hands = sum(p["hand"] for p in api_state["players"])
    assert api_state["deck"] + api_state["discard"] + hands + in_rows == deck_size, "R14"
    held = Counter(p["type"] for p in api_state["papers"])
    for t in PAPER_IDS:
        assert api_state["supply"][t] + held[t] == PAPERS[t].copies
    shown = [c for p in api_state["papers"] for c in p["cards"]]
    assert len(shown) == len(set(shown)), "a card lies in one row at most"
    ids = [p["id"] for p in api_state["papers"]]
    assert ids == sorted(ids) and len(set(ids)) == len(ids) and all(i >= 1 for i in ids)
    if not api_state["over"]:
        assert api_state["winners"] == []


# --- the random walker --------------------------------------------------------------------------------

@dataclass
class _Item:
    card: Card
    paper: int | None = None  # a cited complete paper, or None for a hand card
    owner: int | None = None


@dataclass
class Walker:
    """Picks actions from STATE alone; every action it proposes as legal is legal by the rules."""

    rng: random.Random
    deck: Deck = DEFAULT_DECK
    weights: dict[str, float] = field(default_factory=lambda: {
        "research_deck": 3, "research_discard": 1, "review": 3, "publish": 5})

    def free_cards(self, state: dict[str, Any]) -> list[Card]:
        shown = {c for p in state["papers"] for c in p["cards"]}
        return [c for c in self.deck.cards if str(c) not in shown]

    def legal_action(self, state: dict[str, Any]) -> dict[str, Any] | None:
        if state["over"]:
            return None
        if state["pending"] == "endflag":
            return {"type": "endflag", "card": str(self.rng.choice(self.free_cards(state)))}
        options: list[tuple[float, Callable[[], dict[str, Any] | None]]] = []
        if state["deck"] + state["discard"] > 0:
            options.append((self.weights["research_deck"], lambda: {"type": "research", "from": "deck"}))
        if state["discard"] > 0:
            options.append((self.weights["research_discard"], lambda: {"type": "research", "from": "discard"}))
        reviewable = [p for p in state["papers"] if len(p["cards"]) >= 2]
        if reviewable:
            def review() -> dict[str, Any]:
                paper = self.rng.choice(reviewable)
                return {"type": "review", "paper": paper["id"], "card": self.rng.choice(paper["cards"])}
            options.append((self.weights["review"], review))
        publish = self.publication(state)
        if publish is not None:
            options.append((self.weights["publish"], lambda: publish))
        if not options:
            return {"type": "pass"}  # nothing else is possible: R12 allows it
        total = sum(w for w, _ in options)
        pick = self.rng.uniform(0, total)
        for w, make in options:
            pick -= w
            if pick <= 0:
                return make()
        return options[-1][1]()

    def publication(self, state: dict[str, Any]) -> dict[str, Any] | None:
        """A legal publish for the active player, or None if this attempt found none."""
        actor = state["active"]
        hand = state["players"][actor]["hand"]
        if hand == 0:
            return None
        owned = {p["type"] for p in state["papers"] if p["owner"] == actor}
        items = [_Item(c) for c in self.free_cards(state)]
        for p in state["papers"]:
            if p["complete"]:
                items.append(_Item(self.deck.parse(p["cards"][0]), p["id"], p["owner"]))
        types = [t for t in PAPER_IDS if t != "endflag" and state["supply"][t] > 0 and t not in owned]
        self.rng.shuffle(types)
        for paper in types:
            for _ in range(3):
                meld = self._meld(paper, items)
                if meld is None:
                    break
                placed = [i for i in meld if i.paper is None]
                gifts = sum(1 for i in meld if i.paper is not None and i.owner != actor)
                if placed and len(placed) + gifts <= hand:
                    self.rng.shuffle(meld)
                    return {"type": "publish", "paper": paper, "cards": [str(i.card) for i in placed],
                            "cite": sorted(i.paper for i in meld if i.paper is not None)}
        return None

    def _pick(self, items: Iterable[_Item], k: int) -> list[_Item] | None:
        pool = list(items)
        return self.rng.sample(pool, k) if len(pool) >= k else None

    def _meld(self, paper: str, items: list[_Item]) -> list[_Item] | None:
        rng = self.rng
        by_rank: dict[int, list[_Item]] = {}
        for it in items:
            by_rank.setdefault(it.card.rank, []).append(it)
        if paper in STRAIGHTS or paper in FLUSHES:
            n = STRAIGHTS.get(paper) or FLUSHES[paper]
            starts = list(range(1, 15 - n))
            rng.shuffle(starts)
            suits = [s.id for s in self.deck.suits] if paper in FLUSHES else [None]
            rng.shuffle(suits)
            for suit in suits:
                for s in starts:
                    meld = []
                    for r in range(s, s + n):
                        cands = [i for i in by_rank.get(r, []) if suit is None or i.card.suit == suit]
                        if not cands:
                            break
                        meld.append(rng.choice(cands))
                    else:
                        return meld
            return None
        if paper in KINDS:
            ranks = [r for r, its in by_rank.items() if len(its) >= KINDS[paper]]
            return self._pick(by_rank[rng.choice(ranks)], KINDS[paper]) if ranks else None
        if paper in GROUPS:
            groups, size = GROUPS[paper]
            ranks = [r for r, its in by_rank.items() if len(its) >= size]
            if len(ranks) < groups:
                return None
            return [i for r in rng.sample(ranks, groups) for i in self._pick(by_rank[r], size) or []]
        if paper == "ak":
            if not by_rank.get(1) or not by_rank.get(13):
                return None
            return [rng.choice(by_rank[1]), rng.choice(by_rank[13])]
        if paper == "evens":
            if not all(by_rank.get(r) for r in EVENS):
                return None
            return [rng.choice(by_rank[r]) for r in EVENS]
        if paper == "sum100":
            pool = items[:]
            rng.shuffle(pool)
            meld, total = [], 0
            for it in pool:
                if total >= 100:
                    break
                meld.append(it)
                total += it.card.rank
            return meld if total >= 100 else None
        if paper == "sum49":
            for _ in range(10):
                pool = items[:]
                rng.shuffle(pool)
                meld, total = [], 0
                for it in pool:
                    if total + it.card.rank <= 49:
                        meld.append(it)
                        total += it.card.rank
                    if total == 49:
                        return meld
            return None
        raise AssertionError(paper)

    def wild_action(self, state: dict[str, Any]) -> dict[str, Any]:
        """A random, often illegal action (for comparing refusals with the engine)."""
        rng = self.rng
        cards = [str(c) for c in self.deck.cards]
        shown = [c for p in state["papers"] for c in p["cards"]]
        ids = [p["id"] for p in state["papers"]] + [999]
        kind = rng.choice(["research", "publish", "review", "pass", "endflag", "player"])
        if kind == "research":
            return {"type": "research", "from": rng.choice(["deck", "discard"])}
        if kind == "publish":
            n = rng.randint(0, 6)
            pick = [rng.choice(cards + shown) for _ in range(n)]
            cite = [rng.choice(ids) for _ in range(rng.randint(0, 2))]
            return {"type": "publish", "paper": rng.choice(PAPER_IDS), "cards": pick, "cite": cite}
        if kind == "review":
            return {"type": "review", "paper": rng.choice(ids), "card": rng.choice(cards + shown)}
        if kind == "endflag":
            return {"type": "endflag", "card": rng.choice(cards + shown)}
        if kind == "player":
            n = len(state["players"])
            return {"type": "research", "from": "deck", "player": rng.randrange(n)}
        return {"type": "pass"}


def canon(action: dict[str, Any]) -> dict[str, Any]:
    """An action as the log may show it: ``cite`` may be omitted when empty (API.md)."""
    return {k: v for k, v in action.items() if not (k == "cite" and not v)}


def create_table(caller: Any, n: int = 3, start: int = 0, hints: bool = True) -> dict[str, Any]:
    status, body = caller.call("POST", "/api/tables", {"players": NAMES[:n], "start": start, "hints": hints})
    assert status == 201, body
    return body


@dataclass
class GameRecord:
    table: dict[str, Any]
    states: list[dict[str, Any]]  # every state answered, in order
    actions: int = 0
    undos: int = 0
    refusals: int = 0
    dry_runs: int = 0


def random_game(caller: Any, seed: int, n: int = 3, *, max_steps: int = 1500, undo_p: float = 0.05,
                wild_p: float = 0.08, dry_p: float = 0.03) -> GameRecord:
    """Play one whole game through the API, checking every STATE against the engine replay."""
    rng = random.Random(seed)
    walker = Walker(rng)
    start = rng.randrange(n)
    table = create_table(caller, n, start)
    tid = table["id"]
    ref = Reference(NAMES[:n], start)
    state = table["state"]
    rec = GameRecord(table, [state])
    assert view_of(state) == expected_view(ref.state)
    for _ in range(max_steps):
        if state["over"]:
            break
        version = state["version"]
        roll = rng.random()
        if roll < undo_p and len(ref.states) > 1:
            status, body = caller.call("POST", f"/api/tables/{tid}/undo", {"version": version})
            assert status == 200, body
            ref.undo()
            rec.undos += 1
        elif roll < undo_p + wild_p:
            action = walker.wild_action(state)
            expected = ref.refusal(action)
            status, body = caller.call("POST", f"/api/tables/{tid}/actions", {"action": action, "version": version})
            if expected is None:
                assert status == 200, (action, body)
                ref.act(action)
                rec.actions += 1
            else:
                assert status in (400, 422), (action, status, body)
                assert body["error"] == expected, (action, body, expected)
                rec.refusals += 1
                continue
        elif roll < undo_p + wild_p + dry_p:
            action = walker.legal_action(state)
            status, body = caller.call("POST", f"/api/tables/{tid}/actions",
                                       {"action": action, "version": version, "dry_run": True})
            assert status == 200, (action, body)
            assert body["state"] == state
            rec.dry_runs += 1
            continue
        else:
            action = walker.legal_action(state)
            assert ref.refusal(action) is None, (action, ref.refusal(action))
            status, body = caller.call("POST", f"/api/tables/{tid}/actions", {"action": action, "version": version})
            assert status == 200, (action, body)
            ref.act(action)
            rec.actions += 1
        state = body["state"]
        assert state["version"] == version + 1
        assert view_of(state) == expected_view(ref.state), "STATE differs from the engine replay"
        check_invariants(state)
        rec.states.append(state)
    assert state["over"], f"game {seed} did not end in {max_steps} steps"
    return rec


class TableDriver:
    """A table seen through the API: act, expect refusals, and keep the latest STATE."""

    def __init__(self, caller: Any, created: dict[str, Any]) -> None:
        self.caller = caller
        self.id: str = created["id"]
        self.view_id: str = created["view_id"]
        self.state: dict[str, Any] = created["state"]

    def get(self) -> dict[str, Any]:
        status, body = self.caller.call("GET", f"/api/tables/{self.id}")
        assert status == 200, body
        self.state = body
        return body

    def log(self) -> list[dict[str, Any]]:
        status, body = self.caller.call("GET", f"/api/tables/{self.id}/log")
        assert status == 200, body
        return body["events"]

    def act(self, action: dict[str, Any], **extra: Any) -> dict[str, Any]:
        status, body = self.caller.call("POST", f"/api/tables/{self.id}/actions", {"action": action, **extra})
        assert status == 200, (action, status, body)
        if not extra.get("dry_run"):
            assert body["state"]["version"] == self.state["version"] + 1
        self.state = body["state"]
        return body

    def undo(self, **extra: Any) -> dict[str, Any]:
        status, body = self.caller.call("POST", f"/api/tables/{self.id}/undo", extra or None)
        assert status == 200, body
        self.state = body["state"]
        return body

    def refuse(self, action: dict[str, Any], code: str, status: int = 422, **extra: Any) -> dict[str, Any]:
        """Assert the action is refused with ``code``/``status`` and that nothing changed."""
        before = self.get()
        got, body = self.caller.call("POST", f"/api/tables/{self.id}/actions", {"action": action, **extra})
        assert (got, body.get("error")) == (status, code), (action, got, body)
        assert isinstance(body["message"], str) and body["message"]
        assert self.get() == before
        return body

    def research(self) -> dict[str, Any]:
        src = "discard" if self.state["discard"] > 0 and self.state["deck"] < 2 else "deck"
        return self.act({"type": "research", "from": src})

    def free(self, *wanted: str) -> list[str]:
        shown = {c for p in self.state["papers"] for c in p["cards"]}
        assert not shown & set(wanted), f"{set(wanted) & shown} on the table"
        return list(wanted)
