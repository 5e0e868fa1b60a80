"""The start page (choose a game, seat the players, set its options; rejoin a recent table) and the rules
pages of every game."""

from __future__ import annotations

from typing import Any

from flask import abort, g, redirect, render_template, request, session, url_for
from werkzeug.wrappers import Response as BaseResponse  # what redirect() makes

from ... import games
from ...games.base import Game, Option
from ...games.ui import parse_uint
from ...service import ServiceError
from ...tables import Snapshot
from ..i18n import LANGS
from ..viewer import joined_tables, public_mode, service
from . import pages
from .frame import LANG_COOKIE, YEAR, game_asset, game_ui

RECENT_TABLES = 12


def max_seats() -> int:
    return max(game.max_players for game in games.all_games())


def _options_view(game: Game, lang: str, chosen: dict[str, str]) -> list[dict[str, Any]]:
    """A game's options as form fields (options of kind "custom" are set elsewhere, not on this page)."""
    fields = []
    for o in game.options:
        if o.kind == "custom" or o.setting and o.kind != "bool":
            continue
        name = f"opt-{game.id}-{o.id}"
        value = chosen.get(name, _show(o.default))
        field: dict[str, Any] = {"name": name, "id": name, "kind": o.kind, "label": o.label.say(lang),
                                 "help": o.help.say(lang) if o.help is not None else "", "value": value}
        if o.choices:
            field["choices"] = [{"value": _show(c), "label": _choice_label(o, c, lang), "selected": _show(c) == value}
                                for c in o.choices]
        elif o.kind == "int":
            field.update(min=o.minimum, max=o.maximum)
        fields.append(field)
    return fields


def _show(value: Any) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def _choice_label(option: Option, choice: Any, lang: str) -> str:
    labels = getattr(option, "choice_labels", None) or {}
    words = labels.get(choice)
    return words.say(lang) if words is not None else str(choice)


def _render_home(form: dict[str, Any], error: str | None, status: int = 200) -> tuple[str, int] | str:
    recent = []
    last_options: dict[str, dict[str, Any]] = {}  # each game's most recent table: its custom options come back
    public = public_mode()
    own = _own_tables() if public else {}
    for record, version, last_at in ([(s.record, s.version, at) for s, at in own.values()] if public
                                     else service().recent(RECENT_TABLES)):
        last_options.setdefault(record.game, record.options)
        try:
            snap = own[record.id][0] if public else service().snapshot(record.id)
        except ServiceError:  # pragma: no cover - a table vanishing between the two reads, or its game gone
            continue
        # Anyone on the Wi-Fi can open this page: a table's full (acting) link is offered only to a
        # browser that has had it before, or to the host machine itself; others may watch.
        joined = record.id in session.get("joined", ()) or from_this_machine()
        recent.append({"id": record.id, "view_id": record.view_id, "joined": joined, "game": snap.game.label(g.lang),
                       "players": record.players, "moves": version,
                       "at": last_at or record.created_at, "over": snap.game.over(snap.state),
                       "closed": public and service().is_closed(record.id)})
    chosen_game = form.get("game") or games.DEFAULT_GAME
    offered = [{"id": game.id, "name": game.label(g.lang), "min": game.min_players, "max": game.max_players,
                "checked": game.id == chosen_game, "options": _options_view(game, g.lang, form.get("options", {})),
                **_custom_view(game, ui, form, last_options.get(game.id))}
               for game in games.all_games() if (ui := game_ui(game)) is not None]
    html = render_template("home.html", recent=recent, form=form, error=error, games=offered, seats=max_seats(),
                           own_tables=public)
    return (html, status) if status != 200 else html


def _custom_view(game: Game, ui: Any, form: dict[str, Any], last: dict[str, Any] | None) -> dict[str, Any]:
    """A game's own editor for its options of kind "custom" (GameUI.option_template), if it has one."""
    if not ui.option_template:
        return {}
    echoed = form.get("game") == game.id and "custom" in form
    context = ui.option_context(g.lang, form["custom"] if echoed else last, echoed)
    return {"option_template": ui.option_template, "option_context": context,
            "option_scripts": [game_asset(game, p) for p in ui.option_scripts],
            "option_styles": [game_asset(game, p) for p in ui.option_styles]}


_LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})
_PROXY_HEADERS = ("X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto", "X-Real-IP", "Forwarded", "Via")


def _own_tables() -> dict[str, tuple[Snapshot, str | None]]:
    """Public mode: the tables this browser joined (never anyone else's), newest first: id -> (snapshot, the time
    of its last event)."""
    out = {}
    for tid in joined_tables()[:RECENT_TABLES]:
        try:
            snap = service().peek(tid)
        except ServiceError:
            continue
        out[tid] = (snap, snap.history[-1].event.at if snap.history else None)
    return out


def from_this_machine() -> bool:
    """The browser on the host machine itself: the connection comes from loopback, it opened the server by a
    loopback name, and no proxy says it forwards the request. Behind a reverse proxy every visitor reaches
    us from loopback, so with ``BEHIND_PROXY`` (``companion serve --behind-proxy``) nobody is; nor in public mode
    (``--public``), where the machine is a server somewhere and nobody sits at it."""
    from flask import current_app

    if current_app.config.get("BEHIND_PROXY") or current_app.config.get("PUBLIC_MODE") \
            or request.remote_addr not in {"127.0.0.1", "::1"}:
        return False
    if any(name in request.headers for name in _PROXY_HEADERS):
        return False
    host = (request.host or "").lower()
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return name in _LOOPBACK_NAMES


@pages.get("/")
def home() -> tuple[str, int] | str:
    return _render_home({}, None)


def _posted_options(game: Game) -> tuple[dict[str, Any], dict[str, str]]:
    """The selected game's options from the form (as typed, for echoing back, and as values)."""
    values: dict[str, Any] = {}
    echoed: dict[str, str] = {}
    for o in game.options:
        name = f"opt-{game.id}-{o.id}"
        raw_list = request.form.getlist(name)
        if not raw_list or o.kind == "custom":
            continue
        raw = raw_list[-1]  # a checkbox posts after its hidden "off"
        echoed[name] = raw
        if o.kind == "bool":
            values[o.id] = raw == "on"
        elif o.choices:
            match = [c for c in o.choices if _show(c) == raw]
            values[o.id] = match[0] if match else raw
        elif o.kind == "int":
            number = parse_uint(raw.strip())
            values[o.id] = number if number is not None else raw
        else:
            values[o.id] = raw
    return values, echoed


@pages.post("/")
def create() -> BaseResponse | tuple[str, int] | str:
    seats = max_seats()
    raw = [request.form.get(f"name{i}", "") for i in range(seats)]
    filled = [(i, name) for i, name in enumerate(raw) if name.strip()]
    start_raw = request.form.get("start", "random")
    lang = request.form.get("lang")
    game_id = request.form.get("game", games.DEFAULT_GAME)
    game = games.get(game_id)
    form: dict[str, Any] = {"names": raw, "start": start_raw, "lang": lang, "game": game_id}
    if game is None:
        return _render_home(form, _t("form_missing", what=_t("game_legend")), 400)
    options, form["options"] = _posted_options(game)
    ui = game_ui(game)
    if ui is not None and ui.option_template:
        form["custom"] = ui.option_form(request.form)
        options.update(form["custom"])
    start: Any = "random"
    if start_raw != "random":
        seat = parse_uint(start_raw)  # ASCII digits only: int() would also read "٣" or "３" as 3
        try:
            start = [i for i, _ in filled].index(seat if seat is not None else -1)
        except ValueError:
            return _render_home(form, _t("form_missing", what=_t("start_label")), 400)
    try:
        snap = service().create_table([name for _, name in filled], start, options, game=game.id)
    except ServiceError as exc:
        return _render_home(form, exc.message(g.lang), 400)
    resp = redirect(url_for("pages.table", tid=snap.record.id), 303)
    if lang in LANGS:
        resp.set_cookie(LANG_COOKIE, lang, max_age=YEAR, samesite="Lax", httponly=True)
    return resp


def _t(key: str, **params: Any) -> str:
    from ..ui_text import FRAME

    return FRAME.t(key, g.lang, **params)


@pages.get("/rules")
def rules() -> str:
    return _rules(games.DEFAULT_GAME)


@pages.get("/rules/<game_id>")
def game_rules(game_id: str) -> str:
    return _rules(game_id)


def _rules(game_id: str) -> str:
    game = games.get(game_id)
    ui = game_ui(game) if game is not None else None
    if game is None or ui is None or ui.rules_template is None:
        abort(404)
    g.game = game
    others = [{"id": o.id, "name": o.label(g.lang)} for o in games.all_games()
              if o.id != game.id and (o_ui := game_ui(o)) is not None and o_ui.rules_template]
    context = ui.rules_context(g.lang)
    table_id = request.args.get("table", "")
    if table_id:  # the rules as one table plays them (its own deck…), with the way back to it
        try:
            record, full = service().resolve(table_id)
        except ServiceError:
            abort(404)
        if record.game != game.id:
            abort(404)
        if ui.rules_for_table is not None:
            context = {**context, **ui.rules_for_table(g.lang, record.options)}
        joined = full or record.id in session.get("joined", ())
        context["back_url"] = (url_for("pages.table", tid=record.id) if joined
                               else url_for("pages.view", vid=record.view_id))
    return render_template(ui.rules_template, other_games=others, **context)
