"""Pyramid (ピラミッド), a press-your-luck game for the Pairs deck: the pure rules engine
(docs/rules-pyramid.md, PY1–PY9). No Flask, no I/O. Nothing in this game is hidden, so the companion referees
every step: each card turned, the bust, every placement, the end and the ranking."""

from __future__ import annotations

from .actions import Action, Place, Stop, Turn, action_to_json, parse_action
from .errors import ERROR_CODES, MESSAGES, PyramidBadRequest, PyramidError
from .game import GAME, bust_risk, is_over, legal_slots, outcome, state_to_json
from .options import OPTIONS
from .pyramid import check_slot, grid, rank_key, row_counts, slots
from .rules import MAX_PLAYERS, MIN_PLAYERS, apply, new_game, places, ranking, winners
from .state import LastTurn, State

__all__ = [
    "ERROR_CODES", "GAME", "MAX_PLAYERS", "MESSAGES", "MIN_PLAYERS", "OPTIONS", "Action", "LastTurn", "Place",
    "PyramidBadRequest", "PyramidError", "State", "Stop", "Turn", "action_to_json", "apply", "bust_risk",
    "check_slot", "grid", "is_over", "legal_slots", "new_game", "outcome", "parse_action", "places", "rank_key",
    "ranking", "row_counts", "slots", "state_to_json", "winners",
]
