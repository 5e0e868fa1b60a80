"""A hypothesis state machine plays random games of The Pairs: a "true world" deals real hidden hands and
plays only what a real player could, and random (mostly illegal) proposals are mixed in. Invariants: the
cards are conserved (deck + hands + places + piles = the table's total), each number is face up at most as
often as the deck holds it, neighbours on a pile differ by at most 1, the companion's counts match the real
cards, a refusal changes nothing, actions round-trip through JSON, and every game ends."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from tp_helpers import World, act, conserved, parse, play_random_game

from companion.games.base import RuleError
from companion.games.pairs import NUMBERS
from companion.games.the_pairs import GAME, new_game

pytestmark = pytest.mark.slow

ANY_ACTION = st.one_of(
    st.fixed_dictionaries({"type": st.just("play"), "card": st.integers(1, 10),
                           "to": st.sampled_from(["a", "b", "place"])}),
    st.fixed_dictionaries({"type": st.just("play"), "from": st.just("place"), "to": st.sampled_from(["a", "b"])}),
    st.fixed_dictionaries({"type": st.just("draw"), "from": st.sampled_from(["deck", "place"])}),
    st.just({"type": "pass"}),
    st.just({"type": "stuck"}),
)


class PairsGame(RuleBasedStateMachine):
    @initialize(n=st.integers(3, 5), seed=st.integers(0, 2**32 - 1), start=st.integers(0, 4),
                deck=st.none() | st.lists(st.integers(0, 12), min_size=10, max_size=10))
    def deal(self, n: int, seed: int, start: int, deck: list[int] | None) -> None:
        """The standard deck, or a table deck of its own (PD5) when it can be dealt."""
        copies = None
        if deck is not None and sum(deck) >= 4 * n:
            copies = dict(zip(NUMBERS, deck, strict=True))
        self.world = World(n, random.Random(seed), copies)
        options = {"deck": {str(v): c for v, c in copies.items()}} if copies else {}
        self.state = new_game(tuple(f"P{i}" for i in range(n)), start % n, options)
        self.steps = 0
        self.piled = 0

    @precondition(lambda self: not self.state.over)
    @rule()
    def legal_move(self) -> None:
        raw = self.world.choose(self.state)
        action = parse(raw, self.state)
        assert parse(GAME.dump(action), self.state) == action
        after = GAME.play(self.state, action, self.state.names)
        self.world.follow(self.state, raw)
        self.state = after
        self.steps += 1

    @rule(raw=ANY_ACTION)
    def any_proposal(self, raw: dict) -> None:
        """Anything at all: accepted only if the real cards allow it (else the world would disagree)."""
        before = replace(self.state)
        try:
            after = act(self.state, raw)
        except RuleError:
            assert self.state == before
            return
        # accepted: keep it only when the real hand could have done it
        seat = self.state.active
        if raw["type"] == "play" and raw.get("from", "hand") == "hand" and raw["card"] not in self.world.hands[seat]:
            return
        if raw["type"] == "stuck" and self.world.plays(self.state):
            return  # a real player with a play would not say this; the companion cannot know
        self.world.follow(self.state, raw)
        self.state = after

    @invariant()
    def cards_are_conserved(self) -> None:
        state = self.state
        assert conserved(state) == state.total == self.world.deck_obj.total
        assert all(v >= 0 for v in state.unseen().values())
        assert sum(state.unseen().values()) == state.deck + sum(state.hands)
        self.world.check(state)

    @invariant()
    def piles_are_chains(self) -> None:
        for pile in self.state.piles:
            assert all(abs(x - y) <= 1 for x, y in zip(pile, pile[1:], strict=False))
        assert self.state.on_piles >= self.piled
        self.piled = self.state.on_piles
        unseen = self.state.unseen()
        assert all(unseen[v] >= 0 for v in NUMBERS)  # never more face up than the deck holds

    @invariant()
    def can_play_is_offered_exactly_when_a_play_may_exist(self) -> None:
        """``can.play``: true whenever the real hand has a play (the table must never hide one); false only when
        the public table proves there is none, so what is left is a pass or "I cannot play"."""
        state = self.state
        can = GAME.state_to_json(state, None, {})["can"]
        if state.over or state.step != "play":
            assert not can["play"]
            return
        if self.world.plays(state):
            assert can["play"]
        if not can["play"]:
            assert can["pass"] or can["stuck"]
            assert not self.world.plays(state)

    @invariant()
    def the_end_is_right(self) -> None:
        state = self.state
        if state.result == "won":
            assert state.on_piles == state.total and state.deck == 0 and sum(state.hands) == 0
        if state.result == "lost":
            assert state.fell_out is not None
        assert self.steps < 1000


PairsGame.TestCase.settings = settings(max_examples=120, stateful_step_count=80, deadline=None,
                                       suppress_health_check=[HealthCheck.too_slow])
test_the_pairs_machine = PairsGame.TestCase


@pytest.mark.parametrize("seed", range(200))
def test_every_random_game_ends(seed: int) -> None:
    """TP10: whole games of random legal moves always end, won or lost, with the cards conserved."""
    state, steps = play_random_game(random.Random(seed), n=3 + seed % 3)
    assert state.over and conserved(state) == 55 and steps < 1000
