"""Rummikub's part of the OpenAPI document beside its actions (whose schemas come from their declarations,
``actions.py``): its tiles and sets, its STATE fields and its questions (``/check``, the live draft report;
``/hints``, the private best-play assistant), built from the engine's own data so enumerations cannot drift."""

from __future__ import annotations

from typing import Any

from ..schema import nat, obj, ref
from .action_fields import SET_IN, TILE_OUT, TILE_SCHEMA
from .assistant import MAX_RACK, OBJECTIVES
from .rules import MAX_PLAYERS, MIN_PLAYERS
from .sets import KINDS
from .state import EndReason, Phase
from .tiles import TOTAL_TILES

SEAT = nat(0, MAX_PLAYERS - 1)


def state_schema() -> dict[str, Any]:
    tile_list = {"type": "array", "maxItems": TOTAL_TILES, "items": ref("Tile")}
    table_in = {"type": "array", "maxItems": TOTAL_TILES, "items": ref("RkSetIn"),
                "description": "The whole new table: every set that lies on the table after the turn."}
    set_out = obj({"tiles": {"type": "array", "items": ref("TileOut")}, "kind": {"enum": list(KINDS)},
                   "stands": {"type": "array", "items": {"type": ["string", "null"]},
                              "description": "Per tile: null, or what a joker stands for (r10; *10 in a "
                                             "group: a 10 of a missing colour)."},
                   "value": nat()}, ("tiles", "kind", "stands", "value"))
    seat_or_none = {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_PLAYERS - 1}
    reasons = {"enum": [r.value for r in EndReason]}
    player = obj({"seat": SEAT, "name": {"type": "string", "minLength": 1, "maxLength": 40}, "rack": nat(),
                  "melded": {"type": "boolean"}, "total": {"type": "integer"},
                  "round_score": {"type": ["integer", "null"]}, "rack_entered": {"type": "boolean"}},
                 ("seat", "name", "rack", "melded", "total", "round_score", "rack_entered"))
    round_end = obj({
        "reason": reasons, "seat": seat_or_none,
        "racks": {"type": "object", "additionalProperties": {"type": ["array", "null"],
                                                              "items": ref("TileOut")}},
        "values": {"type": ["array", "null"], "items": nat()},
        "scores": {"type": ["array", "null"], "items": {"type": "integer"}},
        "remainder": nat()}, ("reason", "seat", "racks", "values", "scores", "remainder"))
    state = {
        "players": {"type": "array", "minItems": MIN_PLAYERS, "maxItems": MAX_PLAYERS, "items": player},
        "active": seat_or_none,
        "start": SEAT, "round": nat(1), "rounds": nat(1), "phase": {"enum": [p.value for p in Phase]},
        "pool": nat(), "turn": nat(), "passes": nat(),
        "table": {"type": "array", "items": set_out},
        "round_end": {"oneOf": [{"type": "null"}, round_end]},
        "rounds_played": {"type": "array", "items": obj({
            "round": nat(1), "reason": reasons, "seat": seat_or_none,
            "scores": {"type": "array", "items": {"type": "integer"}}}, ("round", "reason", "seat", "scores"))},
        "options": {"type": "object"},
        "timer": {"type": ["integer", "null"], "description": "Seconds per turn, or null when off (RK9)."},
        "over": {"type": "boolean"},
        "hints": {"type": "boolean", "description": "Whether the best-play assistant (/hints) is on."},
        "winners": {"type": "array", "items": SEAT},
        "ranking": {"type": "array", "items": SEAT},
        "can": obj({k: {"type": "boolean"} for k in ("draw", "play", "pass", "timeout", "next_round")},
                   ("draw", "play", "pass", "timeout", "next_round")),
        "tiles_on_table": nat(),
    }
    report_set = obj({"index": nat(), "tiles": {"type": "array", "items": ref("TileOut")},
                      "valid": {"type": "boolean"}, "kind": {"enum": [*KINDS, None]},
                      "stands": {"type": "array", "items": {"type": ["string", "null"]}}, "value": nat(),
                      "error": {"type": ["string", "null"]}, "message": {"type": ["string", "null"]},
                      "message_en": {"type": ["string", "null"]}, "message_ja": {"type": ["string", "null"]}},
                     closed=False)
    play = obj({"table": {"type": "array", "items": obj({
        "tiles": {"type": "array", "items": ref("TileOut")}, "kind": {"enum": list(KINDS)}}, ("tiles", "kind")),
        "description": "The whole new table, exactly the \"table\" of a play action (send it as it is)."},
        "stands": {"type": "array", "items": {"type": "array", "items": {"type": ["string", "null"]}},
                   "description": "Per set of \"table\", per tile: null, or what a joker stands for (r10; *10 "
                                  "in a group), as STATE will show it."},
        "laid": {"type": "array", "items": ref("TileOut")}, "tiles": nat(), "value": nat(), "kept": nat()},
        ("table", "stands", "laid", "tiles", "value", "kept"))
    queries = {
        "check": {
            "summary": "The draft report for a proposed new table: every set checked with its reason, the tiles "
                       "added from the rack, the initial-meld sum, whether every table tile is still there, and "
                       "whether the play would be accepted now. A question: nothing changes.",
            "request": obj({"table": table_in}, ("table",), closed=False),
            "response": obj({"legal": {"type": "boolean"}, "error": {"type": ["string", "null"]},
                             "sets": {"type": "array", "items": report_set}}, ("legal", "error", "sets"),
                            closed=False),
            "errors": (400, 404, 413, 415),
        },
        "hints": {
            "summary": "The play that lays the most tiles of this rack (or, with objective \"value\", the most "
                       "points), rearranging the table as needed; exact (integer programming). Full id only; 403 "
                       "when the table turned the assistant off. The rack is neither stored nor logged.",
            "request": obj({"player": ref("Seat"), "rack": {**tile_list, "maxItems": MAX_RACK},
                            "objective": {"enum": list(OBJECTIVES)}},
                           ("player", "rack"), closed=False),
            "response": obj({"play": {"oneOf": [{"type": "null"}, play]}, "initial": {"type": "boolean"},
                             "objective": {"enum": list(OBJECTIVES)}}, ("play", "initial", "objective")),
            "errors": (400, 403, 404, 413, 415, 422),
        },
    }
    return {
        "components": {
            "Tile": TILE_SCHEMA,
            "TileOut": TILE_OUT,
            "RkSetIn": SET_IN,
        },
        "state": state,
        "state_description": "STATE of a Rummikub table (docs/api.md, Rummikub).",
        "queries": queries,
    }
