"""Laminate Rummy (ラミネートラミー), 3–5 players with a Seven deck: publish melds as papers, review them, cite
complete ones; complete papers score (docs/rules.md, R1–R18).

This package is the whole game: the pure engine (``deck``, ``papers``, ``melds``, ``actions``, ``state``,
``rules``, ``errors``, ``hints``, ``options``, ``questions``: no Flask, no I/O), its JSON (``state_json``,
``schema``), its pages (``texts``, ``views``, ``history``, ``todo``, ``ui``, ``templates/laminate/``,
``static/``) and its tests (``tests/``). The declaration below is all the platform needs; the registry lists it
in one line (``companion/games/__init__.py``).
"""

from __future__ import annotations

from ..base import Game
from .actions import ACTIONS, Action, EndFlag, Pass, Publish, Research, Review
from .deck import DEFAULT_DECK, Card, Deck
from .errors import IllegalAction, Malformed
from .melds import matches, satisfies
from .options import OPTIONS, check_settings
from .papers import PAPER_IDS, PAPER_TYPES, PAPERS
from .questions import QUERIES
from .rules import MAX_PLAYERS, MIN_PLAYERS, actor, apply, check, meld_report, new_game, new_table, outcome, scores
from .schema import state_schema
from .state import DecidedBy, EndInfo, GameState, Paper, Pending
from .state_json import state_to_json
from .texts import LAMINATE
from .ui import UI

GAME: Game[GameState, Action] = Game(
    id="laminate",
    name=LAMINATE.msg("game_name"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    new_game=new_table,
    actions=ACTIONS,
    actor=actor,
    apply=apply,
    state_to_json=state_to_json,
    outcome=outcome,
    errors=IllegalAction,
    scores=scores,
    check_settings=check_settings,
    queries=QUERIES,
    ui=UI,
    state_schema=state_schema,
    package=__name__,
)

__all__ = [
    "ACTIONS", "DEFAULT_DECK", "GAME", "PAPERS", "PAPER_IDS", "PAPER_TYPES", "Action", "Card", "DecidedBy", "Deck",
    "EndFlag", "EndInfo", "GameState", "IllegalAction", "Malformed", "Paper", "Pass", "Pending", "Publish",
    "Research", "Review", "actor", "apply", "check", "matches", "meld_report", "new_game", "new_table", "outcome",
    "satisfies", "scores", "state_to_json",
]
