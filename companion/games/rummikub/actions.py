"""Rummikub's actions (docs/api.md, "Rummikub over the JSON API"), each declared once: the JSON parser, the form
reader, the log's JSON and the OpenAPI schema all come from these declarations. ``player`` (every action has it)
is checked by the platform against ``rules.actor``: the active seat for a turn, the entered seat for a rack.

Tiles and the proposed table are field types of their own (``action_fields.py``): a string that is no tile is
400 ``bad_tile`` wherever it stands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from ..fields import ListOf, Seat
from ..moves import ActionSet, Move, Posted
from .action_fields import TABLE, TILE, SetSpec, form_refusal
from .tiles import TOTAL_TILES


@dataclass(frozen=True)
class Draw(Move, kind="draw"):
    """RK3b: one tile from the pool; the turn passes."""


@dataclass(frozen=True)
class Play(Move, kind="play"):
    """RK3a, RK6–RK8: the whole new table replaces the old one; the tiles it adds come from the rack."""

    table: Annotated[tuple[SetSpec, ...], TABLE]

    @classmethod
    def form_fields(cls, posted: Posted) -> Posted:
        """The typed table says so when nothing was typed at all."""
        if not any(text.strip() for text in posted.get("table", ())):
            raise form_refusal("form_no_sets")
        return posted


@dataclass(frozen=True)
class Pass(Move, kind="pass"):
    """RK3c: only with an empty pool; a full circle of passes blocks the round (RK11)."""


@dataclass(frozen=True)
class Timeout(Move, kind="timeout"):
    """RK9: the active player ran out of time: the draft is dropped, the penalty tiles are drawn."""


@dataclass(frozen=True)
class Rack(Move, kind="rack"):
    """RK10, RK11, RK13: the tiles left on a seat's rack at the end of a round, entered by anyone."""

    seat: Annotated[int, Seat(doc="The seat whose rack this is (the log records it as the actor).")]
    tiles: Annotated[tuple[str, ...], ListOf(TILE, TOTAL_TILES, typed=True, doc="The tiles left on that rack.")]

    @classmethod
    def form_fields(cls, posted: Posted) -> Posted:
        """A rack field left blank is a rack of no tiles (a line with no tile on it): the rules then say how
        many it should hold (``rack_size_mismatch``), as for any rack of the wrong size."""
        if not any(text.strip() for text in posted.get("tiles", ())):
            return {**posted, "tiles": [","]}
        return posted


@dataclass(frozen=True)
class NextRound(Move, kind="next_round"):
    """RK12: a fresh round, started by the seat after this round's first seat (anyone may start it)."""


Action = Draw | Play | Pass | Timeout | Rack | NextRound
ACTIONS: ActionSet[Action] = ActionSet(
    Draw, Play, Pass, Timeout, Rack, NextRound,
    examples=(Draw(),
              Play(((("r9", "J", "r11"), None), (("J", "J", "b5"), "group")), player=0),
              Pass(), Timeout(), Rack(1, ("r5", "J", "k13")), NextRound()),
)
