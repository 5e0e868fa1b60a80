"""Long Seat (ロングシート): a Pairs-deck game of one row of cards (docs/rules-long-seat.md, LS1–LS11).

Pure engine, no Flask, no I/O. Nothing is hidden, so the companion referees every step: the player enters the
number of each card turned and "stop"; the pair, the cards taken, the cards turned face down, the end and the
score are computed.
"""

from __future__ import annotations

from .actions import Action, Lay, Stop, action_to_json, parse_action
from .errors import ERROR_CODES, MESSAGES, LongSeatBadRequest, LongSeatError
from .game import GAME, actor, is_over, outcome, state_to_json
from .options import OPTIONS
from .rules import MAX_PLAYERS, MIN_PLAYERS, apply, decided_by, new_game, ranking, risk, winners
from .state import State, TurnEnd

__all__ = [
    "ERROR_CODES", "GAME", "MAX_PLAYERS", "MESSAGES", "MIN_PLAYERS", "OPTIONS", "Action", "Lay",
    "LongSeatBadRequest", "LongSeatError", "State", "Stop", "TurnEnd", "action_to_json", "actor", "apply",
    "decided_by", "is_over", "new_game", "outcome", "parse_action", "ranking", "risk", "state_to_json", "winners",
]
