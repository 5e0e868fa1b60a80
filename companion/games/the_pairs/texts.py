"""The Pairs' words for its pages and scripts. The sentences live in its message catalogs
(``locale/<lang>/LC_MESSAGES/the_pairs.po``, one per language; docs/translating.md); the Pairs deck's words come from
the kit's (``companion.games.pairs.texts``), words every game shares from the frame's
(``companion.games.texts.COMMON``). Player names reach them only as parameters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..pairs.texts import PAIRS
from ..texts import COMMON, Texts

TP = Texts.load(Path(__file__).resolve().parent / "locale", "the_pairs", PAIRS)


def t(key: str, lang: str, /, **params: Any) -> str:
    return TP.t(key, lang, **params)


def tn(key: str, n: int, lang: str, /, **params: Any) -> str:
    """A sentence with a count in it, in the plural form ``n`` takes in ``lang``."""
    return TP.tn(key, n, lang, **params)


def a_card(card: object) -> str:
    """ "a 7", "an 8": the English article before a number read aloud (the English sentences' {a_card}; other
    languages say {card})."""
    return ("an " if card == 8 else "a ") + str(card)


def numbers(cards: list[int] | tuple[int, ...], lang: str) -> str:
    return COMMON.t("numbers_sep", lang).join(str(c) for c in cards)
