"""A hypothesis state machine plays random Long Seat games from a shuffled deck (the default one or an edited
one), laying the true next card or stopping, and mixing in illegal entries: a number with no copy left, a stop
with nothing laid, another seat, anything after the end. Invariants: cards conserved per number (deck + row +
face-up + face-down = the table's deck), the row never holds a number twice (so at most 10 cards), scores add
up, a refusal changes nothing, actions round-trip through JSON, replaying the log gives the same state, and
every game ends within its bound."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from ls_helpers import parse, play

from companion.games.base import RuleError
from companion.games.long_seat import GAME, Lay, Stop, new_game, state_to_json

NAMES = ("A", "B", "C", "D", "E", "F")

decks = st.one_of(st.none(), st.lists(st.integers(0, 12), min_size=10, max_size=10).filter(lambda c: sum(c) > 0))


@pytest.mark.slow
class LongSeatMachine(RuleBasedStateMachine):
    @initialize(n=st.integers(2, 6), start=st.integers(0, 5), counts=decks, seed=st.integers(0, 2**32))
    def setup(self, n: int, start: int, counts: list[int] | None, seed: int) -> None:
        options = {} if counts is None else {"deck": {str(v): counts[v - 1] for v in range(1, 11)}}
        self.state = new_game(NAMES[:n], start % n, options)
        self.first = self.state
        self.copies = self.state.deck.as_dict()
        self.pile = [v for v, k in self.copies.items() for _ in range(k)]
        random.Random(seed).shuffle(self.pile)
        self.log: list[dict] = []
        self.steps = 0

    def act(self, action) -> None:
        before = self.state
        self.state = play(before, action)
        assert before.deck_size >= self.state.deck_size
        self.log.append(GAME.dump(action))
        self.steps += 1

    def refuse(self, action, code: str) -> None:
        before = self.state
        try:
            play(before, action)
        except RuleError as exc:
            assert exc.code == code, (exc.code, code)
        else:
            raise AssertionError(f"{action} should be refused with {code}")
        assert self.state == before

    @precondition(lambda self: not self.state.over)
    @rule(bias=st.integers(0, 9))
    def lay_or_stop(self, bias: int) -> None:
        # a cautious player stops more often as the row grows
        if self.state.laid > 0 and bias < len(self.state.row):
            self.act(Stop())
        else:
            self.act(Lay(self.pile.pop()))

    @precondition(lambda self: not self.state.over)
    @rule()
    def lay_all_the_way(self) -> None:
        while not self.state.over and self.state.laid < 12:
            turn = self.state.turn
            self.act(Lay(self.pile.pop()))
            if self.state.turn != turn:
                break

    @precondition(lambda self: not self.state.over)
    @rule(card=st.integers(1, 10))
    def exhausted_number(self, card: int) -> None:
        if self.state.left()[card] == 0:
            self.refuse(Lay(card), "card_exhausted")

    @precondition(lambda self: not self.state.over and self.state.laid == 0)
    @rule()
    def stop_too_early(self) -> None:
        self.refuse(Stop(), "nothing_laid")

    @precondition(lambda self: not self.state.over)
    @rule(seat=st.integers(0, 5))
    def wrong_seat(self, seat: int) -> None:
        if seat < self.state.n and seat != self.state.active:
            self.refuse(Stop(player=seat), "not_your_turn")

    @precondition(lambda self: self.state.over)
    @rule(card=st.integers(1, 10))
    def after_the_end(self, card: int) -> None:
        self.refuse(Lay(card), "game_over")
        self.refuse(Stop(), "game_over")

    @invariant()
    def cards_are_conserved(self) -> None:
        s = self.state
        held = Counter(s.row)
        for up, down in zip(s.up, s.down, strict=True):
            held.update(up)
            held.update(down)
        left = Counter(self.pile)
        assert {v: held[v] + left[v] for v in range(1, 11)} == {v: self.copies.get(v, 0) for v in range(1, 11)}
        assert s.deck_size == len(self.pile) and s.left() == {v: left[v] for v in range(1, 11)}

    @invariant()
    def the_row_holds_each_number_once(self) -> None:
        assert len(set(self.state.row)) == len(self.state.row) <= 10

    @invariant()
    def scores_add_up_and_the_json_agrees(self) -> None:
        s = self.state
        out = state_to_json(s, None, {"risk": True})
        assert sum(p["score"] for p in out["players"]) == sum(map(len, s.down)) - sum(map(len, s.up))
        assert out["deck"]["size"] + len(out["row"]) + sum(len(p["up"]) + p["down"] for p in out["players"]) \
            == s.deck.total
        assert (out["risk"] is None) == s.over
        assert s.over == (s.deck_size == 0)

    @invariant()
    def every_game_ends_in_time(self) -> None:
        assert self.steps <= 2 * self.state.deck.total  # each lay uses a card; a stop needs a lay first

    @invariant()
    def the_log_replays(self) -> None:
        if self.steps % 7:
            return
        state = self.first
        for raw in self.log:
            state = play(state, parse(raw, state))
        assert state == self.state


LongSeatMachine.TestCase.settings = settings(max_examples=150, stateful_step_count=60, deadline=None,
                                             suppress_health_check=[HealthCheck.too_slow])
TestLongSeatMachine = pytest.mark.slow(LongSeatMachine.TestCase)


@pytest.mark.parametrize("seed", range(40))
def test_random_whole_games_end(seed: int) -> None:
    """Every game ends: greedy or cautious players, any table size, always within 2 × 55 actions."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    state = new_game(NAMES[:n], rng.randrange(n), {})
    pile = [v for v in range(1, 11) for _ in range(v)]
    rng.shuffle(pile)
    greed = rng.random()
    for _ in range(110):
        if state.over:
            break
        state = play(state, Stop() if state.laid and rng.random() > greed else Lay(pile.pop()))
    assert state.over and not pile
