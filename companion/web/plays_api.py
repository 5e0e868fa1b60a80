"""The JSON API of plays remembered and "play again" (docs/api.md, "Plays"): every game, through ``Game`` only.

  POST /api/tables/{id}/again     a new table with the same players, the start moved on one seat
  GET  /api/plays                 every table's play (filters: game, player, status)
  GET  /api/players               each player's record per game
  GET  /api/plays/export.csv      every play, one row per seat
  GET  /api/plays/bgstats.json    finished plays in BG Stats' import format
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, jsonify, request

from .. import games
from .. import plays as record
from ..games.base import BadRequest, RuleError
from ..games.texts import COMMON
from ..service import ServiceError
from .body import json_body
from .i18n import request_lang
from .viewer import service, visible_plays

plays_api = Blueprint("plays_api", __name__, url_prefix="/api")


def game_names(lang: str) -> dict[str, str]:
    return {g.id: g.label(lang) for g in games.all_games()}


def next_json(table_id: str, full: bool) -> dict[str, Any] | None:
    """``next_table`` of a STATE: the table "play again" made, as this viewer may reach it (a read-only
    viewer gets only the new table's read-only id)."""
    found = service().next_table(table_id)
    if found is None:
        return None
    return {"id": found.id if full else None, "view_id": found.view_id}


@plays_api.post("/tables/<table_id>/again")
def again(table_id: str) -> tuple[Response, int]:
    """Play again: 201 with the new table (200 with the same one when it was already made)."""
    found, _ = service().resolve(table_id, write=True)
    json_body(required=False)
    snap, created = service().play_again(found.id)
    body = {"id": snap.record.id, "view_id": snap.record.view_id, "state": service().answer(snap)}
    return jsonify(body), 201 if created else 200


def _filters() -> dict[str, Any]:
    game = request.args.get("game") or None
    if game is not None and games.get(game) is None:
        raise BadRequest(COMMON.msg("req_game_id"))
    status = request.args.get("status") or None
    if status is not None and status not in record.STATUSES:
        raise BadRequest(COMMON.msg("req_plays_status"))
    player = request.args.get("player") or None
    if player is not None and len(player) > 200:
        raise BadRequest(COMMON.msg("req_plays_player"))
    return {"game": game, "status": status, "player": player}


@plays_api.get("/plays")
def list_plays() -> Response:
    chosen = record.select(visible_plays(), **_filters())
    return jsonify({"plays": [record.public(p) for p in chosen]})


@plays_api.get("/players")
def list_players() -> Response:
    return jsonify({"players": record.players(visible_plays())})


@plays_api.get("/plays/export.csv")
def export_csv() -> Response:
    chosen = record.select(visible_plays(), **_filters())
    resp = Response(record.csv_text(chosen, game_names(request_lang())), mimetype="text/csv")
    resp.headers["Content-Disposition"] = 'attachment; filename="plays.csv"'
    return resp


@plays_api.get("/plays/bgstats.json")
def export_bgstats() -> Response:
    lang = request_lang()
    chosen = record.select(visible_plays(), **_filters())
    location = COMMON.t("brand", lang)
    body = record.bgstats(chosen, game_names(lang), location)
    resp = Response(json.dumps(body, ensure_ascii=False, indent=1), mimetype="application/json")
    resp.headers["Content-Disposition"] = 'attachment; filename="BGStatsExport.json"'
    return resp


@plays_api.errorhandler(RuleError)
def _illegal(exc: RuleError) -> Response:
    from .errors import from_rule
    return from_rule(exc)


@plays_api.errorhandler(ServiceError)
def _service_error(exc: ServiceError) -> Response:
    from .errors import from_service
    return from_service(exc)
