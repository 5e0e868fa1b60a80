"""The Pairs' words for its pages and scripts. The sentences live in its message catalogs
(``locale/<lang>/LC_MESSAGES/the_pairs.po``, one per language; docs/translating.md); words every game shares come
from the frame's (``companion.games.texts.COMMON``). Player names reach them only as parameters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..texts import COMMON, Texts

TP = Texts.load(Path(__file__).resolve().parent / "locale", "the_pairs", COMMON)


def t(key: str, lang: str, **params: Any) -> str:
    return TP.t(key, lang, **params)


def tn(key: str, n: int, lang: str, /, **params: Any) -> str:
    """A sentence with a count in it, in the plural form ``n`` takes in ``lang``."""
    return TP.tn(key, n, lang, **params)


def a_card(card: object, lang: str) -> str:
    """English "a 7" / "an 8" (Japanese sentences use the number alone)."""
    if lang == "ja":
        return str(card)
    return ("an " if card == 8 else "a ") + str(card)


def numbers(cards: list[int] | tuple[int, ...], lang: str) -> str:
    return ("・" if lang == "ja" else ", ").join(str(c) for c in cards)
