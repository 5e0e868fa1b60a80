"""A hypothesis state machine plays Pyramid with a real shuffled deck it keeps itself (the companion never sees
it): it turns the true top card, stops at random, places cards in random legal slots, and mixes in illegal
entries (a number with no copy left, a slot PY7 forbids, a wrong phase). Invariants: the deck's cards are
conserved (55, or the table deck's total), every pyramid obeys PY7, the legal-slot list agrees with apply,
a refusal changes nothing, actions round-trip through JSON, replaying the log gives the same state.
A second test plays many random whole games to the end: every game ends, within 3 actions per card."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from py_helpers import NAMES, conserved, parse, play

from companion.games.base import RuleError
from companion.games.pyramid import (
    GAME,
    Place,
    Stop,
    Turn,
    apply,
    grid,
    legal_slots,
    new_game,
    slots,
    state_to_json,
)

pytestmark = pytest.mark.slow


def pyramid_ok(pyramid: tuple[tuple[int, int, int], ...]) -> bool:
    """PY7: the bottom row is one block; every upper card rests on two cards at least as big."""
    cells = grid(pyramid)
    if len(cells) != len(pyramid):
        return False
    bottom = sorted(x for r, x in cells if r == 1)
    if bottom and bottom != list(range(bottom[0], bottom[-1] + 1)):
        return False
    for (r, x), c in cells.items():
        if r > 1:
            left, right = cells.get((r - 1, x)), cells.get((r - 1, x + 1))
            if left is None or right is None or c > min(left, right):
                return False
    return True


deck_counts = st.one_of(
    st.just(None),
    st.lists(st.integers(0, 4), min_size=10, max_size=10).filter(lambda xs: sum(xs) > 0),
)


class PyramidMachine(RuleBasedStateMachine):
    @initialize(n=st.integers(2, 4), start=st.integers(0, 3), counts=deck_counts, seed=st.integers(0, 2**32))
    def setup(self, n: int, start: int, counts: list[int] | None, seed: int) -> None:
        options: dict[str, Any] = {}
        if counts is not None:
            options["deck"] = {str(v + 1): c for v, c in enumerate(counts)}
        self.options = options
        self.state = new_game(NAMES[:n], start % n, options)
        self.deck = [v for v, c in self.state.copies for _ in range(c)]
        random.Random(seed).shuffle(self.deck)
        self.log: list[dict[str, Any]] = []

    def act(self, action: Any) -> None:
        raw = GAME.dump(action)
        assert parse(raw, self.state) == action
        self.state = play(self.state, action)
        self.log.append(raw)

    def refused(self, action: Any, code: str | None = None) -> None:
        before = self.state
        try:
            after = play(before, action)
        except RuleError as exc:
            assert code is None or exc.code == code, exc
            assert self.state == before
            return
        raise AssertionError(f"{action} was accepted: {after}")

    @precondition(lambda self: self.state.phase == "turning" and self.deck)
    @rule()
    def turn_top_card(self) -> None:
        self.act(Turn(self.deck.pop()))

    @precondition(lambda self: self.state.phase == "turning" and self.state.turned)
    @rule()
    def stop(self) -> None:
        self.act(Stop())

    @precondition(lambda self: self.state.phase == "building")
    @rule(data=st.data())
    def place_legally(self, data: st.DataObject) -> None:
        card = data.draw(st.sampled_from(sorted(self.state.turned)))
        where = data.draw(st.sampled_from(slots(grid(self.state.pyramids[self.state.active]), card)))
        self.act(Place(card, *where))

    @precondition(lambda self: self.state.phase == "building")
    @rule(data=st.data(), row=st.integers(1, 5), x=st.integers(-6, 6))
    def place_anywhere(self, data: st.DataObject, row: int, x: int) -> None:
        """Any slot: accepted exactly when the legal-slot list has it."""
        card = data.draw(st.sampled_from(sorted(self.state.turned)))
        legal = {(s["row"], s["x"]) for s in legal_slots(self.state)[str(card)]}
        if (row, x) in legal:
            self.act(Place(card, row, x))
        else:
            self.refused(Place(card, row, x))

    @rule(card=st.integers(1, 10))
    def turn_a_number_with_no_copy_left(self, card: int) -> None:
        if self.state.over or self.state.phase != "turning" or self.state.remaining()[card] > 0:
            return
        self.refused(Turn(card), "card_exhausted" if self.state.deck_size else "deck_empty")

    @rule(card=st.integers(1, 10))
    def wrong_phase(self, card: int) -> None:
        if self.state.over:
            self.refused(Turn(card), "game_over")
        elif self.state.phase == "turning":
            self.refused(Place(card, 1, 0), "not_building")
        else:
            self.refused(Turn(card))
            self.refused(Stop(), "not_turning")

    @invariant()
    def cards_are_conserved(self) -> None:
        if hasattr(self, "state"):
            assert conserved(self.state)
            assert self.state.deck_size == len(self.deck)

    @invariant()
    def pyramids_obey_py7(self) -> None:
        if hasattr(self, "state"):
            assert all(pyramid_ok(p) for p in self.state.pyramids)
            assert len(set(self.state.turned)) == len(self.state.turned)  # PY5: never a repeat within a turn

    @invariant()
    def the_end_is_the_empty_deck(self) -> None:
        if hasattr(self, "state"):
            s = self.state
            assert s.over == (s.deck_size == 0 and s.phase not in ("building",) and not s.turned)
            data = state_to_json(s, None, {"risk": True})
            assert data["can"]["turn"] == (s.phase == "turning" and bool(self.deck))

    @invariant()
    def replay_gives_the_same_state(self) -> None:
        if hasattr(self, "state") and len(self.log) % 7 == 0:
            replayed = new_game(self.state.names, self.state.start, self.options)
            for raw in self.log:
                replayed = apply(replayed, parse(raw, replayed))
            assert replayed == self.state


PyramidMachine.TestCase.settings = settings(max_examples=150, stateful_step_count=80, deadline=None,
                                            suppress_health_check=[HealthCheck.too_slow])
TestPyramidMachine = PyramidMachine.TestCase


@pytest.mark.parametrize("seed", range(60))
def test_every_random_game_ends(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 4)
    options: dict[str, Any] = {}
    if seed % 3 == 0:
        options["deck"] = {str(v): rng.randint(0, 12) for v in range(1, 11)}
        options["deck"]["1"] = max(1, options["deck"]["1"])
    state = new_game(NAMES[:n], rng.randrange(n), options)
    deck = [v for v, c in state.copies for _ in range(c)]
    rng.shuffle(deck)
    greed = rng.random()
    steps = 0
    while not state.over:
        steps += 1
        assert steps <= 3 * state.deck.total, "a game must end within 3 actions per card"
        if state.phase == "turning":
            stopping = bool(state.turned) and rng.random() > greed
            state = apply(state, Stop() if stopping else Turn(deck.pop()))
        else:
            card = rng.choice(state.turned)
            state = apply(state, Place(card, *rng.choice(slots(grid(state.pyramids[state.active]), card))))
        assert conserved(state)
    assert not deck and state.deck_size == 0
