"""The Pairs (ザ・ペアーズ): a cooperative game for the Pairs deck — the pure engine (docs/rules-the-pairs.md,
TP1–TP10), its texts, views and page glue. No Flask, no I/O in the engine.

The companion tracks the public table — both discard piles, each player's place, the deck and hand counts,
whose turn and which step — and checks each card against the pile's top; it never sees a hand (TP3).
"""

from __future__ import annotations

from .actions import Action, Draw, Pass, Play, Stuck, action_to_json, parse_action
from .errors import ERROR_CODES, MESSAGES, PairsBadRequest, PairsError
from .game import GAME, OPTIONS, actor, is_over, outcome, state_to_json
from .rules import accepts, apply, can_pass, draw_sources, fits, new_game, stuck_refusal, surely_stuck
from .state import PILES, LastPlay, State

__all__ = [
    "ERROR_CODES", "GAME", "MESSAGES", "OPTIONS", "PILES", "Action", "Draw", "LastPlay", "PairsBadRequest",
    "PairsError", "Pass", "Play", "State", "Stuck", "accepts", "action_to_json", "actor", "apply", "can_pass",
    "draw_sources", "fits", "is_over", "new_game", "outcome", "parse_action", "state_to_json", "stuck_refusal",
    "surely_stuck",
]
