"""Laminate's actions (docs/api.md, ACTION), each declared once: the JSON parser, the form reader, the log's
JSON and the OpenAPI schema all come from these declarations. ``player`` (every action has it) is checked by
the platform: it must be the active seat.

Cards are read against the table's own deck (R1, the ``deck`` option): a string that names no card of it is
``bad_card`` (400), a paper type that does not exist ``unknown_paper`` (400); both keep their codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from ..fields import Choice, Context, Field, FormRefusal, Int, Invalid, Key, ListOf
from ..moves import ActionSet, Move, Posted
from ..schema import MAX_INT
from ..texts import Msg
from .deck import DEFAULT_DECK, Card, Deck
from .deckspec import deck_of
from .errors import Malformed
from .papers import PAPER_IDS, PAPERS
from .texts import LAMINATE

MAX_CARDS = 49  # a meld can never hold more cards than the deck has
MAX_CITES = 64
CARD_PATTERN = r"^[A-Za-z0-9]+-(?:[1-9]|1[0-3]|[AJQKajqk])$"
CARD_OUT_PATTERN = r"^[a-z][a-z0-9]{0,11}-(?:[1-9]|1[0-3])$"


def table_deck(ctx: Context) -> Deck:
    """The deck a parser reads cards against: the table's (its state, else its ``deck`` option), or the deck
    a new table gets where there is no table (the docs)."""
    state = ctx.state
    if state is not None:
        deck: Deck = state.card_deck
        return deck
    if isinstance(ctx.options, Mapping) and "deck" in ctx.options:
        return deck_of(dict(ctx.options))
    return DEFAULT_DECK


class CardOfDeck(Field[Card]):
    """A card of the table's own deck, ``"suit-rank"`` (rank 1–13 or A, J, Q, K, case-insensitive); the log
    keeps it in number notation (``"book-13"``). Anything else is ``bad_card`` (400), whatever the field."""

    def __init__(self, *, doc: str = "") -> None:
        self.doc = doc

    def expects(self, ctx: Context) -> Msg:
        return LAMINATE.msg("expects_card")

    def parse(self, raw: object, ctx: Context) -> Card:
        return table_deck(ctx).parse(raw)  # bad_card (Malformed) for anything else

    def dump(self, value: Card) -> Any:
        return str(value)

    def schema(self, max_seats: int) -> dict[str, Any]:
        suits = ", ".join(s.id for s in DEFAULT_DECK.suits)
        return self._doc({"type": "string", "maxLength": 40, "examples": ["coin-7", "suit7-K"],
                          "description": "SUIT-RANK: a suit id of the table's deck (STATE.card_deck; the default "
                                         f"deck's ids are {suits}) and a rank 1–13 or A, J, Q, K, case-insensitive "
                                         f"(pattern {CARD_PATTERN}). A string that names no card of the table's "
                                         "deck (heart-9 in the default deck, joker-1, coin-14) is refused with "
                                         "bad_card (400)."})

    def logged_schema(self, max_seats: int) -> dict[str, Any]:
        return {"type": "string", "pattern": CARD_OUT_PATTERN}


class PaperType(Field[str]):
    """A paper type id (R2); a string that is none is ``unknown_paper`` (400)."""

    def __init__(self, *, doc: str = "") -> None:
        self.doc = doc

    def expects(self, ctx: Context) -> Msg:
        return LAMINATE.msg("expects_paper_type")

    def parse(self, raw: object, ctx: Context) -> str:
        if not isinstance(raw, str):
            raise Invalid
        if raw not in PAPERS:
            raise Malformed("unknown_paper", paper_id=raw[:40])
        return raw

    def schema(self, max_seats: int) -> dict[str, Any]:
        return self._doc({"enum": list(PAPER_IDS)})


CARD = CardOfDeck()
PAPER_ID = Int(1, MAX_INT, noun=LAMINATE.msg("noun_paper_id"))


@dataclass(frozen=True)
class Research(Move, kind="research"):
    """R8, R9: draw from the deck (two, keep one, discard one) or take the top of the discard pile."""

    source: Annotated[str, Choice("deck", "discard", doc="Where the card comes from (R8)."), Key("from")]


@dataclass(frozen=True)
class Publish(Move, kind="publish"):
    """R3, R4, R6, R7: lay ``cards`` from the hand as a paper of type ``paper``, citing complete papers."""

    paper: Annotated[str, PaperType(doc="The paper type claimed (R2).")]
    cards: Annotated[tuple[Card, ...], ListOf(CARD, MAX_CARDS, doc="The cards laid from the hand (R4).")]
    cite: Annotated[tuple[int, ...] | None,
                    ListOf(PAPER_ID, MAX_CITES, doc="Complete papers cited, by id (R7); may be left out.")] = None

    @property
    def cited(self) -> tuple[int, ...]:
        """The ids cited (none when ``cite`` was left out)."""
        return self.cite or ()

    @classmethod
    def form_fields(cls, posted: Posted) -> Posted:
        """The picker says in the player's words what it still lacks: a card from the hand, then (unless it
        only checks) the paper to claim."""
        if not any(text.strip() for text in posted.get("cards", ())):
            raise FormRefusal("no_hand_card", LAMINATE.msg("js_nothing_to_publish"))
        if not any(text.strip() for text in posted.get("paper", ())) and not posted.get("dry_run"):
            raise FormRefusal("choose_paper", LAMINATE.msg("choose_paper"))
        return posted


@dataclass(frozen=True)
class Review(Move, kind="review"):
    """R10, R11: take ``card`` from a paper under review into the hand."""

    paper: Annotated[int, PAPER_ID]
    card: Annotated[Card, CARD]


@dataclass(frozen=True)
class Pass(Move, kind="pass"):
    """R12: neither research nor review is possible."""


@dataclass(frozen=True)
class EndFlag(Move, kind="endflag"):
    """R16: the End Flag, laid with ``card`` from the hand (only while STATE.pending is "endflag")."""

    card: Annotated[Card, CARD]

    @classmethod
    def form_fields(cls, posted: Posted) -> Posted:
        if not any(text.strip() for text in posted.get("card", ())):
            raise FormRefusal("choose_card", LAMINATE.msg("choose_card"))
        return posted


Action = Research | Publish | Review | Pass | EndFlag
ACTIONS: ActionSet[Action] = ActionSet(
    Research, Publish, Review, Pass, EndFlag,
    examples=(Research("deck"),
              Publish("kind3", (Card("heart", 7), Card("book", 7)), (2,)),
              Review(3, Card("coin", 8)), Pass(), EndFlag(Card("onion", 10))),
)
