"""Cracker (クラッカー), 3–5 players with the Pairs deck (docs/rules-cracker.md, CR1–CR12).

The companion follows the public flow of cards — every pass is face up, every draw shown — so it knows each
hand's size and what each hand must at least hold, checks a declared hand against that flow, and scores the
rounds; it never sees a hand during play.

This package is the whole game: the pure engine (``actions``, ``state``, ``rules``, ``feasible``, ``errors``,
``options``: no Flask, no I/O), its JSON (``state_json``, ``schema``), its pages (``texts``, ``views``,
``history``, ``ui``, ``templates/cracker/``, ``static/``) and its tests (``tests/``). The declaration below is
all the platform needs; the registry lists it in one line (``companion/games/__init__.py``).
"""

from __future__ import annotations

from ..base import Game
from .actions import ACTIONS, Action, Declare, Draw, EndRound, NextRound, Pair, Pass, Reveal
from .errors import CODES, CrackerBadRequest, CrackerError
from .feasible import bounds, feasible, in_deck_at_most, most_held
from .options import OPTIONS
from .rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    actor,
    apply,
    is_out,
    new_game,
    outcome,
    ranking,
    round_scores,
    scores,
    winners,
)
from .schema import state_schema
from .state import DEAL, Phase, Reason, RoundEnd, RoundRecord, State, Step
from .state_json import state_to_json
from .texts import CR
from .ui import UI

GAME: Game[State, Action] = Game(
    id="cracker",
    name=CR.msg("game_name"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    new_game=new_game,
    actions=ACTIONS,
    actor=actor,
    apply=apply,
    state_to_json=state_to_json,
    outcome=outcome,
    errors=CrackerError,
    scores=scores,  # the match's running totals
    ui=UI,
    state_schema=state_schema,
    package=__name__,
    kits=("companion.games.pairs",),  # the Pairs deck's card faces (templates and style sheet)
)

__all__ = [
    "ACTIONS", "CODES", "DEAL", "GAME", "MAX_PLAYERS", "MIN_PLAYERS", "OPTIONS", "Action", "CrackerBadRequest",
    "CrackerError", "Declare", "Draw", "EndRound", "NextRound", "Pair", "Pass", "Phase", "Reason", "Reveal",
    "RoundEnd", "RoundRecord", "State", "Step", "actor", "apply", "bounds", "feasible", "in_deck_at_most", "is_out",
    "most_held", "new_game", "outcome", "ranking", "round_scores", "scores", "state_to_json", "winners",
]
