"""What the four Pairs games share: the deck as data (PD1–PD5), card entry, exact counts and risk.

Each game (Pyramid, Cracker, The Pairs, Long Seat) is its own package and imports from here; this package
is not a game itself and is not in the registry.
"""

from .deck import (
    CARD,
    DEFAULT_COPIES,
    NUMBERS,
    Deck,
    deck_of,
    deck_option,
    parse_card,
    risk_of,
)

__all__ = ["CARD", "DEFAULT_COPIES", "NUMBERS", "Deck", "deck_of", "deck_option", "parse_card", "risk_of"]
