"""The STATE of Cracker as JSON Schema, for the OpenAPI document (its actions' schemas come from their
declarations). Cracker answers no questions: everything a client needs is in the STATE."""

from __future__ import annotations

from typing import Any

from ..schema import nat, obj
from .rules import MAX_PLAYERS, MIN_PLAYERS
from .state import Phase, Reason, Step

SEAT = nat(0, MAX_PLAYERS - 1)
CARD_OUT = {"type": "integer", "minimum": 1, "maximum": 10}
NUMBERS = obj({str(v): {"type": "integer"} for v in range(1, 11)}, tuple(str(v) for v in range(1, 11)))


def state_schema() -> dict[str, Any]:
    reasons = {"enum": [r.value for r in Reason]}
    player = obj({"seat": SEAT, "name": {"type": "string", "minLength": 1, "maxLength": 40},
                  "hand": {**nat(), "description": "Cards in the hand now (CR6)."}, "total": {"type": "integer"},
                  "known": {**NUMBERS, "description": "Copies of each number this player is known to hold (CR11)."},
                  "max": {"type": ["integer", "null"], "minimum": 0, "maximum": 10,
                          "description": "The highest number entered at the round's end (CR9)."},
                  "round_score": {"type": ["integer", "null"]}},
                 ("seat", "name", "hand", "total", "known", "max", "round_score"))
    nullable_seat = {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_PLAYERS - 1}
    up_to = {"oneOf": [{"type": "null"}, NUMBERS]}
    state = {
        "players": {"type": "array", "minItems": MIN_PLAYERS, "maxItems": MAX_PLAYERS, "items": player},
        "round": nat(1), "rounds": nat(1), "dealer": SEAT,
        "phase": {"enum": [p.value for p in Phase]},
        "active": nullable_seat, "step": {"enum": [*(s.value for s in Step), None]},
        "received": {"type": ["integer", "null"], "minimum": 1, "maximum": 10},
        "paired": {"type": "boolean"}, "opening": {"type": "boolean"}, "passer": nullable_seat,
        "streak": {"oneOf": [{"type": "null"}, obj({"card": nat(1, 10), "count": nat(1),
                                                    "of": nat(MIN_PLAYERS, MAX_PLAYERS)}, ("card", "count", "of"))]},
        "change": {"type": ["integer", "null"], "minimum": 1, "maximum": 10},
        "deck": nat(), "deck_total": nat(1), "copies": NUMBERS, "discard": {"type": "array", "items": CARD_OUT},
        "drawn": NUMBERS, "passes": nat(),
        "round_end": {"oneOf": [{"type": "null"}, obj({
            "reason": reasons, "seat": nullable_seat,
            "hand": {"type": "array", "items": CARD_OUT}}, ("reason", "seat", "hand"))]},
        "rounds_played": {"type": "array", "items": obj({
            "round": nat(1), "dealer": SEAT, "reason": reasons,
            "seat": nullable_seat, "scores": {"type": "array", "items": {"type": "integer"}}},
            ("round", "dealer", "reason", "seat", "scores"))},
        "over": {"type": "boolean"},
        "winners": {"type": "array", "items": SEAT},
        "ranking": {"type": "array", "items": SEAT},
        "can": obj({**{k: {"type": "boolean"} for k in ("draw", "pair", "pass", "end_round", "reveal",
                                                        "next_round")},
                    "declare": {"type": "array", "items": SEAT,
                                "description": "Seats whose declaration window is open now (CR7c)."}},
                   ("draw", "pair", "pass", "end_round", "reveal", "next_round", "declare")),
        "pass_up_to": {**up_to, "description": "Step play: the most copies of each number the active player can "
                                               "hold (0: a pass of it is refused)."},
        "deck_up_to": {**up_to, "description": "Step draw: the most copies of each number the deck can hold."},
    }
    return {"state": state, "state_description": "STATE of a Cracker table (docs/api.md, Cracker)."}
