"""RK8a for the solver: on a table with ``joker_sets_locked`` each old set holding a joker is a fixed *block*
that may only grow at its ends (a run) or by a fourth tile (a group of 3).

Exactness: a locked set must lie, untouched, inside one new set S. For a run, S is the block with a stretch
of the same colour on either side; a stretch of 3 or more tiles is a valid run by itself (it holds a real
tile: there are only two jokers), so it may as well stand apart. Hence a block only ever needs 0–2 tiles on
each side, each a real tile or a joker — the few "extension" columns below — and the rest of the table is
the usual model (solver_flow). A group of 3 takes one more tile of its number in a colour it lacks, or a joker.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from .solver_sets import JK, Layout, group_layout, kind_of, number, run_layout, run_span

SIDES = ("left", "right")


@dataclass(frozen=True)
class Extension:
    """Tiles added to one side of a block (``group``: the fourth tile); ``None`` in ``tiles`` is a joker
    standing for the number at the same place of ``numbers``."""

    side: str  # "left" | "right" | "group"
    tiles: tuple[int | None, ...]  # kinds in table order, None for a joker
    numbers: tuple[int, ...]  # the number each added tile is (or stands for)

    @property
    def real(self) -> tuple[int, ...]:
        return tuple(k for k in self.tiles if k is not None)

    @property
    def jokers(self) -> tuple[int, ...]:
        return tuple(n for k, n in zip(self.tiles, self.numbers) if k is None)


def extensions(block: Layout, avail: list[int]) -> list[Extension]:
    """Every way to extend ``block`` with available tiles (``avail`` counts per kind, jokers at JK)."""
    out: list[Extension] = []
    jokers = avail[JK]
    if block.kind == "group":
        if len(block.tiles) != 3:
            return out
        num = number(kind_of(next(t for t in block.tiles if kind_of(t) != JK)))
        present = {kind_of(t) // 13 for t in block.tiles if kind_of(t) != JK}
        for colour in range(4):
            kind = 13 * colour + num - 1
            if colour not in present and avail[kind]:
                out.append(Extension("group", (kind,), (num,)))
        if jokers and block.tiles.count("J") < 2:
            out.append(Extension("group", (None,), (num,)))
        return out
    colour, lo, hi = run_span(block)
    for side in SIDES:
        for length in (1, 2):
            numbers = tuple(range(lo - length, lo)) if side == "left" else tuple(range(hi + 1, hi + 1 + length))
            if numbers[0] < 1 or numbers[-1] > 13:
                continue
            for pattern in product((False, True), repeat=length):
                if sum(pattern) > jokers:
                    continue
                tiles = tuple(None if joker else 13 * colour + n - 1 for joker, n in zip(pattern, numbers))
                if all(avail[k] for k in tiles if k is not None):
                    out.append(Extension(side, tiles, numbers))
    return out


def extend(block: Layout, chosen: list[Extension]) -> Layout:
    """The block with its chosen extensions (at most one per side) laid out."""
    if not chosen:
        return block
    if block.kind == "group":
        (ext,) = chosen
        num = ext.numbers[0]
        colours = tuple(kind_of(t) // 13 for t in block.tiles if kind_of(t) != JK) + tuple(k // 13 for k in ext.real)
        return group_layout(num, colours, 4 - len(colours))
    colour, lo, _ = run_span(block)
    left = next((e for e in chosen if e.side == "left"), None)
    right = next((e for e in chosen if e.side == "right"), None)
    before = left.tiles if left else ()
    after = right.tiles if right else ()
    jokers = [p for p, k in enumerate(before) if k is None]
    jokers += [len(before) + p for p, s in enumerate(block.stands) if s]
    jokers += [len(before) + len(block.tiles) + p for p, k in enumerate(after) if k is None]
    return run_layout(colour, lo - len(before), frozenset(jokers), len(before) + len(block.tiles) + len(after))
