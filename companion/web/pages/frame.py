"""The frame every page shares: the request's language, texts (the game's, then the frame's), asset URLs
with cache busting, the language switch, error pages and the web app manifest."""

from __future__ import annotations

import json
import secrets
import threading
from functools import partial
from pathlib import Path
from typing import Any

from flask import Response, current_app, g, redirect, render_template, request, url_for
from markupsafe import Markup
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RoutingException
from werkzeug.wrappers import Response as BaseResponse  # what redirect() makes

from ... import games
from ...games import base
from ...games.texts import Texts, language_name
from ...games.ui import GameUI
from ...service import ServiceError
from .. import game_assets
from ..errors import HTTP_FAILED, HTTP_MESSAGES
from ..i18n import LANGS, request_lang
from ..pieces import SHARE_FROM, block_mark
from ..security import Refused
from ..ui_text import FRAME
from ..ui_text import JS_TEXT as FRAME_JS_TEXT
from ..viewer import service  # noqa: F401  (pages/live.py takes it from here)
from . import pages

LANG_COOKIE = "lang"
YEAR = 365 * 24 * 3600


def game_ui(game: base.Game) -> GameUI | None:
    """A game's presentation, loaded on first use (an API-only game has none)."""
    ui = game.ui
    return ui() if callable(ui) else ui


# Keyed by the game's UI object itself (kept with the value, checked on the way out): a game registered at run
# time under an id another one had (the tests do) must not get the other's sentences.
_TEXTS: dict[int, tuple[GameUI, Texts]] = {}
_JS_TEXT: dict[tuple[int, str], tuple[GameUI | None, dict[str, str | dict[str, str]]]] = {}
_MACROS: dict[tuple[Any, ...], Any] = {}
_MACROS_SAME: dict[tuple[Any, ...], tuple[tuple[Any, ...], Any]] = {}  # by the arguments' identity
_MACROS_LOCK = threading.Lock()


def texts_for(game: base.Game | None) -> Texts:
    """What ``t`` looks keys up in: the game's texts first (when a page shows a game), then the frame's.
    Made once per game, so that its memory of looked-up keys lasts (every rendering asks for hundreds)."""
    if game is None:
        return FRAME
    ui = game_ui(game)
    if ui is None:
        return FRAME
    kept = _TEXTS.get(id(ui))
    if kept is None or kept[0] is not ui:
        kept = _TEXTS[id(ui)] = (ui, Texts({}, ui.texts, FRAME))
    return kept[1]


def _js_text(game: base.Game | None, lang: str, texts: Texts) -> dict[str, str | dict[str, str]]:
    """The sentences the page's scripts need, per game and language (the same for every rendering). A plural
    entry comes as its form per plural category ({"one": …, "other": …}): the script picks one with the
    browser's ``Intl.PluralRules`` (``tn`` in static/js/app.js)."""
    ui = game_ui(game) if game is not None else None
    kept = _JS_TEXT.get((id(ui), lang))
    if kept is None or kept[0] is not ui:
        keys = FRAME_JS_TEXT + (ui.js_text if ui is not None else ())
        extra = ui.js_extra(lang) if ui is not None else {}
        said: dict[str, str | dict[str, str]] = {
            k: texts.forms(k, lang) if texts.is_plural(k) else texts.t(k, lang) for k in keys}
        kept = _JS_TEXT[(id(ui), lang)] = (ui, {**said, **extra})
    return kept[1]


@pages.before_request
def _lang() -> None:
    g.lang = request_lang()


@pages.after_request
def _headers(resp: Response) -> Response:
    resp.headers.setdefault("Content-Language", getattr(g, "lang", "en"))
    resp.vary.add("Accept-Language")
    resp.vary.add("Cookie")
    if resp.mimetype == "text/html":
        resp.headers.setdefault("Cache-Control", "no-store")
    return resp


_ASSET_VERSIONS: dict[tuple[str | None, str], str] = {}
_ASSET_URLS: dict[tuple[str, str | None, str], str] = {}  # (script root, blueprint, path) -> URL: ~60 a fragment


def asset(path: str, blueprint: str | None = None) -> str:
    """URL of a static file (the app's, or a game blueprint's) with a version from its modification time
    (cache busting without a build)."""
    key = (request.script_root, blueprint, path)
    url = _ASSET_URLS.get(key)
    if url is not None:
        return url
    version = _ASSET_VERSIONS.get((blueprint, path))
    if version is None:
        folder = current_app.static_folder if blueprint is None else current_app.blueprints[blueprint].static_folder
        try:
            version = str(int(Path(folder or "", path).stat().st_mtime))
        except OSError:
            version = "0"
        _ASSET_VERSIONS[(blueprint, path)] = version
    url = url_for("static" if blueprint is None else f"{blueprint}.static", filename=path, v=version)
    if len(_ASSET_URLS) < 4096:  # bounded: paths come from templates, script roots from the deployment
        _ASSET_URLS[key] = url
    return url


def game_asset(game: base.Game[Any, Any] | None, path: str) -> str:
    """URL of a game's static file: its own (``"the-pairs.css"``), a kit's (``"pairs:pairs.css"``), or for a
    game without a package (registered by hand, as the tests do) the app's."""
    blueprint, inside = game_assets.static_file(game, path)
    return asset(inside, blueprint)


def game_icon(game_id: str) -> str:
    """URL of a game's picture (start page, plays)."""
    blueprint, path = game_assets.icon(games.get(game_id), game_id)
    return asset(path, blueprint)


def cached_macro(macro: Any, *args: Any, **kwargs: Any) -> Any:
    """``macro(*args, **kwargs)``, remembered by its arguments: for big pure macros (the deck's card grid is
    a third of a Laminate rendering, and the same for every phone and most versions). The macro must depend
    on nothing but its arguments, the language and the static files' URLs (the script root), and an argument
    is never changed once passed: the very same objects again are taken to draw the same (Laminate's grids are
    made once and shared, so every seat's "my hand" finds its grid without writing its 60 cards out as a key)."""
    # The macro by its code (the same object for every rendering of its template, unlike the macro itself),
    # so that two templates' macros of one name never share; the app, whose static URL the grid draws with.
    code = getattr(getattr(macro, "_func", None), "__code__", macro.name)
    same = (code, tuple(map(id, args)), repr(sorted(kwargs.items())), getattr(g, "lang", ""), request.script_root,
            id(current_app))
    kept = _MACROS_SAME.get(same)
    if kept is not None and all(a is b for a, b in zip(kept[0], args)):
        html = kept[1]
    else:
        html = _cached_macro(code, macro, args, kwargs)
        with _MACROS_LOCK:  # the arguments are kept with it: their ids cannot be reused while it is here
            while len(_MACROS_SAME) >= 256:
                del _MACROS_SAME[next(iter(_MACROS_SAME))]
            _MACROS_SAME[same] = (args, html)
    if g.get("share_texts") and len(html) >= SHARE_FROM:  # a rendering for the cache: the text kept once there
        return Markup(block_mark(html))
    return html


def _cached_macro(code: Any, macro: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    # repr() of the arguments (plain dicts, lists, strings, numbers from the views) is made in C: ~10x faster
    # than freezing them into tuples, and the same text for the same arguments.
    key = (code, repr(args), repr(sorted(kwargs.items())), getattr(g, "lang", ""), request.script_root, id(current_app))
    found = _MACROS.get(key)
    if found is not None:
        return found
    html = macro(*args, **kwargs)
    with _MACROS_LOCK:
        while len(_MACROS) >= 256:  # a few per table and language at a time; forget the oldest
            del _MACROS[next(iter(_MACROS))]
        _MACROS[key] = html
    return html


_ITEMS: dict[tuple[Any, ...], tuple[Any, Any]] = {}
MAX_ITEMS = 16384  # a history's 56 rows at a few hundred tables in two languages


def remembered(macro: Any, item: Any, scope: tuple[Any, ...] | None = None) -> Any:
    """``macro(item)`` for one item of a long list that never changes once made (a history row: the log's
    rows are kept from version to version, and a row taken back by an undo is a new one), remembered by the
    item itself: a page lists 56 of them, and each was drawn again for every version (issue 20). The macro
    must depend on nothing but the item, the language and the game's texts (``scope``: those of this rendering,
    from ``remembering_scope``)."""
    code = getattr(getattr(macro, "_func", None), "__code__", macro.name)
    key = (code, id(item), *(scope or remembering_scope()))
    found = _ITEMS.get(key)
    if found is not None and found[0] is item:
        return found[1]
    html = macro(item)
    with _MACROS_LOCK:  # the item is kept with it: its id cannot be reused while it is here
        while len(_ITEMS) >= MAX_ITEMS:
            del _ITEMS[next(iter(_ITEMS))]
        _ITEMS[key] = (item, html)
    return html


def remembering_scope() -> tuple[Any, ...]:
    """What a remembered row's text depends on besides the row: read once per rendering, not once per row (four
    context lookups for each of a page's 56 rows were 1.5 % of a rendering)."""
    return getattr(g, "lang", ""), id(g.get("game")), request.script_root, id(current_app)


@pages.context_processor
def _template_globals() -> dict[str, Any]:
    lang = getattr(g, "lang", "en")
    here = request.full_path.rstrip("?") if request.method == "GET" else _get_page_for_post()
    game = getattr(g, "game", None)
    texts = texts_for(game)
    ui = game_ui(game) if game is not None else None
    return {
        "lang": lang,
        "t": lambda key, /, **kw: texts.t(key, lang, **kw),
        "tn": lambda key, count, /, **kw: texts.tn(key, count, lang, **kw),
        "other_langs": [{"code": code, "name": language_name(code),
                         "url": url_for("pages.set_lang", code=code, next=here)} for code in LANGS if code != lang],
        "other_lang": next((code for code in LANGS if code != lang), lang),  # a second name beside a name (rules)
        "languages": [{"code": code, "name": language_name(code)} for code in LANGS],
        "asset": asset,
        "js_text": _js_text(game, lang, texts),
        "cached": cached_macro,
        "remembered": partial(remembered, scope=remembering_scope()),
        "game_scripts": [game_asset(game, p) for p in ui.scripts] if ui is not None else (),
        "game_styles": [game_asset(game, p) for p in ui.styles] if ui is not None else (),
        "game_asset": lambda path: game_asset(game, path),
        "game_icon": game_icon,
        "new_action_id": _new_action_id,
        "game": game,
        # the header's Rules link goes to the game's own rules page; a game without one (an API-first game, a
        # test's) shows no link rather than one that answers 404
        "game_has_rules": ui is not None and ui.rules_template is not None,
    }


def _new_action_id() -> str:
    """A fresh idempotency key for one form (the shared rendering gives every phone its own: fragcache)."""
    return secrets.token_urlsafe(12)


def _get_page_for_post() -> str:
    """Where the language switch of a page answering a POST leads: the table's page, or the start page."""
    tid = (request.view_args or {}).get("tid")
    return url_for("pages.table", tid=tid) if isinstance(tid, str) and tid else "/"


def _safe_next(target: str | None) -> str:
    """A local page of this app to go back to, or "/": one leading slash, no control characters or backslash
    (browsers drop tabs and newlines, so "/\t/evil" would become "//evil"), and a path this app answers."""
    if (not target or not target.startswith("/") or target.startswith("//") or "\\" in target
            or any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in target)):
        return "/"
    path = target.split("#", 1)[0].split("?", 1)[0]
    try:
        current_app.url_map.bind("").match(path, method="GET")
    except (HTTPException, RoutingException):
        return "/"
    return target


@pages.get("/lang/<code>")
def set_lang(code: str) -> BaseResponse:
    resp = redirect(_safe_next(request.args.get("next")), 303)
    if code in LANGS:
        resp.set_cookie(LANG_COOKIE, code, max_age=YEAR, samesite="Lax", httponly=True)
    return resp


@pages.errorhandler(Refused)
def _refused(exc: Refused) -> tuple[str, int]:
    """A form the security layer turned away (expired token, another site): say so, offer the way back."""
    g.lang = getattr(g, "lang", None) or request_lang()
    tid = (request.view_args or {}).get("tid")
    back = url_for("pages.table", tid=tid) if tid else None
    message = exc.words.say(g.lang)
    return render_template("error.html", title=FRAME.t("refused", g.lang), message=message, back=back), exc.code or 403


def http_error_page(exc: HTTPException) -> tuple[str, int, dict[str, str]]:
    """404, 405, 413… outside the API: a page in the request's language (not Werkzeug's English one)."""
    g.lang = getattr(g, "lang", None) or request_lang()
    status = exc.code or 500
    _, words = HTTP_MESSAGES.get(status, HTTP_FAILED)
    tid = (request.view_args or {}).get("tid")
    back = url_for("pages.table", tid=tid) if isinstance(tid, str) and tid else None
    title = FRAME.t(f"http_{status}" if f"http_{status}" in FRAME else "http_error", g.lang)
    html = render_template("error.html", **_template_globals(), title=title, message=words.say(g.lang),
                           back=back)
    return html, status, {"Content-Language": g.lang}


@pages.errorhandler(ServiceError)
def _service_error(exc: ServiceError) -> tuple[str, int]:
    key = "not_found" if exc.status == 404 else "read_only"
    return (render_template("error.html", title=FRAME.t(f"{key}_title", g.lang), message=exc.message(g.lang)),
            exc.status)


@pages.get("/manifest.webmanifest")
def manifest() -> Response:
    body = {
        "name": FRAME.t("brand", g.lang) + " · " + FRAME.t("brand_sub", g.lang),
        "short_name": FRAME.t("brand", g.lang),
        "lang": g.lang,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f6efe3",
        "theme_color": "#1f5c46",
        "icons": [
            {"src": asset("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": asset("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": asset("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": asset("icons/maskable-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }
    return Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")
