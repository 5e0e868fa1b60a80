"""Paper cards (R2): the scoring cards of the central supply."""

from __future__ import annotations

from dataclasses import dataclass

from .texts import LAMINATE


@dataclass(frozen=True)
class PaperType:
    """A paper type: its points and copies in the supply (R2); its name and what it takes are Laminate's catalogs'
    (``paper_<id>``, ``paper_rule_<id>``)."""

    id: str
    points: int
    copies: int

    def name(self, lang: str) -> str:
        return LAMINATE.t(f"paper_{self.id}", lang)

    def rule(self, lang: str) -> str:
        return LAMINATE.t(f"paper_rule_{self.id}", lang)


PAPER_TYPES: tuple[PaperType, ...] = (
    PaperType("straight5", 1, 4),
    PaperType("straight7", 3, 3),
    PaperType("straight9", 5, 2),
    PaperType("straight11", 9, 1),
    PaperType("kind3", 1, 4),
    PaperType("kind5", 4, 3),
    PaperType("pairs3", 2, 3),
    PaperType("pairs4", 5, 2),
    PaperType("triple3", 7, 1),
    PaperType("flush4", 4, 2),
    PaperType("flush6", 7, 2),
    PaperType("sum49", 2, 4),
    PaperType("sum100", 6, 1),
    PaperType("ak", 2, 1),
    PaperType("evens", 6, 1),
    PaperType("endflag", 1, 1),
)

PAPERS: dict[str, PaperType] = {p.id: p for p in PAPER_TYPES}
PAPER_IDS: tuple[str, ...] = tuple(PAPERS)
ENDFLAG = "endflag"
#: Types a player can publish (everything but the End Flag, which R16 awards).
PUBLISHABLE: tuple[str, ...] = tuple(p for p in PAPER_IDS if p != ENDFLAG)
#: Points a player must have in complete papers to meet the end condition (R15).
END_THRESHOLD = 15
