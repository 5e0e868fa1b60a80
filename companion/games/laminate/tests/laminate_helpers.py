"""Shared builders for Laminate's tests (not a test module).

``table(...)`` builds a GameState directly, for scenarios that would take many turns to reach through
``apply``; it always keeps R14 true (the deck count absorbs whatever is not in hands, discard or rows) and
keeps the supply consistent with the papers on the table. Actions are played as the platform plays them
(``GAME.play``: its checks of the end and the acting seat, then the rules) and read as it reads them
(``GAME.parse`` with the table as context).
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace

import pytest

from companion.games.base import RuleError
from companion.games.fields import Context
from companion.games.laminate import (
    DEFAULT_DECK,
    GAME,
    PAPER_IDS,
    PAPERS,
    Action,
    Card,
    Deck,
    EndInfo,
    GameState,
    Paper,
    Pending,
    new_game,
)

NAMES = ("Hilbert", "Banach", "Noether", "Gauss", "Euler")


def C(text: str) -> Card:  # noqa: N802 - reads like a card literal
    """One card from its API notation."""
    return DEFAULT_DECK.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    """Several cards, blank-separated: ``cards("heart-7 coin-7")``."""
    return tuple(DEFAULT_DECK.parse(t) for t in text.split())


def table(
    n: int = 3,
    *,
    papers: Iterable[tuple[int, str, str | Sequence[Card]]] = (),
    hands: Sequence[int] | None = None,
    discard: int = 1,
    deck: int | None = None,
    active: int = 0,
    start: int = 0,
    end: EndInfo | None = None,
    pending: Pending | None = None,
    passes: int = 0,
    over: bool = False,
) -> GameState:
    """A table with the given papers ``(owner, type, cards)`` in publication order (ids 1, 2, ...)."""
    base = new_game(NAMES[:n], start)
    built = []
    for i, (owner, kind, row) in enumerate(papers, start=1):
        row_cards = cards(row) if isinstance(row, str) else tuple(row)
        built.append(Paper(i, owner, kind, row_cards))
    hands = tuple(hands) if hands is not None else (3,) * n
    assert len(hands) == n
    in_rows = sum(len(p.cards) for p in built)
    if deck is None:
        deck = 49 - discard - sum(hands) - in_rows
    supply = tuple(PAPERS[t].copies - sum(1 for p in built if p.type == t) for t in PAPER_IDS)
    state = replace(
        base, hands=hands, deck=deck, discard=discard, supply=supply, papers=tuple(built),
        next_paper_id=len(built) + 1, active=None if over else active, end=end, pending=pending,
        passes=passes, over=over,
    )
    assert_sane(state)
    return state


def assert_sane(state: GameState) -> None:
    """The invariants every table must keep (R14 and the supply/paper bookkeeping)."""
    assert state.deck >= 0 and state.discard >= 0
    assert all(h >= 0 for h in state.hands)
    assert state.conserved_total() == 49, "R14"
    assert state.deck + state.discard + sum(state.hands) + sum(len(p.cards) for p in state.papers) == 49
    for i, kind in enumerate(PAPER_IDS):
        held = sum(1 for p in state.papers if p.type == kind)
        assert state.supply[i] >= 0
        assert state.supply[i] + held == PAPERS[kind].copies
    owned = [(p.owner, p.type) for p in state.papers]
    assert len(owned) == len(set(owned)), "one paper per type per player"
    on_table = [c for p in state.papers for c in p.cards]
    assert len(on_table) == len(set(on_table)), "a card lies in at most one row"
    assert all(c in DEFAULT_DECK.card_set for c in on_table)
    assert all(len(p.cards) >= 1 for p in state.papers)


def parse(raw: object, state: GameState | None = None) -> Action:
    """An action as the platform reads it from JSON, at this table (its deck and seats) if given."""
    return GAME.parse(raw, Context(state, state.n if state is not None else None))


def apply(state: GameState, action: Action) -> GameState:
    """An action as the platform plays it: the end and the acting seat checked, then the rules."""
    return GAME.play(state, action, state.names)


def refuse(state: GameState, action, code: str, deck: Deck | None = None) -> RuleError:
    """Assert the platform and the rules refuse ``action`` with ``code`` and leave ``state`` untouched; with
    ``deck``, at a table of that deck."""
    if deck is not None:
        state = replace(state, card_deck=deck)
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as info:
        apply(state, action)
    assert info.value.code == code, f"expected {code}, got {info.value!r}"
    assert state == before
    return info.value


def short_deck(rank: int, copies: int):
    """The default deck, but claiming only ``copies`` cards of ``rank``: a deck file that lists a rank's
    cards but miscounts them is the only way ``rank_exhausted`` can fire, every real card being unique."""
    deck = Deck.load()
    deck.rank_copies = {**deck.rank_copies, rank: copies}
    return deck


def play(state: GameState, *actions) -> GameState:
    """Apply actions in order, checking the invariants after each."""
    for action in actions:
        state = apply(state, action)
        assert_sane(state)
    return state


def reference_satisfies(paper: str, meld: Sequence[Card]) -> bool:
    """R3 written a second time, independently of melds.py, for property tests to compare against."""
    ranks = sorted(c.rank for c in meld)
    counts = sorted(Counter(ranks).values())
    run = bool(ranks) and ranks == list(range(ranks[0], ranks[0] + len(ranks)))
    if paper in {"straight5", "straight7", "straight9", "straight11"}:
        return len(meld) == int(paper[8:]) and run
    if paper in {"flush4", "flush6"}:
        return len(meld) == int(paper[5:]) and run and len({c.suit for c in meld}) == 1
    if paper in {"kind3", "kind5"}:
        return counts == [int(paper[4:])]
    if paper == "pairs3":
        return counts == [2, 2, 2]
    if paper == "pairs4":
        return counts == [2, 2, 2, 2]
    if paper == "triple3":
        return counts == [3, 3, 3]
    if paper == "sum49":
        return bool(meld) and sum(ranks) == 49
    if paper == "sum100":
        return sum(ranks) >= 100
    if paper == "ak":
        return ranks == [1, 13]
    if paper == "evens":
        return ranks == [2, 4, 6, 8, 10, 12]
    raise AssertionError(paper)
