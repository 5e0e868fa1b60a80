"""Meld matching (R3): which paper types a set of cards satisfies, exactly.

Every card must be part of the pattern (no extras) except for sum100. Straights never wrap.
Pair/triple groups need distinct ranks. A meld may satisfy several types; all are reported.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .deck import Card
from .papers import PUBLISHABLE

STRAIGHTS = {"straight5": 5, "straight7": 7, "straight9": 9, "straight11": 11}
FLUSHES = {"flush4": 4, "flush6": 6}
KINDS = {"kind3": 3, "kind5": 5}
GROUPS = {"pairs3": (3, 2), "pairs4": (4, 2), "triple3": (3, 3)}
EVENS = (2, 4, 6, 8, 10, 12)


def _is_run(ranks: Sequence[int]) -> bool:
    ordered = sorted(ranks)
    return all(b == a + 1 for a, b in zip(ordered, ordered[1:]))


def why_not(paper: str, cards: Sequence[Card]) -> tuple[str, dict] | None:
    """None if ``cards`` make ``paper``; else (reason key, params) explaining why not (errors.WHY)."""
    ranks = [c.rank for c in cards]
    n = len(cards)
    total = sum(ranks)
    if paper in STRAIGHTS or paper in FLUSHES:
        want = STRAIGHTS.get(paper) or FLUSHES[paper]
        if n != want:
            return "count", {"want": want, "got": n}
        if paper in FLUSHES and len({c.suit for c in cards}) != 1:
            return "suit", {}
        return None if _is_run(ranks) else ("run", {})
    if paper in KINDS:
        if n != KINDS[paper]:
            return "count", {"want": KINDS[paper], "got": n}
        return None if len(set(ranks)) == 1 else ("kind", {})
    if paper in GROUPS:
        groups, size = GROUPS[paper]
        if n != groups * size:
            return "count", {"want": groups * size, "got": n}
        counts = Counter(ranks)
        ok = len(counts) == groups and all(v == size for v in counts.values())
        return None if ok else ("groups", {"groups": groups, "size": size})
    if paper == "sum49":
        return None if n and total == 49 else ("sum49", {"total": total})
    if paper == "sum100":
        return None if total >= 100 else ("sum100", {"total": total})
    if paper == "ak":
        return None if sorted(ranks) == [1, 13] else ("ak", {})
    if paper == "evens":
        return None if sorted(ranks) == list(EVENS) else ("evens", {})
    raise ValueError(f"not a publishable paper type: {paper!r}")


def satisfies(paper: str, cards: Sequence[Card]) -> bool:
    return why_not(paper, cards) is None


def matches(cards: Iterable[Card]) -> list[str]:
    """Every publishable paper type the meld satisfies, in R2 order."""
    cards = list(cards)
    if not cards:
        return []
    return [p for p in PUBLISHABLE if why_not(p, cards) is None]
