"""The STATE of Long Seat as JSON Schema, for the OpenAPI document (its actions' schemas come from their
declarations in actions.py, its ``risk`` setting from the option). It asks no questions (queries): the risk of
the next card (LS10) is part of STATE while the setting is on."""

from __future__ import annotations

from typing import Any

from ..pairs.deck import DECK_SCHEMA
from ..schema import nat, obj, ref
from .rules import MAX_PLAYERS
from .state import DecidedBy, EndKind

SEAT = nat(0, MAX_PLAYERS - 1)
CARD = {"type": "integer", "minimum": 1, "maximum": 10}


def state_schema() -> dict[str, Any]:
    cards = {"type": "array", "items": ref("LsCard")}
    player = obj({"seat": SEAT, "name": {"type": "string", "minLength": 1, "maxLength": 40},
                  "up": {**cards, "description": "Face-up cards in front of the player, oldest first (−1 each)."},
                  "down": {**nat(), "description": "How many face-down cards (+1 each)."},
                  "score": {"type": "integer", "description": "down − len(up) (LS9)."}},
                 ("seat", "name", "up", "down", "score"))
    last_end = obj({"kind": {"enum": [k.value for k in EndKind]}, "seat": SEAT, "laid": nat(1),
                    "taken": {**cards, "description": "A pair: the cards taken, in row order (else empty)."},
                    "flipped": {**nat(), "description": "A stop: cards turned face down (else 0)."},
                    "last": {"type": "boolean", "description": "The deck ran out with this turn (LS8)."}},
                   ("kind", "seat", "laid", "taken", "flipped", "last"))
    risk = obj({
        "pair": obj({"numerator": nat(), "denominator": nat(1), "percent": {"type": "number", "minimum": 0,
                                                                              "maximum": 100}},
                    ("numerator", "denominator", "percent"),
                    description="The exact chance that the next card makes a pair (a reduced fraction)."),
        "numbers": {"type": "array", "items": obj({"number": ref("LsCard"), "left": nat(), "takes": nat(2)},
                                                  ("number", "left", "takes")),
                    "description": "Per card of the row, in row order: copies left in the deck, and how many "
                                   "cards a pair on it would take now."},
        "stop_flips": {**nat(), "description": "Face-up cards a stop would turn face down now (LS6)."},
        "left": {"type": "object", "additionalProperties": nat(), "propertyNames": {"enum": [str(v) for v in
                                                                                              range(1, 11)]},
                 "description": "Copies of each number still in the deck (PD4)."},
    }, ("pair", "numbers", "stop_flips", "left"))
    state = {
        "players": {"type": "array", "minItems": 2, "maxItems": MAX_PLAYERS, "items": player},
        "active": {**SEAT, "description": "The seat on turn; after the end, the seat that turned the last card."},
        "start": SEAT, "turn": {**nat(), "description": "Turns finished."},
        "row": {**cards, "maxItems": 10, "description": "The row, the first laid first (each number once)."},
        "laid": {**nat(), "description": "Cards laid by the active player in this turn."},
        "deck": obj({"size": nat(), "total": nat(1), "copies": {**DECK_SCHEMA, "description":
                     "The table's deck (option deck, PD5)."}}, ("size", "total", "copies")),
        "last_end": {"oneOf": [{"type": "null"}, last_end]},
        "over": {"type": "boolean"},
        "winners": {"type": "array", "items": SEAT},
        "ranking": {"type": "array", "items": SEAT},
        "decided_by": {"enum": [None, *(d.value for d in DecidedBy)]},
        "can": obj({"lay": {"type": "boolean"}, "stop": {"type": "boolean"}}, ("lay", "stop")),
        "options": obj({"risk": {"type": "boolean"}}, ("risk",)),
        "risk": {"oneOf": [{"type": "null"}, risk],
                 "description": "LS10, while the table setting risk is on and the game runs; else null."},
    }
    return {
        "components": {
            "LsCard": {**CARD, "description": "A Pairs card by its number, 1–10 (PD1); else bad_request (400)."},
        },
        "state": state,
        "state_description": "STATE of a Long Seat table (docs/api.md, Long Seat).",
    }
