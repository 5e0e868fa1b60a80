"""Renaming the suits of a table's deck from the table page during play (R1): the two unnamed suits of the
default *Seven* deck read "Suit 6" and "Suit 7" until a table names them after what its cards show. The
value is the ``suit_names`` setting ({suit id: name}); an empty field gives a suit back its deck name."""

from __future__ import annotations

from typing import Any

from .deck import Deck

FIELD = "suit-"  # one text field per suit of the table's deck: suit-<id>
MAX_FIELD = 200  # characters read from a field (the setting's cleaner then holds it to its own limit)


def suit_names_view(deck: Deck, names: dict[str, str] | None, lang: str) -> list[dict[str, Any]]:
    """One row per suit of the table's deck: its deck name, the table's name for it (if any), symbol."""
    names = names or {}
    return [{"id": s.id, "field": FIELD + s.id, "deck_name": s.name(lang), "name": names.get(s.id, ""),
             "symbol": s.symbol, "renamed": s.id in names} for s in deck.suits]


def read_suit_names(form: Any, state: Any) -> dict[str, str]:
    """The posted fields as the new ``suit_names``: only suits of this table's deck, blank fields dropped.
    A name equal to the deck's own is dropped too, so "renaming" a suit to its name changes nothing."""
    names = {}
    for suit in state.card_deck.suits:
        raw = str(form.get(FIELD + suit.id, ""))[:MAX_FIELD].strip()
        if raw and raw not in (suit.en, suit.ja):
            names[suit.id] = raw
    return names
