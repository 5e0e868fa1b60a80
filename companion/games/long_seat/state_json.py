"""Long Seat's STATE as JSON (docs/api.md, Long Seat). Nothing is hidden, so every viewer gets the same state;
the risk of the next card (LS10) is in it while the table's setting is on."""

from __future__ import annotations

from typing import Any

from ..base import Viewer
from .rules import decided_by, ranking, risk, winners
from .state import State


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
