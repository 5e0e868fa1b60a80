"""Tile kinds and set layouts of the best-play solver (standalone: no engine imports).

A tile kind is an index: colour c (b, r, y, k) and number n give ``13 * c + n - 1``; the joker is 52. A
``Layout`` is a set as it lies: tiles in table order and what each joker stands for.
"""

from __future__ import annotations

from dataclasses import dataclass

COLOURS = "bryk"
JOKER = "J"
JK = 52  # the joker's kind index
KINDS = 53


def kind_of(tile: str) -> int:
    """The kind index of a tile string; ValueError for anything that is not a tile."""
    text = tile.strip().lower() if isinstance(tile, str) else ""
    if text == "j":
        return JK
    if len(text) in (2, 3) and text[0] in COLOURS and text[1:].isdigit() and 1 <= int(text[1:]) <= 13:
        return 13 * COLOURS.index(text[0]) + int(text[1:]) - 1
    raise ValueError(f"not a tile: {tile!r}")


def tile_of(kind: int) -> str:
    return JOKER if kind == JK else f"{COLOURS[kind // 13]}{kind % 13 + 1}"


def number(kind: int) -> int:
    return kind % 13 + 1


@dataclass(frozen=True)
class Layout:
    """One set laid out: tiles in table order, ``stands`` gives each joker's stand-in tile (None otherwise)."""

    kind: str  # "run" | "group"
    tiles: tuple[str, ...]
    stands: tuple[str | None, ...]

    def joker_values(self) -> tuple[int, ...]:
        """Numbers the jokers stand for, highest first."""
        return tuple(sorted((int(s[1:]) for s in self.stands if s), reverse=True))

    def key(self) -> tuple[int, ...]:
        return tuple(sorted(kind_of(t) for t in self.tiles))


def run_layout(colour: int, start: int, jokers: frozenset[int], length: int) -> Layout:
    """A run of ``colour`` from ``start``; positions (0-based) in ``jokers`` hold jokers."""
    tiles, stands = [], []
    for p in range(length):
        real = tile_of(13 * colour + start + p - 1)
        tiles.append(JOKER if p in jokers else real)
        stands.append(real if p in jokers else None)
    return Layout("run", tuple(tiles), tuple(stands))


def group_layout(num: int, colours: tuple[int, ...], jokers: int) -> Layout:
    """A group of ``num``: real colours sorted b, r, y, k, then jokers standing for the first missing colours."""
    missing = [c for c in range(4) if c not in colours][:jokers]
    tiles = [tile_of(13 * c + num - 1) for c in sorted(colours)] + [JOKER] * jokers
    stands = [None] * len(colours) + [tile_of(13 * c + num - 1) for c in missing]
    return Layout("group", tuple(tiles), tuple(stands))


def interpret(tiles: list[str], kind: str | None = None) -> Layout | None:
    """The layout of an ordered set as it lies on the table, or None: of the ``kind`` given (the table's own,
    which settles J J r5), else a run read in its order, else a group."""
    kinds = [kind_of(t) for t in tiles]
    real = [k for k in kinds if k != JK]
    if not real or len(kinds) < 3 or len(kinds) - len(real) > 2:
        return None
    first = next(p for p, k in enumerate(kinds) if k != JK)
    start = number(kinds[first]) - first
    colour = real[0] // 13
    if (kind != "group" and len(kinds) <= 13 and start >= 1 and start + len(kinds) - 1 <= 13
            and all(k == JK or (k // 13 == colour and number(k) == start + p) for p, k in enumerate(kinds))):
        return run_layout(colour, start, frozenset(p for p, k in enumerate(kinds) if k == JK), len(kinds))
    colours = tuple(k // 13 for k in real)
    if (kind != "run" and len(kinds) <= 4 and len({number(k) for k in real}) == 1
            and len(set(colours)) == len(colours)):
        return group_layout(number(real[0]), colours, len(kinds) - len(real))
    return None


def run_span(layout: Layout) -> tuple[int, int, int]:
    """(colour, first number, last number) of a run layout."""
    first = kind_of(layout.stands[0] or layout.tiles[0])
    return first // 13, number(first), number(first) + len(layout.tiles) - 1


def join_runs(sets: list[Layout]) -> list[Layout]:
    """Join runs of one colour that connect (b1–b5 + b6–b8 → b1–b8): one set where the flows read two."""
    chains: list[Layout] = []
    open_end: dict[tuple[int, int], list[int]] = {}  # (colour, last number) -> chains ending there
    for s in sorted((s for s in sets if s.kind == "run"), key=run_span):
        colour, lo, hi = run_span(s)
        waiting = open_end.get((colour, lo - 1))
        if waiting:
            p = waiting.pop()
            c = chains[p]
            js = frozenset(q for q, x in enumerate(c.stands + s.stands) if x)
            chains[p] = run_layout(colour, run_span(c)[1], js, len(c.tiles) + len(s.tiles))
        else:
            chains.append(s)
            p = len(chains) - 1
        open_end.setdefault((colour, hi), []).append(p)
    return chains + [s for s in sets if s.kind != "run"]


def set_order(layout: Layout) -> tuple[int, ...]:
    """Runs by colour and start, then groups by number."""
    if layout.kind == "run":
        return (0, *run_span(layout))
    return (1, number(kind_of(next(x for x in layout.tiles if x != JOKER))), len(layout.tiles))
