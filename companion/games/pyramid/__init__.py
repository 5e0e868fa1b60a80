"""Pyramid (ピラミッド), a press-your-luck game for the Pairs deck, 2–4 players (docs/rules-pyramid.md, PY1–PY9).
Nothing in this game is hidden, so the companion referees every step: each card turned, the bust, every
placement, the end and the ranking.

This package is the whole game: the pure engine (``actions``, ``state``, ``pyramid``, ``rules``, ``errors``,
``options``: no Flask, no I/O), its JSON (``state_json``, ``schema``), its pages (``texts``, ``views``,
``history``, ``ui``, ``templates/pyramid/``, ``static/``) and its tests (``tests/``). The declaration below is
all the platform needs; the registry lists it in one line (``companion/games/__init__.py``).
"""

from __future__ import annotations

from ..base import Game
from .actions import ACTIONS, Action, Place, Stop, Turn
from .errors import CODES, PyramidBadRequest, PyramidError
from .options import OPTIONS
from .pyramid import check_slot, grid, rank_key, row_counts, slots
from .rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    actor,
    apply,
    new_game,
    outcome,
    places,
    ranking,
    result,
    scores,
    winners,
)
from .schema import state_schema
from .state import LastTurn, Phase, State, TurnEnd
from .state_json import bust_risk, legal_slots, state_to_json
from .texts import PY
from .ui import UI

GAME: Game[State, Action] = Game(
    id="pyramid",
    name=PY.msg("game_name"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    new_game=new_game,
    actions=ACTIONS,
    actor=actor,
    apply=apply,
    state_to_json=state_to_json,
    outcome=outcome,
    errors=PyramidError,
    scores=scores,
    scores_are_points=False,  # PY9 ranks by height, then row by row: a height is no score (BG Stats: places)
    ui=UI,
    state_schema=state_schema,
    package=__name__,
    kits=("companion.games.pairs",),
)

__all__ = [
    "ACTIONS", "CODES", "GAME", "MAX_PLAYERS", "MIN_PLAYERS", "OPTIONS", "Action", "LastTurn", "Phase", "Place",
    "PyramidBadRequest", "PyramidError", "State", "Stop", "Turn", "TurnEnd", "actor", "apply", "bust_risk",
    "check_slot", "grid", "legal_slots", "new_game", "outcome", "places", "rank_key", "ranking", "result",
    "row_counts", "scores", "slots", "state_to_json", "winners",
]
