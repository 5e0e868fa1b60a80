"""The phone as the box (docs/rules-stapstap.md ST4, ST4a, ST4b, ST8): what the server decides before an action
is logged (the roll and its seal, the revealed face, a random deal), which seat's phone must send an action,
what every output leaves out of the log, who may see the face in the box, and what may not be undone or taken
over while the die is hidden. These are the platform's hooks for games with secrets (``Game.prepare``,
``proof_needed``, ``redact_action``, ``undo_blocked``, ``take_over_blocked``, ``private_seats``)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..base import RuleError, Viewer
from .actions import PARENT_ACTIONS, Action, Deal, DoubtCall, Pass, Pay, Roll, Take
from .errors import StapError
from .setup import draw
from .state import Mode, State, Step

SECRET_FIELDS = {Roll.kind: ("face", "salt")}  # what redact_action leaves out (the commitment stays)


def commitment(face: int, salt: str) -> str:
    """ST4 (phone box): the public hash that fixes the face before the declaration; a doubt reveals both."""
    return hashlib.sha256(f"{face}:{salt}".encode()).hexdigest()


def prepare(state: State, action: Action, randbelow: Callable[[int], int]) -> Action:
    """Fill in what the server decides before ``apply`` (committed actions only): the phone box's roll with
    its salt and commitment, the revealed face of a doubt (copied from the hidden state, so the log says it
    where it is revealed), a random deal of task cards. Whatever a request sent in those fields is replaced."""
    if isinstance(action, Roll):
        if state.mode != Mode.BOX:
            return Roll(player=action.player)
        face = randbelow(6) + 1
        salt = f"{randbelow(2 ** 128):032x}"
        return Roll(face, salt, commitment(face, salt), player=action.player)
    if isinstance(action, DoubtCall) and state.mode == Mode.BOX:
        box = state.box
        if state.step == Step.CHALLENGE and box is not None and box.face is not None:
            return replace(action, face=box.face, salt=box.salt)
        return replace(action, face=None, salt=None)
    if isinstance(action, Deal):
        return replace(draw(state, randbelow), player=action.player)
    return action


def private_seats(options: dict[str, Any]) -> bool:
    """Phone box: each phone claims its seat with a secret token."""
    return options.get("mode") == Mode.BOX


def proof_needed(state: State, action: Action) -> int | None:
    """Phone box: the seat whose phone must send this action (the parent's own steps, each player's own
    answer, the payer's payment). With real dice one phone may run the table: None."""
    if state.mode != Mode.BOX:
        return None
    if isinstance(action, (*PARENT_ACTIONS, Take)):
        return action.player if action.player is not None else state.parent
    if isinstance(action, Pass | DoubtCall):
        if action.player is not None:
            return action.player
        waiting = state.to_ask() if state.step == Step.CHALLENGE else []
        return waiting[0] if waiting else None
    if isinstance(action, Pay):
        if action.player is not None:
            return action.player
        return state.doubt.payer if state.doubt is not None else None
    return None


def redact_action(action: dict[str, Any]) -> dict[str, Any]:
    """ST4/ST8: what every output shows of a logged action: a roll without its face and salt."""
    if not isinstance(action, dict):
        return action
    hidden = SECRET_FIELDS.get(str(action.get("type")), ())
    return {k: v for k, v in action.items() if k not in hidden}


def secret_visible(state: State, viewer: Viewer | None) -> bool:
    """ST4: the face in the box reaches only the parent's proven phone (never the view link, never a seat
    that is merely chosen by cookie)."""
    if viewer is None or not viewer.full or state.mode != Mode.BOX or state.box is None:
        return False
    return viewer.proven == state.parent


def undo_blocked(state: State, action: Action) -> RuleError | None:
    """Phone box (ST4b): a roll is never undone (no re-rolling until the face suits), a revealed face never
    hidden again."""
    if state.mode != Mode.BOX:
        return None
    if isinstance(action, Roll):
        return StapError("undo_secret_roll")
    if isinstance(action, DoubtCall):
        return StapError("undo_revealed")
    return None


def take_over_blocked(state: State, seat: int) -> RuleError | None:
    """ST4a (phone box): while the die is in the box, the parent's seat stays on the phone that rolled. Another
    phone taking it over would be shown the face (a peek for whoever takes it); voiding the roll instead
    would let a parent re-roll by taking over their own seat. So the take-over waits until the die has left
    the box (retract, all pass, or a doubt that opens it)."""
    hidden = state.box is not None and state.step in (Step.ROLLED, Step.CHALLENGE)  # a doubt opens it at once
    if state.mode != Mode.BOX or not hidden or seat != state.parent:
        return None
    return StapError("take_over_mid_roll", parent_name=state.names[seat])
