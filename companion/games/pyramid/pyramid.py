"""The geometry of one pyramid (PY7, PY9): a sparse set of half-offset positions ``(row, x) -> card``.

Row 1 is the bottom, one unbroken block growing only at its ends (PY7a); a card at ``(r, x)`` for r ≥ 2 rests
on ``(r-1, x)`` and ``(r-1, x+1)`` and is at most each of them (PY7b); nothing moves (PY7c). Checking one
placement is O(1); listing the legal slots for a card is O(cards).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .errors import PyramidError
from .state import Placed

Grid = dict[tuple[int, int], int]


def grid(pyramid: Iterable[Placed]) -> Grid:
    return {(r, x): c for r, x, c in pyramid}


def check_slot(cells: Grid, card: int, row: int, x: int) -> None:
    """Raise the refusal PY7 gives for ``card`` at ``(row, x)``; return quietly if it may go there."""
    if (row, x) in cells:
        raise PyramidError("occupied", row=row, x=x)
    if row == 1:
        bottom = [bx for (r, bx) in cells if r == 1]
        if not bottom:
            if x != 0:
                raise PyramidError("first_at_origin", row=row, x=x)
            return
        if x not in (min(bottom) - 1, max(bottom) + 1):
            raise PyramidError("bottom_gap", row=row, x=x, left=min(bottom) - 1, right=max(bottom) + 1)
        return
    left, right = cells.get((row - 1, x)), cells.get((row - 1, x + 1))
    if left is None or right is None:
        raise PyramidError("no_support", row=row, x=x)
    if card > min(left, right):
        raise PyramidError("too_big", card=card, left=left, right=right, limit=min(left, right), row=row, x=x)


def open_upper(cells: Grid) -> list[tuple[int, int, int, int]]:
    """Every empty upper position that has both its supports (PY7b), whatever card would go there:
    ``(row, x, left, right)`` with the two supports' numbers, lowest row first, left to right."""
    out = []
    for (r, x), c in cells.items():
        right = cells.get((r, x + 1))
        if right is not None and (r + 1, x) not in cells:
            out.append((r + 1, x, c, right))
    return sorted(out)


def slots(cells: Grid, card: int) -> list[tuple[int, int]]:
    """Every position where ``card`` may go now (PY7), bottom row first, then upwards, left to right."""
    bottom = [x for (r, x) in cells if r == 1]
    if not bottom:
        return [(1, 0)]
    out = [(1, min(bottom) - 1), (1, max(bottom) + 1)]
    out += [(r, x) for r, x, left, right in open_upper(cells) if card <= min(left, right)]
    return sorted(out, key=lambda p: (p[0], p[1]))


def row_counts(pyramid: Iterable[Placed]) -> list[int]:
    """Cards per row, bottom first: ``[n_1, …, n_h]`` (rows are never empty below a card, PY9)."""
    counts = Counter(r for r, _, _ in pyramid)
    height = max(counts, default=0)
    return [counts[r] for r in range(1, height + 1)]


def rank_key(pyramid: Iterable[Placed]) -> tuple[int, ...]:
    """PY9: ``(h, n_h, n_{h-1}, …, n_1)``, compared from the left, bigger first; an empty pyramid is ``(0,)``."""
    rows = row_counts(pyramid)
    return (len(rows), *reversed(rows))


def decided_by(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[str, int | None]:
    """What separates two keys (the better first): ``("height", None)``, ``("row", r)`` — row r from the
    bottom, the top row included — or ``("tie", None)``."""
    if a == b:
        return "tie", None
    if a[0] != b[0]:
        return "height", None
    height = a[0]
    for i in range(1, len(a)):
        if a[i] != b[i]:
            return "row", height - i + 1
    return "tie", None  # pragma: no cover - equal lengths and no difference means a == b
