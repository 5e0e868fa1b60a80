"""Which language a request wants: an explicit choice (query or cookie) first, then Accept-Language."""

from __future__ import annotations

from flask import current_app, request

LANGS = ("ja", "en")


def request_lang() -> str:
    chosen = request.args.get("lang") or request.cookies.get("lang")
    if chosen in LANGS:
        return chosen
    best = request.accept_languages.best_match(LANGS) if request.accept_languages else None
    return best or current_app.config.get("COMPANION_LANG", "en")
