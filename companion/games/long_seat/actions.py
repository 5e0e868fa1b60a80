"""Long Seat's actions (docs/api.md, Long Seat), each declared once: the JSON parser, the form reader, the log's
JSON and the OpenAPI schema all come from these declarations. A player enters only two things: the number of
each card turned (``lay``) and ``stop``. ``player`` (every action has it) is checked by the platform against
``rules.actor``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from ..moves import ActionSet, Move
from ..pairs import CARD


@dataclass(frozen=True)
class Lay(Move, kind="lay"):
    """LS3: the card just turned from the deck, by its number."""

    card: Annotated[int, CARD]


@dataclass(frozen=True)
class Stop(Move, kind="stop"):
    """LS6: end the turn before a pair."""


Action = Lay | Stop
ACTIONS: ActionSet[Action] = ActionSet(Lay, Stop, examples=(Lay(7), Stop()))
