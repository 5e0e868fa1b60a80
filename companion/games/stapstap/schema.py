"""The STATE of すたっぷすたっぷ as JSON Schema, for the OpenAPI document (its actions' schemas come from their
declarations in actions.py). Built from the same data as the engine (steps, modes, payments, the totals)."""

from __future__ import annotations

from typing import Any

from ..schema import nat, obj
from .action_fields import CARD, MAX_POINTS
from .state import MAX_PLAYERS, MIN_PLAYERS, TOTAL_COINS, TOTAL_DICE, Mode, Paid, Step

SEAT = nat(0, MAX_PLAYERS - 1)
FACE = nat(1, 6)
NULL_SEAT = {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_PLAYERS - 1}
NULL_FACE = {"type": ["integer", "null"], "minimum": 1, "maximum": 6}
CAN = ("setup", "bank_die", "lift", "roll", "skip", "retract", "declare", "answer", "reveal", "pay", "take",
       "next_game")


def state_schema() -> dict[str, Any]:
    card = CARD.schema(MAX_PLAYERS)
    points = {"type": "array", "minItems": 6, "maxItems": 6, "description": "Row = card 1–6, column = face 1–6 (ST2d).",
              "items": {"type": "array", "minItems": 6, "maxItems": 6, "items": nat(0, MAX_POINTS)}}
    card_out = obj({"card": card, "face": NULL_FACE}, ("card", "face"))
    player = obj({
        "seat": SEAT, "name": {"type": "string"}, "dice": nat(), "coins": nat(),
        "cards": {"type": "array", "maxItems": 3, "items": card_out},
        "unused": {"type": "array", "items": card, "description": "The cards kept for game 2 (ST2b)."},
        "out": {"type": "boolean"}, "full": {"type": "boolean"}, "score": {"type": "integer"},
        "score_parts": obj({"cards": nat(), "leftover": nat(), "triple": nat()}, ("cards", "leftover", "triple")),
        "games": {"type": "array", "items": {"type": "integer"}}, "total": {"type": "integer"},
        "answer": {"enum": ["pass", "asked", None]},
    }, ("seat", "name", "dice", "coins", "cards", "unused", "out", "full", "score", "score_parts", "games", "total",
        "answer"))
    box = obj({"commit": {"type": ["string", "null"]}, "declared": NULL_FACE, "card": NULL_FACE,
               "face": {**NULL_FACE, "description": "The true face: only for the parent's proven phone (phone box); "
                                                    "null for everyone else and always with real dice."}},
              ("commit", "declared", "card", "face"))
    doubt = obj({"parent": SEAT, "doubter": SEAT, "declared": FACE, "card": card, "face": NULL_FACE,
                 "salt": {"type": ["string", "null"]}, "commit": {"type": ["string", "null"]},
                 "truth": {"type": ["boolean", "null"]}, "payer": NULL_SEAT,
                 "paid": {"enum": [*(p.value for p in Paid), None]}, "card_taken": NULL_FACE},
                ("parent", "doubter", "declared", "card", "face", "salt", "commit", "truth", "payer", "paid",
                 "card_taken"))
    state = {
        "mode": {"enum": [m.value for m in Mode]}, "game_no": nat(1, 2),
        "step": {"enum": [s.value for s in Step]},
        "parent": NULL_SEAT, "first": SEAT,
        "players": {"type": "array", "minItems": MIN_PLAYERS, "maxItems": MAX_PLAYERS, "items": player},
        "bank": obj({"dice": nat(0, TOTAL_DICE), "coins": nat(0, TOTAL_COINS)}, ("dice", "coins")),
        "box": {"oneOf": [{"type": "null"}, box]}, "doubt": {"oneOf": [{"type": "null"}, doubt]},
        "asked": {"type": "array", "items": SEAT}, "to_ask": {"type": "array", "items": SEAT},
        "skips": nat(), "rolls": nat(), "points": points,
        "scores": {"type": "array", "maxItems": 2, "items": {"type": "array", "items": {"type": "integer"}}},
        "totals": {"type": "array", "items": {"type": "integer"}}, "over": {"type": "boolean"},
        "winners": {"type": "array", "items": SEAT}, "ranking": {"type": "array", "items": SEAT},
        "extra_short": nat(), "can": obj({k: {"type": "boolean"} for k in CAN}, CAN),
        "proven": {**NULL_SEAT, "description": "The seat this request proved with its seat token."},
        "dice_total": {"const": TOTAL_DICE}, "coin_total": {"const": TOTAL_COINS},
    }
    return {"state": state, "state_description": "STATE of a すたっぷすたっぷ table (docs/api.md, すたっぷすたっぷ)."}
