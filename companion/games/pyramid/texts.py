"""Pyramid's words for its pages and scripts. The sentences live in its message catalogs
(``locale/<lang>/LC_MESSAGES/pyramid.po``, one per language; docs/translating.md); the Pairs deck's words come from
the kit's (``companion.games.pairs.texts``), words every game shares from the frame's
(``companion.games.texts.COMMON``). Player names reach them only as parameters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..pairs.texts import PAIRS
from ..texts import COMMON, Texts, join_names

PY = Texts.load(Path(__file__).resolve().parent / "locale", "pyramid", PAIRS)


def t(key: str, lang: str, /, **params: Any) -> str:
    return PY.t(key, lang, **params)


def tn(key: str, n: int, lang: str, /, **params: Any) -> str:
    """A sentence with a count in it, in the plural form ``n`` takes in ``lang``."""
    return PY.tn(key, n, lang, **params)


def cards_text(cards: list[int] | tuple[int, ...], lang: str) -> str:
    """7, 3, 9 / 7・3・9."""
    return COMMON.t("numbers_sep", lang).join(str(c) for c in cards)


__all__ = ["PY", "cards_text", "join_names", "t", "tn"]
