"""A Hypothesis state machine over the engine: random legal-or-illegal actions, undo, and the invariants
(R14 conservation, supply bookkeeping, R6 one paper per type, R18 scores, purity of apply, replay)."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from laminate_helpers import NAMES, apply, assert_sane, reference_satisfies

from companion.games.laminate import (
    DEFAULT_DECK,
    PAPER_IDS,
    PAPERS,
    Card,
    EndFlag,
    GameState,
    IllegalAction,
    Pass,
    Publish,
    Research,
    Review,
    check,
    new_game,
    outcome,
)
from companion.games.laminate.papers import PUBLISHABLE

DECK = DEFAULT_DECK.cards
EVEN_RANKS = (2, 4, 6, 8, 10, 12)
PATTERNS = ("kind3", "kind5", "straight5", "straight7", "straight9", "flush4", "flush6", "pairs3", "pairs4",
            "triple3", "ak", "evens", "sum49", "sum100", "straight11")


def _slots(kind: str, rng: random.Random) -> list[set[Card]]:
    """One set of acceptable cards per position of a meld of ``kind`` (a random instance of the pattern)."""
    def rank(r):
        return {c for c in DECK if c.rank == r}

    if kind.startswith("kind"):
        r = rng.choice([7, 6, 8, 5, 9] if kind == "kind5" else range(3, 12))
        return [rank(r)] * int(kind[4:])
    if kind.startswith("straight"):
        length = int(kind[8:])
        lo = rng.randint(1, 14 - length)
        return [rank(r) for r in range(lo, lo + length)]
    if kind.startswith("flush"):
        length = int(kind[5:])
        suit = rng.choice(DEFAULT_DECK.suits)
        lo = rng.randint(0, len(suit.ranks) - length)
        return [{Card(suit.id, r)} for r in suit.ranks[lo:lo + length]]
    if kind in ("pairs3", "pairs4", "triple3"):
        groups, size = {"pairs3": (3, 2), "pairs4": (4, 2), "triple3": (3, 3)}[kind]
        ranks = rng.sample(range(3, 12), groups)
        return [rank(r) for r in ranks for _ in range(size)]
    if kind == "ak":
        return [rank(1), rank(13)]
    if kind == "evens":
        return [rank(r) for r in EVEN_RANKS]
    raise AssertionError(kind)


def pattern_meld(state: GameState, kind: str, rng: random.Random) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """Cards not on the table (plus, at random, citations of complete papers) that make ``kind``."""
    on_table = set(state.cards_on_table())
    free = [c for c in DECK if c not in on_table]
    rng.shuffle(free)
    complete = [p for p in state.papers if p.complete]
    rng.shuffle(complete)
    placed: list[Card] = []
    cite: list[int] = []
    if kind in ("sum49", "sum100"):
        target = 49 if kind == "sum49" else 100
        total = 0
        for paper in complete[: rng.randint(0, 2)]:
            if total + paper.cards[0].rank <= target:
                cite.append(paper.id)
                total += paper.cards[0].rank
        for card in free:
            if total >= target or (kind == "sum49" and total + card.rank > target):
                continue
            placed.append(card)
            total += card.rank
        return tuple(placed), tuple(cite)
    cite_bias = rng.random()
    for slot in _slots(kind, rng):
        citable = [p for p in complete if p.cards[0] in slot and p.id not in cite]
        if citable and rng.random() < cite_bias:
            cite.append(citable[0].id)
            continue
        options = [c for c in free if c in slot and c not in placed]
        if options:
            placed.append(options[0])
        elif citable:
            cite.append(citable[0].id)
    return tuple(placed), tuple(cite)


def good_move(state: GameState, rng: random.Random):
    """A legal, productive action for the active player (so that games reach their end): lay a pending
    End Flag, often review, else the best of a few publications the engine accepts, else research."""
    if state.pending:
        on_table = set(state.cards_on_table())
        return EndFlag(rng.choice([c for c in DECK if c not in on_table]))
    under_review = state.under_review()
    if under_review and rng.random() < 0.6:
        paper = rng.choice(under_review)
        return Review(paper.id, rng.choice(paper.cards))
    for kind in sorted(PATTERNS, key=lambda k: rng.random() * 4 - PAPERS[k].points)[:8]:
        placed, cite = pattern_meld(state, kind, rng)
        try:
            check(state, Publish(kind, placed, cite))
        except IllegalAction:
            continue
        return Publish(kind, placed, cite)
    if state.can_research():
        return Research("deck" if state.deck else "discard")
    if under_review:
        paper = rng.choice(under_review)
        return Review(paper.id, rng.choice(paper.cards))
    return Pass()


def expected_research(deck: int, discard: int, source: str) -> tuple[int, int]:
    """R8/R9 as a table of counts (deck, discard) after one research."""
    if source == "discard":
        return deck, discard - 1
    if deck >= 2:
        return deck - 2, discard + 1
    if deck + discard == 1:
        return 0, 0
    if deck == 1:
        return discard - 1, 1
    return discard - 2, 1


class EngineMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.initial: GameState | None = None
        self.state: GameState | None = None
        self.actions: list = []  # accepted actions, in order
        self.stack: list[GameState] = []  # the state before each accepted action (undo pops it)
        self.checks = 0

    # --- plumbing -----------------------------------------------------------------------------------

    @initialize(n=st.integers(3, 5), start=st.integers(0, 4))
    def setup(self, n, start):
        self.initial = new_game(NAMES[:n], start % n)
        self.state = self.initial

    def attempt(self, action, deep: bool = True):
        """Apply ``action``; check the refusal or the transition. ``deep=False`` (the many moves of
        play_well) compares hashes instead of a deep copy, to keep the run short."""
        before = self.state
        snapshot = copy.deepcopy(before) if deep else _Hashed(before)
        try:
            after = apply(before, action)
        except IllegalAction as refusal:
            assert before == snapshot, "a refused action changed the state"
            self.check_refusal(before, action, refusal)
            event(f"refused {refusal.code}")
            return None
        assert before == snapshot, "apply mutated its input"
        self.check_transition(before, action, after)
        event(f"accepted {type(action).__name__.lower()}")
        self.stack.append(before)
        self.actions.append(action)
        self.state = after
        if after.over:
            event("game over" + (" (countdown)" if after.end and after.end.turns_left == 0 else " (other)"))
        if after.end is not None and before.end is None:
            event("end condition met")
        return after

    def player(self, data):
        return data.draw(st.one_of(st.none(), st.none(), st.integers(0, 4)), label="player")

    # --- rules ----------------------------------------------------------------------------------------

    @rule(source=st.sampled_from(["deck", "discard"]), data=st.data())
    def research(self, source, data):
        self.attempt(Research(source, player=self.player(data)))

    @rule(paper=st.sampled_from(PAPER_IDS + ("bogus",)),
          cards=st.lists(st.sampled_from(DECK), max_size=8),
          cite=st.lists(st.integers(0, 12), max_size=3), data=st.data())
    def publish_random(self, paper, cards, cite, data):
        self.attempt(Publish(paper, tuple(cards), tuple(cite), player=self.player(data)))

    @rule(kind=st.sampled_from(PATTERNS), seed=st.integers(0, 2**32 - 1))
    def publish_pattern(self, kind, seed):
        rng = random.Random(seed)
        placed, cite = pattern_meld(self.state, kind, rng)
        self.attempt(Publish(kind, placed, cite))

    @rule(data=st.data())
    def review(self, data):
        papers = self.state.papers
        paper_id = data.draw(st.sampled_from([p.id for p in papers] + [0, self.state.next_paper_id]), label="id")
        paper = self.state.paper(paper_id)
        pool = list(paper.cards) if paper is not None and data.draw(st.booleans()) else list(DECK)
        card = data.draw(st.sampled_from(pool), label="card")
        self.attempt(Review(paper_id, card, player=self.player(data)))

    @precondition(lambda self: self.state is not None and self.state.under_review())
    @rule(data=st.data())
    def review_under_review(self, data):
        paper = data.draw(st.sampled_from(self.state.under_review()), label="paper")
        self.attempt(Review(paper.id, data.draw(st.sampled_from(paper.cards), label="card")))

    @rule(data=st.data())
    def pass_(self, data):
        self.attempt(Pass(player=self.player(data)))

    @rule(card=st.sampled_from(DECK), data=st.data())
    def endflag(self, card, data):
        self.attempt(EndFlag(card, player=self.player(data)))

    @precondition(lambda self: self.state is not None and self.state.pending == "endflag")
    @rule(seed=st.integers(0, 2**32 - 1))
    def endflag_free_card(self, seed):
        rng = random.Random(seed)
        on_table = set(self.state.cards_on_table())
        assert self.attempt(EndFlag(rng.choice([c for c in DECK if c not in on_table]))) is not None

    def play_well(self, moves, seed):
        rng = random.Random(seed)
        for _ in range(moves):
            if self.state.over:
                break
            accepted = self.attempt(good_move(self.state, rng), deep=False)
            assert accepted is not None, "a move check() allowed was refused"

    @precondition(lambda self: self.state is not None and not self.state.over)
    @rule(moves=st.integers(1, 5), seed=st.integers(0, 2**32 - 1))
    def play_a_little_well(self, moves, seed):
        self.play_well(moves, seed)

    @precondition(lambda self: self.state is not None and not self.state.over)
    @rule(moves=st.integers(30, 150), seed=st.integers(0, 2**32 - 1))
    def play_long_and_well(self, moves, seed):
        self.play_well(moves, seed)

    @precondition(lambda self: bool(self.stack))
    @rule()
    def undo(self):
        self.state = self.stack.pop()
        self.actions.pop()

    # --- oracles ---------------------------------------------------------------------------------------

    def check_refusal(self, before: GameState, action, refusal: IllegalAction) -> None:
        code = refusal.code
        actor = before.active
        if before.over:
            assert code == "game_over"
            return
        if action.player is not None and action.player != actor:
            assert code == "not_your_turn"
            return
        if before.pending == "endflag" and not isinstance(action, EndFlag):
            assert code == "endflag_pending"
            return
        if isinstance(action, EndFlag):
            assert code in ("no_endflag_pending", "card_on_table")
            assert (before.pending is None) == (code == "no_endflag_pending")
            return
        if isinstance(action, Research):
            assert code in ("research_impossible", "discard_empty")
            assert before.deck + before.discard == 0 or (action.source == "discard" and before.discard == 0)
        elif isinstance(action, Pass):
            assert code == "pass_not_allowed" and not before.can_pass()
        elif isinstance(action, Review):
            paper = before.paper(action.paper)
            assert code == {None: "paper_unknown"}.get(paper, code)
            if paper is not None:
                assert code in ("not_under_review", "card_not_in_paper")
                assert paper.complete or action.card not in paper.cards
        else:
            self.check_publish_refusal(before, action, code)

    def check_publish_refusal(self, before: GameState, action: Publish, code: str) -> None:
        """The code must name one of the reasons that really apply (whatever order the engine checks in)."""
        actor = before.active
        by_id = {p.id: p for p in before.papers}
        on_table = set(before.cards_on_table())
        cites_ok = (len(set(action.cite)) == len(action.cite) and all(c in by_id for c in action.cite)
                    and all(by_id[c].complete for c in action.cite))
        known = [by_id[c] for c in action.cite if c in by_id]
        gifts = len({p.id for p in known if p.owner != actor})
        reasons = {
            "unknown_paper": action.paper not in PAPERS,
            "endflag_not_publishable": action.paper == "endflag",
            "cite_duplicate": len(set(action.cite)) != len(action.cite),
            "cite_unknown": any(c not in by_id for c in action.cite),
            "cite_not_complete": any(not p.complete for p in known),
            "duplicate_card": len(set(action.cards)) != len(action.cards),
            "card_on_table": bool(on_table & set(action.cards)),
            "no_hand_card": not action.cards,
        }
        if action.paper in PUBLISHABLE:
            reasons["already_owned"] = before.owns(actor, action.paper)
            reasons["supply_empty"] = before.supply_of(action.paper) == 0
            reasons["hand_too_small"] = before.hands[actor] < len(action.cards) + gifts
            if cites_ok:
                meld = list(action.cards) + [p.cards[0] for p in known]
                reasons["no_match"] = not reference_satisfies(action.paper, meld)
        assert reasons.get(code), f"refused with {code} but the reasons are {reasons}"

    def check_transition(self, before: GameState, action, after: GameState) -> None:
        n, actor = before.n, before.active
        assert not before.over and actor is not None
        assert action.player in (None, actor)
        hands = list(before.hands)
        if isinstance(action, EndFlag):
            assert before.pending == "endflag"
            flag = after.papers[-1]
            assert (flag.type, flag.owner, flag.cards, flag.id) == ("endflag", actor, (action.card,),
                                                                   before.next_paper_id)
            hands[actor] -= 1
            assert list(after.hands) == hands
            assert after.pending is None and after.end == before.end
            assert after.active == (actor + 1) % n
            return
        assert before.pending is None
        deck, discard, papers = before.deck, before.discard, list(before.papers)
        if isinstance(action, Research):
            deck, discard = expected_research(deck, discard, action.source)
            hands[actor] += 1
        elif isinstance(action, Publish):
            assert action.paper in PUBLISHABLE and action.cards
            assert not before.owns(actor, action.paper) and before.supply_of(action.paper) > 0
            cited = [before.paper(pid) for pid in action.cite]
            assert all(p is not None and p.complete for p in cited)
            assert len(set(action.cite)) == len(action.cite)
            assert not set(action.cards) & set(before.cards_on_table())
            assert reference_satisfies(action.paper, list(action.cards) + [p.cards[0] for p in cited]), "R3/R4"
            gifts = [p.owner for p in cited if p.owner != actor]
            hands[actor] -= len(action.cards) + len(gifts)
            for owner in gifts:
                hands[owner] += 1
            new = after.papers[len(papers)]
            assert (new.id, new.owner, new.type, new.cards) == (before.next_paper_id, actor, action.paper,
                                                                action.cards)
            papers.append(new)
            event(f"published {action.paper}" + (" citing" if action.cite else ""))
        elif isinstance(action, Review):
            old = before.paper(action.paper)
            assert old is not None and len(old.cards) >= 2 and action.card in old.cards
            papers = [replace_cards(p, action.card) if p.id == action.paper else p for p in papers]
            hands[actor] += 1
        else:
            assert before.can_pass()
        assert list(after.hands) == hands
        assert (after.deck, after.discard) == (deck, discard)
        assert list(after.papers[: len(papers)]) == papers
        assert len(after.papers) == len(papers)
        core_score = sum(PAPERS[p.type].points for p in papers if p.owner == actor and len(p.cards) == 1)
        # R12: all passes in a row end the game at once
        if isinstance(action, Pass) and before.passes + 1 == n:
            assert after.over and after.active is None
            event("all-pass end")
            return
        assert after.passes == (before.passes + 1 if isinstance(action, Pass) else 0)
        # R15 / R16: the end condition, checked for the actor only, at the end of their own turn
        if before.end is None:
            if core_score >= 15:
                assert after.end is not None and after.end.trigger == actor
                assert after.end.turns_left == 2 * n - 1
                assert (after.pending == "endflag") == (hands[actor] > 0)
                assert after.active == (actor if after.pending else (actor + 1) % n)
                if not after.pending:
                    event("end condition met with an empty hand")
            else:
                assert after.end is None and after.pending is None
                assert after.active == (actor + 1) % n
            return
        # R17: a turn of the countdown
        assert after.pending is None and after.end.trigger == before.end.trigger
        assert after.end.turns_left == before.end.turns_left - 1
        assert after.over == (after.end.turns_left == 0)
        assert after.active == (None if after.over else (actor + 1) % n)

    # --- invariants ------------------------------------------------------------------------------------

    @invariant()
    def table_is_sane(self):
        if self.state is None:
            return
        state = self.state
        assert_sane(state)  # R14, supply + papers == copies, one paper per type per player, no negatives
        for seat in range(state.n):
            assert state.score(seat) == sum(PAPERS[p.type].points for p in state.papers
                                            if p.owner == seat and len(p.cards) == 1)
        ids = [p.id for p in state.papers]
        assert ids == sorted(set(ids)) and all(i < state.next_paper_id for i in ids)
        assert (state.active is None) == state.over
        if state.pending is not None:
            assert state.pending == "endflag" and state.end is not None
            assert state.end.trigger == state.active and state.end.turns_left == 2 * state.n - 1
            assert state.hands[state.active] > 0
        flags = [p for p in state.papers if p.type == "endflag"]
        assert len(flags) <= 1
        if flags:
            assert state.end is not None and flags[0].owner == state.end.trigger and flags[0].complete
        if state.end is not None:
            assert 0 <= state.end.turns_left <= 2 * state.n - 1
            assert state.over or state.end.turns_left >= 1
        assert state.passes < state.n or state.over
        result = outcome(state)
        assert (result is None) != state.over
        if result is not None:
            top = max(state.score(s) for s in range(state.n))
            assert all(state.score(w) == top for w in result.winners)
            fewest = min(state.complete_count(s) for s in range(state.n) if state.score(s) == top)
            assert set(result.winners) == {s for s in range(state.n)
                                           if state.score(s) == top and state.complete_count(s) == fewest}

    @invariant()
    def replay_gives_the_same_state(self):
        """Replaying the accepted actions from set-up gives the incremental state (every few steps, and
        always at the end of a run: a full replay per step would dominate the run time)."""
        self.checks += 1
        if self.state is not None and self.checks % 8 == 0:
            self.replay()

    def replay(self):
        state = self.initial
        for action in self.actions:
            state = apply(state, action)
        assert state == self.state

    def teardown(self):
        if self.state is not None:
            self.replay()

    @invariant()
    def countdown_turns_follow_r17(self):
        state = self.state
        if state is None or not state.over or state.end is None or state.end.turns_left != 0:
            return
        states = [*self.stack, state]
        trigger_step = next(i for i in range(len(self.actions)) if states[i].end is None
                            and states[i + 1].end is not None)
        n, trigger = state.n, state.end.trigger
        turns = [states[i].active for i in range(trigger_step + 1, len(self.actions))
                 if not isinstance(self.actions[i], EndFlag)]
        assert turns == [(trigger + 1 + k) % n for k in range(2 * n - 1)]
        assert Counter(turns)[trigger] == 1 and turns[-1] == (trigger - 1) % n
        event("countdown checked")


class _Hashed:
    """Compares equal to a state with the hash taken before apply ran (a cheap purity check)."""

    def __init__(self, state: GameState) -> None:
        self.state, self.digest = state, hash(state)

    def __eq__(self, other: object) -> bool:
        return other is self.state and hash(other) == self.digest

    __hash__ = None


def replace_cards(paper, card):
    from dataclasses import replace

    return replace(paper, cards=tuple(c for c in paper.cards if c != card))


EngineMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=120, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_engine_state_machine = EngineMachine.TestCase
test_engine_state_machine = pytest.mark.slow(test_engine_state_machine)  # long random walk: quick loop skips it
