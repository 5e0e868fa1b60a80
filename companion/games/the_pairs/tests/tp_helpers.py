"""Helpers for The Pairs' tests: a state builder and a "true world" that deals real hidden hands, so random
games play only moves a real table could make (the engine itself never sees a hand)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from companion.games.fields import Context
from companion.games.pairs import DEFAULT_COPIES, Deck
from companion.games.the_pairs import GAME, PILES, Action, State, accepts, can_pass, draw_sources, new_game

NAMES = ("Aki", "Ben", "Chie")


def table(n: int = 3, **changes: Any) -> State:
    """A fresh table of ``n`` players (start seat 0) with some fields replaced; ``piles`` may be given as
    {"a": [...], "b": [...]}, and the deck count is rebalanced so the cards add up to the total."""
    names = tuple(["Aki", "Ben", "Chie", "Dai", "Emi"][:n])
    state = new_game(names, changes.pop("start", 0), {})
    piles = changes.pop("piles", None)
    if isinstance(piles, dict):
        changes["piles"] = (tuple(piles.get("a", ())), tuple(piles.get("b", ())))
    state = replace(state, **changes)
    if "deck" not in changes:
        used = sum(state.hands) + sum(c is not None for c in state.places) + state.on_piles
        state = replace(state, deck=state.total - used)
    return state


def parse(raw: Any, state: State) -> Action:
    """A JSON action as the platform reads it at this table."""
    return GAME.parse(raw, Context(state, state.n))


def act(state: State, raw: dict[str, Any]) -> State:
    """A JSON action played as the platform plays it (its checks, then the rules)."""
    return GAME.play(state, parse(raw, state), state.names)


class World:
    """The real cards behind a table: shuffled, dealt, drawn. Keeps the hands the companion never sees."""

    def __init__(self, n: int, rng: random.Random, copies: dict[int, int] | None = None) -> None:
        copies = copies or DEFAULT_COPIES
        cards = [v for v, c in copies.items() for _ in range(c)]
        rng.shuffle(cards)
        self.rng = rng
        self.hands = [cards[4 * i:4 * i + 4] for i in range(n)]
        self.deck = cards[4 * n:]
        self.deck_obj = Deck.from_mapping(copies)

    def plays(self, state: State) -> list[dict[str, Any]]:
        """Every legal play of the active player with the real hand (TP6, TP7)."""
        seat = state.active
        hand = self.hands[seat]
        out: list[dict[str, Any]] = []
        for card in sorted(set(hand)):
            for pile in PILES:
                if card in accepts(state.top(pile)):
                    out.append({"type": "play", "card": card, "to": pile})
            if state.places[seat] is None:
                out.append({"type": "play", "card": card, "to": "place"})
        place = state.places[seat]
        if place is not None:
            for pile in PILES:
                if place in accepts(state.top(pile)):
                    out.append({"type": "play", "from": "place", "to": pile})
        return out

    def choose(self, state: State) -> dict[str, Any]:
        """A random legal action for the current step (a real player's choice)."""
        if state.step == "draw":
            return {"type": "draw", "from": self.rng.choice(draw_sources(state))}
        plays = self.plays(state)
        if plays:
            # prefer piles a little, so games reach the end more often
            pile_plays = [p for p in plays if p["to"] != "place"]
            if pile_plays and self.rng.random() < 0.8:
                return self.rng.choice(pile_plays)
            return self.rng.choice(plays)
        if can_pass(state, state.active):
            return {"type": "pass"}
        if self.rng.random() < 0.5:
            return {"type": "stuck", "hand": sorted(self.hands[state.active])}
        return {"type": "stuck"}

    def follow(self, before: State, action: dict[str, Any]) -> None:
        """Move the real cards as the accepted action did."""
        seat = before.active
        if action["type"] == "play" and action.get("from", "hand") == "hand":
            self.hands[seat].remove(action["card"])
        elif action["type"] == "draw":
            if action["from"] == "deck":
                self.hands[seat].append(self.deck.pop())
            else:
                place = before.places[seat]
                assert place is not None
                self.hands[seat].append(place)

    def check(self, state: State) -> None:
        """The companion's counts agree with the real cards."""
        assert state.deck == len(self.deck)
        assert list(state.hands) == [len(h) for h in self.hands]


def play_random_game(rng: random.Random, n: int = 3, max_steps: int = 2000) -> tuple[State, int]:
    """A whole game of legal moves, engine only. Returns the final state and the number of actions."""
    world = World(n, rng)
    state = new_game(tuple(f"P{i}" for i in range(n)), rng.randrange(n), {})
    for steps in range(max_steps):
        if state.over:
            return state, steps
        action = world.choose(state)
        after = act(state, action)
        world.follow(state, action)
        state = after
        world.check(state)
    raise AssertionError("the game did not end")


def conserved(state: State) -> int:
    """deck + hands + places + piles: must equal the table's total at every moment."""
    return state.deck + sum(state.hands) + sum(c is not None for c in state.places) + state.on_piles


def empty_deck(state: State, keep: tuple[int, ...] = (), pile: str = "b") -> State:
    """The same table with the deck emptied: its cards go under ``pile``'s cards (big numbers first), sparing
    the numbers in ``keep`` (cards the test wants still in hands). Conserves the total."""
    unseen = state.unseen()
    for card in keep:
        unseen[card] -= 1
    pool = [v for v in sorted(unseen, reverse=True) for _ in range(max(unseen[v], 0))]
    under = tuple(sorted(pool[:state.deck], reverse=True))
    assert len(under) == state.deck
    index = PILES.index(pile)
    piles = tuple(under + p if i == index else p for i, p in enumerate(state.piles))
    return replace(state, deck=0, piles=piles)  # type: ignore[arg-type]
