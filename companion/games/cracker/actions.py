"""Cracker's actions (docs/api.md, Cracker), each declared once: the JSON parser, the form reader, the log's
JSON and the OpenAPI schema all come from these declarations. ``player`` (every action has it) is checked by
the platform against ``rules.actor``: the active seat for a turn, the named seat for a declaration or a
highest number, nobody for the table-wide steps."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from ..fields import Context, FormRefusal, Int, Invalid, ListOf, Seat
from ..moves import ActionSet, Move, Posted
from ..pairs import CARD, NUMBERS
from ..texts import Msg
from .texts import CR

MAX_HAND = 60  # more cards than any hand can hold: refused before any rule runs
MAX_HAND_TEXT = 1000  # characters of a typed hand read at all
_SPLIT = re.compile(r"[\s,、，・]+")
_FULL = str.maketrans("０１２３４５６７８９", "0123456789")  # a Japanese keyboard's digits


class Hand(ListOf[int]):
    """A whole hand shown to go out (CR7): 1 to 60 card numbers, kept sorted. A form posts it typed as one text
    ("3 4 5", "３、４、５"); a word that is no card number is refused in the player's words."""

    def __init__(self) -> None:
        super().__init__(CARD, MAX_HAND, typed=True, doc="The whole hand, every card (CR7).")

    def expects(self, ctx: Context) -> Msg:
        return CR.msgn("expects_hand", MAX_HAND, most=MAX_HAND)

    def parse(self, raw: object, ctx: Context) -> tuple[int, ...]:
        if not isinstance(raw, list) or not raw:
            raise Invalid
        return tuple(sorted(super().parse(raw, ctx)))

    def read(self, texts: Sequence[str], ctx: Context) -> tuple[int, ...]:
        text = " ".join(texts)[:MAX_HAND_TEXT].translate(_FULL)
        words = [w for w in _SPLIT.split(text.strip()) if w]
        if not words:
            raise FormRefusal("form_no_hand", CR.msg("form_no_hand"))
        hand = []
        for word in words[:MAX_HAND]:  # a longer hand is cut here and refused by its size (CR6)
            if not (word.isascii() and word.isdigit() and len(word) <= 2 and int(word) in NUMBERS):
                shown = word[:12]
                raise FormRefusal("form_bad_hand", CR.msg("form_bad_hand", word=shown), word=shown)
            hand.append(int(word))
        return tuple(sorted(hand))

    def schema(self, max_seats: int) -> dict[str, Any]:
        return {**super().schema(max_seats), "minItems": 1}


@dataclass(frozen=True)
class Draw(Move, kind="draw"):
    """CR4, CR8: the active player drew the top card of the deck and showed it: it shows ``card``."""

    card: Annotated[int, CARD]


@dataclass(frozen=True)
class Pair(Move, kind="pair"):
    """CR5b: the received card and one more of its number go to the discard pile (``card``, if given, must be
    the received card's number)."""

    card: Annotated[int | None, CARD] = None


@dataclass(frozen=True)
class Pass(Move, kind="pass"):
    """CR5c: ``card`` goes face up to the next seat (the left-hand neighbour)."""

    card: Annotated[int, CARD]


@dataclass(frozen=True)
class Declare(Move, kind="declare"):
    """CR7: ``seat`` goes out and shows the whole ``hand``."""

    seat: Annotated[int, Seat(doc="The player who goes out.")]
    hand: Annotated[tuple[int, ...], Hand()]

    @classmethod
    def form_fields(cls, posted: Posted) -> Posted:
        """The hand is typed: an empty box says so in the player's words (not "a field is missing")."""
        if not any(text.strip() for text in posted.get("hand", ())):
            raise FormRefusal("form_no_hand", CR.msg("form_no_hand"))
        return posted


@dataclass(frozen=True)
class Reveal(Move, kind="reveal"):
    """CR9: ``seat``, who did not go out, enters the highest number in their hand (0 for an empty hand)."""

    seat: Annotated[int, Seat(doc="The player whose highest number this is.")]
    max: Annotated[int, Int(0, 10, noun=CR.msg("noun_number"), doc="The highest number in the hand; 0: no cards.")]


@dataclass(frozen=True)
class EndRound(Move, kind="end_round"):
    """CR8a: a change is due and the deck is empty; the round ends and everyone loses their highest number."""


@dataclass(frozen=True)
class NextRound(Move, kind="next_round"):
    """CR10: the next round is dealt by the next seat."""


Action = Draw | Pair | Pass | Declare | Reveal | EndRound | NextRound
ACTIONS: ActionSet[Action] = ActionSet(
    Draw, Pair, Pass, Declare, Reveal, EndRound, NextRound,
    examples=(Draw(3), Pair(), Pass(5), Declare(2, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)), Reveal(0, 7), EndRound(),
              NextRound()),
)
