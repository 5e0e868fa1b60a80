"""RK1 tiles in words and kinds: the colours with their names, the joker, every kind of tile, and a tile as a
sentence shows it ("red 9" / "赤の9"). No parsing and no refusals here: ``tiles.py`` parses (and refuses a
string that is no tile), and the refusals' sentences (``errors.py``) name tiles with this module."""

from __future__ import annotations

from collections.abc import Iterable

COLOURS = ("b", "r", "y", "k")  # the seed's order: 青・赤・黄・黒
COLOUR_NAMES: dict[str, tuple[str, str]] = {"b": ("blue", "青"), "r": ("red", "赤"), "y": ("yellow", "黄"),
                                            "k": ("black", "黒")}
NUMBERS = range(1, 14)
JOKER = "J"
TILE_KINDS: tuple[str, ...] = tuple(f"{c}{n}" for c in COLOURS for n in NUMBERS) + (JOKER,)


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
