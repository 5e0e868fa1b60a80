"""Pyramid's actions (docs/api.md, Pyramid), each declared once: the JSON parser, the form reader, the log's
JSON and the OpenAPI schema all come from these declarations. ``player`` (every action has it) is checked by
the platform: it must be the active seat."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from ..fields import FormRefusal, Int
from ..moves import ActionSet, Move, Posted
from ..pairs import CARD
from .texts import PY

MAX_ROW = 300  # a 200-card deck (20 copies of each number) cannot build wider or taller than this
MAX_X = 300


@dataclass(frozen=True)
class Turn(Move, kind="turn"):
    """PY4: the active player turned the top card; it shows ``card``."""

    card: Annotated[int, CARD]


@dataclass(frozen=True)
class Stop(Move, kind="stop"):
    """PY6: stop turning and take this turn's cards."""


@dataclass(frozen=True)
class Place(Move, kind="place"):
    """PY7: put one of this turn's cards at (``row``, ``x``) of the active player's pyramid."""

    card: Annotated[int, CARD]
    row: Annotated[int, Int(1, MAX_ROW, noun=PY.msg("noun_row"), doc="Row, 1 = the bottom row (PY7).")]
    x: Annotated[int, Int(-MAX_X, MAX_X, noun=PY.msg("noun_place"),
                          doc="Place in the row: the first card is at 0; a card at (r, x) rests on (r-1, x) and "
                              "(r-1, x+1).")]

    @classmethod
    def form_fields(cls, posted: Posted) -> Posted:
        """A slot of the drawn pyramid is one button: its value "row:x" stands for both."""
        row, sep, x = (posted.get("slot") or [""])[0][:12].partition(":")
        if not (sep and row.isascii() and row.isdigit() and x.lstrip("-").isascii() and x.lstrip("-").isdigit()):
            raise FormRefusal("form_pick_slot", PY.msg("form_pick_slot"))
        return {**{k: v for k, v in posted.items() if k != "slot"}, "row": [row], "x": [x]}


Action = Turn | Stop | Place
ACTIONS: ActionSet[Action] = ActionSet(Turn, Stop, Place, examples=(Turn(7), Stop(), Place(3, 2, 0)))
