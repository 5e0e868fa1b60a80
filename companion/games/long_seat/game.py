"""Long Seat as a :class:`~companion.games.base.Game`: the engine behind the interface the core speaks to,
and its JSON view (STATE, docs/api.md). Nothing is hidden, so every viewer gets the same state."""

from __future__ import annotations

from typing import Any

from ..base import Game, Outcome, Viewer, presentation
from .actions import Action, action_to_json, parse_action
from .errors import ERROR_CODES
from .options import OPTIONS
from .rules import MAX_PLAYERS, MIN_PLAYERS, apply, decided_by, new_game, ranking, risk, winners
from .state import State


def actor(state: State, action: Action) -> int | None:
    return state.active


def risk_on(options: dict[str, Any] | None) -> bool:
    """The table setting (kept in the table record, not the state: it may change during play)."""
    return bool((options or {}).get("risk", True))


def risk_json(state: State) -> dict[str, Any]:
    """LS10: the exact chance of a pair on the next card, per-number detail and what a stop would turn."""
    found = risk(state)
    left = state.left()
    return {"pair": {"numerator": found.pair.numerator, "denominator": found.pair.denominator,
                     "percent": round(float(found.pair) * 100, 1)},
            "numbers": [{"number": v, "left": k, "takes": c} for v, k, c in found.numbers],
            "stop_flips": found.flips,
            "left": {str(v): max(k, 0) for v, k in sorted(left.items())}}


def state_to_json(state: State, viewer: Viewer | None = None, options: dict[str, Any] | None = None
                  ) -> dict[str, Any]:
    end = state.last_end
    running = not state.over
    return {
        "players": [{"seat": i, "name": name, "up": list(state.up[i]), "down": len(state.down[i]),
                     "score": state.score(i)} for i, name in enumerate(state.names)],
        "active": state.active, "start": state.start, "turn": state.turn,
        "row": list(state.row), "laid": state.laid,
        "deck": {"size": state.deck_size, "total": state.deck.total, "copies": state.deck.to_json()},
        "last_end": None if end is None else {
            "kind": end.kind, "seat": end.seat, "laid": end.laid, "taken": list(end.taken),
            "flipped": end.flipped, "last": end.last},
        "over": state.over,
        "winners": list(winners(state)) if state.over else [],
        "ranking": list(ranking(state)),
        "decided_by": decided_by(state) if state.over else None,
        "can": {"lay": running, "stop": running and state.laid > 0},
        "options": {"risk": risk_on(options)},
        "risk": risk_json(state) if risk_on(options) and running else None,
    }


def outcome(state: State) -> Outcome | None:
    """LS9: highest score wins; tie → more face-down cards; still tied → shared."""
    if not state.over:
        return None
    return Outcome(winners(state), ranking(state), decided_by(state))


def is_over(state: State) -> bool:
    return state.over


def scores(state: State) -> tuple[int | None, ...]:
    """LS9: each seat's running total (the plays record and the Players page)."""
    return tuple(state.score(i) for i in range(state.n))


_ui, _api_schema = presentation(__package__)  # loaded only by the pages and the OpenAPI document


GAME = Game(
    id="long-seat",
    name=("Long Seat", "ロングシート"),
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
    error_codes=ERROR_CODES,
    ui=_ui,
    kits=("companion.games.pairs",),  # the Pairs deck's card faces (templates and style sheet)
    api_schema=_api_schema,
    scores=scores,
)
