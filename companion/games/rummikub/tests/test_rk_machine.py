"""A hypothesis state machine plays random matches: it deals hidden racks itself and keeps them, lays sets
from them, extends and rearranges the table, draws, passes, times out, ends rounds and enters the racks
truthfully, and mixes in random illegal proposals. Invariants: RK13 counts, every table set valid, apply
never mutates, a refusal changes nothing, the draft report agrees with apply, actions round-trip through
JSON, and replaying the log from new_game gives the same state. Actions are read and played as the platform
does (``GAME.parse``, ``GAME.play``: its checks of the end and the acting seat, then the rules)."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from rk_helpers import apply, parse

from companion.games.base import RuleError, clean_options
from companion.games.rummikub import (
    COLOURS,
    GAME,
    JOKER,
    OPTIONS,
    TILE_KINDS,
    Draw,
    NextRound,
    Pass,
    Rack,
    Timeout,
    check_play,
    check_set,
    new_game,
)
from companion.games.rummikub.tiles import number

NAMES = ("A", "B", "C", "D")
RIG = ["b1", "b2", "b3", "b4", "b5", "r1", "r2", "r3", "r4", "r5", "y1", "y2", "y3", "y4"]  # can go out at once


def find_sets(rack: list[str], rng: random.Random) -> list[list[str]]:
    """Disjoint valid sets made from the rack, greedily in random order (runs, groups, sets with a joker)."""
    have = Counter(rack)
    candidates: list[list[str]] = []
    for c in COLOURS:
        nums = sorted({number(t) for t in have if t != JOKER and t[0] == c})
        for i, start in enumerate(nums):
            stretch = [start]
            for m in nums[i + 1:]:
                if m != stretch[-1] + 1:
                    break
                stretch.append(m)
            if len(stretch) >= 3:
                size = len(stretch) if rng.random() < 0.5 else rng.randint(3, len(stretch))
                candidates.append([f"{c}{m}" for m in stretch[:size]])
            if have[JOKER] and start + 1 in nums:
                candidates.append([f"{c}{start}", f"{c}{start + 1}", JOKER] if start + 2 <= 13
                                  else [JOKER, f"{c}{start}", f"{c}{start + 1}"])
    for m in range(1, 14):
        colours = [c for c in COLOURS if have[f"{c}{m}"]]
        if len(colours) >= 3:
            candidates.append([f"{c}{m}" for c in colours[:rng.choice((3, len(colours)))]])
        if len(colours) == 2 and have[JOKER]:
            candidates.append([f"{c}{m}" for c in colours] + [JOKER])
    rng.shuffle(candidates)
    found = []
    for cand in candidates:
        need = Counter(cand)
        if all(have[t] >= k for t, k in need.items()):
            have -= need
            found.append(cand)
    return found


def partition(rack: list[str]) -> list[list[str]] | None:
    """Runs and groups (no jokers) that use the whole rack exactly, or None: a rack that can go out."""
    if JOKER in rack or len(rack) > 16:
        return None
    have = Counter(rack)

    def search() -> list[list[str]] | None:
        if not +have:
            return []
        first = min(+have, key=lambda t: (number(t), t))
        c, m = first[0], number(first)
        options = [[f"{c}{k}" for k in range(m, m + size)] for size in (3, 4, 5, 6) if m + size - 1 <= 13]
        others = [f"{o}{m}" for o in COLOURS if o != c and have[f"{o}{m}"]]
        options += [[first, *others[:2]], [first, *others]] if len(others) >= 2 else []
        for cand in options:
            need = Counter(cand)
            if all(have[t] >= k for t, k in need.items()):
                have.subtract(need)
                rest = search()
                have.update(need)
                if rest is not None:
                    return [cand, *rest]
        return None

    return search()


class RummikubMachine(RuleBasedStateMachine):
    @initialize(n=st.integers(2, 4), start=st.integers(0, 3), rng=st.randoms(use_true_random=False),
                rig=st.booleans(),
                raw=st.fixed_dictionaries({}, optional={
                    "initial_meld_min": st.sampled_from((1, 10, 30)), "joker_penalty": st.sampled_from((50, 30)),
                    "turn_timer": st.sampled_from((0, 60)), "timeout_penalty_tiles": st.integers(0, 5),
                    "joker_sets_locked": st.booleans(), "blocked_scoring": st.sampled_from(("difference", "plain")),
                    "rounds": st.integers(1, 3)}))
    def setup(self, n: int, start: int, rng: random.Random, rig: bool, raw: dict[str, Any]) -> None:
        self.rng, self.rig = rng, rig
        self.options = clean_options(OPTIONS, raw)
        self.players = NAMES[:n]
        self.state = new_game(self.players, start % n, self.options)
        self.first = self.state
        self.log: list[dict[str, Any]] = []
        self.deal()

    def deal(self) -> None:
        bag = [t for t in TILE_KINDS for _ in range(2)]
        self.rng.shuffle(bag)
        n, start = self.state.n, self.state.start
        rigged = {start, (start + 1) % n} if self.rig else set()  # these two could go out at once
        for t in RIG * len(rigged):
            bag.remove(t)
        self.racks = []
        for i in range(n):
            if i in rigged:
                self.racks.append(list(RIG))
            else:
                self.racks.append(bag[:14])
                bag = bag[14:]
        self.pool = bag

    # --- applying ----------------------------------------------------------------------------------------

    def do(self, action: Any) -> Any:
        raw = GAME.dump(action)
        assert parse(raw, self.state) == action
        before = copy.deepcopy(self.state)
        after = apply(self.state, action)
        assert self.state == before  # apply never mutates its input
        self.state = after
        self.log.append(raw)
        return after

    def refuse(self, action: Any) -> str:
        before = copy.deepcopy(self.state)
        try:
            apply(self.state, action)
        except RuleError as err:
            assert self.state == before
            assert err.message("en") and err.message("ja")
            return err.code
        raise AssertionError(f"{action} was accepted")

    def table_json(self) -> list[dict[str, Any]]:
        return [{"tiles": list(s.tiles), "kind": s.kind} for s in self.state.table]

    def propose(self, table: list[Any]) -> bool:
        """Try a play: the draft report must agree with apply; on success the active rack loses the added."""
        report = check_play(self.state, table)
        action = parse({"type": "play", "table": table}, self.state)
        if not report["legal"]:
            assert self.refuse(action) == report["error"]
            return False
        seat = self.state.active
        rack = Counter(self.racks[seat])
        added = Counter(report["added"])
        if added - rack:  # legal, but not with this rack: the companion cannot know; do not keep it
            apply(self.state, action)
            return False
        self.do(action)
        self.racks[seat] = list((rack - added).elements())
        event("play accepted" + (" (initial meld)" if report["initial"] else ""))
        if self.state.round_end:
            event(f"round ended: {self.state.round_end.reason}")
        return True

    @property
    def playing(self) -> bool:
        return self.state.phase == "play"

    # --- turns -------------------------------------------------------------------------------------------

    @precondition(lambda self: self.playing and self.state.pool > 0)
    @rule()
    def draw(self) -> None:
        seat = self.state.active
        self.do(Draw())
        self.racks[seat].append(self.pool.pop())

    @precondition(lambda self: self.playing and self.state.pool > 0)
    @rule(count=st.integers(10, 60))
    def draw_many(self, count: int) -> None:
        for _ in range(count):
            if not self.playing or not self.pool:
                return
            self.draw()

    @precondition(lambda self: self.playing and self.state.pool == 0)
    @rule()
    def pass_turn(self) -> None:
        self.do(Pass())
        if self.state.round_end:
            event("round ended: blocked")

    @precondition(lambda self: self.playing)
    @rule()
    def timeout(self) -> None:
        if not self.options["turn_timer"]:
            assert self.refuse(Timeout()) == "timer_off"
            return
        seat = self.state.active
        self.do(Timeout())
        for _ in range(min(self.options["timeout_penalty_tiles"], len(self.pool))):
            self.racks[seat].append(self.pool.pop())

    @precondition(lambda self: self.playing)
    @rule(everything=st.booleans())
    def lay_sets(self, everything: bool) -> None:
        sets = find_sets(self.racks[self.state.active], self.rng)
        if not sets:
            return
        if not everything:
            sets = sets[:self.rng.randint(1, len(sets))]
        table = self.table_json() + [list(s) for s in sets]
        self.rng.shuffle(table)
        self.propose(table)

    @precondition(lambda self: self.playing and len(self.racks[self.state.active]) <= 16)
    @rule()
    def go_out(self) -> None:
        sets = partition(self.racks[self.state.active])
        if sets:
            self.propose(self.table_json() + sets)

    @rule()
    def look(self) -> None:
        """Always possible: the public view and the draft report of the unchanged table (adds nothing)."""
        GAME.state_to_json(self.state, None, self.options)
        report = check_play(self.state, self.table_json())
        assert not report["legal"] and report["added_count"] == 0

    @precondition(lambda self: self.playing and self.state.table and self.state.melded[self.state.active])
    @rule()
    def extend(self) -> None:
        table = self.table_json()
        options = []
        for i, s in enumerate(table):
            for t in set(self.racks[self.state.active]):
                for tiles in ([t] + s["tiles"], s["tiles"] + [t]):
                    if check_set(tiles, s["kind"]).valid:
                        options.append((i, tiles))
        if options:
            i, tiles = self.rng.choice(options)
            table[i] = {"tiles": tiles, "kind": table[i]["kind"]}
            self.propose(table)

    @precondition(lambda self: self.playing and any(len(s.tiles) >= 6 and s.kind == "run" for s in self.state.table))
    @rule()
    def split_run(self) -> None:
        """A rearrangement: cut a long run in two (legal only with a rack tile added too)."""
        table = self.table_json()
        i = self.rng.choice([k for k, s in enumerate(table) if len(s["tiles"]) >= 6 and s["kind"] == "run"])
        tiles = table.pop(i)["tiles"]
        cut = self.rng.randint(3, len(tiles) - 3)
        table += [{"tiles": tiles[:cut], "kind": "run"}, {"tiles": tiles[cut:], "kind": "run"}]
        sets = find_sets(self.racks[self.state.active], self.rng)
        if self.propose(table + [list(s) for s in sets[:1]]):
            event("run split")

    @precondition(lambda self: self.playing and JOKER in self.state.table_tiles)
    @rule()
    def free_joker(self) -> None:
        """Put the tile a joker stands for in its place and reuse the joker to extend another set."""
        rack = set(self.racks[self.state.active])
        table = self.table_json()
        for i, s in enumerate(self.state.table):
            for j, stand in enumerate(s.stands):
                real = stand if stand and stand in rack else None
                if stand and stand.startswith("*"):
                    real = next((f"{c}{stand[1:]}" for c in COLOURS if f"{c}{stand[1:]}" in rack
                                 and f"{c}{stand[1:]}" not in s.tiles), None)
                if real:
                    tiles = list(s.tiles)
                    tiles[j] = real
                    table[i] = {"tiles": tiles, "kind": s.kind}
                    for k, other in enumerate(table):
                        for longer in (["J"] + other["tiles"], other["tiles"] + ["J"]):
                            if check_set(longer, other["kind"]).valid:
                                table[k] = {"tiles": longer, "kind": other["kind"]}
                                if self.propose(table):
                                    event("joker freed and reused")
                                return
                    return

    @precondition(lambda self: self.playing)
    @rule(data=st.data())
    def illegal_proposal(self, data: st.DataObject) -> None:
        """A random garbled table: whatever the draft report says, apply agrees (and a refusal changes nothing)."""
        table = [list(s["tiles"]) for s in self.table_json()] or [[]]
        for _ in range(data.draw(st.integers(1, 3))):
            move = data.draw(st.sampled_from(("drop", "add", "move", "shuffle", "split")))
            i = data.draw(st.integers(0, len(table) - 1))
            if move == "drop" and table[i]:
                table[i].pop(data.draw(st.integers(0, len(table[i]) - 1)))
            elif move == "add":
                table[i].insert(data.draw(st.integers(0, len(table[i]))), data.draw(st.sampled_from(TILE_KINDS)))
            elif move == "move" and table[i]:
                table[data.draw(st.integers(0, len(table) - 1))].append(table[i].pop())
            elif move == "shuffle":
                self.rng.shuffle(table[i])
            elif move == "split" and len(table[i]) > 1:
                table.append(table[i][len(table[i]) // 2:])
                del table[i][len(table[i]) // 2:]
        self.propose(table)

    @precondition(lambda self: self.playing)
    @rule(data=st.data())
    def wrong_player(self, data: st.DataObject) -> None:
        other = data.draw(st.sampled_from([s for s in range(self.state.n) if s != self.state.active]))
        action = data.draw(st.sampled_from((Draw(player=other), Pass(player=other), Timeout(player=other))))
        assert self.refuse(action) == "not_your_turn"

    # --- end of round ------------------------------------------------------------------------------------

    @precondition(lambda self: self.state.phase == "racks")
    @rule(data=st.data())
    def enter_rack(self, data: st.DataObject) -> None:
        seat = data.draw(st.sampled_from([i for i, r in enumerate(self.state.entered) if r is None]))
        rack = list(self.racks[seat])
        assert self.refuse(Rack(seat, tuple(rack + ["b1"]))) == "rack_size_mismatch"
        done = [i for i, r in enumerate(self.state.entered) if r is not None]
        if done:
            assert self.refuse(Rack(done[0], ())) == "rack_already_entered"
        assert self.refuse(NextRound()) == "round_not_scored"
        self.rng.shuffle(rack)
        self.do(Rack(seat, tuple(rack)))
        if self.state.phase in ("scored", "over"):
            scores = self.state.round_scores
            assert scores is not None and sum(scores) + self.state.remainder == 0

    @precondition(lambda self: self.state.phase == "scored")
    @rule()
    def next_round(self) -> None:
        assert self.refuse(Draw()) == "round_over"
        self.do(NextRound())
        event("next round")
        self.deal()

    @precondition(lambda self: self.state.phase == "over")
    @rule()
    def after_the_end(self) -> None:
        for action in (Draw(), NextRound(), Rack(0, ())):
            assert self.refuse(action) == "game_over"
        event("match over")
        outcome = GAME.outcome(self.state)
        assert outcome is not None and set(outcome.winners) <= set(outcome.ranking)
        for seat, total in enumerate(self.state.totals):
            assert total == sum(r.scores[seat] for r in self.state.history)

    # --- invariants ----------------------------------------------------------------------------------------

    @invariant()
    def counts(self) -> None:
        state = self.state
        assert state.pool == len(self.pool)
        assert list(state.racks) == [len(r) for r in self.racks]
        assert state.pool + sum(state.racks) + len(state.table_tiles) == 106  # RK13
        known = state.table_tiles + [t for r in state.entered if r for t in r]
        assert max(Counter(known).values(), default=0) <= 2
        for s in state.table:
            assert check_set(s.tiles, s.kind).table_set == s
        view = GAME.state_to_json(state, None, self.options)
        assert view["tiles_on_table"] == len(state.table_tiles) and view["phase"] == state.phase

    def teardown(self) -> None:
        if not hasattr(self, "log"):
            return
        replayed = self.first
        for raw in self.log:
            replayed = apply(replayed, parse(raw, replayed))
        assert replayed == self.state


RummikubMachine.TestCase.settings = settings(max_examples=100, stateful_step_count=60, deadline=None,
                                             suppress_health_check=[HealthCheck.too_slow])
TestRummikubMachine = RummikubMachine.TestCase
TestRummikubMachine = pytest.mark.slow(TestRummikubMachine)  # long random walk: quick loop skips it
