"""The rules of すたっぷすたっぷ as pure functions (docs/rules-stapstap.md, ST1–ST16): ``apply(state, action)``
hands each action to the part of the game it belongs to (set-up, the parent's turn, pass or doubt), ``actor``
names the seat that acts, ``wrong_seat`` says in this game's words why another seat may not, ``outcome`` is the
end. Never mutates its input, never does I/O; refuses with :class:`StapError` (422) whose code is stable.

What every game shares the platform checks before ``apply`` is asked: no action after the end (``game_over``,
worded by this game), and a ``player`` who is not the seat ``actor`` names (refused with ``wrong_seat``).
Randomness (the phone box's die, a random deal) arrives inside the action, filled in by ``box.prepare``.
"""

from __future__ import annotations

from ..base import Outcome
from .actions import (
    PARENT_ACTIONS,
    Action,
    Begin,
    Cards,
    Deal,
    DoubtCall,
    NextGame,
    Pass,
    Pay,
    Points,
    Reveal,
    Take,
)
from .doubt import answer, pay, reveal, take
from .errors import StapError
from .parent import parent_action
from .pieces import wrong_step
from .scoring import ranking, winners
from .setup import next_game, set_up
from .state import State, Step


def apply(state: State, action: Action) -> State:
    if isinstance(action, Cards | Deal | Points | Begin):
        return set_up(state, action)
    if isinstance(action, NextGame):
        return next_game(state, action)
    if state.step in (Step.SETUP, Step.SCORED):
        raise wrong_step(state)
    if isinstance(action, PARENT_ACTIONS):
        return parent_action(state, action)
    if isinstance(action, Pass | DoubtCall):
        return answer(state, action)
    if isinstance(action, Reveal):
        return reveal(state, action)
    if isinstance(action, Pay):
        return pay(state, action)
    return take(state, action)


def actor(state: State, action: Action) -> int | None:
    """The seat that acts: the parent for their turn (ST4, ST5, ST10b, ST12) and the take (ST7a), the player
    being asked for a pass or a doubt (ST6), the payer for a payment (ST7c). None for set-up, the typed-in face
    of the opened box and the next game: any phone at the table may do those. Outside the step an action
    belongs to, the step's own refusal says more than a seat's would, so no seat is named there (the
    parent's turn keeps naming the parent, as its refusals always did)."""
    step = state.step
    if isinstance(action, PARENT_ACTIONS):
        return state.parent if step not in (Step.SETUP, Step.SCORED) else None
    if isinstance(action, Take):
        return state.parent if step == Step.TAKE else None
    if isinstance(action, Pass | DoubtCall):
        return state.to_ask()[0] if step == Step.CHALLENGE else None
    if isinstance(action, Pay):
        return state.doubt.payer if step == Step.PAY and state.doubt is not None else None
    return None


def wrong_seat(state: State, action: Action, player: int) -> StapError:
    """Why ``player`` may not do what the seat ``actor`` names does (the platform found they differ): only the
    parent plays their turn (``not_parent``), the parent never answers their own declaration
    (``parent_cannot_doubt``), an eliminated player cannot doubt (``eliminated``, ST11), only the player being
    asked answers (``not_asked``, ST6), only the payer pays (``not_payer``)."""
    name = state.names[player]
    if isinstance(action, Pass | DoubtCall):
        asked = state.to_ask()[0]
        if player == state.parent:
            return StapError("parent_cannot_doubt", player_name=name)
        if state.players[player].out:
            return StapError("eliminated", player_name=name)
        return StapError("not_asked", asked=asked, asked_name=state.names[asked], player=player, player_name=name)
    if isinstance(action, Pay) and state.doubt is not None and state.doubt.payer is not None:
        payer = state.doubt.payer
        return StapError("not_payer", payer=payer, payer_name=state.names[payer], player=player, player_name=name)
    return StapError("not_parent", parent=state.parent, parent_name=state.names[state.parent], player=player,
                     player_name=name)


def outcome(state: State) -> Outcome | None:
    """ST16: the higher two-game total wins; a tie shares the win (ST16a)."""
    if not state.over:
        return None
    return Outcome(winners(state), ranking(state), "total")
