"""RK1 tiles in words and kinds: the colours with their names, the joker, every kind of tile, and a tile as a
sentence shows it ("red 9" / "赤の9"). No parsing and no refusals here: ``tiles.py`` parses (and refuses a
string that is no tile), and the refusals' sentences (``errors.py``) name tiles with this module."""

from __future__ import annotations

from collections.abc import Iterable

from .texts import RK

COLOURS = ("b", "r", "y", "k")  # the seed's order: 青・赤・黄・黒
NUMBERS = range(1, 14)
JOKER = "J"
TILE_KINDS: tuple[str, ...] = tuple(f"{c}{n}" for c in COLOURS for n in NUMBERS) + (JOKER,)


def colour_name(colour: str, lang: str) -> str:
    """A colour's name ("red" / "赤"): Rummikub's catalogs (``colour_name_<letter>``)."""
    return RK.t(f"colour_name_{colour}", lang)


def label(tile: str, lang: str = "en") -> str:
    """A tile for a sentence: "red 9" / "赤の9", "joker" / "ジョーカー", a group stand-in "any 10" / "任意の色の10"."""
    if tile == JOKER:
        return RK.t("tile_joker", lang)
    if tile.startswith("*"):
        return RK.t("tile_any", lang, n=tile[1:])
    return RK.t("tile_label", lang, colour=colour_name(tile[0], lang), n=tile[1:])


def labels(tiles: Iterable[str], lang: str = "en") -> str:
    return RK.t("tile_sep", lang).join(label(t, lang) for t in tiles)
