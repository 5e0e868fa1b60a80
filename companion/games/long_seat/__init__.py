"""Long Seat (ロングシート): a Pairs-deck game of one row of cards, 2–6 players (docs/rules-long-seat.md, LS1–LS11).

This package is the whole game: the pure engine (``actions``, ``state``, ``rules``, ``errors``, ``options``: no
Flask, no I/O), its JSON (``state_json``, ``schema``), its pages (``texts``, ``views``, ``history``, ``deckform``,
``ui``, ``templates/long-seat/``, ``static/``) and its tests (``tests/``). The declaration below is all the
platform needs; the registry lists it in one line (``companion/games/__init__.py``).

Nothing is hidden, so the companion referees every step: the player enters the number of each card turned and
"stop"; the pair, the cards taken, the cards turned face down, the end and the score are computed.
"""

from __future__ import annotations

from ..base import Game
from .actions import ACTIONS, Action, Lay, Stop
from .errors import CODES, LongSeatBadRequest, LongSeatError
from .options import OPTIONS
from .rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    actor,
    apply,
    decided_by,
    new_game,
    outcome,
    ranking,
    risk,
    scores,
    winners,
)
from .schema import state_schema
from .state import DecidedBy, EndKind, State, TurnEnd
from .state_json import state_to_json
from .texts import LS
from .ui import UI

GAME: Game[State, Action] = Game(
    id="long-seat",
    name=LS.msg("game_name"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    new_game=new_game,
    actions=ACTIONS,
    actor=actor,
    apply=apply,
    state_to_json=state_to_json,
    outcome=outcome,
    errors=LongSeatError,
    scores=scores,
    ui=UI,
    state_schema=state_schema,
    package=__name__,
    kits=("companion.games.pairs",),  # the Pairs deck's card faces (templates and style sheet)
)

__all__ = [
    "ACTIONS", "CODES", "GAME", "MAX_PLAYERS", "MIN_PLAYERS", "OPTIONS", "Action", "DecidedBy", "EndKind", "Lay",
    "LongSeatBadRequest", "LongSeatError", "State", "Stop", "TurnEnd", "actor", "apply", "decided_by", "new_game",
    "outcome", "ranking", "risk", "scores", "state_to_json", "winners",
]
