"""The table pages: the players' page, the read-only view and the live fragment they morph in, for any
game. The frame's part of the view (ids, links, version, history, undo) is made here; the game adds its own
through its ``GameUI.table_view``."""

from __future__ import annotations

from typing import Any

from flask import Response, g, redirect, render_template, request, session, url_for
from werkzeug.wrappers import Response as BaseResponse  # what redirect() makes

from ...games.base import RuleError
from ...games.ui import TableRequest, parse_uint
from ...service import ServiceError
from ...store import TableRecord
from ...tables import Snapshot
from ..viewer import ME_COOKIE, me_of, request_viewer, seat_cookie, service
from . import pages
from .frame import YEAR, game_ui, texts_for
from .history import history_rows
from .plays import again_view

MAX_JOINED = 20  # tables a browser remembers for the home page's rejoin list
RECENT = 6  # history entries shown on the table before "whole history"
HISTORY_SHOWN = 50  # the page lists the latest entries; the whole log is in the exports (JSON, CSV)
def _undo_blocked(snap: Snapshot, seq: int) -> bool:
    game = snap.game
    if game.undo_blocked is None:
        return False
    entry = next((e for e in reversed(snap.history) if e.event.seq == seq), None)
    if entry is None or entry.before is None:
        return False
    return game.undo_blocked(entry.before, game.parse(entry.event.action, snap.context(entry.before))) is not None


def frame_view(snap: Snapshot, full: bool, me: int | None, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """What the shared templates need about any table."""
    record = snap.record
    shown = [r for r in rows if r["shown"]]
    # Undo always takes back the latest action that is not undone yet (undos pop a stack), so that
    # action is the last one of the log still standing.
    last = next((r for r in reversed(rows) if r["kind"] == "action" and not r["undone"]), None) if full else None
    if last is not None and _undo_blocked(snap, last["seq"]):
        last = None  # the game keeps this step (a secret die thrown or revealed): offer no Undo at all
    over = snap.game.over(snap.state)
    return {
        "over": over, "running": not over,
        "full": full, "lang": g.lang, "game_id": snap.game.id, "game_name": snap.game.label(g.lang),
        "tid": record.id if full else None, "vid": record.view_id,
        "base": f"/t/{record.id}" if full else f"/v/{record.view_id}",
        "api": f"/api/tables/{record.id if full else record.view_id}",
        "version": snap.version, "me": me, "seat_names": record.players,
        "history": shown[-HISTORY_SHOWN:], "history_total": len(shown),
        "history_recent": list(reversed(shown[-RECENT:])),
        "undo_text": last["text"] if last else None, "error": None, "notice": None,
    }


def render_table(record: TableRecord, full: bool, *, fragment: bool = False,
                 flash: dict[str, Any] | None = None) -> str:
    snap = service().snapshot(record.id)
    g.game = snap.game
    ui = game_ui(snap.game)
    flash = flash or {}
    error = flash.get("error") or None  # said in this device's language when the form was answered
    notice = flash.get("notice") if isinstance(flash.get("notice"), str) else None
    me = me_of(record) if full else None
    viewer = request_viewer(record, full, me)
    private = snap.game.uses_seat_tokens(snap.options)
    if private:  # at a table with secrets, a phone is the seat it proved, never merely the seat it picked
        me = viewer.proven
    rows = history_rows(snap, g.lang)

    def dry_run(action: dict[str, Any]) -> RuleError | None:
        try:
            service().act(record.id, snap.game.parse(action, snap.context()), dry_run=True, viewer=viewer)
        except RuleError as exc:
            return exc
        return None

    view = frame_view(snap, full, me, rows)
    view["error"], view["notice"] = error, notice
    view["closed"] = service().closed_refusal().message(g.lang) if service().is_closed(record.id) else None
    view["private_seats"], view["proven"] = private, viewer.proven
    view["seats_held"] = sorted(service().seats(record.id)) if private and full else []
    if ui is not None:
        watching = full and request.cookies.get(ME_COOKIE) == "watch"
        req = TableRequest(state=snap.state, answer=service().answer(snap, viewer), options=snap.options,
                           viewer=viewer, lang=g.lang, me=me, watching=watching,
                           version=snap.version, history=rows, flash=flash.get("game") or {}, error=error,
                           notice=notice, query=request.args.to_dict(flat=False), dry_run=dry_run)
        view.update(ui.table_view(req))
        view["template"] = ui.table_template
    view["page_title"] = ui.page_title(view, g.lang) if ui is not None and ui.page_title else _title(view)
    view["again"] = again_view(snap, full)  # "play again" and the way to the next table (pages/plays.py)
    shown_error = view.get("error")
    if shown_error and ui is not None and not ui.error_shown(view, shown_error.get("where")):
        view["error"] = {**shown_error, "where": "top"}  # its place is not on this page: at the top, not lost
    if fragment:  # the play-again slot sits outside the game's region: it comes along out of band
        return render_template(view["template"], v=view) + render_template("_play_again.html", v=view, oob=True)
    return render_template("table.html", v=view, picker_open=view.get("picker_open", False),
                           players=record.players, me=me, public_base=public_base())


def _title(view: dict[str, Any]) -> str:
    """The page's title: whose turn it is, or that the game is over."""
    texts = texts_for(g.game)
    if view["over"]:
        return texts.t("game_over", g.lang)
    return texts.t("turn_of", g.lang, name=view["active_name"]) if view.get("active_name") else ""


def public_base() -> str:
    from flask import current_app

    return (current_app.config.get("PUBLIC_URL") or request.host_url).rstrip("/")


def remember_joined(table_id: str) -> None:
    """Note in this browser's (signed) session that it holds the table's full link."""
    joined = [t for t in session.get("joined", []) if t != table_id]
    session["joined"] = [table_id, *joined][:MAX_JOINED]


@pages.get("/t/<tid>")
def table(tid: str) -> BaseResponse | str:
    record, full = service().resolve(tid)
    if not full:
        return redirect(url_for("pages.view", vid=record.view_id), 303)
    flash = session.pop("flash", None) if "flash" in session else None
    if flash and flash.get("table") != record.id:
        flash = None
    remember_joined(record.id)
    return render_table(record, True, flash=flash)


@pages.get("/t/<tid>/fragment")
def fragment(tid: str) -> BaseResponse | str:
    record, full = service().resolve(tid)
    return _fragment(record, full)


@pages.get("/v/<vid>")
def view(vid: str) -> str:
    record, _ = service().resolve(vid)
    return render_table(record, False)


@pages.get("/v/<vid>/fragment")
def view_fragment(vid: str) -> BaseResponse | str:
    record, _ = service().resolve(vid)
    return _fragment(record, False)


def _fragment(record: TableRecord, full: bool) -> BaseResponse | str:
    since = parse_uint(request.args.get("since"))
    if since is not None and since == service().version(record.id):
        return Response(status=204)
    from ..fragcache import fragment_response  # one rendering per version and viewer, shared by the phones

    return fragment_response(record, full, lambda: render_table(record, full, fragment=True))


@pages.post("/t/<tid>/seat")
def claim_seat(tid: str) -> BaseResponse:
    """The claim form of a table with secrets: this phone takes a seat and keeps its token in a cookie."""
    record, _ = service().resolve(tid, write=True)
    seat = parse_uint(request.form.get("seat"), limit=len(record.players))
    take_over = request.form.get("take_over") == "1" or request.args.get("take_over") == "1"
    resp = redirect(url_for("pages.table", tid=record.id), 303)
    if seat is None:
        return resp
    try:
        token, _ = service().claim_seat(record.id, seat, take_over=take_over)
    except ServiceError as exc:  # a seat another phone holds, or one that cannot change phones now (409)
        from .forms import _err, answer  # forms imports this module: look it up when refusing

        return answer(record, error=_err(exc.code, exc.words, "top"))  # type: ignore[return-value]
    resp.set_cookie(seat_cookie(record.id), token, max_age=YEAR, path="/", samesite="Lax", httponly=True)
    return resp


@pages.post("/t/<tid>/me")
def set_me(tid: str) -> BaseResponse:
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
