"""The actions of The Pairs (docs/api.md, The Pairs), each declared once: the JSON parser, the form reader,
the log's JSON and the OpenAPI schema all come from these declarations. ``player`` (every action has it) is
checked by the platform against ``rules.actor``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from ..base import BadRequest
from ..fields import Choice, Key, ListOf
from ..moves import ActionSet, Move
from ..pairs import CARD, NUMBERS
from ..pairs.deck import MAX_COPIES
from .texts import TP

MAX_HAND = MAX_COPIES * len(NUMBERS)  # the largest table deck (PD5); the real check is the hand count


@dataclass(frozen=True)
class Play(Move, kind="play"):
    """TP6: a hand card (``card``) onto pile a or b or the own place; or, ``from`` "place", the place card onto
    pile a or b (``card`` optional, then checked against the place)."""

    to: Annotated[str, Choice("a", "b", "place", fold_case=True, doc="Pile “a” or “b”, or “place” (the own place).")]
    card: Annotated[int | None, CARD] = None
    source: Annotated[str, Choice("hand", "place", doc="Where the card comes from."), Key("from")] = "hand"

    def __post_init__(self) -> None:  # what one field says about another: still no action at all (400)
        if self.source == "hand" and self.card is None:
            raise BadRequest(TP.msg("req_hand_card"), field="card")
        if self.source == "place" and self.to == "place":
            raise BadRequest(TP.msg("req_place_card_pile"), field="to")


@dataclass(frozen=True)
class Draw(Move, kind="draw"):
    """TP9: the draw, from the deck or from one's own place."""

    source: Annotated[str, Choice("deck", "place"), Key("from")]


@dataclass(frozen=True)
class Pass(Move, kind="pass"):
    """TP8: hand, place and deck are all empty."""


@dataclass(frozen=True)
class Stuck(Move, kind="stuck"):
    """TP8: "I cannot play": the player falls out and the team loses. ``hand``: the hand, if shown."""

    hand: Annotated[tuple[int, ...] | None,
                    ListOf(CARD, MAX_HAND, typed=True, doc="Optional: the hand shown when falling out (TP8), checked "
                                                           "against the table.")] = None


Action = Play | Draw | Pass | Stuck
ACTIONS: ActionSet[Action] = ActionSet(
    Play, Draw, Pass, Stuck,
    examples=(Play("a", 7), Play("b", source="place"), Draw("deck"), Pass(), Stuck((8, 8, 10, 10))),
)
