"""すたっぷすたっぷ's words for its pages and scripts. The sentences live in its message catalogs
(``locale/<lang>/LC_MESSAGES/stapstap.po``, one per language; docs/translating.md); words every game shares come
from the frame's (``companion.games.texts.COMMON``). Player names reach them only as parameters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..texts import COMMON, Texts

ST = Texts.load(Path(__file__).resolve().parent / "locale", "stapstap", COMMON)


def t(key: str, lang: str, /, **params: Any) -> str:
    return ST.t(key, lang, **params)


def tn(key: str, n: int, lang: str, /, **params: Any) -> str:
    """A sentence with a count in it, in the plural form ``n`` takes in ``lang``."""
    return ST.tn(key, n, lang, **params)

