"""The OpenAPI 3.1 document of the JSON API (shared API.md), served at ``GET /api/openapi.json``.

Built from the same data the server uses (deck cards, paper types, error codes), so enumerations cannot
drift. ``tests/security/test_openapi.py`` keeps it true: every ``/api`` route is documented and every
documented path exists, and real answers validate against the schemas; the fuzz run
(``tests/security/test_fuzz.py``) generates requests from it.

Request schemas describe what the server *accepts* (never stricter, so anything outside them is refused);
response schemas describe exactly what it *answers* (closed objects, so an undocumented field fails the
tests).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask import Blueprint, Response, jsonify

from .. import __version__ as companion_version
from .. import games
from ..games.base import COMMON_CODES
from ..games.schema import nat as _nat
from ..games.schema import obj as _obj
from ..games.schema import ref as _ref
from .body import ACTION_ID
from .errors import HTTP_MESSAGES
from .game_assets import package_dir
from .plays_openapi import NEXT_TABLE, plays_paths

openapi = Blueprint("openapi", __name__, url_prefix="/api")

API_DOC = "api.md"  # a game's section of the API docs, when it keeps it in its own folder

#: Codes answered by the service and the security layer besides the games' rule codes.
OTHER_CODES = ("seat_proof_needed", "seat_taken", "no_seat_claims", "not_found", "read_only", "hints_disabled",
               "bad_host", "cross_site", "csrf_failed", "stale", "nothing_to_undo", "unknown_game",
               "game_not_over", "too_many_requests", "table_closed")

ID_PATTERN = r"^[A-Za-z0-9_-]{8,64}$"
ACTION_ID_PATTERN = f"^{ACTION_ID.pattern}$"  # the server's own pattern (api.py), anchored
# Names: 1–40 characters once trimmed, no control or format characters. The length after trimming cannot be
# written as a JSON Schema, so the schema only says "non-empty text" and the server refuses the rest (400).
NAME = {"type": "string", "minLength": 1,
        "description": "1–40 characters after trimming surrounding white space; no control or format characters "
                       "(bidi overrides, zero-width characters…); refused with bad_request (400) otherwise."}


def _parts() -> list[tuple[games.Game, dict[str, Any]]]:
    return [(g, g.api_part()) for g in games.all_games()]


def error_codes() -> list[str]:
    codes = set(COMMON_CODES) | {code for code, _ in HTTP_MESSAGES.values()} | set(OTHER_CODES)
    for game in games.all_games():
        codes |= set(game.codes)
    return sorted(codes)


def _max_seats() -> int:
    return max(g.max_players for g in games.all_games())


def _state(game: games.Game, part: dict[str, Any]) -> dict[str, Any]:
    props = {
        "id": {"type": ["string", "null"], "pattern": ID_PATTERN,
               "description": "The full id; null when the table is read through its view id."},
        "view_id": {"type": "string", "pattern": ID_PATTERN},
        "version": _nat(),
        "game": {"const": game.id},
        **part["state"],
    }
    state = _obj({**props, "next_table": NEXT_TABLE}, tuple(props))  # next_table: only once "play again" made one
    state["description"] = part.get("state_description", f"STATE of a {game.label('en')} table.")
    return state


def _schemas() -> dict[str, Any]:
    parts = _parts()
    components: dict[str, Any] = {}
    for _, part in parts:
        components.update(part["components"])
    states = {f"State_{g.id}": _state(g, part) for g, part in parts}
    state = {"oneOf": [_ref(name) for name in states], "description": "STATE: the fields common to every game "
             "(id, view_id, version, game) and the game's own (see each variant)."}
    return {
        "Id": {"type": "string", "pattern": ID_PATTERN,
               "description": "A full id or a view id (unguessable, ≥ 128 random bits)."},
        "Seat": _nat(0, _max_seats() - 1),
        "GameId": {"enum": [g.id for g in games.all_games()]},
        **components,
        **states,
        "Action": {"anyOf": [a for _, part in parts for a in part["actions"]],
                   "description": "ACTION of the table's game (API.md for Laminate, docs/api.md for the others). "
                                  "An action of another game, or with a field its game does not have, is "
                                  "bad_request (400)."},
        "LoggedAction": {"anyOf": [*(a for _, part in parts for a in part["logged"]),
                                   _obj({"type": {"const": "undo"}}, ("type",)),
                                   _obj({"type": {"const": "next_table"}}, ("type",)),
                                   _obj({"type": {"const": "seat"}, "seat": _nat(),
                                         "take_over": {"type": "boolean"}}, ("type", "seat", "take_over"))]},
        "State": state,
        "StateAnswer": _obj({"state": _ref("State"),
                             "legal": {"const": True, "description": "Present on a dry run that passed."}},
                            ("state",)),
        "Error": _obj({"error": {"enum": error_codes()}, "message": {"type": "string", "minLength": 1},
                       "message_en": {"type": "string", "minLength": 1},
                       "message_ja": {"type": "string", "minLength": 1}},
                      ("error", "message", "message_en", "message_ja"),
                      description="A refusal: a stable lower-case code and a sentence (in the request's "
                                  "language, and in both)."),
    }


def _body(schema: dict[str, Any], *, required: bool = True) -> dict[str, Any]:
    return {"required": required, "content": {"application/json": {"schema": schema}}}


def _json(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


ERROR_TEXT = {
    "400": "Malformed request: bad JSON, wrong types, an action the table's game does not have, a card or tile "
           "that does not exist (bad_request, and the game's own: Laminate's bad_card and unknown_paper, "
           "Rummikub's bad_tile); or a Host header that is not this server's (bad_host).",
    "403": "A read-only (view) id used to write (read_only), hints turned off (hints_disabled), or a request "
           "from another site (cross_site).",
    "404": "No table with this id, or a question the table's game does not answer (not_found).",
    "409": "The table moved on (stale), there is nothing to undo (nothing_to_undo), the game is not over yet "
           "(game_not_over), a seat claim that cannot be made now (seat_taken, no_seat_claims, "
           "take_over_mid_roll), or (public mode) the table was closed after too long without a move "
           "(table_closed; its play is kept).",
    "413": "Body larger than 64 KiB (too_large).",
    "415": "A body (or content type) other than application/json (unsupported_media_type).",
    "422": "A well-formed action the rules forbid (the game's codes: API.md for Laminate, docs/api.md for all).",
    "429": "Too many requests from this device (too_many_requests): over its budget of expensive requests (a new "
           "table, play again, a game's questions such as /check, /melds and /hints, exports, QR images) or of "
           "requests in flight at once. Answered by the server (companion serve) before the app; Retry-After "
           "says how many seconds to wait.",
}
RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before trying again.", "required": True,
                               "schema": {"type": "integer", "minimum": 1}}}


def _errors(*statuses: int) -> dict[str, Any]:
    return {str(s): {"$ref": f"#/components/responses/E{s}"} for s in statuses}


WRITE_ERRORS = (400, 403, 404, 409, 413, 415, 422)
SEAT_TOKEN = {"name": "X-Seat-Token", "in": "header", "required": False, "schema": {"type": "string"},
              "description": "The token a seat claim answered with: proves this request comes from that seat's "
                             "phone (tables with secrets). Actions a game reserves for a seat's own phone are "
                             "refused with 403 seat_proof_needed without it."}
TABLE_PARAM = {"name": "table_id", "in": "path", "required": True, "schema": _ref("Id"),
               "description": "The table's full id (or, where allowed, its read-only view id)."}


def _query_paths(parts: list[tuple[games.Game, dict[str, Any]]]) -> dict[str, Any]:
    """One path per question any game answers (``POST /api/tables/{id}/<name>``)."""
    by_name: dict[str, list[tuple[games.Game, dict[str, Any]]]] = {}
    for game, part in parts:
        for name, q in part.get("queries", {}).items():
            by_name.setdefault(name, []).append((game, q))
    paths = {}
    for name, found in by_name.items():
        def one_of(key: str, found=found) -> dict[str, Any]:
            schemas = [q[key] for _, q in found]
            return schemas[0] if len(schemas) == 1 else {"anyOf": schemas}
        statuses = sorted({s for _, q in found for s in q.get("errors", (400, 404, 413, 415, 422))})
        summary = " ".join(f"{g.label('en')}: {q['summary']}" if len(found) > 1 else q["summary"] for g, q in found)
        responses: dict[str, Any] = {"200": _json("The answer.", one_of("response")), **_errors(*statuses)}
        paths[f"/api/tables/{{table_id}}/{name}"] = {"post": {
            "operationId": name, "summary": summary, "parameters": [TABLE_PARAM],
            "requestBody": _body(one_of("request")), "responses": responses,
        }}
    return paths


def _paths() -> dict[str, Any]:
    parts = _parts()
    min_players = min(g.min_players for g in games.all_games())
    max_players = _max_seats()
    create_extra = {k: v for _, part in parts for k, v in part.get("create", {}).items()}
    settings = {k: v for _, part in parts for k, v in part.get("settings", {}).items()}
    version = {"type": ["integer", "null"], "minimum": 0,
               "description": "If given, must equal the current STATE.version, else 409 stale."}
    action_id = {"type": ["string", "null"], "pattern": ACTION_ID_PATTERN,
                 "description": "Client-made key that makes a retry safe: the same key gets the stored answer."}
    state_answer = _json("The new state (or the unchanged one for a dry run).", _ref("StateAnswer"))
    return {
        "/api/openapi.json": {"get": {
            "operationId": "openapi", "summary": "This document.",
            "responses": {"200": _json("The OpenAPI 3.1 document.", {"type": "object"})},
        }},
        "/api/games": {"get": {
            "operationId": "games", "summary": "Every game this server offers, with its player range and options.",
            "responses": {"200": _json("The games.", _obj({"games": {"type": "array", "items": _obj({
                "id": _ref("GameId"),
                "name": _obj({"en": {"type": "string"}, "ja": {"type": "string"}}, ("en", "ja")),
                "players": _obj({"min": _nat(1), "max": _nat(1)}, ("min", "max")),
                "options": {"type": "object", "additionalProperties": {"type": "object"}},
            }, ("id", "name", "players", "options"))}}, ("games",)))},
        }},
        "/api/tables": {"post": {
            "operationId": "createTable", "summary": "Open a table.",
            "requestBody": _body(_obj({
                "game": {**_ref("GameId"), "description": "Which game (default \"laminate\"); GET /api/games "
                                                          "lists them with their player ranges and options."},
                "players": {"type": "array", "minItems": min_players, "maxItems": max_players, "uniqueItems": True,
                            "items": NAME,
                            "description": "Names in clockwise order: 1–40 characters after trimming, no "
                                           "control or format characters, all different; as many as the "
                                           "game allows."},
                "start": {"oneOf": [_ref("Seat"), {"const": "random"}],
                          "description": "The first seat (default 0), or \"random\"."},
                "options": {"type": "object", "description": "The game's options (GET /api/games), each with a "
                                                             "default; an unknown or ill-typed one is bad_request."},
                **create_extra,
            }, ("players",), closed=False)),
            "responses": {
                "201": _json("The new table.", _obj({"id": _ref("Id"), "view_id": _ref("Id"),
                                                    "state": _ref("State")}, ("id", "view_id", "state"))),
                **_errors(400, 413, 415),
            },
        }},
        "/api/tables/{table_id}": {"get": {
            "operationId": "getTable", "summary": "The table's state (full or view id).",
            "parameters": [TABLE_PARAM, SEAT_TOKEN],
            "responses": {"200": _json("STATE", _ref("State")), **_errors(400, 404)},
        }},
        "/api/tables/{table_id}/actions": {"post": {
            "operationId": "act", "summary": "Play an action for the active player (full id only).",
            "parameters": [TABLE_PARAM, SEAT_TOKEN],
            "requestBody": _body(_obj({"action": _ref("Action"), "version": version,
                                       "dry_run": {"type": "boolean"}, "action_id": action_id},
                                      ("action",), closed=False)),
            "responses": {"200": state_answer, **_errors(*WRITE_ERRORS)},
        }},
        "/api/tables/{table_id}/undo": {"post": {
            "operationId": "undo", "summary": "Take back the last action (full id only). Body optional.",
            "parameters": [TABLE_PARAM],
            "requestBody": _body(_obj({"version": version, "action_id": action_id,
                                       "dry_run": {"type": "boolean", "description": "Only say whether an undo "
                                                   "is possible now (answers with \"legal\": true)."}},
                                      closed=False), required=False),
            "responses": {"200": state_answer, **_errors(*WRITE_ERRORS)},
        }},
        **_query_paths(parts),
        **plays_paths(TABLE_PARAM, _json, _errors),
        "/api/tables/{table_id}/settings": {"post": {
            "operationId": "settings", "summary": "Change table settings (the game's options marked as settings: "
                                                  "assistant switch, suit names); full id only. Not a game action, "
                                                  "but it bumps the version.",
            "parameters": [TABLE_PARAM],
            "requestBody": _body({**_obj({**settings, "version": version}, closed=False),
                                  "anyOf": [{"required": [k]} for k in settings]}),
            "responses": {"200": _json("The new state.", _ref("StateAnswer")), **_errors(400, 403, 404, 409, 413,
                                                                                         415)},
        }},
        "/api/tables/{table_id}/log": {"get": {
            "operationId": "log", "summary": "Every event in order (full or view id).",
            "parameters": [TABLE_PARAM],
            "responses": {
                "200": _json("The log.", _obj({"events": {"type": "array", "items": _obj({
                    "seq": _nat(1), "seat": {"type": ["integer", "null"], "minimum": 0, "maximum": max_players - 1},
                    "action": _ref("LoggedAction"), "at": {"type": "string", "format": "date-time"},
                    "undone": {"type": "boolean"}, "undoes": _nat(1),
                    "by": {"type": "integer", "minimum": 0, "description": "The seat of the device that acted, "
                           "if it proved or named one."}}, ("seq", "seat", "action", "at", "undone"))}},
                    ("events",))),
                **_errors(400, 404),
            },
        }},
        "/api/tables/{table_id}/seats": {"get": {
            "operationId": "seats",
            "summary": "Which seats phones hold at a table with secrets (a hidden die), and which one this request "
                       "proves with its X-Seat-Token header (full or view id; a view id never proves a seat).",
            "parameters": [TABLE_PARAM, SEAT_TOKEN],
            "responses": {"200": _json("The seats.", _obj({
                "private_seats": {"type": "boolean", "description": "Whether this table's phones claim seats."},
                "yours": {"type": ["integer", "null"], "minimum": 0},
                "seats": {"type": "array", "items": _obj({"seat": _nat(), "name": NAME, "held": {"type": "boolean"}},
                                                        ("seat", "name", "held"))}},
                ("private_seats", "yours", "seats"))), **_errors(400, 404)},
        }},
        "/api/tables/{table_id}/seats/{seat}/claim": {"post": {
            "operationId": "claimSeat",
            "summary": "This phone takes a seat at a table with secrets (full id only). The answer's token, shown "
                       "once and stored only as a hash, proves the seat later: send it as X-Seat-Token. A seat "
                       "another phone holds needs take_over (that phone loses it; the log records it for all).",
            "parameters": [TABLE_PARAM, {"name": "seat", "in": "path", "required": True, "schema": _nat()}],
            "requestBody": _body(_obj({"take_over": {"type": "boolean"}}, closed=False), required=False),
            "responses": {"200": _json("The seat and its token.", _obj({
                "seat": _nat(), "token": {"type": "string", "minLength": 16}, "state": _ref("State")},
                ("seat", "token", "state"))), **_errors(400, 403, 404, 409, 413, 415)},
        }},
        "/api/tables/{table_id}/events": {"get": {
            "operationId": "events",
            "summary": "Server-Sent Events: `event: state` with `data: {\"version\": N}` on connect and after "
                       "every change; `: keep-alive` at least every 15 s (full or view id).",
            "parameters": [TABLE_PARAM],
            "responses": {
                "200": {"description": "An endless event stream.",
                        "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                "204": {"description": "Public mode: the table was closed after too long without a move; "
                                       "nothing more will happen (an EventSource stops reconnecting)."},
                **_errors(400, 404),
            },
        }},
    }


@lru_cache(maxsize=1)
def document() -> dict[str, Any]:
    """The whole OpenAPI 3.1 document (a fresh structure is never needed: callers must not mutate it)."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "companion table API",
            "version": companion_version,
            "description": "The JSON API of the table companion (API.md; docs/api.md for every game, or the game's "
                           "tag below when it keeps its section in its own folder). JSON in and "
                           "out; a "
                           "body in any other content type is refused with 415. Errors are "
                           "{\"error\": CODE, \"message\": TEXT, \"message_en\": …, \"message_ja\": …}. "
                           "Bodies are at most 64 KiB and nested at most 8 levels deep.",
        },
        "servers": [{"url": "/"}],
        "tags": _game_docs(),
        "paths": _with_limits(_paths()),
        "components": {
            "schemas": _schemas(),
            "responses": {f"E{s}": {**_json(text, _ref("Error")), **({"headers": RETRY_AFTER} if s == 429 else {})}
                          for s, text in ((int(k), v) for k, v in ERROR_TEXT.items())},
        },
    }


def _game_docs() -> list[dict[str, Any]]:
    """A game that keeps its section of the API docs in its own folder (``<package>/api.md``, beside its code:
    docs/adding-a-game.md) has it here, as the description of a tag named after the game."""
    tags = []
    for game in games.all_games():
        folder = package_dir(game.package) if game.package else None
        if folder is not None and (folder / API_DOC).is_file():
            tags.append({"name": game.id, "description": (folder / API_DOC).read_text(encoding="utf-8")})
    return tags


def _with_limits(paths: dict[str, Any]) -> dict[str, Any]:
    """Every operation may meet the server's per-device limits: the cap on requests in flight applies to all,
    the budgets of expensive requests to some (docs/security.md). So every one documents 429."""
    for operations in paths.values():
        for operation in operations.values():
            operation["responses"].update(_errors(429))
    return paths


@openapi.get("/openapi.json")
def openapi_json() -> Response:
    return jsonify(document())
