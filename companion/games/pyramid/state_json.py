"""The STATE of a Pyramid table as JSON (docs/api.md, Pyramid), with the exact risk of the next card and the
legal slots. Nothing is secret (PD4), so every viewer sees the same state."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..base import Viewer
from ..pairs import NUMBERS, risk_of
from .options import settings_of
from .pyramid import grid, rank_key, row_counts, slots
from .rules import places, ranking, result, winners
from .state import Phase, State


def bust_risk(state: State) -> Fraction | None:
    """The exact chance that the next card repeats a number of this turn (PD4, PY5); None when no card can be
    turned now (not turning, or an empty deck)."""
    if state.phase != Phase.TURNING or state.deck_size == 0:
        return None
    return risk_of(state.remaining(), state.turned)


def risk_json(risk: Fraction | None) -> dict[str, Any] | None:
    if risk is None:
        return None
    return {"numerator": risk.numerator, "denominator": risk.denominator,
            "percent": round(float(risk) * 100, 1)}


def legal_slots(state: State) -> dict[str, list[dict[str, int]]]:
    """While building: for each card still to place, every position PY7 allows now."""
    if state.phase != Phase.BUILDING:
        return {}
    cells = grid(state.pyramids[state.active])
    return {str(c): [{"row": r, "x": x} for r, x in slots(cells, c)] for c in sorted(state.turned)}


def state_to_json(state: State, viewer: Viewer | None = None, options: dict[str, Any] | None = None
                  ) -> dict[str, Any]:
    settings = settings_of(options)
    remaining = state.remaining()
    turning = state.phase == Phase.TURNING
    building = state.phase == Phase.BUILDING
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
