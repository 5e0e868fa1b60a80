"""The public table of a Pyramid game (docs/rules-pyramid.md): immutable values. Nothing is hidden (PD4), so
the state holds every card that has left the deck and, from the table's deck counts, the deck itself."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..enums import StrEnum
from ..pairs import Deck

Placed = tuple[int, int, int]  # (row, x, card): one card of a pyramid (PY7)


class Phase(StrEnum):
    """PY4–PY8: a turn turns cards, then (after a stop) builds; "over" once the deck ran out."""

    TURNING = "turning"
    BUILDING = "building"
    OVER = "over"


class TurnEnd(StrEnum):
    """How a turn ended: a bust (PY5) or a pyramid built (PY6)."""

    BUST = "bust"
    BUILT = "built"


@dataclass(frozen=True)
class LastTurn:
    """How the previous turn ended: a bust (PY5, ``card`` is the repeated number) or a pyramid built (PY6)."""

    seat: int
    result: TurnEnd
    cards: tuple[int, ...]
    card: int | None = None


@dataclass(frozen=True)
class State:
    names: tuple[str, ...]
    copies: tuple[tuple[int, int], ...]  # the table's deck (PD5): (number, copies)
    start: int
    active: int
    pyramids: tuple[tuple[Placed, ...], ...]  # per seat, in the order placed
    phase: Phase = Phase.TURNING
    turned: tuple[int, ...] = ()  # this turn's cards not yet placed (all of them while turning)
    acquired: tuple[int, ...] = ()  # while building: every card the stop took (PY6)
    discard: tuple[int, ...] = ()  # face up, in the order discarded (PY5)
    turn: int = 1  # turns begun
    last: LastTurn | None = None
    forced: bool = False  # the last card of the deck was turned: the stop was forced (PY8)

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def deck(self) -> Deck:
        return Deck(self.copies)

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    def seen(self) -> Counter[int]:
        """Every card out of the deck, by number: all face up (PD4)."""
        out: Counter[int] = Counter(self.turned)
        out.update(self.discard)
        for pyramid in self.pyramids:
            out.update(card for _, _, card in pyramid)
        return out

    def remaining(self) -> dict[int, int]:
        """Copies of each number still in the deck: exact, since nothing leaves it unseen (PD4)."""
        seen = self.seen()
        return {v: n - seen[v] for v, n in self.copies}

    @property
    def deck_size(self) -> int:
        return sum(self.remaining().values())

    def placed_this_turn(self) -> tuple[Placed, ...]:
        """The active pyramid's cards placed during this building phase (the last ones placed)."""
        if self.phase != Phase.BUILDING:
            return ()
        k = len(self.acquired) - len(self.turned)
        return self.pyramids[self.active][len(self.pyramids[self.active]) - k:] if k else ()
