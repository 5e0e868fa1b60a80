"""Acting through forms, for any game: the game's action declarations read the posted fields, the service
decides, and the answer is the fragment (htmx) or a redirect to the table (PRG) with the outcome shown in
place. Undo and the assistant switch are the same for every game."""

from __future__ import annotations

import re
from typing import Any

from flask import g, render_template, request, session, url_for
from flask import redirect as _redirect
from werkzeug.wrappers import Response as BaseResponse  # what redirect() makes

from ...games.base import RuleError, clean_options
from ...games.texts import Said
from ...games.ui import FormIntent, FormReply, parse_uint
from ...service import ServiceError, Stale
from ...store import TableRecord
from ..i18n import request_lang
from ..ui_text import FRAME
from ..viewer import me_of, request_viewer, seat_cookie, service
from . import pages
from .frame import YEAR, game_ui, texts_for
from .history import history_log, history_rows
from .table import frame_view, render_table

ECHO_MAX = 300  # characters of a refusal sentence (the flash rides in the 4 KB session cookie)
ANCHOR_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")  # an element id a form may name as its place
MAX_AT = 200


def _err(code: str, words: Said, where: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """A refusal as the next page shows it: said in this device's language now (the flash rides in the session
    cookie: one sentence, not every language's)."""
    params = params or {}
    return {"code": code, "message": words.say(request_lang())[:ECHO_MAX], "where": where,
            "card": str(params.get("card"))[:40] if params.get("card") is not None else None}


def _refusal(exc: RuleError, where: str) -> dict[str, Any]:
    """A refusal for a page. ``bad_request`` details are words about JSON fields, which a form's user never
    typed: the pages say so in a sentence of their own."""
    if exc.code == "bad_request":
        return _err(exc.code, FRAME.msg("bad_form"), where)
    return _err(exc.code, exc, where, exc.params)


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


def _posted_places() -> list[str]:
    """The page's own word for where a form sits (``/t/<id>/act?at=build,turning``: element ids, best first),
    so a page without script comes back there rather than at its top. Anything else is ignored."""
    raw = request.args.get("at", "")[:MAX_AT]
    return [f"#{x}" for x in raw.split(",")[:4] if ANCHOR_ID.fullmatch(x)]


def _landing(record: TableRecord, flash: dict[str, Any], candidates: list[str]) -> str:
    """The first of ``candidates`` ("#id") that the page after this post still has — the form's part of the
    page may be gone (the turn moved on, the game ended) — else the table's own top (its status and the
    notice of what was done). Checked on the page itself, so a template's change cannot send a player
    nowhere."""
    wanted = [c for c in dict.fromkeys(candidates) if c and c != "#table"]
    if wanted:
        html = render_table(record, True, fragment=True, flash=flash)
        for anchor in wanted:
            tag = re.search(rf'<(\w+)[^>]*\sid="{re.escape(anchor[1:])}"[^>]*>', html)
            if tag and not (tag.group(1) == "dialog" and not re.search(r"\sopen[\s>=]", tag.group(0))):
                return anchor  # present, and not a closed dialog (nothing a browser can scroll to)
    return "#table"


def answer(record: TableRecord, *, error: dict[str, Any] | None = None, notice: str | None = None,
           intent: FormIntent | None = None, landing: tuple[str, ...] = ()) -> BaseResponse | str:
    """htmx: the fragment with the outcome shown in place. Plain form: remember it and redirect (PRG). A form
    that succeeded lands where it was (``landing``, the places its page gave), not at the page's top."""
    intent = intent or FormIntent()
    flash = {"table": record.id, "error": error, "notice": notice, "game": intent.flash}
    if _is_htmx():
        return render_table(record, True, fragment=True, flash=flash)
    ui = game_ui(service().snapshot(record.id).game)
    session["flash"] = {**flash, "game": ui.clean_flash(intent.flash) if ui is not None else {}}
    anchor = _landing(record, flash, list(landing)) if landing else intent.anchor
    return _redirect(url_for("pages.table", tid=record.id) + intent.query + anchor, 303)


def _last_text(record: TableRecord) -> str:
    """"Done: …" with the move just made, in this device's language."""
    lang = request_lang()
    rows = history_rows(service().snapshot(record.id), lang)
    return FRAME.t("done_notice", lang, what=rows[-1]["text"]) if rows else ""


@pages.post("/t/<tid>/act")
def act(tid: str) -> BaseResponse | str:
    record, _ = service().resolve(tid, write=True)
    snap = service().snapshot(record.id)
    g.game = snap.game
    ui = game_ui(snap.game)
    posted = {key: request.form.getlist(key) for key in request.form}  # the game's declarations read it
    reply = ui.form_reply(str(posted.get("type", [""])[0])[:20], posted) if ui is not None else FormReply()
    dry_run = bool((posted.get("dry_run") or [""])[0])  # a "check" button: ask, store nothing
    intent = FormIntent(dry_run=dry_run, where=reply.where, anchor=reply.anchor, flash=reply.flash,
                        query=reply.query)
    if not reply.act:  # nothing to ask the rules yet: the page comes back with the form's flash
        return answer(record, intent=intent)
    try:
        action = snap.game.read_form(posted, snap.context())
    except RuleError as exc:
        where = ui.refusal_where(intent, exc) if ui is not None else reply.where
        return answer(record, error=_refusal(exc, where), intent=intent)
    try:
        service().act(record.id, action, version=_version_field(), dry_run=intent.dry_run,
                      action_id=None if intent.dry_run else _action_id(),
                      viewer=request_viewer(record, True, me_of(record)))
    except Stale:
        return answer(record, error=_stale(), intent=intent)
    except ServiceError as exc:  # e.g. seat_proof_needed: another phone's move at a table with secrets
        return answer(record, error=_err(exc.code, exc.words, intent.where or "top"), intent=intent)
    except RuleError as exc:
        where = ui.refusal_where(intent, exc) if ui is not None else intent.where
        return answer(record, error=_refusal(exc, where), intent=intent)
    if intent.dry_run:
        return answer(record, intent=intent)
    return answer(record, notice=_last_text(record), landing=(*_posted_places(), intent.anchor, "#table"))


@pages.get("/t/<tid>/undo")
def undo_confirm(tid: str) -> BaseResponse | str:
    record, full = service().resolve(tid)
    if not full:
        return _redirect(url_for("pages.view", vid=record.view_id), 303)
    snap = service().snapshot(record.id)
    g.game = snap.game
    view = frame_view(snap, True, me_of(record), history_log(snap, g.lang))
    return render_template("undo.html", v=view)


@pages.post("/t/<tid>/undo")
def undo(tid: str) -> BaseResponse | str:
    record, _ = service().resolve(tid, write=True)
    try:
        service().undo(record.id, version=_version_field(), action_id=_action_id(),
                       viewer=request_viewer(record, True, me_of(record)))
    except Stale:
        return answer(record, error=_stale())
    except ServiceError as exc:
        return answer(record, error=_err(exc.code, exc.words, "bar"))
    except RuleError as exc:  # the game keeps this step (a revealed secret stays revealed)
        return answer(record, error=_refusal(exc, "bar"))
    return answer(record, notice=_last_text(record), landing=("#table",))  # where the notice says what was undone


@pages.post("/t/<tid>/assistant")
def set_assistant(tid: str) -> BaseResponse | str:
    """The table setting for a game's private assistant (option ``hints``), for every device at once. Not a
    game action: no version check (the switch says where it should end up, so a repeat is harmless)."""
    return _switch(tid, "hints", request.form.get("hints", ""), FormIntent(anchor="#assistant"))


@pages.post("/t/<tid>/switch")
def set_switch(tid: str) -> BaseResponse | str:
    """Any true/false setting of the table's game (Pyramid's and Long Seat's risk display…) without script:
    ``name`` is the option, ``value`` on or off; ``anchor`` where the page should come back to."""
    anchor = request.form.get("anchor", "")
    anchor = anchor if anchor.startswith("#") and len(anchor) <= 40 and anchor[1:].replace("-", "").isalnum() else ""
    return _switch(tid, request.form.get("name", ""), request.form.get("value", ""), FormIntent(anchor=anchor))


@pages.post("/t/<tid>/setting")
def set_setting(tid: str) -> BaseResponse | str:
    """A setting of kind "custom" from the table page (Laminate's suit names…): the game reads its form
    (``GameUI.setting_forms``), and the value is checked as through ``POST /api/tables/{id}/settings``."""
    record, _ = service().resolve(tid, write=True)
    snap = service().snapshot(record.id)
    g.game = snap.game
    ui = game_ui(snap.game)
    name = request.form.get("name", "")
    read = ui.setting_forms.get(name) if ui is not None else None
    back = FormIntent(anchor=f"#setting-{name}" if read is not None else "")
    if read is None:
        return answer(record, intent=back)
    try:
        changes = clean_options(snap.game.options, {name: read(request.form, snap.state)}, settings_only=True)
        if snap.game.check_settings is not None:
            snap.game.check_settings(snap.state, changes)
        after = service().update_settings(record.id, changes, version=_version_field())
    except Stale:
        return answer(record, error=_stale(), intent=back)
    except RuleError as exc:
        return answer(record, error=_refusal(exc, f"setting-{name}"), intent=back)
    if after.version == snap.version:  # the same value again: nothing happened, nothing to say
        return answer(record, intent=back)
    return answer(record, notice=_last_text(record), intent=back)


def _stale() -> dict[str, Any]:
    return _err("stale", FRAME.msg("stale_friendly"), "top")


def _switch(tid: str, name: str, wanted: str, back: FormIntent) -> BaseResponse | str:
    record, _ = service().resolve(tid, write=True)
    snap = service().snapshot(record.id)
    option = next((o for o in snap.game.options if o.id == name and o.setting and o.kind == "bool"), None)
    if wanted not in ("on", "off") or option is None:
        return answer(record, intent=back)
    on = wanted == "on"
    service().update_settings(record.id, clean_options(snap.game.options, {name: on}, settings_only=True))
    texts = texts_for(snap.game)
    if name == "hints":
        key = "assistant_now_on" if on else "assistant_now_off"
        return answer(record, notice=texts.t(key, request_lang()), intent=back)
    return answer(record, intent=back)


@pages.post("/t/<tid>/seat")
def claim_seat(tid: str) -> BaseResponse:
    """The claim form of a table with secrets: this phone takes a seat and keeps its token in a cookie."""
    record, _ = service().resolve(tid, write=True)
    seat = parse_uint(request.form.get("seat"), limit=len(record.players))
    take_over = request.form.get("take_over") == "1" or request.args.get("take_over") == "1"
    resp = _redirect(url_for("pages.table", tid=record.id), 303)
    if seat is None:
        return resp
    try:
        token, _ = service().claim_seat(record.id, seat, take_over=take_over)
    except ServiceError as exc:  # a seat another phone holds, or one that cannot change phones now (409)
        return answer(record, error=_err(exc.code, exc.words, "top"))  # type: ignore[return-value]
    resp.set_cookie(seat_cookie(record.id), token, max_age=YEAR, path="/", samesite="Lax", httponly=True)
    return resp
