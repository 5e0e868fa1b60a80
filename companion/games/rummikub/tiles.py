"""RK1 tiles as short strings: colour letter + number (``"r9"``), the joker ``"J"``: parsing, order and counts
(their names in words are in ``tilenames.py``).

Strings keep actions, the log and the JSON identical; parsing is the one place that accepts any case.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from .errors import RummikubBadRequest
from .tilenames import COLOURS, JOKER, TILE_KINDS

COPIES = 2  # RK1: two of each tile, two jokers
TOTAL_TILES = COPIES * len(TILE_KINDS)  # 106
RACK_START = 14  # RK2

_TILE = re.compile(r"([bryk])([1-9]|1[0-3])")


def parse_tile(raw: Any) -> str:
    """The canonical form of a tile string (case-insensitive); ``bad_tile`` (400) for anything else."""
    if isinstance(raw, str):
        text = raw.strip().lower()
        if text == "j":
            return JOKER
        if _TILE.fullmatch(text):
            return text
    shown = raw if isinstance(raw, str) else repr(raw)
    raise RummikubBadRequest(code="bad_tile", tile=shown[:20])


def is_joker(tile: str) -> bool:
    return tile == JOKER


def colour(tile: str) -> str:
    return tile[0]


def number(tile_or_stand: str) -> int:
    """The number of a tile (``"r9"`` → 9) or of a group stand-in (``"*10"`` → 10)."""
    return int(tile_or_stand[1:])


def value_of(tile_or_stand: str | None, joker: int = 0) -> int:
    """Face value: a tile's or stand-in's number; a joker on its own counts ``joker`` (RK10 penalty)."""
    if tile_or_stand is None:
        return 0
    if tile_or_stand == JOKER:
        return joker
    return number(tile_or_stand)


def sort_key(tile: str) -> tuple[int, int]:
    """Colour order of the seed, then number; jokers last."""
    if tile == JOKER:
        return (len(COLOURS), 0)
    return (COLOURS.index(tile[0]), number(tile))


def sorted_tiles(tiles: Iterable[str]) -> list[str]:
    return sorted(tiles, key=sort_key)


def over_supply(tiles: Iterable[str]) -> list[tuple[str, int]]:
    """RK1/RK13: tiles present more than twice, with their count, in tile order."""
    counts = Counter(tiles)
    return [(t, counts[t]) for t in sorted_tiles(counts) if counts[t] > COPIES]
