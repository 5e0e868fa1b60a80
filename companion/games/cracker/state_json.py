"""The STATE of a Cracker table as JSON (docs/api.md, Cracker): sizes, the public flow's lower bounds, the
piles, the change streak, the scores and what may be done now. Every viewer sees the same: the companion holds
no hand (CR11)."""

from __future__ import annotations

from typing import Any

from ..base import Viewer
from .feasible import in_deck_at_most, most_held
from .rules import ranking, winners
from .state import Phase, State, Step


def _numbers(values: tuple[int, ...] | list[int]) -> dict[str, int]:
    return {str(v): values[v - 1] for v in range(1, 11)}


def state_to_json(state: State, viewer: Viewer | None = None, options: dict[str, Any] | None = None
                  ) -> dict[str, Any]:
    """Everything public: sizes, the flow's lower bounds, piles, the change streak, scores."""
    play = state.phase == Phase.PLAY
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
        "can": {"draw": step == Step.DRAW, "pair": step == Step.PLAY and not state.paired
                and state.received is not None and state.sizes[state.active] >= 2
                and most_held(state, state.active, state.received) >= 2,
                "pass": step == Step.PLAY, "end_round": step == Step.BLOCKED, "reveal": state.phase == Phase.REVEAL,
                "next_round": state.phase == Phase.SCORED,
                "declare": sorted({*([state.active] if step == Step.PLAY else []),
                                   *([state.passer] if play and state.passer is not None else []),
                                   *(range(state.n) if play and state.opening else [])})},
        "pass_up_to": _numbers(tuple(most_held(state, state.active, v) for v in range(1, 11))) if step == Step.PLAY
        else None,
        "deck_up_to": _numbers(tuple(in_deck_at_most(state, v) for v in range(1, 11))) if step == Step.DRAW
        else None,
    }
