"""The STATE of The Pairs as JSON Schema, for the OpenAPI document (its actions' schemas come from their
declarations in actions.py). Built from the same data as the engine (numbers, piles)."""

from __future__ import annotations

from typing import Any

from ..pairs import NUMBERS
from ..schema import nat, obj
from .rules import MAX_PLAYERS
from .state import Result, Step

SEAT = nat(0, MAX_PLAYERS - 1)
CARD = {"type": "integer", "minimum": 1, "maximum": 10, "description": "A card: its number 1–10 (PD1)."}


def state_schema() -> dict[str, Any]:
    card_or_null = {"type": ["integer", "null"], "minimum": 1, "maximum": 10}
    pile_cards = {"type": "array", "items": CARD}
    piles = obj({"a": pile_cards, "b": pile_cards}, ("a", "b"))
    player = obj({"seat": SEAT, "name": {"type": "string", "minLength": 1, "maxLength": 40}, "hand": nat(),
                  "place": card_or_null}, ("seat", "name", "hand", "place"))
    last = obj({"seat": SEAT, "card": CARD, "to": {"enum": ["a", "b", "place"]}, "from": {"enum": ["hand", "place"]},
                "pair": {"type": "boolean"}}, ("seat", "card", "to", "from", "pair"))
    can = ("play", "draw_deck", "draw_place", "pass", "stuck")
    state = {
        "players": {"type": "array", "minItems": 3, "maxItems": MAX_PLAYERS, "items": player},
        "active": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_PLAYERS - 1},
        "start": SEAT, "step": {"enum": [s.value for s in Step]}, "turn": nat(1), "deck": nat(),
        "piles": piles,
        "tops": obj({"a": card_or_null, "b": card_or_null}, ("a", "b")),
        "accepts": obj({"a": pile_cards, "b": pile_cards}, ("a", "b")),
        "placed_now": {"type": "boolean"}, "on_piles": nat(), "total": nat(1),
        "unseen": obj({str(v): nat() for v in NUMBERS}, tuple(str(v) for v in NUMBERS)),
        "last": {"oneOf": [{"type": "null"}, last]},
        "result": {"enum": [None, *(r.value for r in Result)]},
        "fell_out": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_PLAYERS - 1},
        "revealed": {"type": ["array", "null"], "items": CARD},
        "over": {"type": "boolean"},
        "winners": {"type": "array", "items": SEAT},
        "can": obj({k: {"type": "boolean"} for k in can}, can),
        "options": {"type": "object"},
    }
    return {
        "state": state,
        "state_description": "STATE of a The Pairs table (docs/api.md, The Pairs). Everything is public: hands are "
                             "counts (TP3).",
    }
