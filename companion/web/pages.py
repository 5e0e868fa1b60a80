"""Server-rendered pages (Jinja + htmx partials), phone first, working without JavaScript.

URLs (fixed):
  /                      start a table; recent tables to rejoin
  /t/<id>                the table for players (full access)        /t/<id>/fragment   the live region alone
  /v/<view_id>           the same table read-only                   /v/<view_id>/fragment
  /t/<id>/qr.svg         QR code of the players' link (PUBLIC_URL or the request's host)
  /t/<id>/act            POST: an action from a form (PRG; htmx gets the fragment back)
  /t/<id>/undo           GET: confirmation page; POST: undo the last action
  /t/<id>/me             POST: "this device is seat N" (a cookie scoped to the table's path)
  /t/<id>/assistant      POST: the table setting that turns the publish assistant on or off (PRG)
  /t/<id>/log.json|csv   the log, readable (also under /v/<view_id>/)
  /rules                 the rules in your own words, with the paper table
"""

from __future__ import annotations

import csv
import io
import json
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import quote

import qrcode
import qrcode.image.svg
from flask import (
    Blueprint,
    Response,
    current_app,
    g,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RoutingException

from ..games.laminate import PAPER_TYPES, PAPERS, IllegalAction, parse_action
from ..service import ServiceError, Stale, TableService
from .errors import HTTP_MESSAGES
from .i18n import LANGS, request_lang
from .security import Refused
from .ui_text import JS_TEXT, MATCH_REASONS, TEXT, t
from .views import PICKER_WHERE, card_view, error_shown, history_for, parse_uint, table_view

pages = Blueprint("pages", __name__)
MAX_JOINED = 20  # tables a browser remembers for the home page's rejoin list

ME_COOKIE = "me"
LANG_COOKIE = "lang"
YEAR = 365 * 24 * 3600
# The flash rides in the session cookie (4 KB in all): what a form echoes back is bounded.
ECHO_MAX = 300  # characters of a refusal sentence
MAX_ECHOED = 64  # cards or cited papers of a form looked at


def service() -> TableService:
    return current_app.extensions["companion"]


# --- per-request language and template helpers ----------------------------------------------------------


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


_ASSET_VERSIONS: dict[str, str] = {}


def asset(path: str) -> str:
    """URL of a static file with a version from its modification time (cache busting without a build)."""
    version = _ASSET_VERSIONS.get(path)
    if version is None:
        try:
            version = str(int(Path(current_app.static_folder, path).stat().st_mtime))
        except OSError:
            version = "0"
        _ASSET_VERSIONS[path] = version
    return url_for("static", filename=path, v=version)


@pages.context_processor
def _template_globals() -> dict[str, Any]:
    lang = getattr(g, "lang", "en")
    other = "en" if lang == "ja" else "ja"
    here = request.full_path.rstrip("?") if request.method == "GET" else _get_page_for_post()
    return {
        "lang": lang,
        "other_lang": other,
        "t": lambda key, **kw: t(key, lang, **kw),
        "lang_url": url_for("pages.set_lang", code=other, next=here),
        "asset": asset,
        "js_text": {**{key: t(key, lang) for key in JS_TEXT},
                    **{f"paper_{p.id}": p.name(lang) for p in PAPER_TYPES}},
        "match_reasons": {code: pair[1 if lang == "ja" else 0] for code, pair in MATCH_REASONS.items()},
    }


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
def set_lang(code: str) -> Response:
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
    message = exc.ja if g.lang == "ja" else exc.en
    return render_template("error.html", title=t("refused", g.lang), message=message, back=back), exc.code or 403


def http_error_page(exc: HTTPException) -> tuple[str, int, dict[str, str]]:
    """404, 405, 413… outside the API: a page in the request's language (not Werkzeug's English one)."""
    g.lang = getattr(g, "lang", None) or request_lang()
    status = exc.code or 500
    _, en, ja = HTTP_MESSAGES.get(status, ("error", "The request failed.", "リクエストに失敗しました。"))
    tid = (request.view_args or {}).get("tid")
    back = url_for("pages.table", tid=tid) if isinstance(tid, str) and tid else None
    title = t(f"http_{status}" if f"http_{status}" in TEXT else "http_error", g.lang)
    html = render_template("error.html", **_template_globals(), title=title, message=ja if g.lang == "ja" else en,
                           back=back)
    return html, status, {"Content-Language": g.lang}


@pages.errorhandler(ServiceError)
def _service_error(exc: ServiceError) -> tuple[str, int]:
    key = "not_found" if exc.status == 404 else "read_only"
    return render_template("error.html", title=t(f"{key}_title", g.lang), message=exc.message(g.lang)), exc.status


# --- home -----------------------------------------------------------------------------------------------


@pages.get("/")
def home() -> str:
    return _render_home({}, None)


def _render_home(form: dict[str, Any], error: str | None, status: int = 200) -> tuple[str, int] | str:
    recent = []
    for record, version, last_at in service().recent(12):
        try:
            over = service().snapshot(record.id).state.over
        except ServiceError:  # pragma: no cover - a table vanishing between the two reads
            continue
        # Anyone on the Wi-Fi can open this page: a table's full (acting) link is offered only to a
        # browser that has had it before, or to the host machine itself; others may watch.
        joined = record.id in session.get("joined", ()) or _from_this_machine()
        recent.append({"id": record.id, "view_id": record.view_id, "joined": joined,
                       "players": record.players, "moves": version,
                       "at": last_at or record.created_at, "over": over})
    html = render_template("home.html", recent=recent, form=form, error=error)
    return (html, status) if status != 200 else html


def _from_this_machine() -> bool:
    return request.remote_addr in {"127.0.0.1", "::1"}


def _remember_joined(table_id: str) -> None:
    """Note in this browser's (signed) session that it holds the table's full link."""
    joined = [t for t in session.get("joined", []) if t != table_id]
    session["joined"] = [table_id, *joined][:MAX_JOINED]


@pages.post("/")
def create() -> Response | tuple[str, int] | str:
    raw = [request.form.get(f"name{i}", "") for i in range(5)]
    filled = [(i, name) for i, name in enumerate(raw) if name.strip()]
    start_raw = request.form.get("start", "random")
    lang = request.form.get("lang")
    form = {"names": raw, "start": start_raw, "lang": lang}
    start: Any = "random"
    if start_raw != "random":
        try:
            start = [i for i, _ in filled].index(int(start_raw))
        except ValueError:
            return _render_home(form, t("form_missing", g.lang, what=t("start_label", g.lang)), 400)
    try:
        snap = service().create_table([name for _, name in filled], start)
    except ServiceError as exc:
        return _render_home(form, exc.message(g.lang), 400)
    resp = redirect(url_for("pages.table", tid=snap.record.id), 303)
    if lang in LANGS:
        resp.set_cookie(LANG_COOKIE, lang, max_age=YEAR, samesite="Lax", httponly=True)
    return resp


@pages.get("/rules")
def rules() -> str:
    return render_template("rules.html", papers=PAPER_TYPES, deck=service().deck,
                           example=[card_view(c, g.lang) for c in ("heart-5", "book-5", "coin-5")])


@pages.get("/manifest.webmanifest")
def manifest() -> Response:
    body = {
        "name": t("brand", g.lang) + " · " + t("brand_sub", g.lang),
        "short_name": t("brand", g.lang),
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


# --- the table ------------------------------------------------------------------------------------------


def _full(tid: str):
    record, full = service().resolve(tid)
    return record, full


def _me(record) -> int | None:
    return parse_uint(request.cookies.get(ME_COOKIE), limit=len(record.players))


def _selection_from_query() -> dict[str, Any]:
    split = lambda key: [v for raw in request.args.getlist(key) for v in raw.split(",") if v]  # noqa: E731
    return {"cards": split("cards"), "cite": split("cite"), "paper": request.args.get("paper")}


def _localise_error(err: dict[str, Any] | None) -> dict[str, Any] | None:
    if not err:
        return None
    return {**err, "message": err["ja"] if g.lang == "ja" else err["en"]}


def _render_table(record, full: bool, *, fragment: bool = False, flash: dict[str, Any] | None = None) -> str:
    snap = service().snapshot(record.id)
    flash = flash or {}
    selection = flash.get("selection")
    picker_open = bool(flash.get("picker"))
    check = bool(flash.get("check"))
    if selection is None and request.args.get("picker") == "open":
        selection = _selection_from_query()
        check = request.args.get("check") == "1"
    if request.args.get("picker") == "open":
        picker_open = True
    error = _localise_error(flash.get("error"))
    notice = flash.get("notice")
    notice = notice.get(g.lang) if isinstance(notice, dict) else None
    if full and check and selection and error is None and request.args.get("check") == "1":
        error = _dry_run_publish(record, selection)
    me = _me(record) if full else None
    view = table_view(service(), snap, full=full, lang=g.lang, me=me, selection=selection, error=error,
                      notice=notice, check=check, watching=full and request.cookies.get(ME_COOKIE) == "watch")
    view["action_ids"] = {k: secrets.token_urlsafe(12) for k in ("a", "b", "c", "d", "e", "f")}
    if error and not error_shown(view, error.get("where"), picker_open):
        view["error"] = {**error, "where": "top"}  # its place is not on this page: at the top, not lost
    if fragment:
        return render_template("_table.html", v=view)
    return render_template("table.html", v=view, picker_open=picker_open and full and view["can_act"],
                           players=record.players, me=me, public_base=public_base())


def _dry_run_publish(record, selection: dict[str, Any]) -> dict[str, Any] | None:
    """For a plain GET with ?picker=open&check=1: the refusal the publish would get, if any (nothing stored)."""
    if not selection.get("paper"):
        return None
    try:
        action = parse_action({"type": "publish", "paper": selection["paper"], "cards": selection["cards"],
                               "cite": _uints(selection["cite"])}, service().deck)
        service().act(record.id, action, dry_run=True)
    except IllegalAction as exc:
        return _localise_error(_refusal(exc, PICKER_WHERE.get(exc.code, "top")))
    return None


@pages.get("/t/<tid>")
def table(tid: str) -> Response | str:
    record, full = _full(tid)
    if not full:
        return redirect(url_for("pages.view", vid=record.view_id), 303)
    flash = session.pop("flash", None) if "flash" in session else None
    if flash and flash.get("table") != record.id:
        flash = None
    _remember_joined(record.id)
    return _render_table(record, True, flash=flash)


@pages.get("/t/<tid>/fragment")
def fragment(tid: str) -> Response | str:
    record, full = _full(tid)
    return _fragment(record, full)


@pages.get("/v/<vid>")
def view(vid: str) -> str:
    record, _ = _full(vid)
    return _render_table(record, False)


@pages.get("/v/<vid>/fragment")
def view_fragment(vid: str) -> Response | str:
    record, _ = _full(vid)
    return _fragment(record, False)


def _fragment(record, full: bool) -> Response | str:
    since = parse_uint(request.args.get("since"))
    if since is not None and since == service().version(record.id):
        return Response(status=204)
    resp = Response(_render_table(record, full, fragment=True), mimetype="text/html")
    resp.headers["Cache-Control"] = "no-store"
    return resp


# --- acting through forms -------------------------------------------------------------------------------


def _err(code: str, en: str, ja: str, where: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    params = params or {}
    return {"code": code, "en": en[:ECHO_MAX], "ja": ja[:ECHO_MAX], "where": where,
            "card": str(params.get("card"))[:40] if params.get("card") is not None else None}


def _refusal(exc: IllegalAction, where: str) -> dict[str, Any]:
    """A refusal for a page. ``bad_request`` details are English words about JSON fields, which a form's
    user never typed: the pages say so in a sentence of their own, in both languages."""
    if exc.code == "bad_request":
        return _err(exc.code, *_both("bad_form"), where)
    return _err(exc.code, exc.message("en"), exc.message("ja"), where, exc.params)


def _uints(values: list[Any]) -> list[int]:
    return [n for v in values if (n := parse_uint(str(v))) is not None]


def _flash_for_cookie(flash: dict[str, Any]) -> dict[str, Any]:
    """The flash as kept in the (signed, size-limited) session cookie: only the deck's own card ids, at
    most a deck's worth, and short echoes, so a crafted form cannot push the cookie past 4 KB."""
    selection = flash.get("selection")
    if selection:
        deck = service().deck
        cards: list[str] = []
        for raw in selection.get("cards", ())[:MAX_ECHOED]:
            try:
                card = str(deck.parse(raw))
            except IllegalAction:
                continue
            if card not in cards:
                cards.append(card)
        paper = selection.get("paper")
        flash = {**flash, "selection": {"cards": cards[:deck.size], "cite": selection.get("cite", [])[:MAX_ECHOED],
                                        "paper": paper if paper in PAPERS else None}}
    return flash


def _int_field(name: str) -> int | None:
    return parse_uint(request.form.get(name, "").strip())


def _version_field() -> int | None:
    """The form's version. Missing: no check (a form without JS may lack it). Present but not a number:
    -1, which never matches, so the service answers stale instead of acting unchecked."""
    raw = request.form.get("version", "").strip()
    if not raw:
        return None
    version = parse_uint(raw)
    return -1 if version is None else version


def _action_id() -> str | None:
    raw = request.form.get("action_id", "")
    return raw if 8 <= len(raw) <= 64 and all(ch.isalnum() or ch in "-_" for ch in raw) else None


def _is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def _answer(record, *, error: dict[str, Any] | None = None, notice: dict[str, str] | None = None,
            selection: dict[str, Any] | None = None, picker: bool = False, check: bool = False,
            anchor: str = "") -> Response | str:
    """htmx: the fragment with the outcome shown in place. Plain form: remember it and redirect (PRG)."""
    flash = {"table": record.id, "error": error, "notice": notice, "selection": selection, "picker": picker,
             "check": check}
    if _is_htmx():
        return _render_table(record, True, fragment=True, flash=flash)
    session["flash"] = _flash_for_cookie(flash)
    target = url_for("pages.table", tid=record.id)
    if picker:
        target += "?picker=open"
    return redirect(target + anchor, 303)


def _last_text(record) -> dict[str, str]:
    snap = service().snapshot(record.id)
    texts = {}
    for lang in LANGS:
        hist = history_for(service(), snap, lang)
        texts[lang] = t("done_notice", lang, what=hist[-1]["text"]) if hist else ""
    return texts


@pages.post("/t/<tid>/act")
def act(tid: str) -> Response | str:
    record, _ = service().resolve(tid, write=True)
    form = request.form
    kind = form.get("type", "")
    version = _version_field()
    selection = None
    where = "bar"
    picker = False
    check = form.get("op") == "check"
    body: dict[str, Any] = {"type": kind}
    if kind == "research":
        body["from"] = form.get("from", "")
    elif kind == "publish":
        cite = _uints(form.getlist("cite"))
        selection = {"cards": form.getlist("cards"), "cite": [str(c) for c in cite],
                     "paper": form.get("paper") or None}
        picker, where = True, "paper"
        body.update(paper=selection["paper"], cards=selection["cards"], cite=cite)
        if not selection["cards"]:
            return _answer(record, error=_err("no_hand_card", *_both("js_nothing_to_publish"), "cards"),
                           selection=selection, picker=True)
        if not selection["paper"]:
            if check:
                return _answer(record, selection=selection, picker=True, check=True, anchor="#picker")
            return _answer(record, error=_err("choose_paper", *_both("choose_paper"), "paper"),
                           selection=selection, picker=True, anchor="#picker")
    elif kind == "review":
        body.update(paper=_int_field("paper"), card=form.get("card", ""))
        where = f"paper-{body['paper']}"
    elif kind == "endflag":
        body["card"] = form.get("card", "")
        where = "endflag"
        if not body["card"]:
            return _answer(record, error=_err("choose_card", *_both("choose_card"), "endflag"))
    try:
        action = parse_action(body, service().deck)
        service().act(record.id, action, version=version, dry_run=check, action_id=None if check else _action_id())
    except Stale:
        return _answer(record, error=_err("stale", *_both("stale_friendly"), "top"), selection=selection,
                       picker=picker)
    except IllegalAction as exc:
        if kind == "publish":
            where = PICKER_WHERE.get(exc.code, "paper")
        return _answer(record, error=_refusal(exc, where), selection=selection, picker=picker, check=check,
                       anchor="#picker" if picker else "")
    if check:
        return _answer(record, selection=selection, picker=True, check=True, anchor="#picker")
    return _answer(record, notice=_last_text(record))


def _both(key: str) -> tuple[str, str]:
    return TEXT[key]


@pages.get("/t/<tid>/undo")
def undo_confirm(tid: str) -> Response | str:
    record, full = _full(tid)
    if not full:
        return redirect(url_for("pages.view", vid=record.view_id), 303)
    snap = service().snapshot(record.id)
    view = table_view(service(), snap, full=True, lang=g.lang, me=_me(record))
    view["action_ids"] = {"u": secrets.token_urlsafe(12)}
    return render_template("undo.html", v=view)


@pages.post("/t/<tid>/undo")
def undo(tid: str) -> Response | str:
    record, _ = service().resolve(tid, write=True)
    try:
        service().undo(record.id, version=_version_field(), action_id=_action_id())
    except Stale:
        return _answer(record, error=_err("stale", *_both("stale_friendly"), "top"))
    except IllegalAction as exc:
        return _answer(record, error=_refusal(exc, "bar"))
    return _answer(record, notice=_last_text(record))


@pages.post("/t/<tid>/me")
def set_me(tid: str) -> Response:
    record, _ = service().resolve(tid, write=True)
    resp = redirect(url_for("pages.table", tid=record.id), 303)
    seat = request.form.get("seat", "")
    path = url_for("pages.table", tid=record.id)
    number = parse_uint(seat, limit=len(record.players))
    if number is not None or seat == "watch":
        resp.set_cookie(ME_COOKIE, seat if number is None else str(number), max_age=YEAR, path=path,
                        samesite="Lax", httponly=True)
    else:
        resp.delete_cookie(ME_COOKIE, path=path)
    return resp


@pages.post("/t/<tid>/assistant")
def set_assistant(tid: str) -> Response | str:
    """The table setting for the publish assistant (hints), for every device at once. Not a game action:
    no version check (the switch says where it should end up, so a repeat is harmless)."""
    record, _ = service().resolve(tid, write=True)
    wanted = request.form.get("hints", "")
    if wanted in ("on", "off"):
        on = wanted == "on"
        service().update_settings(record.id, {"hints": on})  # a no-op (no event) when it already is
        key = "assistant_now_on" if on else "assistant_now_off"
        return _answer(record, notice=dict(zip(("en", "ja"), TEXT[key], strict=True)), anchor="#assistant")
    return _answer(record, anchor="#assistant")


# --- QR and exports -------------------------------------------------------------------------------------


def public_base() -> str:
    return (current_app.config.get("PUBLIC_URL") or request.host_url).rstrip("/")


def _qr(url: str) -> Response:
    img = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathFillImage, border=2)
    resp = Response(img.to_string(encoding="unicode"), mimetype="image/svg+xml")
    resp.headers["Cache-Control"] = "no-cache"
    return resp


@pages.get("/t/<tid>/qr.svg")
def qr(tid: str) -> Response:
    record, full = _full(tid)
    if not full:
        raise ServiceError(404, "not_found", "There is no table with this id.", "このIDの卓はありません。")
    return _qr(public_base() + "/t/" + quote(record.id))


@pages.get("/v/<vid>/qr.svg")
def view_qr(vid: str) -> Response:
    record, _ = _full(vid)
    return _qr(public_base() + "/v/" + quote(record.view_id))


def _log_rows(record) -> list[dict[str, Any]]:
    snap = service().snapshot(record.id)
    rows = []
    for e in history_for(service(), snap, g.lang):
        row = {"seq": e["seq"], "at": e["at"], "seat": e["seat"], "player": e["player"], "action": e["action"],
               "undone": e["undone"], "text": e["text"]}
        if e["undoes"] is not None:
            row["undoes"] = e["undoes"]
        rows.append(row)
    return rows


def _download_name(record, ext: str) -> str:
    return f"laminate-{record.created_at[:10]}-{record.view_id[:6]}.{ext}"


def _log_json(record) -> Response:
    snap = service().snapshot(record.id)
    body = {"table": {"view_id": record.view_id, "players": list(record.players), "start": record.start,
                      "created_at": record.created_at, "version": snap.version, "lang": g.lang},
            "events": _log_rows(record), "state": service().answer(snap, full=False)}
    resp = Response(json.dumps(body, ensure_ascii=False, indent=1), mimetype="application/json")
    resp.headers["Content-Disposition"] = f'attachment; filename="{_download_name(record, "json")}"'
    return resp


def _cell(value: Any) -> Any:
    """Keep spreadsheet programs from reading a player's name as a formula."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _log_csv(record) -> Response:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["seq", "at", "seat", "player", "type", "from", "paper", "cards", "cite", "card", "undone",
                     "undoes", "text"])
    for row in _log_rows(record):
        a = row["action"]
        paper = a.get("paper", "")
        writer.writerow([_cell(x) for x in (
            row["seq"], row["at"], "" if row["seat"] is None else row["seat"], row["player"] or "", a.get("type", ""),
            a.get("from", ""), paper, " ".join(a.get("cards", [])), " ".join(str(c) for c in a.get("cite", [])),
            a.get("card", ""), "yes" if row["undone"] else "", row.get("undoes", ""), row["text"])])
    resp = Response("\ufeff" + out.getvalue(), mimetype="text/csv")
    resp.headers["Content-Disposition"] = f'attachment; filename="{_download_name(record, "csv")}"'
    return resp


@pages.get("/t/<tid>/log.json")
def log_json(tid: str) -> Response:
    return _log_json(_full(tid)[0])


@pages.get("/t/<tid>/log.csv")
def log_csv(tid: str) -> Response:
    return _log_csv(_full(tid)[0])


@pages.get("/v/<vid>/log.json")
def view_log_json(vid: str) -> Response:
    return _log_json(_full(vid)[0])


@pages.get("/v/<vid>/log.csv")
def view_log_csv(vid: str) -> Response:
    return _log_csv(_full(vid)[0])
