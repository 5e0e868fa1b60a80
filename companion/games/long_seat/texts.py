"""Long Seat's words for its pages and scripts. The sentences live in its message catalogs
(``locale/<lang>/LC_MESSAGES/long_seat.po``, one per language; docs/translating.md); the Pairs deck's words come from
the kit's (``companion.games.pairs.texts``), words every game shares from the frame's
(``companion.games.texts.COMMON``). Player names reach them only as parameters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..pairs.texts import PAIRS
from ..texts import Texts, join_names

JS_TEXT: tuple[str, ...] = ()  # the risk switch needs no words of its own (static/js/games/long-seat.js)

LS = Texts.load(Path(__file__).resolve().parent / "locale", "long_seat", PAIRS)


def t(key: str, lang: str, /, **params: Any) -> str:
    return LS.t(key, lang, **params)


def tn(key: str, n: int, lang: str, /, **params: Any) -> str:
    """A sentence with a count in it, in the plural form ``n`` takes in ``lang``."""
    return LS.tn(key, n, lang, **params)


def count_text(n: int, lang: str) -> str:
    """1 card, 2 cards / 1枚, 2枚."""
    return tn("cards", n, lang)


def a_card(card: int) -> str:
    """ "a 7", "an 8": the English article before a number read aloud."""
    return f"an {card}" if card == 8 else f"a {card}"


def cards_text(cards: tuple[int, ...] | list[int], lang: str) -> str:
    return t("cards_sep", lang).join(map(str, cards))


__all__ = ["JS_TEXT", "LS", "a_card", "cards_text", "count_text", "join_names", "t", "tn"]
