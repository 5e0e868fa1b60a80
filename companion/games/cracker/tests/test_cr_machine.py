"""A hypothesis state machine plays random Cracker matches holding the real cards: it shuffles a deck
(sometimes a table's edited deck, PD5), deals hidden hands, and plays them truthfully — draws the real top
card, pairs when it can, passes a card it holds, goes out when a hand allows, enters true highest numbers —
and mixes in random actions that may be illegal. Invariants (CR11, CR12): every truthful move is accepted
(the checks never block real play), hands + deck + discard = the deck's total, the companion's sizes, deck
count and discard pile equal the real ones, "known to hold" never exceeds what a hand really holds, the public
state stays possible (a deal exists), a refusal changes nothing, actions round-trip through JSON, and replaying
the log from new_game gives the same state."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from companion.games.base import RuleError, clean_options
from companion.games.cracker import GAME, OPTIONS, State, feasible, is_out, new_game
from companion.games.fields import Context

NAMES = ("A", "B", "C", "D", "E")

garbage = st.fixed_dictionaries({"type": st.sampled_from(["draw", "pair", "pass", "declare", "reveal", "end_round",
                                                          "next_round", "jump"])},
                                optional={"card": st.one_of(st.integers(-2, 12), st.text(max_size=3), st.none()),
                                          "seat": st.one_of(st.integers(-1, 6), st.booleans()),
                                          "hand": st.lists(st.integers(0, 11), max_size=12),
                                          "max": st.integers(-1, 11), "player": st.integers(-1, 6)})


def parse(raw: Any, state: State) -> Any:
    return GAME.parse(raw, Context(state, state.n))


def play(state: State, action: Any) -> State:
    """As the platform plays it: not after the end, ``player`` the seat that acts, then the rules."""
    return GAME.play(state, action, state.names)


class CrackerMachine(RuleBasedStateMachine):
    @initialize(n=st.integers(3, 5), start=st.integers(0, 4), rounds=st.integers(1, 3), seed=st.integers(0, 2**32),
                edit=st.sampled_from(["none", "none", "lose", "short"]), rig=st.booleans())
    def setup(self, n: int, start: int, rounds: int, seed: int, edit: str, rig: bool) -> None:
        counts = {str(v): v for v in range(1, 11)}
        if edit == "lose":  # a table that lost a card (PD5)
            counts["7"] = 6
        elif edit == "short":  # the deck holds one card after the deal: changes soon meet an empty deck (CR8a)
            rest = 10 * n + 1 - 28
            counts = {str(v): v for v in range(1, 8)}
            for v in (8, 9, 10):
                counts[str(v)] = min(rest, v)
                rest -= counts[str(v)]
        self.options = clean_options(OPTIONS, {"rounds": rounds, "deck": counts})
        self.rng = random.Random(seed)
        self.rig = rig
        self.start = start % n
        self.state = new_game(NAMES[:n], self.start, self.options)
        self.log: list[dict[str, Any]] = []
        self.deal()

    # --- the real cards ---------------------------------------------------------------------------------------

    def deal(self) -> None:
        s = self.state
        cards = [v for v in range(1, 11) for _ in range(s.copies[v - 1])]
        self.rng.shuffle(cards)
        if self.rig and s.copies[9] >= 10 and self.rng.random() < 0.3:  # CR3: someone is dealt ten 10s
            seat = self.rng.randrange(s.n)
            rest = [c for c in cards if c != 10] + [10] * (s.copies[9] - 10)
            self.rng.shuffle(rest)
            cards = rest[:seat * 10] + [10] * 10 + rest[seat * 10:]
        self.hands = [Counter(cards[i * 10:(i + 1) * 10]) for i in range(s.n)]
        self.deck = cards[s.n * 10:]
        self.discard: list[int] = []

    def act(self, raw: dict[str, Any]) -> State:
        """A truthful move: it must be accepted."""
        action = parse(raw, self.state)
        assert parse(GAME.dump(action), self.state) == action
        try:
            after = play(self.state, action)
        except RuleError as exc:  # pragma: no cover - the failure this machine looks for
            raise AssertionError(f"truthful {raw} refused: {exc}") from exc
        self.log.append(GAME.dump(action))
        event(f"{raw['type']}" + (" (change)" if after.change is not None else ""))
        if after.end is not None and self.state.end is None:
            event(f"round end: {after.end.reason}")
        if after.over:
            event("match over")
        before, self.state = self.state, after
        return before

    def seat_out(self, seat: int) -> bool:
        hand = list(self.hands[seat].elements())
        return is_out(hand)

    # --- truthful play -------------------------------------------------------------------------------------------

    @precondition(lambda self: self.state.phase == "play" and self.state.opening)
    @rule()
    def declare_dealt(self) -> None:
        """CR3: a dealt winning hand goes out at once; else the dealer draws."""
        winners = [q for q in range(self.state.n) if self.seat_out(q)]
        if winners:
            q = winners[0]
            self.act({"type": "declare", "seat": q, "hand": list(self.hands[q].elements())})
        else:
            self.draw()

    @precondition(lambda self: self.state.phase == "play" and self.state.step == "draw")
    @rule()
    def draw(self) -> None:
        v = self.deck.pop()
        self.act({"type": "draw", "card": v})
        self.hands[self.state.active][v] += 1

    @precondition(lambda self: self.state.phase == "play" and self.state.step == "play")
    @rule(data=st.data())
    def turn(self, data: st.DataObject) -> None:
        s = self.state
        me, got = s.active, s.received
        if self.seat_out(me) and data.draw(st.booleans()):
            self.act({"type": "declare", "seat": me, "hand": list(self.hands[me].elements())})
            return
        if s.passer is not None and self.seat_out(s.passer) and data.draw(st.booleans()):
            self.act({"type": "declare", "seat": s.passer, "hand": list(self.hands[s.passer].elements())})
            return
        if not s.paired and self.hands[me][got] >= 2 and data.draw(st.booleans()):
            self.act({"type": "pair"})
            self.hands[me][got] -= 2
            self.discard += [got, got]
            return
        held = sorted(self.hands[me].elements())
        v = got if self.hands[me][got] and data.draw(st.booleans()) else data.draw(st.sampled_from(held))
        self.act({"type": "pass", "card": v})
        self.hands[me][v] -= 1
        if self.state.change is not None:  # CR8: it went all the way round: discarded
            self.discard.append(v)
        else:
            self.hands[self.state.active][v] += 1

    @precondition(lambda self: self.state.phase == "play" and self.state.step == "blocked")
    @rule()
    def blocked(self) -> None:
        p = self.state.passer
        if p is not None and self.seat_out(p):
            self.act({"type": "declare", "seat": p, "hand": list(self.hands[p].elements())})
        else:
            self.act({"type": "end_round"})

    @precondition(lambda self: self.state.phase == "reveal")
    @rule()
    def reveal(self) -> None:
        s = self.state
        q = next(q for q in range(s.n) if q != (s.end.seat if s.end else None) and s.maxima[q] is None)
        top = max(self.hands[q].elements(), default=0)
        self.act({"type": "reveal", "seat": q, "max": top})

    @precondition(lambda self: self.state.phase == "scored")
    @rule()
    def next_round(self) -> None:
        self.act({"type": "next_round"})
        self.deal()

    @rule(raw=garbage)
    def anything(self, raw: dict[str, Any]) -> None:
        """A random action: refused (nothing changes) or, if legal, its result keeps the invariants."""
        before = self.state
        try:
            after = play(before, parse(raw, before))
        except RuleError:
            assert self.state is before
            return
        check_public(after)

    # --- invariants ----------------------------------------------------------------------------------------------

    @invariant()
    def public_is_possible(self) -> None:
        check_public(self.state)

    @invariant()
    def matches_the_real_cards(self) -> None:
        s = self.state
        if s.phase == "play":
            assert s.deck == len(self.deck) and list(s.discard) == self.discard
            for q in range(s.n):
                real = self.hands[q]
                assert s.sizes[q] == sum(real.values())
                known = s.known(q)
                assert all(known[v - 1] <= real[v] for v in range(1, 11)), (q, known, real)

    @invariant()
    def replay_gives_the_same_state(self) -> None:
        if self.log and len(self.log) % 7 == 0:
            s = new_game(self.state.names, self.start, self.options)
            for raw in self.log:
                s = play(s, parse(raw, s))
            assert s == self.state


def check_public(s: State) -> None:
    assert sum(s.sizes) + s.deck + len(s.discard) == s.total  # CR12
    assert all(x >= 0 for x in s.sizes) and s.deck >= 0
    assert feasible(s)  # CR11: a deal exists that explains it all
    view = GAME.state_to_json(s, None, {})
    assert view["deck_total"] == s.total
    if view["deck_up_to"] is not None:  # exact: a deal leaves that many copies in the deck, none leaves more
        for v in range(1, 11):
            most = view["deck_up_to"][str(v)]
            assert 0 <= most <= s.deck
            assert feasible(s, drawn=tuple(d + most * (i == v - 1) for i, d in enumerate(s.drawn)))
            assert not feasible(s, drawn=tuple(d + (most + 1) * (i == v - 1) for i, d in enumerate(s.drawn)))


TestCrackerMachine = pytest.mark.slow(CrackerMachine.TestCase)
CrackerMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=120, deadline=None,
                                            suppress_health_check=[HealthCheck.too_slow])
