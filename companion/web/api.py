"""The JSON API (shared API.md): a thin layer that parses, asks the service, and answers."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, request

from .. import games
from ..games.base import BadRequest, RuleError, Viewer, clean_options
from ..games.texts import COMMON, Listed
from ..service import ServiceError
from .body import bad, json_body, opt_action_id, opt_dry_run, opt_version
from .i18n import request_lang
from .plays_api import next_json
from .sse import event_stream
from .viewer import request_viewer, service

api = Blueprint("api", __name__, url_prefix="/api")


@api.get("/games")
def list_games() -> Response:
    """Every game this server offers, with its player range and options (shared API.md, "Many games")."""
    return jsonify({"games": [g.to_json() for g in games.all_games()]})


@api.post("/tables")
def create_table() -> tuple[Response, int]:
    body = json_body()
    game_id = body.get("game", games.DEFAULT_GAME)
    game = games.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise bad("req_game_id")
    options = body.get("options", {})
    if not isinstance(options, dict):
        raise bad("req_options_object")
    # An option may also be given at the top level, as API.md has it for Laminate ("hints").
    top_level = {o.id: body[o.id] for o in game.options if o.id in body}
    snap = service().create_table(body.get("players"), body.get("start", 0), {**top_level, **options},
                                  game=game.id)
    return jsonify({"id": snap.record.id, "view_id": snap.record.view_id, "state": service().answer(snap)}), 201


@api.get("/tables/<table_id>")
def get_table(table_id: str) -> Response:
    record, full = service().resolve(table_id)
    state = service().answer(service().snapshot(record.id), request_viewer(record, full))
    following = next_json(record.id, full)
    return jsonify({**state, "next_table": following} if following else state)


@api.get("/tables/<table_id>/seats")
def seats(table_id: str) -> Response:
    """Which seats phones hold (games with hidden information), and which one this request proves."""
    record, full = service().resolve(table_id)
    snap = service().snapshot(record.id)
    held = service().seats(record.id)
    viewer = request_viewer(record, full)
    return jsonify({"private_seats": snap.game.uses_seat_tokens(snap.options), "yours": viewer.proven,
                    "seats": [{"seat": i, "name": name, "held": i in held} for i, name in enumerate(record.players)]})


@api.post("/tables/<table_id>/seats/<int:seat>/claim")
def claim_seat(table_id: str, seat: int) -> Response:
    """This phone takes a seat: the answer's token proves it later (X-Seat-Token). Shown once, kept hashed."""
    record, _ = service().resolve(table_id, write=True)
    body = json_body(required=False)
    take_over = body.get("take_over", False)
    if not isinstance(take_over, bool):
        raise bad("req_take_over")
    token, snap = service().claim_seat(record.id, seat, take_over=take_over)
    viewer = Viewer(full=True, seat=seat, proven=seat)
    return jsonify({"seat": seat, "token": token, "state": service().answer(snap, viewer)})


@api.post("/tables/<table_id>/actions")
def act(table_id: str) -> Response:
    record, _ = service().resolve(table_id, write=True)
    body = json_body()
    if "action" not in body:
        raise bad("req_action_missing")
    action = service().parse(record.id, body["action"])
    result = service().act(record.id, action, version=opt_version(body), dry_run=opt_dry_run(body),
                           action_id=opt_action_id(body), viewer=request_viewer(record, True))
    return jsonify(result.answer)


@api.post("/tables/<table_id>/undo")
def undo(table_id: str) -> Response:
    record, _ = service().resolve(table_id, write=True)
    body = json_body(required=False)
    result = service().undo(record.id, version=opt_version(body), action_id=opt_action_id(body),
                            dry_run=opt_dry_run(body), viewer=request_viewer(record, True))
    return jsonify(result.answer)


@api.post("/tables/<table_id>/settings")
def settings(table_id: str) -> Response:
    """Table settings (options a game lets change during play; not game actions). Bumps the version."""
    record, _ = service().resolve(table_id, write=True)
    body = json_body()
    version = opt_version(body)
    game = service().snapshot(record.id).game
    names = [o.id for o in game.options if o.setting]
    wanted = {k: v for k, v in body.items() if k != "version"}
    if not wanted:
        if not names:
            raise bad("req_no_settings")
        listed = Listed(names, sep="quoted_andor_sep", each="quoted")
        raise BadRequest(COMMON.msg("req_nothing_to_change", names=listed))
    changes = clean_options(game.options, wanted, settings_only=True)
    if game.check_settings is not None:
        game.check_settings(service().snapshot(record.id).state, changes)
    snap = service().update_settings(record.id, changes, version=version)
    return jsonify({"state": service().answer(snap, request_viewer(record, True))})


def _fixed_paths() -> dict[str, set[str]]:
    """The last parts of the table routes other than the questions (actions, undo, settings, log, events), each
    with the methods its route takes (a 405 names them in its Allow header)."""
    prefix = "/api/tables/<table_id>/"
    found: dict[str, set[str]] = {}
    for rule in current_app.url_map.iter_rules():
        if rule.rule.startswith(prefix) and "<" not in rule.rule[len(prefix):]:
            found.setdefault(rule.rule[len(prefix):], set()).update(rule.methods or ())
    return found


@api.route("/tables/<table_id>/<query>", methods=["GET", "POST"])
def ask(table_id: str, query: str) -> Response:
    """A game's question about the table (Laminate's /melds and /hints, Rummikub's /check …): read only."""
    if not any(query in game.queries for game in games.all_games()):  # no database look-up for a made-up path
        fixed = _fixed_paths()
        if query in fixed:  # /actions, /log …: a route of its own that takes another method
            from .errors import from_http
            return from_http(405, fixed[query])
        raise ServiceError(404, "not_found", COMMON.msg("http_msg_404"))
    record, full = service().resolve(table_id)
    snap = service().snapshot(record.id)
    found = snap.game.queries.get(query)
    if found is None:
        raise ServiceError(404, "not_found", COMMON.msg("svc_no_such_question"))
    if request.method != "POST":
        from .errors import from_http
        return from_http(405, ("POST", "OPTIONS"))
    if found.private and not full:
        service().resolve(table_id, write=True)  # 403 read_only: private data never goes with a view link
    if found.disabled is not None and (off := found.disabled(snap.options)) is not None:
        raise ServiceError(403, *off)
    body = json_body()
    return jsonify(found.answer(snap.state, body, snap.options, request_lang()))


@api.get("/tables/<table_id>/log")
def log(table_id: str) -> Response:
    record, _ = service().resolve(table_id)
    rows = service().log(record.id)
    game = service().snapshot(record.id).game
    undone = {e.undoes for e in rows if e.kind == "undo"}
    events = [{"seq": e.seq, "seat": e.seat, "action": game.public_action(e.action), "at": e.at,
               "undone": e.seq in undone, **({"by": e.by} if e.by is not None else {}),
               **({"undoes": e.undoes} if e.undoes is not None else {})}
              for e in rows]
    return jsonify({"events": events})


@api.get("/tables/<table_id>/events")
def events(table_id: str) -> Response:
    record, _ = service().resolve(table_id)
    return event_stream(service(), record.id)


@api.errorhandler(RuleError)
def _illegal(exc: RuleError) -> Response:
    from .errors import from_rule
    return from_rule(exc)


@api.errorhandler(ServiceError)
def _service_error(exc: ServiceError) -> Response:
    from .errors import from_service
    return from_service(exc)
