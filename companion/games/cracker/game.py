"""Cracker as a :class:`~companion.games.base.Game`: the engine behind the small interface the core speaks
to, and its JSON view (every viewer sees the same: the companion holds no hand, CR11)."""

from __future__ import annotations

from typing import Any

from ..base import Game, Outcome, Viewer, presentation
from .actions import Action, Declare, EndRound, NextRound, Reveal, action_to_json, parse_action
from .errors import ERROR_CODES
from .feasible import in_deck_at_most, most_held
from .options import OPTIONS
from .rules import MAX_PLAYERS, MIN_PLAYERS, apply, new_game, ranking, winners
from .state import State


def actor(state: State, action: Action) -> int | None:
    """The active seat for a turn, the named seat for a declaration or a highest number, nobody for the
    table-wide steps (the end of a blocked round, the next round)."""
    if isinstance(action, (Declare, Reveal)):
        return action.seat
    if isinstance(action, (EndRound, NextRound)):
        return None
    return state.active


def _numbers(values: tuple[int, ...] | list[int]) -> dict[str, int]:
    return {str(v): values[v - 1] for v in range(1, 11)}


def state_to_json(state: State, viewer: Viewer | None = None, options: dict[str, Any] | None = None
                  ) -> dict[str, Any]:
    """Everything public: sizes, the flow's lower bounds, piles, the change streak, scores."""
    play = state.phase == "play"
    end = state.end
    step = state.step if play else None
    return {
        "players": [{"seat": i, "name": name, "hand": state.sizes[i], "total": state.totals[i],
                     "known": _numbers(state.known(i)),
                     "max": state.maxima[i] if state.maxima else None,
                     "round_score": None if state.round_scores is None else state.round_scores[i]}
                    for i, name in enumerate(state.names)],
        "round": state.round, "rounds": state.rounds, "dealer": state.dealer, "phase": state.phase,
        "active": state.active if play else None, "step": step,
        "received": state.received if play else None, "paired": state.paired, "opening": state.opening and play,
        "passer": state.passer if play else None,
        "streak": None if state.streak is None else {"card": state.streak[0], "count": state.streak[1],
                                                     "of": state.n},
        "change": state.change if play else None,
        "deck": state.deck, "deck_total": state.total, "copies": _numbers(state.copies),
        "discard": list(state.discard), "drawn": _numbers(state.drawn), "passes": state.passes,
        "round_end": None if end is None else {"reason": end.reason, "seat": end.seat, "hand": list(end.hand)},
        "rounds_played": [{"round": r.round, "dealer": r.dealer, "reason": r.reason, "seat": r.seat,
                           "scores": list(r.scores)} for r in state.history],
        "over": state.over,
        "winners": list(winners(state)) if state.over else [],
        "ranking": list(ranking(state)),
        "can": {"draw": step == "draw", "pair": step == "play" and not state.paired
                and state.received is not None and state.sizes[state.active] >= 2
                and most_held(state, state.active, state.received) >= 2,
                "pass": step == "play", "end_round": step == "blocked", "reveal": state.phase == "reveal",
                "next_round": state.phase == "scored",
                "declare": sorted({*([state.active] if step == "play" else []),
                                   *([state.passer] if play and state.passer is not None else []),
                                   *(range(state.n) if play and state.opening else [])})},
        "pass_up_to": _numbers(tuple(most_held(state, state.active, v) for v in range(1, 11))) if step == "play"
        else None,
        "deck_up_to": _numbers(tuple(in_deck_at_most(state, v) for v in range(1, 11))) if step == "draw"
        else None,
    }


def outcome(state: State) -> Outcome | None:
    """CR10: once the last round is scored, the highest total wins (every tied seat)."""
    if not state.over:
        return None
    return Outcome(winners(state), ranking(state), "total")


def is_over(state: State) -> bool:
    return state.over


_ui, _api_schema = presentation(__package__)  # loaded only by the pages and the OpenAPI document


GAME = Game(
    id="cracker",
    name=("Cracker", "クラッカー"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    new_game=new_game,
    parse_action=parse_action,
    action_to_json=action_to_json,
    actor=actor,
    apply=apply,
    state_to_json=state_to_json,
    outcome=outcome,
    is_over=is_over,
    scores=lambda state: tuple(state.totals) if state.totals else None,  # CR: the match's running totals
    error_codes=ERROR_CODES,
    ui=_ui,
    kits=("companion.games.pairs",),  # the Pairs deck's card faces (templates and style sheet)
    api_schema=_api_schema,
)
