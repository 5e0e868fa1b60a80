"""Laminate's part of the OpenAPI document beside its actions (whose schemas come from their declarations,
``actions.py``): its cards, STATE fields, the deck and suit names a table is created with, and its questions
(/melds, /hints), built from the same data the engine uses so enumerations cannot drift."""

from __future__ import annotations

from typing import Any

from ..schema import MAX_INT, nat, obj, ref
from .actions import CARD, CARD_OUT_PATTERN, MAX_CARDS, MAX_CITES
from .deck import DEFAULT_DECK
from .deckspec import SCHEMA as DECK_SCHEMA
from .deckspec import SUIT_ID
from .papers import PAPER_IDS
from .rules import MAX_PLAYERS
from .state import DecidedBy, Pending

SEAT = nat(0, MAX_PLAYERS - 1)
CARD_LIST = {"type": "array", "maxItems": MAX_CARDS, "items": ref("Card")}
CARD_OUT_LIST = {"type": "array", "items": ref("CardOut")}
CITE_LIST = {"type": ["array", "null"], "maxItems": MAX_CITES, "items": ref("PaperId")}
NAME = {"type": "string", "minLength": 1}


def state_schema() -> dict[str, Any]:
    deck = DEFAULT_DECK
    suits = [s.id for s in deck.suits]
    player = obj({"seat": SEAT, "name": {"type": "string", "minLength": 1, "maxLength": 40},
                  "hand": nat(), "score": nat(), "complete": nat()}, ("seat", "name", "hand", "score", "complete"))
    paper = obj({"id": ref("PaperId"), "owner": SEAT, "type": ref("PaperType"), "cards": CARD_OUT_LIST,
                 "complete": {"type": "boolean"}}, ("id", "owner", "type", "cards", "complete"))
    state = {
        "players": {"type": "array", "minItems": 3, "maxItems": 5, "items": player},
        "active": {"type": ["integer", "null"], "minimum": 0, "maximum": 4},
        "pending": {"enum": [None, *(p.value for p in Pending)]},
        "deck": nat(),
        "discard": nat(),
        "supply": obj({p: nat() for p in PAPER_IDS}, tuple(PAPER_IDS)),
        "papers": {"type": "array", "items": paper},
        "end": {"oneOf": [{"type": "null"}, obj({"trigger": SEAT, "turns_left": nat()}, ("trigger", "turns_left"))]},
        "over": {"type": "boolean"},
        "winners": {"type": "array", "items": SEAT},
        # additions beyond API.md
        "start": SEAT,
        "turn": nat(),
        "passes": nat(),
        "hints": {"type": "boolean", "description": "Whether the publish assistant (/hints) is on."},
        "suit_names": {**ref("SuitNamesOut"), "description": "The table's own names for suits of its deck "
                       "(R1; the `suit_names` setting), {} when every suit keeps its deck name."},
        "can": obj({k: {"type": "boolean"} for k in ("research_deck", "research_discard", "review", "pass")},
                   ("research_deck", "research_discard", "review", "pass")),
        "ranking": {"type": "array", "items": SEAT},
        "decided_by": {"enum": [None, *(d.value for d in DecidedBy)]},
        "card_deck": {**ref("Deck"), "description": "The table's own deck (R1): every card that exists at this "
                      "table. Cards in actions, questions and STATE are of this deck."},
    }
    suit_names = {
        "type": "object", "maxProperties": len(suits), "propertyNames": {"enum": suits},
        "additionalProperties": {**NAME, "description": "1–20 characters after trimming, printable only."},
        "description": "Display names of suits for this table: 1–20 characters each, no control characters.",
    }
    queries = {
        "melds": {
            "summary": "Which paper types a meld makes, and whether the active player may claim each now. A "
                       "question: nothing changes.",
            "request": obj({"cards": CARD_LIST, "cite": CITE_LIST}, closed=False),
            "response": obj({"matches": {"type": "array", "items": obj(
                {"paper": ref("PaperType"), "legal": {"type": "boolean"}, "error": {"type": ["string", "null"]}},
                ("paper", "legal", "error"))}}, ("matches",)),
            "errors": (400, 404, 413, 415, 422),
        },
        "hints": {
            "summary": "Every publication a player could make with this hand (full id only; 403 when the table "
                       "turned hints off). Nothing is stored.",
            "request": obj({"player": ref("Seat"), "hand": CARD_LIST}, ("player", "hand"), closed=False),
            "response": obj({"options": {"type": "array", "items": obj({
                "paper": ref("PaperType"), "points": nat(), "cards": CARD_OUT_LIST,
                "cite": {"type": "array", "items": ref("PaperId")}, "gifts": nat(),
                "completes": {"type": "boolean"}}, ("paper", "points", "cards", "cite", "gifts", "completes"))}},
                ("options",)),
            "errors": (400, 403, 404, 413, 415, 422),
        },
    }
    return {
        "components": {
            "Card": CARD.schema(MAX_PLAYERS),
            "CardOut": {"type": "string", "pattern": CARD_OUT_PATTERN,
                        "description": "A card of the table's deck (STATE.card_deck) in canonical notation: suit "
                                       "id, a hyphen, the rank as a number (the default deck: "
                                       + ", ".join(str(c) for c in deck.cards[:3]) + " … suit7-13)."},
            "Deck": DECK_SCHEMA,
            "PaperType": {"enum": list(PAPER_IDS), "description": "Paper type id (R2)."},
            "PaperId": nat(1, MAX_INT),
            "SuitNames": suit_names,
            "SuitNamesOut": {"type": "object", "propertyNames": {"pattern": "^" + SUIT_ID.pattern + "$"},
                             "additionalProperties": {"type": "string", "minLength": 1, "maxLength": 20}},
        },
        "state": state,
        "state_description": "STATE of API.md (plus the additions start, turn, passes, hints, suit_names, can, "
                             "ranking, decided_by, card_deck).",
        "create": {"hints": {"type": "boolean", "description": "Publish assistant on (default true)."},
                   "deck": {**ref("Deck"), "description": "The table's own deck (R1), fixed for the table; "
                            "default: the server's deck file, stored with the table."},
                   "suit_names": ref("SuitNames")},
        "queries": queries,
    }
