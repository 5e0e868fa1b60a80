"""The STATE of a Rummikub table as JSON (docs/api.md, "Rummikub over the JSON API"). Everything is public:
racks are unknown to the server until entered at a round's end, so every viewer sees the same."""

from __future__ import annotations

from typing import Any

from ..base import Viewer
from .options import OPTIONS
from .rules import ranking, round_scores, winners
from .state import Phase, State


def state_to_json(state: State, viewer: Viewer | None = None, options: dict[str, Any] | None = None
                  ) -> dict[str, Any]:
    end = state.round_end
    round_end = None
    if end is not None:
        scored = state.round_scores is not None
        values = list(round_scores(state)[0]) if scored else None
        round_end = {"reason": end.reason, "seat": end.seat,
                     "racks": {str(i): None if r is None else list(r) for i, r in enumerate(state.entered)},
                     "values": values,
                     "scores": list(state.round_scores) if state.round_scores is not None else None,
                     "remainder": state.remainder}
    play = state.phase == Phase.PLAY
    timer = int(state.option("turn_timer"))
    return {
        "players": [{"seat": i, "name": name, "rack": state.racks[i], "melded": state.melded[i],
                     "total": state.totals[i],
                     "round_score": None if state.round_scores is None else state.round_scores[i],
                     "rack_entered": bool(state.entered) and state.entered[i] is not None}
                    for i, name in enumerate(state.names)],
        "active": state.active, "start": state.start, "round": state.round, "rounds": state.rounds,
        "phase": state.phase, "pool": state.pool, "turn": state.turn, "passes": state.passes,
        "table": [{"tiles": list(s.tiles), "kind": s.kind, "stands": list(s.stands), "value": s.value}
                  for s in state.table],
        "round_end": round_end,
        "rounds_played": [{"round": r.round, "reason": r.reason, "seat": r.seat, "scores": list(r.scores)}
                          for r in state.history],
        "options": {**dict(state.options), **settings(options)}, "timer": timer or None, "over": state.over,
        "hints": bool(settings(options)["hints"]),
        "winners": list(winners(state)) if state.over else [],
        "ranking": list(ranking(state)),
        "can": {"draw": play and state.pool > 0, "play": play, "pass": play and state.pool == 0,
                "timeout": play and timer > 0, "next_round": state.phase == Phase.SCORED},
        "tiles_on_table": len(state.table_tiles),
    }


def settings(options: dict[str, Any] | None) -> dict[str, Any]:
    """The table's current settings (kept in the table record, not in the state: they change during play)."""
    given = options or {}
    return {o.id: given.get(o.id, o.default) for o in OPTIONS if o.setting}
