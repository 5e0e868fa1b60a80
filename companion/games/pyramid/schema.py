"""The STATE of Pyramid as JSON Schema, for the OpenAPI document (its actions' and its ``risk`` setting's
schemas come from their declarations). It answers no questions: everything a client needs (the risk, the
legal slots) is in the STATE."""

from __future__ import annotations

from typing import Any

from ..pairs.deck import DECK_SCHEMA
from ..schema import nat, obj
from .rules import MAX_PLAYERS
from .state import Phase, TurnEnd

SEAT = nat(0, MAX_PLAYERS - 1)
CARD_OUT = {"type": "integer", "minimum": 1, "maximum": 10}


def state_schema() -> dict[str, Any]:
    cards = {"type": "array", "items": CARD_OUT}
    position = obj({"row": nat(1), "x": {"type": "integer"}}, ("row", "x"))
    player = obj({
        "seat": SEAT, "name": {"type": "string", "minLength": 1, "maxLength": 40},
        "pyramid": {"type": "array", "items": obj({"row": nat(1), "x": {"type": "integer"}, "card": CARD_OUT},
                                                  ("row", "x", "card")),
                    "description": "Every card of the pyramid, in the order placed."},
        "height": nat(), "rows": {"type": "array", "items": nat(1), "description": "Cards per row, bottom first."},
        "cards": nat(), "key": {"type": "array", "items": nat(), "minItems": 1,
                                "description": "PY9 ranking key: height, then cards per row from the top."},
        "place": nat(1)}, ("seat", "name", "pyramid", "height", "rows", "cards", "key", "place"))
    state = {
        "players": {"type": "array", "minItems": 2, "maxItems": MAX_PLAYERS, "items": player},
        "active": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_PLAYERS - 1,
                   "description": "null once over."},
        "start": SEAT, "turn": nat(1), "phase": {"enum": [p.value for p in Phase]},
        "turned": {**cards, "description": "This turn's cards while turning."},
        "to_place": {**cards, "description": "While building: the cards still to place."},
        "acquired": {**cards, "description": "While building: every card the stop took."},
        "forced_stop": {"type": "boolean", "description": "The last card of the deck was turned (PY8)."},
        "deck": obj({"size": nat(), "total": nat(1),
                     "remaining": {"type": "object", "additionalProperties": nat(),
                                   "description": "Copies of each number still in the deck (exact, PD4)."}},
                    ("size", "total", "remaining")),
        "discard": cards,
        "last_turn": {"oneOf": [{"type": "null"}, obj({
            "seat": SEAT, "result": {"enum": [e.value for e in TurnEnd]}, "cards": cards,
            "card": {"type": ["integer", "null"], "minimum": 1, "maximum": 10}}, ("seat", "result", "cards", "card"))]},
        "risk": {"oneOf": [{"type": "null"}, obj({"numerator": nat(), "denominator": nat(1),
                                                  "percent": {"type": "number", "minimum": 0, "maximum": 100}},
                                                 ("numerator", "denominator", "percent"))],
                 "description": "Exact chance that the next card busts (reduced fraction); null when the risk "
                                "setting is off or no card can be turned."},
        "slots": {"type": "object", "additionalProperties": {"type": "array", "items": position},
                  "description": "While building: card number -> every position PY7 allows now."},
        "can": obj({k: {"type": "boolean"} for k in ("turn", "stop", "place")}, ("turn", "stop", "place")),
        "options": obj({"deck": DECK_SCHEMA, "risk": {"type": "boolean"}}, ("deck", "risk")),
        "over": {"type": "boolean"},
        "ranking": {"type": "array", "items": SEAT},
        "winners": {"type": "array", "items": SEAT},
        "result": {"oneOf": [{"type": "null"}, obj({
            "winners": {"type": "array", "items": SEAT}, "decided_by": {"enum": ["height", "row", "tie"]},
            "row": {"type": ["integer", "null"], "minimum": 1}}, ("winners", "decided_by", "row"))]},
    }
    return {"state": state, "state_description": "STATE of a Pyramid table (docs/api.md, Pyramid)."}
