"""Every Cracker match ends (CR8, CR10): from any state reached by truthful random play, a table that keeps
passing on the card it received makes a number go round every n passes; each change uses a deck card, so
within n × (deck + 1) passes the round is blocked (CR8a) or someone goes out, and the match ends after its
rounds. Hypothesis picks the table, the deal, how long the random play lasts and its choices."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from cr_helpers import parse, play
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.cracker import Phase, State, Step, is_out, new_game


class Table:
    def __init__(self, n: int, start: int, rounds: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.state = new_game(("A", "B", "C", "D", "E")[:n], start, {"rounds": rounds})
        self.deal()

    def deal(self) -> None:
        cards = [v for v in range(1, 11) for _ in range(v)]
        self.rng.shuffle(cards)
        n = self.state.n
        self.hands = [Counter(cards[i * 10:(i + 1) * 10]) for i in range(n)]
        self.deck = cards[n * 10:]

    def do(self, raw: dict) -> State:
        self.state = play(self.state, parse(raw, self.state))
        return self.state

    def step(self, wander: bool) -> None:
        """One truthful move; ``wander``: pass a random held card, else pass on the received one."""
        s = self.state
        if s.phase == Phase.REVEAL:
            q = next(q for q in range(s.n) if q != s.end.seat and s.maxima[q] is None)
            self.do({"type": "reveal", "seat": q, "max": max(self.hands[q].elements(), default=0)})
        elif s.phase == Phase.SCORED:
            self.do({"type": "next_round"})
            self.deal()
        elif s.step == Step.DRAW:
            v = self.deck.pop()
            self.do({"type": "draw", "card": v})
            self.hands[s.active][v] += 1
        elif s.step == Step.BLOCKED:
            self.do({"type": "end_round"})
        else:
            me = s.active
            if is_out(list(self.hands[me].elements())):
                self.do({"type": "declare", "seat": me, "hand": list(self.hands[me].elements())})
                return
            got = s.received
            v = self.rng.choice(sorted(self.hands[me].elements())) if wander else got
            self.do({"type": "pass", "card": v})
            self.hands[me][v] -= 1
            if self.state.change is None:
                self.hands[self.state.active][v] += 1


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(n=st.integers(3, 5), start=st.integers(0, 4), rounds=st.integers(1, 2), seed=st.integers(0, 2**32),
       wander=st.integers(0, 400))
def test_every_match_ends(n: int, start: int, rounds: int, seed: int, wander: int) -> None:
    table = Table(n, start % n, rounds, seed)
    for _ in range(wander):
        if table.state.over:
            return
        table.step(wander=True)
    bound = rounds * (n * (55 - 10 * n + 1) + n + 3)  # passes until blocked, plus draws, reveals, next round
    for _ in range(2 * bound):
        if table.state.over:
            return
        table.step(wander=False)
    raise AssertionError(f"not over after {2 * bound} moves: {table.state.phase} {table.state.step}")
