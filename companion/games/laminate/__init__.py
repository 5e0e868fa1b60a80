"""Laminate Rummy rules engine: pure, no I/O. See shared RULES.md (R1-R18)."""

from .actions import Action, EndFlag, Pass, Publish, Research, Review, action_to_json, parse_action
from .deck import DEFAULT_DECK, Card, Deck
from .errors import IllegalAction, Malformed
from .melds import matches, satisfies
from .papers import PAPER_IDS, PAPER_TYPES, PAPERS
from .rules import apply, check, meld_report, new_game, outcome
from .state import EndInfo, GameState, Outcome, Paper

__all__ = [
    "Action", "Card", "DEFAULT_DECK", "Deck", "EndFlag", "EndInfo", "GameState", "IllegalAction", "Malformed",
    "Outcome", "PAPERS", "PAPER_IDS", "PAPER_TYPES", "Paper", "Pass", "Publish", "Research", "Review",
    "action_to_json", "apply", "check", "matches", "meld_report", "new_game", "outcome", "parse_action",
    "satisfies",
]
