"""The Seven deck (R1), known only through data, and card notation.

A table carries its own deck (the ``deck`` option, R1): which ranks each suit holds, its names and symbol.
New tables get ``deck.json`` unless they say otherwise, and store it; a table stored before the option
existed has no deck in its options and replays against :data:`BUILTIN_V1`, a frozen copy of the deck as
``deck.json`` described it then, so editing the file never changes an old table."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .cardnames import default_deck_data, name, read_rank
from .errors import Malformed


@dataclass(frozen=True, order=True)
class Card:
    """One Seven card. ``str(card)`` is the API notation and round-trips through ``Card.parse``."""

    suit: str
    rank: int

    def __str__(self) -> str:
        return f"{self.suit}-{self.rank}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: object, deck: Deck | None = None) -> Card:
        return (deck or DEFAULT_DECK).parse(text)


@dataclass(frozen=True)
class Suit:
    id: str
    ja: str
    en: str
    symbol: str
    ranks: tuple[int, ...]

    def name(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en


class Deck:
    """A deck description: suits, their ranks, and how many copies of each rank exist."""

    def __init__(self, data: dict[str, Any]) -> None:
        suits = []
        for raw in data["suits"]:
            ranks = tuple(int(r) for r in raw["ranks"])
            if not all(1 <= r <= 13 for r in ranks) or len(set(ranks)) != len(ranks):
                raise ValueError(f"suit {raw['id']!r}: ranks must be distinct and within 1-13")
            suits.append(Suit(str(raw["id"]).lower(), raw["ja"], raw["en"], raw.get("symbol", ""), ranks))
        if len({s.id for s in suits}) != len(suits):
            raise ValueError("suit ids must be unique")
        self.suits: tuple[Suit, ...] = tuple(suits)
        self.suit_by_id: dict[str, Suit] = {s.id: s for s in suits}
        self.cards: tuple[Card, ...] = tuple(Card(s.id, r) for s in suits for r in s.ranks)
        self.card_set: frozenset[Card] = frozenset(self.cards)
        #: copies of each rank in the whole deck (R1: 7 - |7 - r| in the default deck)
        self.rank_copies: dict[int, int] = dict(Counter(c.rank for c in self.cards))
        self.name: dict[str, str] = data.get("name", {"en": "Seven", "ja": "セブン"})

    @classmethod
    def load(cls, path: str | None = None) -> Deck:
        if path is None:
            return cls(default_deck_data())
        with open(path, encoding="utf-8") as fh:
            return cls(json.loads(fh.read()))

    @property
    def size(self) -> int:
        return len(self.cards)

    @cached_property
    def index(self) -> dict[Card, int]:
        """Position of each card in deck order (suits in file order, ranks ascending)."""
        return {c: i for i, c in enumerate(self.cards)}

    def parse(self, text: object) -> Card:
        """``"coin-7"``, ``"coin-K"`` or ``"COIN-13"`` -> Card; anything else is ``bad_card``."""
        if not isinstance(text, str) or len(text) > 40:
            raise Malformed("bad_card", card=_show(text))
        suit, sep, rank_text = text.rpartition("-")
        rank = read_rank(rank_text)
        if rank is None or not sep:
            raise Malformed("bad_card", card=_show(text))
        card = Card(suit.lower(), rank)
        if card not in self.card_set:
            raise Malformed("bad_card", card=_show(text))
        return card

    def label(self, card: Card, lang: str = "en", names: dict[str, str] | None = None) -> str:
        """Display name: 'Coin 7' / 'コイン7' (face letters for 1, 11-13); ``names`` renames suits."""
        suit = self.suit_by_id[card.suit]
        return name((names or {}).get(card.suit) or suit.name(lang), card.rank, lang)


def _show(value: object) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 40 else text[:37] + "…"


#: The deck every table had before tables carried their own (frozen: never edit; see the module text).
BUILTIN_V1: dict[str, Any] = {
    "name": {"en": "Seven", "ja": "セブン"},
    "suits": [
        {"id": "heart", "en": "Heart", "ja": "ハート", "symbol": "♥", "ranks": [1, 2, 3, 4, 5, 6, 7]},
        {"id": "book", "en": "Book", "ja": "ブック", "symbol": "▤", "ranks": [2, 3, 4, 5, 6, 7, 8]},
        {"id": "coin", "en": "Coin", "ja": "コイン", "symbol": "◎", "ranks": [3, 4, 5, 6, 7, 8, 9]},
        {"id": "onion", "en": "Onion", "ja": "オニオン", "symbol": "♣", "ranks": [4, 5, 6, 7, 8, 9, 10]},
        {"id": "coffin", "en": "Coffin", "ja": "コフィン", "symbol": "✠", "ranks": [5, 6, 7, 8, 9, 10, 11]},
        {"id": "suit6", "en": "Suit 6", "ja": "スート6", "symbol": "★", "ranks": [6, 7, 8, 9, 10, 11, 12]},
        {"id": "suit7", "en": "Suit 7", "ja": "スート7", "symbol": "◆", "ranks": [7, 8, 9, 10, 11, 12, 13]},
    ],
}

DEFAULT_DECK = Deck.load()
V1_DECK = Deck(BUILTIN_V1)
