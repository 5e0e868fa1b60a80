"""Cracker's words for its pages and scripts. The sentences live in its message catalogs
(``locale/<lang>/LC_MESSAGES/cracker.po``, one per language; docs/translating.md); the Pairs deck's words come from
the kit's (``companion.games.pairs.texts``), words every game shares from the frame's
(``companion.games.texts.COMMON``). Player names reach them only as parameters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..pairs.texts import PAIRS
from ..texts import Texts, join_names

CR = Texts.load(Path(__file__).resolve().parent / "locale", "cracker", PAIRS)


def t(key: str, lang: str, /, **params: Any) -> str:
    return CR.t(key, lang, **params)


def tn(key: str, n: int, lang: str, /, **params: Any) -> str:
    """A sentence with a count in it, in the plural form ``n`` takes in ``lang``."""
    return CR.tn(key, n, lang, **params)


def hand_text(hand: list[int] | tuple[int, ...], lang: str) -> str:
    return t("hand_sep", lang).join(map(str, hand))


def winners_text(names: list[str], lang: str) -> str:
    if len(names) == 1:
        return t("winner_one", lang, name=names[0])
    return t("winner_many", lang, names=join_names(names, lang))
