"""The Pairs (ザ・ペアーズ): a cooperative game for the Pairs deck, 3–5 players (docs/rules-the-pairs.md, TP1–TP10).

This package is the whole game: the pure engine (``actions``, ``state``, ``rules``, ``errors``: no Flask, no
I/O), its JSON (``state_json``, ``schema``), its pages (``texts``, ``views``, ``history``, ``ui``,
``templates/the-pairs/``, ``static/``) and its tests (``tests/``). The declaration below is all the platform
needs; the registry lists it in one line (``companion/games/__init__.py``).

The companion tracks the public table — both discard piles, each player's place, the deck and hand counts,
whose turn and which step — and checks each card against the pile's top; it never sees a hand (TP3).
"""

from __future__ import annotations

from ..base import Game
from ..pairs import deck_option
from .actions import ACTIONS, Action, Draw, Pass, Play, Stuck
from .errors import CODES, PairsBadRequest, PairsError
from .rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    accepts,
    actor,
    apply,
    can_pass,
    draw_sources,
    fits,
    new_game,
    outcome,
    stuck_refusal,
    surely_stuck,
)
from .schema import state_schema
from .state import PILES, LastPlay, Result, State, Step
from .state_json import state_to_json
from .texts import TP
from .ui import UI

OPTIONS = (deck_option(),)

GAME: Game[State, Action] = Game(
    id="the-pairs",
    name=TP.msg("game_name"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    new_game=new_game,
    actions=ACTIONS,
    actor=actor,
    apply=apply,
    state_to_json=state_to_json,
    outcome=outcome,
    errors=PairsError,
    cooperative=True,  # TP10: the players win or lose together; no points
    ui=UI,
    state_schema=state_schema,
    package=__name__,
    kits=("companion.games.pairs",),
)

__all__ = [
    "ACTIONS", "CODES", "GAME", "OPTIONS", "PILES", "Action", "Draw", "LastPlay", "PairsBadRequest", "PairsError",
    "Pass", "Play", "Result", "State", "Step", "Stuck", "accepts", "actor", "apply", "can_pass", "draw_sources",
    "fits", "new_game", "outcome", "state_to_json", "stuck_refusal", "surely_stuck",
]
