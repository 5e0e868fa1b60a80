"""Rummikub (ラミーキューブ): the pure rules engine (docs/rules-rummikub.md, RK1–RK13). No Flask, no I/O.

The companion tracks the public table — the sets, rack counts, the pool, whose turn — and checks each
proposed table before the tiles go down; it never sees a rack until it is entered at the end of a round.
"""

from __future__ import annotations

from .actions import Action, Draw, NextRound, Pass, Play, Rack, Timeout, action_to_json, parse_action, parse_table
from .errors import ERROR_CODES, RummikubBadRequest, RummikubError
from .game import GAME, actor, is_over, outcome, state_to_json
from .options import OPTIONS
from .play import check_play, examine
from .rules import apply, new_game, rack_value, round_scores
from .sets import TableSet, check_set
from .state import RoundEnd, RoundRecord, State
from .tilenames import COLOURS, JOKER, TILE_KINDS, label
from .tiles import TOTAL_TILES, parse_tile, value_of

__all__ = [
    "COLOURS", "ERROR_CODES", "GAME", "JOKER", "OPTIONS", "TILE_KINDS", "TOTAL_TILES", "Action",
    "Draw", "NextRound", "Pass", "Play", "Rack", "RoundEnd", "RoundRecord", "RummikubBadRequest",
    "RummikubError", "State", "TableSet", "Timeout", "action_to_json", "actor", "apply", "check_play",
    "check_set", "examine", "is_over", "label", "new_game", "outcome", "parse_action", "parse_table",
    "parse_tile", "rack_value", "round_scores", "state_to_json", "value_of",
]
