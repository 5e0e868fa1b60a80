"""Cracker (クラッカー): the pure rules engine (docs/rules-cracker.md, CR1–CR12). No Flask, no I/O.

The companion follows the public flow of cards — every pass is face up, every draw shown — so it knows each
hand's size and what each hand must at least hold, checks a declared hand against that flow, and scores the
rounds; it never sees a hand during play.
"""

from __future__ import annotations

from .actions import Action, Declare, Draw, EndRound, NextRound, Pair, Pass, Reveal, action_to_json, parse_action
from .errors import ERROR_CODES, MESSAGES, CrackerBadRequest, CrackerError
from .feasible import bounds, feasible, in_deck_at_most, most_held
from .game import GAME, actor, is_over, outcome, state_to_json
from .options import OPTIONS
from .rules import apply, is_out, new_game, ranking, round_scores, winners
from .state import DEAL, RoundEnd, RoundRecord, State

__all__ = [
    "DEAL", "ERROR_CODES", "GAME", "MESSAGES", "OPTIONS", "Action", "CrackerBadRequest", "CrackerError", "Declare",
    "Draw", "EndRound", "NextRound", "Pair", "Pass", "Reveal", "RoundEnd", "RoundRecord", "State",
    "action_to_json", "actor", "apply", "bounds", "feasible", "in_deck_at_most", "is_out", "is_over",
    "most_held", "new_game", "outcome", "parse_action", "ranking", "round_scores", "state_to_json", "winners",
]
