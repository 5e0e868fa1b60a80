"""Rummikub as a :class:`~companion.games.base.Game`: the engine behind the small interface the core speaks to,
its JSON view, and the ``check`` question (the live draft report)."""

from __future__ import annotations

from typing import Any

from ..base import Game, Outcome, Query, Viewer, presentation
from ..texts import Msg
from .actions import Action, NextRound, Rack, action_to_json, parse_action
from .errors import ERROR_CODES, RummikubBadRequest
from .options import OPTIONS
from .play import check_play
from .rules import MAX_PLAYERS, MIN_PLAYERS, apply, new_game, ranking, round_scores, winners
from .state import State
from .texts import RK


def actor(state: State, action: Action) -> int | None:
    """The active seat for a turn, the entered seat for a rack, nobody for the next round."""
    if isinstance(action, Rack):
        return action.seat
    if isinstance(action, NextRound):
        return None
    return state.active


def state_to_json(state: State, viewer: Viewer | None = None, options: dict[str, Any] | None = None
                  ) -> dict[str, Any]:
    """Everything public; racks are unknown to the server until entered, so every viewer sees the same."""
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
    play = state.phase == "play"
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
        "options": {**dict(state.options), **_settings(options)}, "timer": timer or None, "over": state.over,
        "hints": bool(_settings(options)["hints"]),
        "winners": list(winners(state)) if state.over else [],
        "ranking": list(ranking(state)),
        "can": {"draw": play and state.pool > 0, "play": play, "pass": play and state.pool == 0,
                "timeout": play and timer > 0, "next_round": state.phase == "scored"},
        "tiles_on_table": len(state.table_tiles),
    }


def _settings(options: dict[str, Any] | None) -> dict[str, Any]:
    """The table's current settings (kept in the table record, not in the state: they change during play)."""
    given = options or {}
    return {o.id: given.get(o.id, o.default) for o in OPTIONS if o.setting}


def outcome(state: State) -> Outcome | None:
    """RK12: once the last round is scored, the highest total wins (every tied seat)."""
    if not state.over:
        return None
    return Outcome(winners(state), ranking(state), "total")


def is_over(state: State) -> bool:
    return state.over


def _check(state: State, body: dict[str, Any], options: dict[str, Any], lang: str) -> dict[str, Any]:
    if not isinstance(body, dict) or "table" not in body:
        raise RummikubBadRequest(RK.msg("req_check_body"))
    return check_play(state, body["table"], lang)


def _hints(state: State, body: dict[str, Any], options: dict[str, Any], lang: str) -> dict[str, Any]:
    from .assistant import hints

    return hints(state, body)


def _hints_off(options: dict[str, Any]) -> tuple[str, Msg] | None:
    if options.get("hints", True):
        return None
    return ("hints_disabled", RK.msg("hints_disabled"))


_ui, _api_schema = presentation(__package__)  # loaded only by the pages and the OpenAPI document


GAME = Game(
    id="rummikub",
    bgg_id=811,  # BoardGameGeek (BG Stats matches plays by it)
    name=RK.msg("game_name"),
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
    scores=lambda state: tuple(state.totals) or None,  # RK12: running totals
    queries={"check": Query(_check), "hints": Query(_hints, private=True, disabled=_hints_off)},
    error_codes=ERROR_CODES,
    ui=_ui,
    api_schema=_api_schema,
)
