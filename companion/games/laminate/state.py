"""The public table (what the companion can know): immutable values and questions about them."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..enums import StrEnum
from .deck import DEFAULT_DECK, Card, Deck
from .papers import PAPER_IDS, PAPERS


class Pending(StrEnum):
    """A step the active player owes before the turn ends."""

    ENDFLAG = "endflag"  # R16: the End Flag waits for its card


class DecidedBy(StrEnum):
    """What separated the winners (R18)."""

    SCORE = "score"
    FEWEST_PAPERS = "fewest_papers"
    SHARED = "shared"


@dataclass(frozen=True)
class Paper:
    id: int
    owner: int
    type: str
    cards: tuple[Card, ...]

    @property
    def complete(self) -> bool:
        """R11: a paper whose row is down to one card is complete."""
        return len(self.cards) == 1

    @property
    def points(self) -> int:
        return PAPERS[self.type].points


@dataclass(frozen=True)
class EndInfo:
    trigger: int
    turns_left: int  # of the 2n-1 turns after the triggering turn (R17)


@dataclass(frozen=True)
class GameState:
    names: tuple[str, ...]
    start: int
    hands: tuple[int, ...]
    deck: int
    discard: int
    supply: tuple[int, ...]  # copies left, in PAPER_IDS order
    papers: tuple[Paper, ...] = ()
    active: int | None = None
    pending: Pending | None = None  # R16: the End Flag waits for its card
    end: EndInfo | None = None
    passes: int = 0  # consecutive passes (R12)
    over: bool = False
    turn: int = 1  # number of the turn in progress, counted from 1
    next_paper_id: int = 1
    deck_size: int = field(default=49, compare=False)
    #: the table's own deck (R1): the cards that exist at this table; rules, pages and questions use it
    card_deck: Deck = field(default=DEFAULT_DECK, compare=False, repr=False)

    @property
    def n(self) -> int:
        return len(self.names)

    def supply_of(self, paper: str) -> int:
        return self.supply[PAPER_IDS.index(paper)]

    def supply_dict(self) -> dict[str, int]:
        return dict(zip(PAPER_IDS, self.supply))

    def paper(self, paper_id: int) -> Paper | None:
        for p in self.papers:
            if p.id == paper_id:
                return p
        return None

    def papers_of(self, seat: int) -> list[Paper]:
        return [p for p in self.papers if p.owner == seat]

    def owns(self, seat: int, paper_type: str) -> bool:
        return any(p.owner == seat and p.type == paper_type for p in self.papers)

    def score(self, seat: int) -> int:
        """R18: only complete papers score."""
        return sum(p.points for p in self.papers if p.owner == seat and p.complete)

    def complete_count(self, seat: int) -> int:
        return sum(1 for p in self.papers if p.owner == seat and p.complete)

    def cards_on_table(self) -> list[Card]:
        return [c for p in self.papers for c in p.cards]

    def under_review(self) -> list[Paper]:
        return [p for p in self.papers if not p.complete]

    def can_research(self) -> bool:
        return self.deck + self.discard > 0

    def can_review(self) -> bool:
        return any(len(p.cards) >= 2 for p in self.papers)

    def can_pass(self) -> bool:
        """R12: only when neither research nor review is possible."""
        return not self.can_research() and not self.can_review()

    def conserved_total(self) -> int:
        """R14: deck + discard + hands + cards in rows; always the deck size."""
        return self.deck + self.discard + sum(self.hands) + sum(len(p.cards) for p in self.papers)
