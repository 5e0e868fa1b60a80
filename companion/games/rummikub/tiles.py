"""RK1 tiles as short strings: colour letter + number (``"r9"``), the joker ``"J"``; names in en/ja.

Strings keep actions, the log and the JSON identical; parsing is the one place that accepts any case.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from .errors import RummikubBadRequest

COLOURS = ("b", "r", "y", "k")  # the seed's order: 青・赤・黄・黒
COLOUR_NAMES: dict[str, tuple[str, str]] = {"b": ("blue", "青"), "r": ("red", "赤"), "y": ("yellow", "黄"),
                                            "k": ("black", "黒")}
NUMBERS = range(1, 14)
JOKER = "J"
COPIES = 2  # RK1: two of each tile, two jokers
TILE_KINDS: tuple[str, ...] = tuple(f"{c}{n}" for c in COLOURS for n in NUMBERS) + (JOKER,)
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
    raise RummikubBadRequest(f"“{shown[:20]}” is not a tile", code="bad_tile", tile=shown[:20])


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


def label(tile: str, lang: str = "en") -> str:
    """A tile for a sentence: "red 9" / "赤の9", "joker" / "ジョーカー", a group stand-in "any 10" / "任意の色の10"."""
    ja = lang == "ja"
    if tile == JOKER:
        return "ジョーカー" if ja else "joker"
    if tile.startswith("*"):
        return f"任意の色の{tile[1:]}" if ja else f"any {tile[1:]}"
    name = COLOUR_NAMES[tile[0]][1 if ja else 0]
    return f"{name}の{tile[1:]}" if ja else f"{name} {tile[1:]}"


def labels(tiles: Iterable[str], lang: str = "en") -> str:
    return ("、" if lang == "ja" else ", ").join(label(t, lang) for t in tiles)
