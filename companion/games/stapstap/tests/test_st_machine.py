"""A hypothesis state machine plays random games of すたっぷすたっぷ in both modes and 3–6 seats, mixing legal
moves with refused ones. Invariants: ST15 (21 dice and 6 coins, wherever they are), nothing negative, a
refusal changes nothing, apply never mutates, actions round-trip through JSON, replaying the log gives the
same state, the secret face never reaches another seat's or the view's JSON (ST4), and every game ends once
the players stop doubting (ST13)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from st_helpers import NAMES, legal_moves, parse

from companion.games.base import RuleError, Viewer
from companion.games.stapstap import GAME, new_game, prepare, redact_action, state_to_json

pytestmark = pytest.mark.slow
MAX_STEPS = 3000


class StapMachine(RuleBasedStateMachine):
    @initialize(n=st.integers(3, 6), mode=st.sampled_from(["dice", "box"]), start=st.integers(0, 5),
                seed=st.integers(0, 2**32 - 1))
    def setup(self, n, mode, start, seed):
        self.rnd = random.Random(seed)
        self.options = {"mode": mode}
        self.names = NAMES[:n]
        self.start = start % n
        self.state = new_game(self.names, self.start, self.options)
        self.log: list[dict] = []
        self.steps = 0

    def _below(self, k):
        return self.rnd.randrange(k)

    @rule()
    def legal(self):
        if self.state.over:
            return
        self.steps += 1
        doubt_p = 0.35 if self.steps < 200 else 0.0  # ST13 note: stop doubting so the game can end
        moves = legal_moves(self.state, doubt_p, self.rnd)
        self.rnd.shuffle(moves)
        for raw in moves:
            if self._try(raw):
                return
        raise AssertionError(f"no legal move in step {self.state.step}")

    @rule(data=st.data())
    def hostile(self, data):
        raw = data.draw(st.one_of(
            st.fixed_dictionaries({"type": st.sampled_from(["roll", "declare", "pass", "doubt", "pay", "take", "lift",
                                                            "bank_die", "retract", "skip", "reveal", "next_game",
                                                            "begin", "cards"]),
                                   "player": st.integers(-1, 7), "face": st.integers(0, 7),
                                   "card": st.integers(0, 7), "what": st.sampled_from(["die", "coin", "x"])}),
            st.dictionaries(st.text(max_size=5), st.integers() | st.text(max_size=3), max_size=3)))
        raw = {k: v for k, v in raw.items() if k in ("type", "player", "face", "card", "what", "seat", "cards")
               or data.draw(st.booleans())}
        self._try(raw)

    def _try(self, raw) -> bool:
        before = self.state
        frozen = copy.deepcopy(before)
        try:
            action = parse(raw, before)
            action = prepare(before, action, self._below)
            after = GAME.play(before, action, self.names)
        except RuleError:
            assert before == frozen  # a refusal changes nothing
            return False
        assert before == frozen  # apply never mutates
        logged = GAME.dump(action)
        assert parse(json.loads(json.dumps(logged)), before) == action
        self.log.append(logged)
        self.state = after
        return True

    @invariant()
    def conserved(self):
        s = getattr(self, "state", None)
        if s is None:
            return
        assert s.dice_total() == 21 and s.coin_total() == 6  # ST15
        assert s.bank_dice >= 0 and s.bank_coins >= 0
        assert all(p.dice >= 0 and p.coins >= 0 for p in s.players)
        if s.step in ("start", "rolled", "challenge", "reveal", "pay", "take"):
            assert not s.players[s.parent].out

    @invariant()
    def secret_stays_with_the_parent(self):
        s = getattr(self, "state", None)
        if s is None or s.box is None or s.box.face is None:
            return
        for seat in range(s.n):
            if seat == s.parent:
                continue
            for viewer in (Viewer(full=True, seat=seat), _proven(seat), Viewer(full=False)):
                assert state_to_json(s, viewer)["box"]["face"] is None
        assert state_to_json(s, Viewer(full=True, seat=s.parent))["box"]["face"] is None  # a cookie is not proof
        if s.mode == "box":
            assert state_to_json(s, _proven(s.parent))["box"]["face"] == s.box.face
        for logged in self.log:
            assert "salt" not in redact_action(logged) or logged["type"] == "doubt"

    def teardown(self):
        if getattr(self, "state", None) is None:
            return
        for _ in range(MAX_STEPS):  # ST13: with nobody doubting any more, every game ends
            if self.state.over:
                break
            self.steps = 10**6
            self.legal()
        assert self.state.over
        replay = new_game(self.names, self.start, self.options)
        for logged in self.log:  # as the service replays a log: the rules alone
            replay = GAME.apply(replay, parse(logged, replay))
        assert replay == self.state


def _proven(seat):
    return Viewer(full=True, seat=seat, proven=seat)


TestStapMachine = StapMachine.TestCase
TestStapMachine.settings = settings(max_examples=60, stateful_step_count=60, deadline=None,
                                    suppress_health_check=[HealthCheck.too_slow])
