"""The table pages: the players' page, the read-only view and the live fragment they morph in, for any
game. The frame's part of the view (ids, links, version, history, undo) is made here; the game adds its own
through its ``GameUI.table_view``."""

from __future__ import annotations

from typing import Any

from flask import Response, g, redirect, render_template, request, session, url_for
from werkzeug.wrappers import Response as BaseResponse  # what redirect() makes

from ...games.base import RuleError, Viewer
from ...games.ui import TableRequest, parse_uint
from ...store import TableRecord
from ...tables import Snapshot
from ..fragcache import Plan, Shared, fragment_key, fragment_response
from ..viewer import ME_COOKIE, me_of, request_viewer, service
from . import pages, seatparts
from .frame import YEAR, game_ui, texts_for
from .history import Log, history_log
from .plays import again_view

MAX_JOINED = 20  # tables a browser remembers for the home page's rejoin list
RECENT = 6  # history entries shown on the table before "whole history"
HISTORY_SHOWN = 50  # the page lists the latest entries; the whole log is in the exports (JSON, CSV)
def _undo_blocked(snap: Snapshot, seq: int) -> bool:
    game = snap.game
    if game.undo_blocked is None:
        return False
    entry = snap.entry(seq)
    if entry is None or entry.before is None:
        return False
    return game.undo_blocked(entry.before, game.parse(entry.event.action, snap.context(entry.before))) is not None


def _state_before(snap: Snapshot, seq: int) -> Any:
    entry = snap.entry(seq)
    return entry.before if entry is not None and entry.event.kind == "action" else None


def frame_view(snap: Snapshot, full: bool, me: int | None, log: Log) -> dict[str, Any]:
    """What the shared templates need about any table."""
    record = snap.record
    shown = log.shown
    # Undo always takes back the latest action that is not undone yet (undos pop a stack).
    last = log.last_kept() if full else None
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


def _request(record: TableRecord, snap: Snapshot, viewer: Viewer, me: int | None, watching: bool, log: Log,
             flash: dict[str, Any], error: dict[str, Any] | None, notice: str | None) -> TableRequest[Any]:
    """The table request as the game sees it, for one viewer."""

    def dry_run(action: dict[str, Any]) -> RuleError | None:
        try:
            service().act(record.id, snap.game.parse(action, snap.context()), dry_run=True, viewer=viewer)
        except RuleError as exc:
            return exc
        return None

    return TableRequest(state=snap.state, answer=service().answer(snap, viewer), options=snap.options,
                        viewer=viewer, lang=g.lang, me=me, watching=watching,
                        version=snap.version, history=log.rows, flash=flash.get("game") or {}, error=error,
                        notice=notice, query=request.args.to_dict(flat=False), dry_run=dry_run,
                        state_before=lambda seq: _state_before(snap, seq))


def _seat_of(snap: Snapshot, viewer: Viewer, me: int | None) -> int | None:
    """The seat the page shows as this phone's: at a table with secrets the seat it proved, never merely the
    seat it picked."""
    return viewer.proven if snap.game.uses_seat_tokens(snap.options) else me


def page_view(record: TableRecord, full: bool, snap: Snapshot, viewer: Viewer, me: int | None, watching: bool,
              flash: dict[str, Any]) -> dict[str, Any]:
    """Everything the table's templates show (``v``), for one viewer: the frame's part and the game's."""
    g.game = snap.game
    ui = game_ui(snap.game)
    error = flash.get("error") or None  # said in this device's language when the form was answered
    notice = flash.get("notice") if isinstance(flash.get("notice"), str) else None
    private = snap.game.uses_seat_tokens(snap.options)
    me = _seat_of(snap, viewer, me)
    log = history_log(snap, g.lang)
    view = frame_view(snap, full, me, log)
    view["error"], view["notice"] = error, notice
    view["closed"] = service().closed_refusal().message(g.lang) if service().is_closed(record.id) else None
    view["private_seats"], view["proven"] = private, viewer.proven
    view["seats_held"] = sorted(service().seats(record.id)) if private and full else []
    if ui is not None:
        view.update(ui.table_view(_request(record, snap, viewer, me, watching, log, flash, error, notice)))
        view["template"] = ui.table_template
    view["page_title"] = ui.page_title(view, g.lang) if ui is not None and ui.page_title else _title(view)
    view["again"] = again_view(snap, full)  # "play again" and the way to the next table (pages/plays.py)
    shown_error = view.get("error")
    if shown_error and ui is not None and not ui.error_shown(view, shown_error.get("where")):
        view["error"] = {**shown_error, "where": "top"}  # its place is not on this page: at the top, not lost
    return view


def _asking(record: TableRecord, full: bool) -> tuple[Viewer, int | None, bool]:
    """Who this request is: (viewer, the seat the page says it is, whether it watches without a seat)."""
    me = me_of(record) if full else None
    watching = full and request.cookies.get(ME_COOKIE) == "watch"
    return request_viewer(record, full, me), me, watching


def render_table(record: TableRecord, full: bool, *, fragment: bool = False,
                 flash: dict[str, Any] | None = None, snap: Snapshot | None = None) -> str:
    """The table's page (or, ``fragment``, its live region alone) as this request's phone sees it, whole."""
    snap = snap or service().snapshot(record.id)
    viewer, me, watching = _asking(record, full)
    view = page_view(record, full, snap, viewer, me, watching, flash or {})
    seatparts.begin()
    if fragment:
        return _fragment_html(view)
    return render_template("table.html", v=view, picker_open=view.get("picker_open", False),
                           players=record.players, me=view["me"], public_base=public_base())


def _fragment_html(view: dict[str, Any]) -> str:
    # the play-again slot sits outside the game's region: it comes along out of band
    return render_template(view["template"], v=view) + render_template("_play_again.html", v=view, oob=True)


_NOBODY = {True: Viewer(full=True), False: Viewer.spectator()}  # who the shared part is rendered for


def render_shared(record: TableRecord, full: bool, snap: Snapshot) -> Shared:
    """The fragment's part shared by every phone that sees the same but its seat: rendered for a phone that
    names no seat (so nothing of any seat is in it), with a mark where each seat part goes."""
    view = page_view(record, full, snap, _NOBODY[full], None, False, {})
    recording = seatparts.record()
    try:
        with seatparts.for_the_cache():
            html = _fragment_html(view)
    finally:
        seatparts.stop()
    return Shared(html, recording.nonce, recording.slots, view)


def render_seat(record: TableRecord, full: bool, snap: Snapshot, slots: list[Any], shared: dict[str, Any]) -> list[str]:
    """This request's phone's seat parts for the shared rendering's slots, from the view as it sees it: the
    shared view (made for no seat) with what the game's ``seat_view`` says differs for this seat, or, for a game
    without one, its whole view made again."""
    viewer, me, watching = _asking(record, full)
    ui = game_ui(snap.game)
    g.game = snap.game
    if _nobody(viewer, full, watching):  # the shared view is this phone's own
        view = shared
    elif ui is None or ui.seat_view is None:
        view = page_view(record, full, snap, viewer, me, watching, {})
    else:
        me = _seat_of(snap, viewer, me)
        req = _request(record, snap, viewer, me, watching, history_log(snap, g.lang), {}, None, None)
        view = {**shared, "me": me, "proven": viewer.proven, **ui.seat_view(req, shared)}
    with seatparts.for_the_cache():
        return seatparts.render_parts(view, slots)


def fragment_plan(record: TableRecord, full: bool) -> Plan:
    """How this phone's fragment of the table's current version is made: whole per viewer, or, for a game
    with seat parts, the part every phone shares and this phone's seat parts (a fragment asked with a query of
    its own, e.g. a panel opened without script, is made whole)."""
    snap = service().snapshot(record.id)
    ui = game_ui(snap.game)
    if ui is None or ui.seat_parts is None or any(k != "since" for k in request.args):
        return Plan(fragment_key(record, full, snap), lambda: _whole_for_the_cache(record, full, snap))
    viewer, _, watching = _asking(record, full)
    key = fragment_key(record, full, snap, shared=True)
    return Plan(key, lambda: render_shared(record, full, snap),
                None if _nobody(viewer, full, watching) else (*key, ("seat", repr(viewer), watching)),
                lambda slots, shared: render_seat(record, full, snap, slots, shared))


def _whole_for_the_cache(record: TableRecord, full: bool, snap: Snapshot) -> str:
    with seatparts.for_the_cache():
        return render_table(record, full, fragment=True, snap=snap)


def _nobody(viewer: Viewer, full: bool, watching: bool) -> bool:
    """Whether this phone is the one the shared part is rendered for: it names no seat and proves none."""
    return viewer == _NOBODY[full] and not watching


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
    return fragment_response(fragment_plan(record, full))  # one rendering per version and viewer (fragcache)


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
