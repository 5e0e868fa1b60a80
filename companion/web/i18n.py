"""Which language a request wants: an explicit choice (query or cookie) first, then Accept-Language (negotiated
by Babel among the languages offered), then the server's default. The languages offered are those the frame has
a message catalog for (``companion.games.texts.LANGUAGES``): adding a language is adding catalogs, no code."""

from __future__ import annotations

from babel import negotiate_locale
from flask import current_app, request

from ..games.texts import LANGUAGES

LANGS = LANGUAGES
_TAGS = {lang.replace("_", "-").lower(): lang for lang in LANGS}  # "pt-br" -> the catalogs' "pt_BR"


def request_lang() -> str:
    chosen = request.args.get("lang") or request.cookies.get("lang")
    if chosen in LANGS:
        return chosen
    wanted = [value.lower() for value, quality in request.accept_languages if quality > 0]
    best = negotiate_locale(wanted, list(_TAGS), sep="-") if wanted else None
    found = _TAGS.get(best.lower()) if best else None
    return found or current_app.config.get("COMPANION_LANG", "en")
