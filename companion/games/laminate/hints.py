"""The private publish assistant (API.md ``POST /api/tables/{id}/hints``): pure, exact and fast.

Given one player's whole hand and the public table, ``hints`` lists for every paper type that player may
still claim (supply left, not owned, not the End Flag) the cheapest publication (R6, R7): the one that
spends the fewest hand cards (cards placed + gifts owed for citing others' papers), then the one citing the
most of the player's own papers, then the one giving the fewest gifts (the cards stay on the player's own
paper, where reviews can bring them back, instead of going to an opponent). Remaining ties are broken by a
fixed order of the items (deck order of the cards), so a position always gets the same answer, whatever the
order of the hand.

Every source of a meld card is an *item*: a hand card (costs 1 hand card), a complete paper of the player
(free) or a complete paper of someone else (costs 1 gift). Its price is one integer that orders
(cost, -own citations, gifts) lexicographically and adds up, so a meld's price is the sum of its items'.

* Pattern papers (straights, flushes, kinds, pairs, triples, AK, evens) fix a few rank slots (and for a
  flush a suit); each slot is filled independently by its cheapest items, and the "at least one card from
  hand" rule (R7) is met by forcing a hand card into the one slot where that costs least.
* sum49 and sum100 are subset problems, solved by dynamic programming over the rank total (0-49, and
  0-100 capped), with one extra bit for "a hand card is in".
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import BadRequest
from ..fields import a_seat, must_be
from .deck import Card, Deck
from .errors import IllegalAction, Malformed
from .melds import EVENS, FLUSHES, GROUPS, KINDS, STRAIGHTS
from .papers import PAPERS, PUBLISHABLE
from .state import GameState

__all__ = ["Option", "hints"]

RANKS = range(1, 14)
SUM49, SUM100 = 49, 100

# Item kinds; their order is also the preference order at equal price (own < hand < other's).
OWN, HAND, OTHER = 0, 1, 2
# Price weights: (cost, -own, gifts) packed in one integer; a meld has < _B items, so the fields never mix.
_B = 1 << 10
_PRICE = {OWN: -_B, HAND: _B * _B, OTHER: _B * _B + 1}


@dataclass(frozen=True)
class Option:
    """One suggested publication; ``cards`` come from the hand, ``cite`` are paper ids (R4, R7)."""

    paper: str
    points: int
    cards: tuple[Card, ...]
    cite: tuple[int, ...]
    gifts: int
    completes: bool

    @property
    def cost(self) -> int:
        """Hand cards spent: cards placed plus gifts owed (R7)."""
        return len(self.cards) + self.gifts

    def to_json(self) -> dict[str, Any]:
        return {"paper": self.paper, "points": self.points, "cards": [str(c) for c in self.cards],
                "cite": list(self.cite), "gifts": self.gifts, "completes": self.completes}


@dataclass(frozen=True)
class _Item:
    card: Card
    kind: int  # OWN, HAND or OTHER
    paper: int | None  # the cited paper's id, None for a hand card
    order: int  # deck order of the card (ties)

    @property
    def price(self) -> int:
        return _PRICE[self.kind]

    @property
    def sort_key(self) -> tuple[int, int, int]:
        return (self.kind, self.order, self.paper or 0)


# A choice of items and its price; None where no choice exists.
_Pick = tuple[int, tuple[_Item, ...]]
# A slot's cheapest choices: (free choice, choice holding at least one hand card).
_Slot = tuple[_Pick | None, _Pick | None]


def _price(items: Iterable[_Item]) -> int:
    return sum(_PRICE[i.kind] for i in items)


def _has_hand(items: Iterable[_Item]) -> bool:
    return any(i.kind == HAND for i in items)


def hints(state: GameState, seat: int, hand: Sequence[Card], deck: Deck | None = None) -> list[Option]:
    """The cheapest publication of each paper type ``seat`` could claim with ``hand`` (its whole hand).

    Raises ``duplicate_card`` / ``card_on_table`` (IllegalAction) or ``bad_card`` (Malformed) for a hand
    that cannot exist. Options come in R2 order; each is legal (``rules.check``) as that seat's publish
    when it is that seat's turn and its hand holds exactly ``hand``.
    """
    deck = deck or state.card_deck
    if not 0 <= seat < state.n:
        raise BadRequest(must_be("player", a_seat(state.n)))
    hand_items = _hand_items(state, hand, deck)
    if state.over:
        return []
    papers = [p for p in PUBLISHABLE if state.supply_of(p) > 0 and not state.owns(seat, p)]
    if not papers or not hand_items:
        return []
    cited = [_Item(p.cards[0], OWN if p.owner == seat else OTHER, p.id, deck.index.get(p.cards[0], -1))
             for p in state.papers if p.complete]
    solver = _Solver(hand_items + cited)
    options = []
    for paper in papers:
        pick = solver.solve(paper)
        if pick is None:
            continue
        option = _option(paper, pick[1])
        if option.cost <= len(hand_items):  # the hand must cover cards placed + gifts (R7)
            options.append(option)
    return options


def _hand_items(state: GameState, hand: Sequence[Card], deck: Deck) -> list[_Item]:
    seen: set[Card] = set()
    for card in hand:
        if card in seen:
            raise IllegalAction("duplicate_card", card=str(card))
        seen.add(card)
        if card not in deck.card_set:
            raise Malformed("bad_card", card=str(card))
    on_table = set(state.cards_on_table())
    for card in hand:
        if card in on_table:
            raise IllegalAction("card_on_table", card=str(card))
    return sorted((_Item(c, HAND, None, deck.index[c]) for c in hand), key=lambda i: i.sort_key)


def _option(paper: str, items: Sequence[_Item]) -> Option:
    ordered = sorted(items, key=lambda i: i.sort_key)
    cards = tuple(i.card for i in ordered if i.kind == HAND)
    cite = tuple(sorted(i.paper for i in ordered if i.paper is not None))
    gifts = sum(1 for i in ordered if i.kind == OTHER)
    return Option(paper, PAPERS[paper].points, cards, cite, gifts, len(cards) == 1)


class _Solver:
    """Cheapest meld per paper type over a fixed pool of items (hand cards and citable papers)."""

    def __init__(self, items: Sequence[_Item]) -> None:
        self.items = sorted(items, key=lambda i: i.sort_key)
        self.by_rank: dict[int, list[_Item]] = {r: [] for r in RANKS}
        self.by_suit_rank: dict[tuple[str, int], list[_Item]] = {}
        for item in self.items:  # already in preference order within each list
            self.by_rank.setdefault(item.card.rank, []).append(item)
            self.by_suit_rank.setdefault((item.card.suit, item.card.rank), []).append(item)
        self.suits = sorted({i.card.suit for i in self.items})
        self._slot_cache: dict[tuple[int, int], _Slot] = {}
        self._suit_cache: dict[tuple[str, int], _Slot] = {}

    def solve(self, paper: str) -> _Pick | None:
        if paper in STRAIGHTS:
            length = STRAIGHTS[paper]
            return _best(self._run(self._rank_slot, start, length) for start in range(1, 15 - length))
        if paper in FLUSHES:
            length = FLUSHES[paper]
            return _best(self._run(functools.partial(self._suit_slot, suit), start, length)
                         for suit in self.suits for start in range(1, 15 - length))
        if paper in KINDS:
            return _best(self._rank_slot(r, KINDS[paper])[1] for r in RANKS)
        if paper in GROUPS:
            groups, size = GROUPS[paper]
            return self._groups(groups, size)
        if paper == "ak":
            return _combine([self._rank_slot(1), self._rank_slot(13)])
        if paper == "evens":
            return _combine([self._rank_slot(r) for r in EVENS])
        if paper == "sum49":
            return self._sum49()
        if paper == "sum100":
            return self._sum100()
        raise ValueError(f"not a publishable paper type: {paper!r}")

    # --- pattern papers --------------------------------------------------------------------------------

    def _rank_slot(self, rank: int, need: int = 1) -> _Slot:
        key = (rank, need)
        if key not in self._slot_cache:
            self._slot_cache[key] = _slot(self.by_rank.get(rank, []), need)
        return self._slot_cache[key]

    def _suit_slot(self, suit: str, rank: int) -> _Slot:
        key = (suit, rank)
        if key not in self._suit_cache:
            self._suit_cache[key] = _slot(self.by_suit_rank.get(key, []), 1)
        return self._suit_cache[key]

    @staticmethod
    def _run(slot: Callable[[int], _Slot], start: int, length: int) -> _Pick | None:
        return _combine([slot(r) for r in range(start, start + length)])

    def _groups(self, groups: int, size: int) -> _Pick | None:
        """``groups`` distinct ranks with ``size`` cards each: one rank (j) carries the hand card, the
        others are the cheapest ``groups - 1`` ranks by their free choice."""
        slots = {r: self._rank_slot(r, size) for r in RANKS}
        frees = sorted(((free, r) for r, (free, _) in slots.items() if free is not None),
                       key=lambda fr: (fr[0][0], fr[1]))
        best: _Pick | None = None
        for j, (_, forced) in slots.items():
            if forced is None:
                continue
            rest = [free for free, r in frees if r != j][: groups - 1]
            if len(rest) < groups - 1:
                continue
            price = forced[0] + sum(free[0] for free in rest)
            if best is None or price < best[0]:
                best = (price, forced[1] + tuple(i for free in rest for i in free[1]))
        return best

    # --- subset papers ---------------------------------------------------------------------------------

    def _sum49(self) -> _Pick | None:
        """Exact total 49: 0/1 knapsack over totals 0..49 and a has-hand-card bit, minimising price."""
        empty: list[_Pick | None] = [None] * (SUM49 + 1)
        dp = [list(empty), list(empty)]
        dp[0][0] = (0, ())
        for item in self.items:
            rank, price, hand = item.card.rank, item.price, item.kind == HAND
            if rank > SUM49:
                continue
            new = [row[:] for row in dp]
            for had in (0, 1):
                row, target = dp[had], new[1 if hand else had]
                for total in range(SUM49 - rank + 1):
                    cur = row[total]
                    if cur is None:
                        continue
                    cand = cur[0] + price
                    old = target[total + rank]
                    if old is None or cand < old[0]:
                        target[total + rank] = (cand, cur[1] + (item,))
            dp = new
        return dp[1][SUM49]

    def _sum100(self) -> _Pick | None:
        """Total >= 100: every own paper is cited (free and only adds), then the cheapest hand cards and
        others' papers by 0/1 knapsack over totals capped at 100, with a has-hand-card bit."""
        owns = tuple(i for i in self.items if i.kind == OWN)
        start = min(SUM100, sum(i.card.rank for i in owns))
        empty: list[_Pick | None] = [None] * (SUM100 + 1)
        dp = [list(empty), list(empty)]
        dp[0][start] = (_price(owns), owns)
        for item in self.items:
            if item.kind == OWN:
                continue
            rank, price, hand = item.card.rank, item.price, item.kind == HAND
            new = [row[:] for row in dp]
            for had in (0, 1):
                row, target = dp[had], new[1 if hand else had]
                for total in range(start, SUM100 + 1):
                    cur = row[total]
                    if cur is None:
                        continue
                    cand = cur[0] + price
                    reach = min(SUM100, total + rank)
                    old = target[reach]
                    if old is None or cand < old[0]:
                        target[reach] = (cand, cur[1] + (item,))
            dp = new
        return dp[1][SUM100]


def _slot(cands: Sequence[_Item], need: int) -> _Slot:
    """Cheapest ``need`` items of one slot: (free choice, choice holding a hand card); None if none.

    ``cands`` are in preference order (own, hand, other's). If the free choice has no hand card it is all
    own papers (a hand card would come before any other's paper), so swapping its last item for the first
    hand card is the cheapest choice with one.
    """
    if len(cands) < need:
        return None, None
    free = tuple(cands[:need])
    if _has_hand(free):
        pick = (_price(free), free)
        return pick, pick
    hand = next((i for i in cands[need:] if i.kind == HAND), None)
    forced = None
    if hand is not None:
        chosen = free[:-1] + (hand,)
        forced = (_price(chosen), chosen)
    return (_price(free), free), forced


def _combine(slots: Sequence[_Slot]) -> _Pick | None:
    """Fill every slot; at least one must hold a hand card: force it where that costs least."""
    frees: list[_Pick] = []
    for free, _ in slots:
        if free is None:
            return None
        frees.append(free)
    total = sum(free[0] for free in frees)
    best: tuple[int, int, _Pick] | None = None
    for j, (_, forced) in enumerate(slots):
        if forced is not None and (best is None or total - frees[j][0] + forced[0] < best[0]):
            best = (total - frees[j][0] + forced[0], j, forced)
    if best is None:
        return None
    price, j, forced = best
    return price, tuple(i for k, free in enumerate(frees) for i in (forced[1] if k == j else free[1]))


def _best(picks: Iterable[_Pick | None]) -> _Pick | None:
    best = None
    for pick in picks:
        if pick is not None and (best is None or pick[0] < best[0]):
            best = pick
    return best
