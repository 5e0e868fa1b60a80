"""Pyramid as a :class:`~companion.games.base.Game`: the engine behind the interface the core speaks to, and its
JSON view. Nothing is secret (PD4), so every viewer sees the same state."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..base import Game, Outcome, Viewer, presentation
from ..pairs import NUMBERS, risk_of
from .actions import Action, action_to_json, parse_action
from .errors import ERROR_CODES
from .options import OPTIONS, settings_of
from .pyramid import decided_by, grid, rank_key, row_counts, slots
from .rules import MAX_PLAYERS, MIN_PLAYERS, apply, keys, new_game, places, ranking, winners
from .state import State


def actor(state: State, action: Action) -> int | None:
    return state.active


def bust_risk(state: State) -> Fraction | None:
    """The exact chance that the next card repeats a number of this turn (PD4, PY5); None when no card can be
    turned now (not turning, or an empty deck)."""
    if state.phase != "turning" or state.deck_size == 0:
        return None
    return risk_of(state.remaining(), state.turned)


def risk_json(risk: Fraction | None) -> dict[str, Any] | None:
    if risk is None:
        return None
    return {"numerator": risk.numerator, "denominator": risk.denominator,
            "percent": round(float(risk) * 100, 1)}


def legal_slots(state: State) -> dict[str, list[dict[str, int]]]:
    """While building: for each card still to place, every position PY7 allows now."""
    if state.phase != "building":
        return {}
    cells = grid(state.pyramids[state.active])
    return {str(c): [{"row": r, "x": x} for r, x in slots(cells, c)] for c in sorted(state.turned)}


def result(state: State) -> dict[str, Any] | None:
    """PY9 at the end: who won and what separated first place from the next."""
    if not state.over:
        return None
    order, k = ranking(state), keys(state)
    win = winners(state)
    runner = next((i for i in order if i not in win), None)
    by, row = decided_by(k[order[0]], k[runner]) if runner is not None else ("tie", None)
    return {"winners": list(win), "decided_by": by, "row": row}


def state_to_json(state: State, viewer: Viewer | None = None, options: dict[str, Any] | None = None
                  ) -> dict[str, Any]:
    settings = settings_of(options)
    remaining = state.remaining()
    turning = state.phase == "turning"
    building = state.phase == "building"
    place = places(state)
    last = state.last
    return {
        "players": [{"seat": i, "name": name,
                     "pyramid": [{"row": r, "x": x, "card": c} for r, x, c in state.pyramids[i]],
                     "height": len(row_counts(state.pyramids[i])), "rows": row_counts(state.pyramids[i]),
                     "cards": len(state.pyramids[i]), "key": list(rank_key(state.pyramids[i])),
                     "place": place[i]}
                    for i, name in enumerate(state.names)],
        "active": None if state.over else state.active, "start": state.start, "turn": state.turn,
        "phase": state.phase, "turned": list(state.turned) if turning else [],
        "to_place": list(state.turned) if building else [], "acquired": list(state.acquired),
        "forced_stop": state.forced,
        "deck": {"size": state.deck_size, "total": state.deck.total,
                 "remaining": {str(v): remaining[v] for v in NUMBERS}},
        "discard": list(state.discard),
        "last_turn": None if last is None else {"seat": last.seat, "result": last.result,
                                                "cards": list(last.cards), "card": last.card},
        "risk": risk_json(bust_risk(state)) if settings["risk"] else None,
        "slots": legal_slots(state),
        "can": {"turn": turning and state.deck_size > 0, "stop": turning and bool(state.turned),
                "place": building},
        "options": {"deck": state.deck.to_json(), **settings},
        "over": state.over, "ranking": ranking(state),
        "winners": list(winners(state)) if state.over else [],
        "result": result(state),
    }


def outcome(state: State) -> Outcome | None:
    """PY9: the tallest pyramid, then the top row, then each row below; full ties share the win."""
    if not state.over:
        return None
    found = result(state)
    return Outcome(winners(state), tuple(ranking(state)), found["decided_by"] if found else None)


def is_over(state: State) -> bool:
    return state.over


_ui, _api_schema = presentation(__package__)  # loaded only by the pages and the OpenAPI document


GAME = Game(
    id="pyramid",
    name=("Pyramid", "ピラミッド"),
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
    scores=lambda state: tuple(len(row_counts(p)) for p in state.pyramids),  # PY9: height ranks first
    error_codes=ERROR_CODES,
    ui=_ui,
    api_schema=_api_schema,
)
