"""The Pairs' part of the OpenAPI document: its actions (what the server accepts and what the log holds) and
its STATE fields. Built from the same data as the engine (numbers, piles, error codes)."""

from __future__ import annotations

from typing import Any

from ..pairs import NUMBERS
from ..schema import nat, obj, optional_seat
from .errors import ERROR_CODES
from .rules import MAX_PLAYERS

SEAT = nat(0, MAX_PLAYERS - 1)
CARD = {"type": "integer", "minimum": 1, "maximum": 10, "description": "A card: its number 1–10 (PD1)."}
PILE = {"enum": ["a", "b"], "description": "Pile A or pile B (TP4); input is case-insensitive."}


def _action(kind: str, props: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    """The Pairs refuses unknown fields (400), so its action variants are closed."""
    return obj({"type": {"const": kind}, "player": optional_seat(), **props}, ("type", *required))


def _logged(kind: str, props: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    return obj({"type": {"const": kind}, "player": SEAT, **props}, ("type", *required))


def schema() -> dict[str, Any]:
    hand = {"type": "array", "maxItems": 200, "items": CARD,
            "description": "Optional: the hand shown when falling out (TP8), checked against the table."}
    actions = [
        _action("play", {"card": CARD, "to": {"enum": ["a", "b", "place", "A", "B"]},
                         "from": {"enum": ["hand", "place"]}}, ("to",)),
        _action("draw", {"from": {"enum": ["deck", "place"]}}, ("from",)),
        _action("pass", {}),
        _action("stuck", {"hand": hand}),
    ]
    logged = [
        _logged("play", {"card": CARD, "to": {"enum": ["a", "b", "place"]}, "from": {"const": "place"}}, ("to",)),
        _logged("draw", {"from": {"enum": ["deck", "place"]}}, ("from",)),
        _logged("pass", {}),
        _logged("stuck", {"hand": {"type": "array", "items": CARD}}),
    ]
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
        "start": SEAT, "step": {"enum": ["play", "draw", "over"]}, "turn": nat(1), "deck": nat(),
        "piles": piles,
        "tops": obj({"a": card_or_null, "b": card_or_null}, ("a", "b")),
        "accepts": obj({"a": pile_cards, "b": pile_cards}, ("a", "b")),
        "placed_now": {"type": "boolean"}, "on_piles": nat(), "total": nat(1),
        "unseen": obj({str(v): nat() for v in NUMBERS}, tuple(str(v) for v in NUMBERS)),
        "last": {"oneOf": [{"type": "null"}, last]},
        "result": {"enum": [None, "won", "lost"]},
        "fell_out": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_PLAYERS - 1},
        "revealed": {"type": ["array", "null"], "items": CARD},
        "over": {"type": "boolean"},
        "winners": {"type": "array", "items": SEAT},
        "can": obj({k: {"type": "boolean"} for k in can}, can),
        "options": {"type": "object"},
    }
    return {
        "components": {},
        "actions": actions,
        "logged": logged,
        "state": state,
        "state_description": "STATE of a The Pairs table (docs/api.md, The Pairs). Everything is public: hands are "
                             "counts (TP3).",
        "error_codes": ERROR_CODES,
    }
