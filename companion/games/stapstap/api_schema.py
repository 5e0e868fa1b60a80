"""すたっぷすたっぷ's part of the OpenAPI document: its actions (as sent and as logged, the logged roll without
its secret face and salt), its STATE fields and its refusal codes (docs/api.md, すたっぷすたっぷ)."""

from __future__ import annotations

from typing import Any

from ..schema import action_in, action_out, nat, obj
from .errors import ERROR_CODES
from .state import MAX_PLAYERS

SEAT = nat(0, MAX_PLAYERS - 1)
FACE = nat(1, 6)
CARD = {**nat(1, 6), "description": "A task card, named by its number (1–6)."}
CARDS = {"type": "array", "minItems": 3, "maxItems": 3, "uniqueItems": True, "items": CARD}
HEX = {"type": "string", "pattern": "^[0-9a-f]{1,64}$"}
NULL_SEAT = {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_PLAYERS - 1}
NULL_FACE = {"type": ["integer", "null"], "minimum": 1, "maximum": 6}
POINTS = {"type": "array", "minItems": 6, "maxItems": 6, "description": "Row = card 1–6, column = face 1–6 (ST2d).",
          "items": {"type": "array", "minItems": 6, "maxItems": 6, "items": nat(0, 999)}}


def schema() -> dict[str, Any]:
    player = {"player": {**SEAT, "description": "Optional: who acts; must be the parent (not_parent), the asked "
                                                "player (not_asked) or the payer (not_payer)."}}
    actions = [
        action_in("cards", {"seat": SEAT, "cards": CARDS}, ("seat", "cards"), player=False),
        action_in("deal", {}, player=False),
        action_in("points", {"table": POINTS}, ("table",), player=False),
        action_in("begin", {}, player=False),
        action_in("bank_die", player, player=False),
        action_in("lift", {"card": CARD, **player}, ("card",), player=False),
        action_in("roll", player, player=False),
        action_in("retract", player, player=False),
        action_in("declare", {"face": FACE, "card": CARD, **player}, ("face", "card"), player=False),
        action_in("skip", player, player=False),
        action_in("pass", player, player=False),
        action_in("doubt", {"face": {**FACE, "description": "Real dice only: the face the opened box shows."},
                            **player}, player=False),
        action_in("reveal", {"face": FACE}, ("face",), player=False),
        action_in("pay", {"what": {"enum": ["die", "coin"]}, **player}, ("what",), player=False),
        action_in("take", {"card": CARD, **player}, ("card",), player=False),
        action_in("next_game", {"parent": SEAT}, player=False),
    ]
    logged = [
        obj({"type": {"const": "cards"}, "seat": SEAT, "cards": CARDS}, ("type", "seat", "cards")),
        obj({"type": {"const": "deal"}, "cards": {"type": "array", "items": {"oneOf": [{"type": "null"}, CARDS]}}},
            ("type",)),
        obj({"type": {"const": "points"}, "table": POINTS}, ("type", "table")),
        obj({"type": {"const": "begin"}}, ("type",)),
        obj({"type": {"const": "next_game"}, "parent": SEAT}, ("type",)),
        action_out("roll", {"commit": {**HEX, "description": "Phone box: sha256 of \"face:salt\"; the face and "
                                                            "salt are never shown with the roll."}},
                   max_players=MAX_PLAYERS),
        action_out("doubt", {"face": FACE, "salt": HEX}, max_players=MAX_PLAYERS),
        action_out("declare", {"face": FACE, "card": CARD}, max_players=MAX_PLAYERS),
        *(action_out(k, {}, max_players=MAX_PLAYERS) for k in ("bank_die", "retract", "skip", "pass")),
        action_out("lift", {"card": CARD}, max_players=MAX_PLAYERS),
        action_out("take", {"card": CARD}, max_players=MAX_PLAYERS),
        action_out("pay", {"what": {"enum": ["die", "coin"]}}, max_players=MAX_PLAYERS),
        obj({"type": {"const": "reveal"}, "face": FACE}, ("type", "face")),
    ]
    for variant in logged:  # the player field is optional in the log (absent when the request left it out)
        if "required" in variant and "player" in variant["required"]:
            variant["required"].remove("player")
    card_out = obj({"card": CARD, "face": NULL_FACE}, ("card", "face"))
    player_out = obj({
        "seat": SEAT, "name": {"type": "string"}, "dice": nat(), "coins": nat(),
        "cards": {"type": "array", "maxItems": 3, "items": card_out},
        "unused": {"type": "array", "items": CARD, "description": "The cards kept for game 2 (ST2b)."},
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
    doubt = obj({"parent": SEAT, "doubter": SEAT, "declared": FACE, "card": CARD, "face": NULL_FACE,
                 "salt": {"type": ["string", "null"]}, "commit": {"type": ["string", "null"]},
                 "truth": {"type": ["boolean", "null"]}, "payer": NULL_SEAT,
                 "paid": {"enum": ["die", "coin", "card", None]}, "card_taken": NULL_FACE},
                ("parent", "doubter", "declared", "card", "face", "salt", "commit", "truth", "payer", "paid",
                 "card_taken"))
    can_keys = ("setup", "bank_die", "lift", "roll", "skip", "retract", "declare", "answer", "reveal", "pay", "take",
                "next_game")
    state = {
        "mode": {"enum": ["dice", "box"]}, "game_no": nat(1, 2),
        "step": {"enum": ["setup", "start", "rolled", "challenge", "reveal", "pay", "take", "scored", "over"]},
        "parent": NULL_SEAT, "first": SEAT,
        "players": {"type": "array", "minItems": 3, "maxItems": MAX_PLAYERS, "items": player_out},
        "bank": obj({"dice": nat(0, 21), "coins": nat(0, 6)}, ("dice", "coins")),
        "box": {"oneOf": [{"type": "null"}, box]}, "doubt": {"oneOf": [{"type": "null"}, doubt]},
        "asked": {"type": "array", "items": SEAT}, "to_ask": {"type": "array", "items": SEAT},
        "skips": nat(), "rolls": nat(), "points": POINTS,
        "scores": {"type": "array", "maxItems": 2, "items": {"type": "array", "items": {"type": "integer"}}},
        "totals": {"type": "array", "items": {"type": "integer"}}, "over": {"type": "boolean"},
        "winners": {"type": "array", "items": SEAT}, "ranking": {"type": "array", "items": SEAT},
        "extra_short": nat(), "can": obj({k: {"type": "boolean"} for k in can_keys}, can_keys),
        "proven": {**NULL_SEAT, "description": "The seat this request proved with its seat token."},
        "dice_total": {"const": 21}, "coin_total": {"const": 6},
    }
    return {
        "components": {},
        "actions": actions,
        "logged": logged,
        "state": state,
        "state_description": "STATE of a すたっぷすたっぷ table (docs/api.md, すたっぷすたっぷ).",
        "settings": {},
        "queries": {},
        "error_codes": ERROR_CODES,
    }
