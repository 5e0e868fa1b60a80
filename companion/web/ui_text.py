"""The sentences of the pages' frame (home, header, join, seats, undo, errors, the plays pages): the frame's
message catalogs (``companion/locale/<lang>/LC_MESSAGES/frame.po``; docs/translating.md), which also hold the words
every game shares (``companion.games.texts.COMMON``). Game words come from each game's own catalogs.

Player names reach these strings only as parameters; templates render the result with autoescape on, and
the few strings that carry markup are never built from user data.
"""

from __future__ import annotations

from typing import Any

from ..games.texts import COMMON

FRAME = COMMON  # one catalog: the frame's pages, the plays pages and the words every game shares

#: Frame sentences the scripts need (the live-update and announcement code).
JS_TEXT = ("sound_on", "sound_off", "speak_on", "speak_off", "refused", "js_network", "js_reload")

TEXT = FRAME


def t(key: str, lang: str, /, **params: Any) -> str:
    return FRAME.t(key, lang, **params)
