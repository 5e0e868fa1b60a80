"""The table of a Long Seat game: immutable values. Everything here is public (LS3–LS6): the row, each
player's face-up and face-down cards, the cards laid this turn; the deck is what the table's deck holds minus
every card seen (PD4)."""

from __future__ import annotations

from dataclasses import dataclass

from ..enums import StrEnum
from ..pairs import Deck


class EndKind(StrEnum):
    """How a turn ends: a pair (LS5) or a stop (LS6, also the forced stop of LS8)."""

    PAIR = "pair"
    STOP = "stop"


class DecidedBy(StrEnum):
    """LS9: what settled the winner: the best score alone, the face-down tie-break, or nothing (a shared win)."""

    SCORE = "score"
    FACE_DOWN = "face_down"
    SHARED = "shared"


@dataclass(frozen=True)
class TurnEnd:
    """How the last turn ended: ``kind`` a pair (LS5) or a stop (LS6, also the forced stop of LS8)."""

    kind: EndKind
    seat: int
    laid: int  # cards laid in that turn (the pair's second card included)
    taken: tuple[int, ...] = ()  # a pair: the cards taken, in row order
    flipped: int = 0  # a stop: face-up cards turned face down
    last: bool = False  # the deck ran out with this turn (LS8)


@dataclass(frozen=True)
class State:
    names: tuple[str, ...]
    deck: Deck
    start: int
    active: int
    row: tuple[int, ...] = ()
    up: tuple[tuple[int, ...], ...] = ()  # per seat: face-up cards, oldest first (−1 each)
    down: tuple[tuple[int, ...], ...] = ()  # per seat: face-down cards (+1 each)
    laid: int = 0  # cards the active player has laid this turn (LS6)
    turn: int = 0  # turns finished
    over: bool = False
    last_end: TurnEnd | None = None

    @property
    def n(self) -> int:
        return len(self.names)

    def seen(self) -> list[int]:
        """Every card out of the deck: the row and everyone's cards."""
        return [*self.row, *(c for cards in self.up for c in cards), *(c for cards in self.down for c in cards)]

    def left(self) -> dict[int, int]:
        """Copies of each number still in the deck (PD4: exact, nothing leaves unseen)."""
        return self.deck.remaining(self.seen())

    @property
    def deck_size(self) -> int:
        return self.deck.total - len(self.seen())

    def score(self, seat: int) -> int:
        """LS9: +1 per face-down card, −1 per face-up card."""
        return len(self.down[seat]) - len(self.up[seat])
