"""Flask application factory: JSON API, live stream and pages over one TableService."""

from __future__ import annotations

import secrets
from pathlib import Path

from flask import Flask, make_response, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as BaseResponse  # what redirect() makes

from ..games.texts import LANGUAGES
from ..service import TableService
from ..store import open_store
from .templating import CompanionFlask

PACKAGE_DIR = Path(__file__).resolve().parent.parent
MAX_BODY = 64 * 1024  # a full meld is well under 1 KiB; anything near this is not a player


def _asset_dir(name: str) -> str:
    """Inside the installed package when present (wheel), else the repository's top-level folder."""
    inside = PACKAGE_DIR / name
    return str(inside if inside.is_dir() else PACKAGE_DIR.parent / name)


class _Json(DefaultJSONProvider):
    sort_keys = False
    ensure_ascii = False


def create_app(db_path: str, *, lang: str = "en", public_url: str | None = None,
               secret_key: str | None = None) -> Flask:
    app = CompanionFlask("companion", static_folder=_asset_dir("static"), template_folder=_asset_dir("templates"))
    app.config.update(
        MAX_CONTENT_LENGTH=MAX_BODY,
        SECRET_KEY=secret_key or secrets.token_hex(32),
        COMPANION_LANG=lang if lang in LANGUAGES else "en",
        PUBLIC_URL=public_url,
        JSON_SORT_KEYS=False,
    )
    app.json = _Json(app)  # keys in the order the code writes them; Japanese as itself, not \u escapes
    service = TableService(open_store(db_path))
    app.extensions["companion"] = service

    from . import game_assets
    from .api import api
    from .openapi import openapi
    from .pages import pages
    from .plays_api import plays_api
    from .security import init_security

    app.register_blueprint(api)
    app.register_blueprint(plays_api)
    app.register_blueprint(openapi)
    app.register_blueprint(pages)
    game_assets.register(app)  # each game's own templates and static files, from its package
    init_security(app)

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException) -> BaseResponse:
        # Werkzeug's own headers for the refusal: a 405 (TRACE, PUT …) names the methods the address takes.
        allow = dict(exc.get_headers()).get("Allow", "")
        if request.path.startswith("/api/"):
            from .errors import from_http
            return from_http(exc.code or 500, [m.strip() for m in allow.split(",") if m.strip()])
        if (exc.code or 500) < 400 or exc.response is not None:
            return exc.get_response()
        from .pages import http_error_page
        resp = make_response(http_error_page(exc))
        if allow:
            resp.headers["Allow"] = allow
        return resp

    return app
