"""A table's own deck (R1) as a table option: checking a deck a table brings, and the Deck it stands for.

The option's value is plain JSON, stored with the table (its record, export and history), so a table always
replays against the deck it was created with::

    {"name": {"en": "Seven", "ja": "セブン"},
     "suits": [{"id": "heart", "en": "Heart", "ja": "ハート", "symbol": "♥", "ranks": [1, 2, …, 7]}, …]}

R1 fixes what every deck must be: 7 suits, 49 cards, ranks 1–13, no card twice (no suit holds a rank twice).
Which ranks each suit holds, the names and symbols are the table's to say.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from ..base import BadRequest
from ..texts import Msg
from .deck import BUILTIN_V1, DEFAULT_DECK, V1_DECK, Deck
from .texts import LAMINATE

SUITS = 7
CARDS = 49
NAME_MAX = 20
SYMBOL_MAX = 2
SUIT_ID = re.compile(r"[a-z][a-z0-9]{0,11}")
SUIT_KEYS = {"id", "en", "ja", "symbol", "ranks"}


def _bad(why: Msg) -> BadRequest:
    return BadRequest(LAMINATE.msg("deck_bad", why=why))


def _text(value: Any, what: Msg, limit: int, *, empty: bool = False) -> str:
    if not isinstance(value, str):
        raise _bad(LAMINATE.msg("deck_bad_text", what=what))
    text = value.strip()
    if not (0 if empty else 1) <= len(text) <= limit or any(not ch.isprintable() for ch in text):
        raise _bad(LAMINATE.msgn("deck_bad_length", limit, what=what, lo=0 if empty else 1, hi=limit))
    return text


def _ranks(value: Any, label: str) -> list[int]:
    if not isinstance(value, list) or not value or len(value) > 13:
        raise _bad(LAMINATE.msg("deck_ranks_list", label=label))
    if any(isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= 13 for r in value):
        raise _bad(LAMINATE.msg("deck_ranks_numbers", label=label))
    if len(set(value)) != len(value):
        raise _bad(LAMINATE.msg("deck_rank_twice", label=label))
    return sorted(value)


def clean_deck(raw: Any) -> dict[str, Any]:
    """The deck in canonical form (names trimmed, ranks ascending), or BadRequest saying what is wrong."""
    if not isinstance(raw, dict) or set(raw) - {"name", "suits"}:
        raise _bad(LAMINATE.msg("deck_object"))
    name = raw.get("name", BUILTIN_V1["name"])
    if not isinstance(name, dict) or set(name) != {"en", "ja"}:
        raise _bad(LAMINATE.msg("deck_name_langs"))
    clean_name = {lang: _text(name[lang], LAMINATE.msg("deck_name_what"), NAME_MAX) for lang in ("en", "ja")}
    suits = raw.get("suits")
    if not isinstance(suits, list) or len(suits) != SUITS:
        raise _bad(LAMINATE.msgn("deck_suit_count", SUITS))
    out = []
    for i, suit in enumerate(suits):
        if not isinstance(suit, dict) or set(suit) - SUIT_KEYS or not {"id", "ranks"} <= set(suit):
            raise _bad(LAMINATE.msg("deck_suit_keys", i=i + 1))
        sid = suit["id"]
        if not isinstance(sid, str) or not SUIT_ID.fullmatch(sid):
            raise _bad(LAMINATE.msg("deck_suit_id", i=i + 1))
        en = _text(suit.get("en", sid), LAMINATE.msg("deck_suit_en_name", sid=sid), NAME_MAX)
        ja = _text(suit.get("ja", en), LAMINATE.msg("deck_suit_ja_name", sid=sid), NAME_MAX)
        symbol = _text(suit.get("symbol", ""), LAMINATE.msg("deck_suit_symbol", sid=sid), SYMBOL_MAX, empty=True)
        out.append({"id": sid, "en": en, "ja": ja, "symbol": symbol, "ranks": _ranks(suit["ranks"], en)})
    if len({s["id"] for s in out}) != SUITS:
        raise _bad(LAMINATE.msg("deck_suit_ids_twice"))
    total = sum(len(s["ranks"]) for s in out)
    if total != CARDS:
        raise _bad(LAMINATE.msgn("deck_card_total", total, total=total, cards=CARDS))
    return {"name": clean_name, "suits": out}


def spec_of(deck: Deck) -> dict[str, Any]:
    """A Deck as the option's JSON value."""
    return {"name": dict(deck.name), "suits": [{"id": s.id, "en": s.en, "ja": s.ja, "symbol": s.symbol,
                                                 "ranks": list(s.ranks)} for s in deck.suits]}


@lru_cache(maxsize=64)
def _deck(text: str) -> Deck:
    return Deck(json.loads(text))


def deck_of(options: dict[str, Any] | None) -> Deck:
    """The deck a table plays with: its ``deck`` option, or (a table stored before tables had one) the
    built-in deck of version 1."""
    spec = (options or {}).get("deck")
    if spec is None:
        return V1_DECK
    return _deck(json.dumps(spec, sort_keys=True, ensure_ascii=False))


#: What a new table gets when it names no deck: deck.json as the server has it now (checked at start-up).
DEFAULT_SPEC: dict[str, Any] = clean_deck(spec_of(DEFAULT_DECK))

SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["suits"], "additionalProperties": False,
    "description": f"The table's own deck (R1): {SUITS} suits holding {CARDS} cards in all, ranks 1–13, no suit "
                   "holding a rank twice. Fixed when the table is created and stored with it; default: the "
                   "server's deck file. Names and symbols are what the pages show.",
    "properties": {
        "name": {"type": "object", "required": ["en", "ja"], "additionalProperties": False,
                 "properties": {"en": {"type": "string", "minLength": 1, "maxLength": NAME_MAX},
                                "ja": {"type": "string", "minLength": 1, "maxLength": NAME_MAX}}},
        "suits": {"type": "array", "minItems": SUITS, "maxItems": SUITS, "items": {
            "type": "object", "required": ["id", "ranks"], "additionalProperties": False,
            "properties": {
                "id": {"type": "string", "pattern": "^[a-z][a-z0-9]{0,11}$"},
                "en": {"type": "string", "minLength": 1, "maxLength": NAME_MAX},
                "ja": {"type": "string", "minLength": 1, "maxLength": NAME_MAX},
                "symbol": {"type": "string", "maxLength": SYMBOL_MAX},
                "ranks": {"type": "array", "minItems": 1, "maxItems": 13, "uniqueItems": True,
                          "items": {"type": "integer", "minimum": 1, "maximum": 13}}}}},
    },
}
