"""Laminate's table options (R1: the table's own deck and its suit names; the publish assistant) and the
check a suit-name setting needs of the table."""

from __future__ import annotations

from typing import Any

from ..base import BadRequest, Option
from .deck import DEFAULT_DECK
from .deckspec import DEFAULT_SPEC, SCHEMA, SUIT_ID, clean_deck
from .state import GameState
from .texts import LAMINATE

SUIT_NAME_MAX = 20


def clean_suit_names(raw: Any) -> dict[str, str]:
    """Optional renaming of suits (R1) for a table: {suit_id: name}. A table may bring its own deck, whose
    ids this check cannot see: any well-formed id passes, and the pages ignore one the deck lacks."""
    if not isinstance(raw, dict) or len(raw) > len(DEFAULT_DECK.suits):
        raise BadRequest(LAMINATE.msg("req_suit_names"))
    names = {}
    for suit, name in raw.items():
        if (not isinstance(suit, str) or not SUIT_ID.fullmatch(suit) or not isinstance(name, str)
                or not 1 <= len(name.strip()) <= SUIT_NAME_MAX):
            raise BadRequest(LAMINATE.msgn("req_suit_names_length", SUIT_NAME_MAX, most=SUIT_NAME_MAX))
        if any(not ch.isprintable() for ch in name):
            raise BadRequest(LAMINATE.msg("req_suit_names_control"))
        names[suit] = name.strip()
    return names


def check_settings(state: GameState, changes: dict[str, Any]) -> None:
    """R1: only suits of this table's own deck can be renamed."""
    unknown = sorted(set(changes.get("suit_names") or {}) - set(state.card_deck.suit_by_id))
    if unknown:
        raise BadRequest(LAMINATE.msg("req_no_such_suit", suit=unknown[0]))


HINTS = Option("hints", "bool", True, LAMINATE.msg("opt_hints"), setting=True, help=LAMINATE.msg("opt_hints_help"),
               said=(LAMINATE.msg("h_hints_on"), LAMINATE.msg("h_hints_off")))
OPTIONS = (
    HINTS,
    Option("deck", "custom", DEFAULT_SPEC, LAMINATE.msg("opt_deck"), cleaner=clean_deck, schema=SCHEMA,
           help=LAMINATE.msg("opt_deck_help")),
    Option("suit_names", "custom", {}, LAMINATE.msg("opt_suit_names"), setting=True, cleaner=clean_suit_names,
           schema={"type": "object", "maxProperties": len(DEFAULT_DECK.suits),
                   "propertyNames": {"pattern": SUIT_ID.pattern},
                   "additionalProperties": {"type": "string", "minLength": 1, "maxLength": SUIT_NAME_MAX}}),
)
