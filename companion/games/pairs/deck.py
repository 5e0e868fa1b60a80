"""The Pairs deck (docs/rules-pairs-deck.md, PD1–PD5): 55 cards, the number v on v cards, kept as data.

A table that lost a card edits the counts at set-up (the ``deck`` option); every count, invariant and
probability then uses the table's own deck. The companion never shuffles: the real deck is shuffled by hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..base import BadRequest, Option
from ..fields import Context, Int
from .texts import PAIRS

NUMBERS: tuple[int, ...] = tuple(range(1, 11))  # PD1: the numbers printed on the cards
DEFAULT_COPIES: dict[int, int] = {v: v for v in NUMBERS}  # PD1: one 1, two 2s, ... ten 10s (55 cards)
MAX_COPIES = 20  # an edited deck may hold a spare card or two, never nonsense


@dataclass(frozen=True)
class Deck:
    """How many cards of each number the table's deck holds (PD1, PD5). ``copies[v]`` for v in 1..10."""

    copies: tuple[tuple[int, int], ...] = tuple(DEFAULT_COPIES.items())

    @classmethod
    def from_mapping(cls, counts: Mapping[int, int]) -> Deck:
        return cls(tuple((v, int(counts.get(v, 0))) for v in NUMBERS))

    def count(self, number: int) -> int:
        return dict(self.copies).get(number, 0)

    @property
    def total(self) -> int:
        return sum(n for _, n in self.copies)

    def as_dict(self) -> dict[int, int]:
        return dict(self.copies)

    def remaining(self, seen: Iterable[int]) -> dict[int, int]:
        """Copies of each number not yet seen (PD4 counting): the deck minus every card in ``seen``.
        A number seen more often than the deck holds is the caller's bug: it shows as a negative count."""
        left = self.as_dict()
        for card in seen:
            left[card] = left.get(card, 0) - 1
        return left

    def to_json(self) -> dict[str, int]:
        return {str(v): n for v, n in self.copies}


#: A card in an action: its number 1–10 (PD1), an integer in JSON ("7" and 7.0 are refused), typed in a form.
CARD = Int(1, 10, noun=PAIRS.msg("noun_card"), doc="A card: its number 1–10 (PD1).")


def parse_card(raw: Any, what: str = "card") -> int:
    """A card as the API sends it: a whole number 1–10 (PD1). BadRequest (400) for anything else."""
    if isinstance(raw, bool) or not isinstance(raw, int) or raw not in NUMBERS:
        raise BadRequest(PAIRS.msg("req_field_must_be", key=what, expects=CARD.expects(Context())))
    return raw


def risk_of(remaining: Mapping[int, int], numbers: Iterable[int]) -> Fraction:
    """The exact chance that the next card drawn from a deck holding ``remaining`` shows one of
    ``numbers`` (PD4: exact only where every card that left the deck was seen). 0 for an empty deck."""
    size = sum(max(n, 0) for n in remaining.values())
    if size == 0:
        return Fraction(0)
    hit = sum(max(remaining.get(v, 0), 0) for v in set(numbers))
    return Fraction(hit, size)


def _clean_deck(value: Any) -> dict[str, int]:
    """The ``deck`` option: {"1": copies, …, "10": copies}; every number present, 0–20 copies each."""
    if not isinstance(value, Mapping):
        raise BadRequest(PAIRS.msg("req_deck_object"))
    keys = {str(v) for v in NUMBERS}
    if set(value) != keys:
        raise BadRequest(PAIRS.msg("req_deck_every_number"))
    out: dict[str, int] = {}
    for v in NUMBERS:
        n = value[str(v)]
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_COPIES:
            raise BadRequest(PAIRS.msg("req_deck_copies", v=v, most=MAX_COPIES))
        out[str(v)] = n
    if sum(out.values()) == 0:
        raise BadRequest(PAIRS.msg("req_deck_empty"))
    return out


DECK_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "required": [str(v) for v in NUMBERS],
    "properties": {str(v): {"type": "integer", "minimum": 0, "maximum": MAX_COPIES} for v in NUMBERS},
    "description": "Copies of each card number in the table's deck (PD5); default: the number v on v cards.",
}


def deck_option() -> Option:
    """The ``deck`` table option every Pairs game offers (PD5): the counts of the table's own deck."""
    return Option("deck", "custom", {str(v): n for v, n in DEFAULT_COPIES.items()},
                  PAIRS.msg("opt_deck"), cleaner=_clean_deck, schema=DECK_SCHEMA, help=PAIRS.msg("opt_deck_help"))


def deck_of(options: Mapping[str, Any]) -> Deck:
    """The table's Deck from its cleaned options (the default deck if the game has no ``deck`` option)."""
    raw = options.get("deck") or {str(v): n for v, n in DEFAULT_COPIES.items()}
    return Deck.from_mapping({int(k): n for k, n in raw.items()})
