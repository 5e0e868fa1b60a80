"""The public table of a Cracker match (what the companion can know): immutable values.

Hands are sizes plus the public flow per number (CR11): ``net`` (received and drawn minus passed and paired)
and ``low`` (the fewest copies the player must have been dealt). Numbers index tuples as ``v - 1``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..enums import StrEnum

DEAL = 10  # CR2: cards dealt to each player


class Phase(StrEnum):
    """A round is played, then the highest numbers are entered (CR9), then it is scored; "over" after the last."""

    PLAY = "play"
    REVEAL = "reveal"
    SCORED = "scored"
    OVER = "over"


class Step(StrEnum):
    """The active player's step during play: draw (CR4, CR8), pair or pass (CR5), or blocked (CR8a)."""

    DRAW = "draw"
    PLAY = "play"
    BLOCKED = "blocked"


class Reason(StrEnum):
    """Why a round ended: a player went out (CR7), was dealt a winning hand (CR3), or the deck ran out (CR8a)."""

    OUT = "out"
    DEALT = "dealt"
    DECK_EMPTY = "deck_empty"


@dataclass(frozen=True)
class RoundEnd:
    reason: Reason
    seat: int | None = None  # who went out
    hand: tuple[int, ...] = ()  # the hand they showed, sorted


@dataclass(frozen=True)
class RoundRecord:
    round: int
    dealer: int
    reason: Reason
    seat: int | None
    scores: tuple[int, ...]


@dataclass(frozen=True)
class State:
    names: tuple[str, ...]
    copies: tuple[int, ...]  # the table's deck: copies of 1..10 (PD5)
    rounds: int
    dealer: int
    active: int
    sizes: tuple[int, ...]
    deck: int
    net: tuple[tuple[int, ...], ...]
    low: tuple[tuple[int, ...], ...]
    drawn: tuple[int, ...]  # copies of each number drawn from the deck this round (CR4, CR8)
    round: int = 1
    phase: Phase = Phase.PLAY
    step: Step = Step.DRAW
    received: int | None = None  # the card received (or drawn) this turn
    drew: bool = False  # the received card came from the deck (CR4, CR8), not from the right-hand neighbour
    paired: bool = False  # a pair was discarded this turn
    opening: bool = True  # before the dealer's first draw: CR3's window
    passer: int | None = None  # whose "after passing" window is open (CR7c)
    streak: tuple[int, int] | None = None  # CR8: (number, passes in a row)
    change: int | None = None  # CR8: the number that went round and waits to be replaced
    passes: int = 0  # passes this round
    discard: tuple[int, ...] = ()
    end: RoundEnd | None = None
    maxima: tuple[int | None, ...] = ()  # CR9: highest numbers entered at the round's end
    round_scores: tuple[int, ...] | None = None
    history: tuple[RoundRecord, ...] = ()
    totals: tuple[int, ...] = ()

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def total(self) -> int:
        return sum(self.copies)

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    def left_of(self, seat: int) -> int:
        """CR5c: cards go to the left-hand neighbour, the next seat."""
        return (seat + 1) % self.n

    def known(self, seat: int) -> tuple[int, ...]:
        """CR11: copies of each number this seat is known to hold now (net + low)."""
        return tuple(n + lo for n, lo in zip(self.net[seat], self.low[seat], strict=True))
