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
from .deck import BUILTIN_V1, DEFAULT_DECK, V1_DECK, Deck

SUITS = 7
CARDS = 49
NAME_MAX = 20
SYMBOL_MAX = 2
SUIT_ID = re.compile(r"[a-z][a-z0-9]{0,11}")
SUIT_KEYS = {"id", "en", "ja", "symbol", "ranks"}


def _bad(en: str, ja: str) -> BadRequest:
    return BadRequest(f"deck: {en}", detail_ja=f"デッキ：{ja}")


def _text(value: Any, what: tuple[str, str], limit: int, *, empty: bool = False) -> str:
    if not isinstance(value, str):
        raise _bad(f"{what[0]} must be text", f"{what[1]}は文字で指定してください")
    text = value.strip()
    if not (0 if empty else 1) <= len(text) <= limit or any(not ch.isprintable() for ch in text):
        raise _bad(f"{what[0]} must be {0 if empty else 1}–{limit} printable characters",
                   f"{what[1]}は{0 if empty else 1}〜{limit}文字（制御文字なし）です")
    return text


def _ranks(value: Any, label: str) -> list[int]:
    if not isinstance(value, list) or not value or len(value) > 13:
        raise _bad(f"suit “{label}” needs a list of 1–13 ranks", f"スート「{label}」のランクは1〜13個のリストです")
    if any(isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= 13 for r in value):
        raise _bad(f"suit “{label}”: ranks are whole numbers from 1 to 13",
                   f"スート「{label}」：ランクは1〜13の整数です")
    if len(set(value)) != len(value):
        raise _bad(f"suit “{label}” holds a rank twice (no card may appear twice)",
                   f"スート「{label}」に同じランクが2回あります（同じカードは1枚だけ）")
    return sorted(value)


def clean_deck(raw: Any) -> dict[str, Any]:
    """The deck in canonical form (names trimmed, ranks ascending), or BadRequest saying what is wrong."""
    if not isinstance(raw, dict) or set(raw) - {"name", "suits"}:
        raise _bad("an object with “suits” (and an optional “name”)", "“suits”（と任意の“name”）を持つオブジェクトです")
    name = raw.get("name", BUILTIN_V1["name"])
    if not isinstance(name, dict) or set(name) != {"en", "ja"}:
        raise _bad("“name” needs “en” and “ja”", "“name”には“en”と“ja”が必要です")
    clean_name = {lang: _text(name[lang], ("the deck's name", "デッキ名"), NAME_MAX) for lang in ("en", "ja")}
    suits = raw.get("suits")
    if not isinstance(suits, list) or len(suits) != SUITS:
        raise _bad(f"exactly {SUITS} suits (R1)", f"スートはちょうど{SUITS}つです（R1）")
    out = []
    for i, suit in enumerate(suits):
        if not isinstance(suit, dict) or set(suit) - SUIT_KEYS or not {"id", "ranks"} <= set(suit):
            raise _bad(f"suit {i + 1} needs “id” and “ranks” (and may have “en”, “ja”, “symbol”)",
                       f"スート{i + 1}には“id”と“ranks”が必要です（“en”“ja”“symbol”は任意）")
        sid = suit["id"]
        if not isinstance(sid, str) or not SUIT_ID.fullmatch(sid):
            raise _bad(f"suit {i + 1}: an id is 1–12 lower-case letters and digits, starting with a letter",
                       f"スート{i + 1}：idは英小文字で始まる1〜12文字の英小文字・数字です")
        en = _text(suit.get("en", sid), (f"suit “{sid}”'s English name", f"スート「{sid}」の英語名"), NAME_MAX)
        ja = _text(suit.get("ja", en), (f"suit “{sid}”'s Japanese name", f"スート「{sid}」の日本語名"), NAME_MAX)
        symbol = _text(suit.get("symbol", ""), (f"suit “{sid}”'s symbol", f"スート「{sid}」の記号"), SYMBOL_MAX,
                       empty=True)
        out.append({"id": sid, "en": en, "ja": ja, "symbol": symbol, "ranks": _ranks(suit["ranks"], en)})
    if len({s["id"] for s in out}) != SUITS:
        raise _bad("two suits share an id", "同じidのスートが2つあります")
    total = sum(len(s["ranks"]) for s in out)
    if total != CARDS:
        raise _bad(f"the suits hold {total} cards; a Seven deck has {CARDS} (R1)",
                   f"スートの合計が{total}枚です。セブンのデッキは{CARDS}枚です（R1）")
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
