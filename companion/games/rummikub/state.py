"""The public table of a Rummikub match (what the companion can know): immutable values.

Racks are counts only; their tiles become known when a player enters them at the end of a round (RK10/11).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..enums import StrEnum
from .sets import TableSet


class Phase(StrEnum):
    """Where a match is: a round in play, its racks awaited (RK10/RK11), scored (RK12), or over."""

    PLAY = "play"
    RACKS = "racks"
    SCORED = "scored"
    OVER = "over"


class EndReason(StrEnum):
    """How a round ended: a player went out (RK10), or every player passed with an empty pool (RK11)."""

    OUT = "out"
    BLOCKED = "blocked"


@dataclass(frozen=True)
class RoundEnd:
    reason: EndReason
    seat: int | None = None  # who went out


@dataclass(frozen=True)
class RoundRecord:
    round: int
    reason: EndReason
    seat: int | None
    scores: tuple[int, ...]


@dataclass(frozen=True)
class State:
    names: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]  # sorted (id, value) pairs: hashable, comparable
    round: int
    start: int
    active: int | None
    racks: tuple[int, ...]
    pool: int
    melded: tuple[bool, ...]
    table: tuple[TableSet, ...] = ()
    turn: int = 0  # turns taken in this round
    passes: int = 0  # consecutive passes (RK11)
    phase: Phase = Phase.PLAY
    round_end: RoundEnd | None = None
    entered: tuple[tuple[str, ...] | None, ...] = ()  # racks as entered at the round's end (None: not yet)
    round_scores: tuple[int, ...] | None = None
    remainder: int = 0  # RK11 tie: points a shared win could not divide
    history: tuple[RoundRecord, ...] = ()
    totals: tuple[int, ...] = ()

    @property
    def n(self) -> int:
        return len(self.names)

    def option(self, key: str) -> Any:
        return dict(self.options)[key]

    @property
    def rounds(self) -> int:
        return int(self.option("rounds"))

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def table_tiles(self) -> list[str]:
        return [t for s in self.table for t in s.tiles]
