"""The public table of The Pairs (what every player sees, TP3/TP4): immutable values.

Hands are counts only: the companion never sees a hand (TP3). Piles and places are face up, so their numbers
are known; the deck is a count.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..enums import StrEnum
from ..pairs import Deck

PILES = ("a", "b")  # TP4: the two discard piles


class Step(StrEnum):
    """TP5: a turn is play, then draw; "over" once won or lost (TP10)."""

    PLAY = "play"
    DRAW = "draw"
    OVER = "over"


class Result(StrEnum):
    """TP10: the team wins or loses together."""

    WON = "won"
    LOST = "lost"


@dataclass(frozen=True)
class LastPlay:
    """The latest card put down (for the history, the announcements and the "new" mark)."""

    seat: int
    card: int
    to: str  # "a" | "b" | "place"
    source: str  # "hand" | "place"
    pair: bool = False


@dataclass(frozen=True)
class State:
    names: tuple[str, ...]
    deck_copies: Deck
    start: int
    active: int
    deck: int  # cards left in the deck (face down)
    hands: tuple[int, ...]  # cards in each hand (a count, TP3)
    places: tuple[int | None, ...]  # each player's place: its card, or None (TP4)
    piles: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # pile A, pile B, bottom first
    step: Step = Step.PLAY
    placed_now: bool = False  # the active player's place card was put there during this turn (TP9)
    turn: int = 1  # the turn in progress (1-based)
    last: LastPlay | None = None
    result: Result | None = None  # None while playing (TP10)
    fell_out: int | None = None  # the seat that could not play (TP8)
    revealed: tuple[int, ...] | None = None  # the hand a fallen-out player showed, if they did (TP8)

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def total(self) -> int:
        return self.deck_copies.total

    @property
    def over(self) -> bool:
        return self.result is not None

    def pile(self, pile: str) -> tuple[int, ...]:
        return self.piles[PILES.index(pile)]

    def top(self, pile: str) -> int | None:
        cards = self.pile(pile)
        return cards[-1] if cards else None

    @property
    def on_piles(self) -> int:
        return len(self.piles[0]) + len(self.piles[1])

    def unseen(self) -> dict[int, int]:
        """Per number, the copies not face up anywhere: in the deck or in a hand (PD4)."""
        seen = [*self.piles[0], *self.piles[1], *(c for c in self.places if c is not None)]
        return self.deck_copies.remaining(seen)
