"""すたっぷすたっぷ (Stap-stap): a 3–6 player dice bluff in a box (docs/rules-stapstap.md, ST1–ST16).

This package is the whole game: the pure engine (``state``, ``actions``, ``action_fields``, ``setup``,
``parent``, ``doubt``, ``flow``, ``pieces``, ``scoring``, ``rules``, ``errors``: no Flask, no I/O), the phone as
the box (``box``: server randomness, seat proofs, what outputs hide), its JSON (``state_json``, ``schema``), its
pages (``texts``, ``views``, ``history``, ``ui``, ``templates/stapstap/``, ``static/``) and its tests
(``tests/``). The declaration below is all the platform needs. In phone-box mode the server rolls and only the
parent's proven phone sees the face until a doubt reveals it.
"""

from __future__ import annotations

from ..base import Game
from .actions import ACTIONS, Action
from .box import commitment, prepare, private_seats, proof_needed, redact_action, take_over_blocked, undo_blocked
from .errors import CODES, StapBadRequest, StapError
from .rules import actor, apply, outcome, wrong_seat
from .schema import state_schema
from .scoring import scores
from .setup import OPTIONS, new_game
from .state import MAX_PLAYERS, MIN_PLAYERS, TOTAL_COINS, TOTAL_DICE, Mode, State, Step
from .state_json import state_to_json
from .texts import ST
from .ui import UI

GAME: Game[State, Action] = Game(
    id="stapstap",
    name=ST.msg("game_name"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    new_game=new_game,
    actions=ACTIONS,
    actor=actor,
    wrong_seat=wrong_seat,
    apply=apply,
    state_to_json=state_to_json,
    outcome=outcome,
    errors=StapError,
    ui=UI,
    state_schema=state_schema,
    package=__name__,
    scores=scores,
    private_seats=private_seats,
    proof_needed=proof_needed,
    prepare=prepare,
    redact_action=redact_action,
    undo_blocked=undo_blocked,
    take_over_blocked=take_over_blocked,
)

__all__ = [
    "ACTIONS", "CODES", "GAME", "TOTAL_COINS", "TOTAL_DICE", "Action", "Mode", "StapBadRequest", "StapError",
    "State", "Step", "actor", "apply", "commitment", "new_game", "outcome", "prepare", "proof_needed",
    "redact_action", "state_to_json",
]
