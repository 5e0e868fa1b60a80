"""Rummikub (ラミーキューブ), 2–4 players: runs and groups of numbered tiles, a match of rounds scored by what is
left on the racks (docs/rules-rummikub.md, RK1–RK13).

The companion tracks the public table — the sets, rack counts, the pool, whose turn — and checks each proposed
table before the tiles go down; it never sees a rack until it is entered at the end of a round.

This package is the whole game: the pure engine (``tiles``, ``sets``, ``actions``, ``action_fields``,
``state``, ``play``, ``rules``, ``errors``, ``options``, ``questions``, the best-play ``assistant`` and its
``solver``: no Flask, no I/O), its JSON (``state_json``, ``schema``), its pages (``texts``, ``views``,
``history``, ``ui``, ``templates/rummikub/``, ``static/``) and its tests (``tests/``). The declaration below is
all the platform needs; the registry lists it in one line (``companion/games/__init__.py``).
"""

from __future__ import annotations

from ..base import Game
from .action_fields import parse_table, parse_table_text
from .actions import ACTIONS, Action, Draw, NextRound, Pass, Play, Rack, Timeout
from .errors import CODES, RummikubBadRequest, RummikubError
from .options import OPTIONS
from .play import check_play, examine
from .questions import QUERIES
from .rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    actor,
    apply,
    new_game,
    outcome,
    rack_value,
    ranking,
    round_scores,
    scores,
    winners,
)
from .schema import state_schema
from .sets import TableSet, check_set
from .state import EndReason, Phase, RoundEnd, RoundRecord, State
from .state_json import state_to_json
from .texts import RK
from .tilenames import COLOURS, JOKER, TILE_KINDS, label
from .tiles import TOTAL_TILES, parse_tile, value_of
from .ui import UI

GAME: Game[State, Action] = Game(
    id="rummikub",
    bgg_id=811,  # BoardGameGeek (BG Stats matches plays by it)
    name=RK.msg("game_name"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    new_game=new_game,
    actions=ACTIONS,
    actor=actor,
    apply=apply,
    state_to_json=state_to_json,
    outcome=outcome,
    errors=RummikubError,
    scores=scores,
    queries=QUERIES,
    ui=UI,
    state_schema=state_schema,
    package=__name__,
)

__all__ = [
    "ACTIONS", "CODES", "COLOURS", "GAME", "JOKER", "MAX_PLAYERS", "MIN_PLAYERS", "OPTIONS", "TILE_KINDS",
    "TOTAL_TILES", "Action", "Draw", "EndReason", "NextRound", "Pass", "Phase", "Play", "Rack", "RoundEnd",
    "RoundRecord", "RummikubBadRequest", "RummikubError", "State", "TableSet", "Timeout", "actor", "apply",
    "check_play", "check_set", "examine", "label", "new_game", "outcome", "parse_table", "parse_table_text",
    "parse_tile", "rack_value", "ranking", "round_scores", "scores", "state_to_json", "value_of", "winners",
]
