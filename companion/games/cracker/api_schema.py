"""Cracker's part of the OpenAPI document: cards, its actions, the logged actions and its STATE fields."""

from __future__ import annotations

from typing import Any

from ..schema import nat, obj, optional_seat, ref

SEAT = nat(0, 4)
CARD_IN = {"oneOf": [{"type": "integer", "minimum": 1, "maximum": 10},
                     {"type": "string", "pattern": "^(?:[1-9]|10)$"}],
           "description": "A card number 1–10 (PD1); a form's digit string is read as the number."}
NUMBERS = obj({str(v): {"type": "integer"} for v in range(1, 11)}, tuple(str(v) for v in range(1, 11)))


def _action(kind: str, props: dict[str, Any], required: tuple[str, ...] = (), *, player: bool = True
            ) -> dict[str, Any]:
    """Cracker refuses unknown fields (400), so its action variants are closed."""
    extra = {"player": optional_seat()} if player else {}
    return obj({"type": {"const": kind}, **extra, **props}, ("type", *required))


def schema() -> dict[str, Any]:
    hand_in = {"type": "array", "minItems": 1, "maxItems": 60, "items": ref("CrCardIn")}
    card = ref("CrCard")
    actions = [
        _action("draw", {"card": ref("CrCardIn")}, ("card",)),
        _action("pair", {"card": ref("CrCardIn")}),
        _action("pass", {"card": ref("CrCardIn")}, ("card",)),
        _action("declare", {"seat": ref("Seat"), "hand": hand_in}, ("seat", "hand"), player=False),
        _action("reveal", {"seat": ref("Seat"), "max": {"type": "integer", "minimum": 0, "maximum": 10}},
                ("seat", "max"), player=False),
        _action("end_round", {}, player=False),
        _action("next_round", {}, player=False),
    ]
    logged = [
        obj({"type": {"const": "draw"}, "card": card, "player": SEAT}, ("type", "card")),
        obj({"type": {"const": "pair"}, "card": card, "player": SEAT}, ("type",)),
        obj({"type": {"const": "pass"}, "card": card, "player": SEAT}, ("type", "card")),
        obj({"type": {"const": "declare"}, "seat": SEAT, "hand": {"type": "array", "items": card}},
            ("type", "seat", "hand")),
        obj({"type": {"const": "reveal"}, "seat": SEAT, "max": nat(0, 10)}, ("type", "seat", "max")),
        obj({"type": {"const": "end_round"}}, ("type",)),
    ]
    player = obj({"seat": SEAT, "name": {"type": "string", "minLength": 1, "maxLength": 40},
                  "hand": {**nat(), "description": "Cards in the hand now (CR6)."}, "total": {"type": "integer"},
                  "known": {**NUMBERS, "description": "Copies of each number this player is known to hold (CR11)."},
                  "max": {"type": ["integer", "null"], "minimum": 0, "maximum": 10,
                          "description": "The highest number entered at the round's end (CR9)."},
                  "round_score": {"type": ["integer", "null"]}},
                 ("seat", "name", "hand", "total", "known", "max", "round_score"))
    nullable_seat = {"type": ["integer", "null"], "minimum": 0, "maximum": 4}
    up_to = {"oneOf": [{"type": "null"}, NUMBERS]}
    state = {
        "players": {"type": "array", "minItems": 3, "maxItems": 5, "items": player},
        "round": nat(1), "rounds": nat(1), "dealer": SEAT,
        "phase": {"enum": ["play", "reveal", "scored", "over"]},
        "active": nullable_seat, "step": {"enum": ["draw", "play", "blocked", None]},
        "received": {"type": ["integer", "null"], "minimum": 1, "maximum": 10},
        "paired": {"type": "boolean"}, "opening": {"type": "boolean"}, "passer": nullable_seat,
        "streak": {"oneOf": [{"type": "null"}, obj({"card": nat(1, 10), "count": nat(1), "of": nat(3, 5)},
                                                   ("card", "count", "of"))]},
        "change": {"type": ["integer", "null"], "minimum": 1, "maximum": 10},
        "deck": nat(), "deck_total": nat(1), "copies": NUMBERS, "discard": {"type": "array", "items": card},
        "drawn": NUMBERS, "passes": nat(),
        "round_end": {"oneOf": [{"type": "null"}, obj({
            "reason": {"enum": ["out", "dealt", "deck_empty"]}, "seat": nullable_seat,
            "hand": {"type": "array", "items": card}}, ("reason", "seat", "hand"))]},
        "rounds_played": {"type": "array", "items": obj({
            "round": nat(1), "dealer": SEAT, "reason": {"enum": ["out", "dealt", "deck_empty"]},
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
    from .errors import ERROR_CODES

    return {
        "components": {"CrCardIn": CARD_IN, "CrCard": {"type": "integer", "minimum": 1, "maximum": 10}},
        "actions": actions,
        "logged": logged,
        "state": state,
        "state_description": "STATE of a Cracker table (docs/api.md, Cracker).",
        "error_codes": ERROR_CODES,
    }
