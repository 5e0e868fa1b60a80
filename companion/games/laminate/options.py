"""Laminate's table options (R1: the table's own deck and its suit names; the publish assistant) and the
check a suit-name setting needs of the table."""

from __future__ import annotations

from typing import Any

from ..base import BadRequest, Option
from .deck import DEFAULT_DECK
from .deckspec import DEFAULT_SPEC, SCHEMA, SUIT_ID, clean_deck
from .state import GameState
from .texts import both

SUIT_NAME_MAX = 20


def clean_suit_names(raw: Any) -> dict[str, str]:
    """Optional renaming of suits (R1) for a table: {suit_id: name}. A table may bring its own deck, whose
    ids this check cannot see: any well-formed id passes, and the pages ignore one the deck lacks."""
    if not isinstance(raw, dict) or len(raw) > len(DEFAULT_DECK.suits):
        raise BadRequest("“suit_names” must map suit ids to names",
                         detail_ja="「suit_names」はスートの id から名前への対応で指定してください")
    names = {}
    for suit, name in raw.items():
        if (not isinstance(suit, str) or not SUIT_ID.fullmatch(suit) or not isinstance(name, str)
                or not 1 <= len(name.strip()) <= SUIT_NAME_MAX):
            raise BadRequest(f"“suit_names” must map suit ids to names of 1–{SUIT_NAME_MAX} characters",
                             detail_ja=f"「suit_names」はスートの id から1〜{SUIT_NAME_MAX}文字の"
                                       "名前への対応で指定してください")
        if any(not ch.isprintable() for ch in name):
            raise BadRequest("suit names cannot contain control characters", detail_ja="スート名に制御文字は使えません")
        names[suit] = name.strip()
    return names


def check_settings(state: GameState, changes: dict[str, Any]) -> None:
    """R1: only suits of this table's own deck can be renamed."""
    unknown = sorted(set(changes.get("suit_names") or {}) - set(state.card_deck.suit_by_id))
    if unknown:
        raise BadRequest(f"this table's deck has no suit “{unknown[0]}”",
                         detail_ja=f"この卓のデッキに「{unknown[0]}」というスートはありません")


HINTS = Option("hints", "bool", True, ("Publish assistant", "発表アシスタント"), setting=True,
               help=("Each player may list the publications their own hand allows (on their own phone).",
                     "各自の端末で、自分の手札で可能な発表を一覧できます。"),
               said=(both("h_hints_on"), both("h_hints_off")))
OPTIONS = (
    HINTS,
    Option("deck", "custom", DEFAULT_SPEC, ("Deck", "デッキ"), cleaner=clean_deck, schema=SCHEMA,
           help=("Which ranks each suit of your Seven deck holds, with its name and symbol (R1). Fixed for "
                 "the table.", "お手元のセブンの各スートが持つランクと名前・記号（R1）。卓を作るときに決まります。")),
    Option("suit_names", "custom", {}, ("Suit names", "スート名"), setting=True, cleaner=clean_suit_names,
           schema={"type": "object", "maxProperties": len(DEFAULT_DECK.suits),
                   "propertyNames": {"pattern": SUIT_ID.pattern},
                   "additionalProperties": {"type": "string", "minLength": 1, "maxLength": SUIT_NAME_MAX}}),
)
