"""Rummikub's part of the OpenAPI document: tiles, sets, its actions, its STATE fields and its questions
(``/check``, the live draft report; ``/hints``, the private best-play assistant)."""

from __future__ import annotations

from typing import Any

from ..schema import nat, obj, optional_seat, ref
from .errors import ERROR_CODES
from .tiles import TILE_KINDS

SEAT = nat(0, 3)
TILE_PATTERN = r"^(?:[brykBRYK](?:[1-9]|1[0-3])|[Jj])$"


def _action(kind: str, props: dict[str, Any], required: tuple[str, ...] = (), *, player: bool = True
            ) -> dict[str, Any]:
    """Rummikub refuses unknown fields (400), so its action variants are closed."""
    extra = {"player": optional_seat()} if player else {}
    return obj({"type": {"const": kind}, **extra, **props}, ("type", *required))


def _logged(kind: str, props: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    return obj({"type": {"const": kind}, "player": SEAT, **props}, ("type", *required))


def schema() -> dict[str, Any]:
    tile_list = {"type": "array", "maxItems": 106, "items": ref("Tile")}
    set_in = {"oneOf": [tile_list, obj({"tiles": tile_list, "kind": {"enum": ["run", "group"]}}, ("tiles",))],
              "description": "A set: its tiles in table order (a run ascending when it holds a joker), or "
                             "{\"tiles\", \"kind\"} to say run or group where both would fit (J J r5)."}
    table_in = {"type": "array", "maxItems": 106, "items": ref("RkSetIn"),
                "description": "The whole new table: every set that lies on the table after the turn."}
    set_out = obj({"tiles": {"type": "array", "items": ref("TileOut")}, "kind": {"enum": ["run", "group"]},
                   "stands": {"type": "array", "items": {"type": ["string", "null"]},
                              "description": "Per tile: null, or what a joker stands for (r10; *10 in a "
                                             "group: a 10 of a missing colour)."},
                   "value": nat()}, ("tiles", "kind", "stands", "value"))
    logged_set = {"oneOf": [{"type": "array", "items": ref("TileOut")},
                            obj({"tiles": {"type": "array", "items": ref("TileOut")},
                                 "kind": {"enum": ["run", "group"]}}, ("tiles", "kind"))]}
    actions = [
        _action("draw", {}),
        _action("play", {"table": table_in}, ("table",)),
        _action("pass", {}),
        _action("timeout", {}),
        _action("rack", {"seat": ref("Seat"), "tiles": tile_list}, ("seat", "tiles"), player=False),
        _action("next_round", {}, player=False),
    ]
    logged = [
        _logged("draw", {}), _logged("pass", {}), _logged("timeout", {}),
        _logged("play", {"table": {"type": "array", "items": logged_set}}, ("table",)),
        obj({"type": {"const": "rack"}, "seat": SEAT, "tiles": {"type": "array", "items": ref("TileOut")}},
            ("type", "seat", "tiles")),
        obj({"type": {"const": "next_round"}}, ("type",)),
        obj({"type": {"const": "settings"}, "hints": {"type": "boolean"}}, ("type",)),
    ]
    player = obj({"seat": SEAT, "name": {"type": "string", "minLength": 1, "maxLength": 40}, "rack": nat(),
                  "melded": {"type": "boolean"}, "total": {"type": "integer"},
                  "round_score": {"type": ["integer", "null"]}, "rack_entered": {"type": "boolean"}},
                 ("seat", "name", "rack", "melded", "total", "round_score", "rack_entered"))
    round_end = obj({
        "reason": {"enum": ["out", "blocked"]}, "seat": {"type": ["integer", "null"], "minimum": 0, "maximum": 3},
        "racks": {"type": "object", "additionalProperties": {"type": ["array", "null"],
                                                              "items": ref("TileOut")}},
        "values": {"type": ["array", "null"], "items": nat()},
        "scores": {"type": ["array", "null"], "items": {"type": "integer"}},
        "remainder": nat()}, ("reason", "seat", "racks", "values", "scores", "remainder"))
    state = {
        "players": {"type": "array", "minItems": 2, "maxItems": 4, "items": player},
        "active": {"type": ["integer", "null"], "minimum": 0, "maximum": 3},
        "start": SEAT, "round": nat(1), "rounds": nat(1), "phase": {"enum": ["play", "racks", "scored", "over"]},
        "pool": nat(), "turn": nat(), "passes": nat(),
        "table": {"type": "array", "items": set_out},
        "round_end": {"oneOf": [{"type": "null"}, round_end]},
        "rounds_played": {"type": "array", "items": obj({
            "round": nat(1), "reason": {"enum": ["out", "blocked"]},
            "seat": {"type": ["integer", "null"], "minimum": 0, "maximum": 3},
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
                      "valid": {"type": "boolean"}, "kind": {"enum": ["run", "group", None]},
                      "stands": {"type": "array", "items": {"type": ["string", "null"]}}, "value": nat(),
                      "error": {"type": ["string", "null"]}, "message": {"type": ["string", "null"]},
                      "message_en": {"type": ["string", "null"]}, "message_ja": {"type": ["string", "null"]}},
                     closed=False)
    play = obj({"table": {"type": "array", "items": obj({
        "tiles": {"type": "array", "items": ref("TileOut")}, "kind": {"enum": ["run", "group"]}}, ("tiles", "kind")),
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
            "request": obj({"player": ref("Seat"), "rack": tile_list, "objective": {"enum": ["tiles", "value"]}},
                           ("player", "rack"), closed=False),
            "response": obj({"play": {"oneOf": [{"type": "null"}, play]}, "initial": {"type": "boolean"},
                             "objective": {"enum": ["tiles", "value"]}}, ("play", "initial", "objective")),
            "errors": (400, 403, 404, 413, 415, 422),
        },
    }
    return {
        "components": {
            "Tile": {"type": "string", "maxLength": 8, "examples": ["r9", "b13", "J"],
                     "description": "A colour letter (b blue, r red, y yellow, k black) and 1–13, or J for a "
                                    f"joker; case-insensitive (pattern {TILE_PATTERN}); else bad_tile (400)."},
            "TileOut": {"enum": [*TILE_KINDS]},
            "RkSetIn": set_in,
        },
        "actions": actions,
        "logged": logged,
        "state": state,
        "state_description": "STATE of a Rummikub table (docs/api.md, Rummikub).",
        "settings": {"hints": {"type": "boolean"}},
        "queries": queries,
        "error_codes": ERROR_CODES,
    }
