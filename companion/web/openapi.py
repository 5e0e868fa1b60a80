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
from ..games.laminate import DEFAULT_DECK, PAPER_IDS
from ..games.laminate.errors import EXTRA_MESSAGES, MESSAGES
from .api import ACTION_ID
from .errors import HTTP_MESSAGES

openapi = Blueprint("openapi", __name__, url_prefix="/api")

#: Codes answered by the service and the security layer besides the rule codes (errors.MESSAGES).
OTHER_CODES = ("not_found", "read_only", "hints_disabled", "bad_host", "cross_site", "csrf_failed")

ID_PATTERN = r"^[A-Za-z0-9_-]{8,64}$"
ACTION_ID_PATTERN = f"^{ACTION_ID.pattern}$"  # the server's own pattern (api.py), anchored
MAX_INT = 2**31
CARD_PATTERN = r"^[A-Za-z0-9]+-(?:[1-9]|1[0-3]|[AJQKajqk])$"
# Names: 1–40 characters once trimmed, no control or format characters. The length after trimming cannot be
# written as a JSON Schema, so the schema only says "non-empty text" and the server refuses the rest (400).
NAME = {"type": "string", "minLength": 1,
        "description": "1–40 characters after trimming surrounding white space; no control or format characters "
                       "(bidi overrides, zero-width characters…); refused with bad_request (400) otherwise."}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


CARD_LIST = {"type": "array", "maxItems": 49, "items": _ref("Card")}
CARD_OUT_LIST = {"type": "array", "items": _ref("CardOut")}
CITE_LIST = {"type": ["array", "null"], "maxItems": 64, "items": _ref("PaperId")}


def _obj(properties: dict[str, Any], required: tuple[str, ...] = (), *, closed: bool = True,
         description: str | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    if closed:
        schema["additionalProperties"] = False
    if description:
        schema["description"] = description
    return schema


def _nat(minimum: int = 0, maximum: int | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer", "minimum": minimum}
    if maximum is not None:
        schema["maximum"] = maximum
    return schema


def error_codes() -> list[str]:
    codes = set(MESSAGES) | set(EXTRA_MESSAGES) | {code for code, _, _ in HTTP_MESSAGES.values()} | set(OTHER_CODES)
    return sorted(codes)


def _schemas() -> dict[str, Any]:
    deck = DEFAULT_DECK
    suits = [s.id for s in deck.suits]
    seat = _nat(0, 4)
    card_in = {
        "anyOf": [_ref("CardOut"), {"type": "string", "maxLength": 40}],
        "description": "SUIT-RANK: a suit id of the deck (" + ", ".join(suits) + ") and a rank 1–13 or A, J, Q, "
                       "K, case-insensitive (pattern " + CARD_PATTERN + "). A string that names no card of the "
                       "deck (heart-9, joker-1, coin-14) is refused with bad_card (400).",
        "examples": ["coin-7", "book-K"],
    }
    optional_seat = {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_INT,
                     "description": "If given, must be the active seat (422 not_your_turn)."}

    def action_variant(kind: str, props: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
        return _obj({"type": {"const": kind}, "player": optional_seat, **props}, ("type", *required),
                    closed=False)

    actions_in = [
        action_variant("research", {"from": {"enum": ["deck", "discard"]}}, ("from",)),
        action_variant("publish", {"paper": _ref("PaperType"), "cards": CARD_LIST, "cite": CITE_LIST},
                       ("paper", "cards")),
        action_variant("review", {"paper": _ref("PaperId"), "card": _ref("Card")}, ("paper", "card")),
        action_variant("pass", {}),
        action_variant("endflag", {"card": _ref("Card")}, ("card",)),
    ]

    def action_out(kind: str, props: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
        return _obj({"type": {"const": kind}, "player": seat, **props}, ("type", *required))

    actions_out = [
        action_out("research", {"from": {"enum": ["deck", "discard"]}}, ("from",)),
        action_out("publish", {"paper": _ref("PaperType"), "cards": CARD_OUT_LIST,
                               "cite": {"type": "array", "items": _ref("PaperId")}}, ("paper", "cards", "cite")),
        action_out("review", {"paper": _ref("PaperId"), "card": _ref("CardOut")}, ("paper", "card")),
        action_out("pass", {}),
        action_out("endflag", {"card": _ref("CardOut")}, ("card",)),
        _obj({"type": {"const": "undo"}}, ("type",)),
        _obj({"type": {"const": "settings"}, "hints": {"type": "boolean"}, "suit_names": _ref("SuitNamesOut")},
             ("type",)),
    ]

    player = _obj({"seat": seat, "name": {"type": "string", "minLength": 1, "maxLength": 40},
                   "hand": _nat(), "score": _nat(), "complete": _nat()},
                  ("seat", "name", "hand", "score", "complete"))
    paper = _obj({"id": _ref("PaperId"), "owner": seat, "type": _ref("PaperType"),
                  "cards": CARD_OUT_LIST, "complete": {"type": "boolean"}},
                 ("id", "owner", "type", "cards", "complete"))
    state_props = {
        "id": {"type": ["string", "null"], "pattern": ID_PATTERN,
               "description": "The full id; null when the table is read through its view id."},
        "view_id": {"type": "string", "pattern": ID_PATTERN},
        "version": _nat(),
        "players": {"type": "array", "minItems": 3, "maxItems": 5, "items": player},
        "active": {"type": ["integer", "null"], "minimum": 0, "maximum": 4},
        "pending": {"enum": [None, "endflag"]},
        "deck": _nat(),
        "discard": _nat(),
        "supply": _obj({p: _nat() for p in PAPER_IDS}, tuple(PAPER_IDS)),
        "papers": {"type": "array", "items": paper},
        "end": {"oneOf": [{"type": "null"},
                          _obj({"trigger": seat, "turns_left": _nat()}, ("trigger", "turns_left"))]},
        "over": {"type": "boolean"},
        "winners": {"type": "array", "items": seat},
        # additions beyond API.md
        "start": seat,
        "turn": _nat(),
        "passes": _nat(),
        "hints": {"type": "boolean", "description": "Whether the publish assistant (/hints) is on."},
        "can": _obj({k: {"type": "boolean"} for k in ("research_deck", "research_discard", "review", "pass")},
                    ("research_deck", "research_discard", "review", "pass")),
        "ranking": {"type": "array", "items": seat},
        "decided_by": {"enum": [None, "score", "fewest_papers", "shared"]},
    }
    state = _obj(state_props, tuple(state_props))
    state["description"] = "STATE of API.md (plus the additions start, turn, passes, hints, can, ranking, " \
                           "decided_by)."

    return {
        "Id": {"type": "string", "pattern": ID_PATTERN,
               "description": "A full id or a view id (unguessable, ≥ 128 random bits)."},
        "Card": card_in,
        "CardOut": {"enum": [str(c) for c in deck.cards], "description": "A card in canonical notation."},
        "PaperType": {"enum": list(PAPER_IDS), "description": "Paper type id (R2)."},
        "PaperId": _nat(1, MAX_INT),
        "Seat": seat,
        "Action": {"oneOf": actions_in, "description": "ACTION of API.md. Unknown fields are ignored."},
        "LoggedAction": {"oneOf": actions_out},
        "SuitNames": {
            "type": "object", "maxProperties": len(suits), "propertyNames": {"enum": suits},
            "additionalProperties": {**NAME, "description": "1–20 characters after trimming, printable only."},
            "description": "Display names of suits for this table: 1–20 characters each, no control characters.",
        },
        "SuitNamesOut": {"type": "object", "propertyNames": {"enum": suits},
                         "additionalProperties": {"type": "string", "minLength": 1, "maxLength": 20}},
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
    "400": "Malformed request: bad JSON, wrong types, unknown action type, bad card (bad_request, bad_card, "
           "unknown_paper); or a Host header that is not this server's (bad_host).",
    "403": "A read-only (view) id used to write (read_only), hints turned off (hints_disabled), or a request "
           "from another site (cross_site).",
    "404": "No table with this id (not_found).",
    "409": "The table moved on (stale) or there is nothing to undo (nothing_to_undo).",
    "413": "Body larger than 64 KiB (too_large).",
    "415": "A body (or content type) other than application/json (unsupported_media_type).",
    "422": "A well-formed action the rules forbid (codes of API.md).",
}


def _errors(*statuses: int) -> dict[str, Any]:
    return {str(s): {"$ref": f"#/components/responses/E{s}"} for s in statuses}


WRITE_ERRORS = (400, 403, 404, 409, 413, 415, 422)
QUESTION_ERRORS = (400, 404, 413, 415, 422)
TABLE_PARAM = {"name": "table_id", "in": "path", "required": True, "schema": _ref("Id"),
               "description": "The table's full id (or, where allowed, its read-only view id)."}


def _paths() -> dict[str, Any]:
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
        "/api/tables": {"post": {
            "operationId": "createTable", "summary": "Open a table.",
            "requestBody": _body(_obj({
                "players": {"type": "array", "minItems": 3, "maxItems": 5, "uniqueItems": True,
                            "items": NAME,
                            "description": "Names in clockwise order: 1–40 characters after trimming, no "
                                           "control or format characters, all different (ignoring case)."},
                "start": {"oneOf": [_ref("Seat"), {"const": "random"}],
                          "description": "The first seat (default 0), or \"random\"."},
                "hints": {"type": "boolean", "description": "Publish assistant on (default true)."},
                "suit_names": _ref("SuitNames"),
            }, ("players",), closed=False)),
            "responses": {
                "201": _json("The new table.", _obj({"id": _ref("Id"), "view_id": _ref("Id"),
                                                    "state": _ref("State")}, ("id", "view_id", "state"))),
                **_errors(400, 413, 415),
            },
        }},
        "/api/tables/{table_id}": {"get": {
            "operationId": "getTable", "summary": "The table's state (full or view id).",
            "parameters": [TABLE_PARAM],
            "responses": {"200": _json("STATE", _ref("State")), **_errors(400, 404)},
        }},
        "/api/tables/{table_id}/actions": {"post": {
            "operationId": "act", "summary": "Play an action for the active player (full id only).",
            "parameters": [TABLE_PARAM],
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
        "/api/tables/{table_id}/melds": {"post": {
            "operationId": "melds", "summary": "Which paper types a meld makes, and whether the active player "
                                               "may claim each now. A question: nothing changes.",
            "parameters": [TABLE_PARAM],
            "requestBody": _body(_obj({"cards": CARD_LIST, "cite": CITE_LIST}, closed=False)),
            "responses": {
                "200": _json("Every matching paper type.", _obj({"matches": {"type": "array", "items": _obj(
                    {"paper": _ref("PaperType"), "legal": {"type": "boolean"},
                     "error": {"type": ["string", "null"]}}, ("paper", "legal", "error"))}}, ("matches",))),
                **_errors(*QUESTION_ERRORS),
            },
        }},
        "/api/tables/{table_id}/hints": {"post": {
            "operationId": "hints", "summary": "Every publication a player could make with this hand (full id "
                                               "only; 403 when the table turned hints off). Nothing is stored.",
            "parameters": [TABLE_PARAM],
            "requestBody": _body(_obj({"player": _ref("Seat"), "hand": CARD_LIST}, ("player", "hand"),
                                      closed=False)),
            "responses": {
                "200": _json("At most one option per paper type.", _obj({"options": {"type": "array", "items": _obj({
                    "paper": _ref("PaperType"), "points": _nat(), "cards": CARD_OUT_LIST,
                    "cite": {"type": "array", "items": _ref("PaperId")}, "gifts": _nat(),
                    "completes": {"type": "boolean"}}, ("paper", "points", "cards", "cite", "gifts", "completes"))}},
                    ("options",))),
                **_errors(400, 403, 404, 413, 415, 422),
            },
        }},
        "/api/tables/{table_id}/settings": {"post": {
            "operationId": "settings", "summary": "Change table settings (assistant switch, suit names); full id "
                                                  "only. Not a game action, but it bumps the version.",
            "parameters": [TABLE_PARAM],
            "requestBody": _body({**_obj({"hints": {"type": "boolean"}, "suit_names": _ref("SuitNames"),
                                          "version": version}, closed=False),
                                  "anyOf": [{"required": ["hints"]}, {"required": ["suit_names"]}]}),
            "responses": {"200": _json("The new state.", _ref("StateAnswer")), **_errors(400, 403, 404, 409, 413,
                                                                                         415)},
        }},
        "/api/tables/{table_id}/log": {"get": {
            "operationId": "log", "summary": "Every event in order (full or view id).",
            "parameters": [TABLE_PARAM],
            "responses": {
                "200": _json("The log.", _obj({"events": {"type": "array", "items": _obj({
                    "seq": _nat(1), "seat": {"type": ["integer", "null"], "minimum": 0, "maximum": 4},
                    "action": _ref("LoggedAction"), "at": {"type": "string", "format": "date-time"},
                    "undone": {"type": "boolean"}, "undoes": _nat(1)}, ("seq", "seat", "action", "at", "undone"))}},
                    ("events",))),
                **_errors(400, 404),
            },
        }},
        "/api/tables/{table_id}/events": {"get": {
            "operationId": "events",
            "summary": "Server-Sent Events: `event: state` with `data: {\"version\": N}` on connect and after "
                       "every change; `: keep-alive` at least every 15 s (full or view id).",
            "parameters": [TABLE_PARAM],
            "responses": {
                "200": {"description": "An endless event stream.",
                        "content": {"text/event-stream": {"schema": {"type": "string"}}}},
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
            "description": "The JSON API of the Laminate Rummy table companion (API.md). JSON in and out; a "
                           "body in any other content type is refused with 415. Errors are "
                           "{\"error\": CODE, \"message\": TEXT, \"message_en\": …, \"message_ja\": …}. "
                           "Bodies are at most 64 KiB and nested at most 8 levels deep.",
        },
        "servers": [{"url": "/"}],
        "paths": _paths(),
        "components": {
            "schemas": _schemas(),
            "responses": {f"E{s}": _json(text, _ref("Error")) for s, text in
                          ((int(k), v) for k, v in ERROR_TEXT.items())},
        },
    }


@openapi.get("/openapi.json")
def openapi_json() -> Response:
    return jsonify(document())
