"""すたっぷすたっぷ (Stap-stap): a 3–6 player dice bluff in a box (docs/rules-stapstap.md, ST1–ST16).

The engine is pure (no Flask, no I/O). In phone-box mode the server rolls and only the parent's proven phone
sees the face until a doubt reveals it.
"""

from __future__ import annotations

from .actions import action_to_json, parse_action, redact_action
from .errors import ERROR_CODES, MESSAGES, StapBadRequest, StapError
from .game import GAME, actor, commitment, is_over, outcome, prepare, proof_needed, state_to_json, undo_blocked
from .rules import apply, new_game
from .state import TOTAL_COINS, TOTAL_DICE, State
from .turns import can_roll, effects_possible

__all__ = [
    "ERROR_CODES", "GAME", "MESSAGES", "TOTAL_COINS", "TOTAL_DICE", "StapBadRequest", "StapError", "State",
    "action_to_json", "actor", "apply", "can_roll", "commitment", "effects_possible", "is_over", "new_game",
    "outcome", "parse_action", "prepare", "proof_needed", "redact_action", "state_to_json", "undo_blocked",
]
