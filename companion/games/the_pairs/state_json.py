"""The STATE of a table of The Pairs as JSON (docs/api.md, The Pairs). Everything in the state is public (TP3:
hands are counts), so every viewer sees the same."""

from __future__ import annotations

from typing import Any

from ..base import Viewer
from ..pairs import NUMBERS
from .rules import accepts, can_pass, can_play, draw_sources, stuck_refusal
from .state import PILES, Result, State, Step


def state_to_json(state: State, viewer: Viewer | None = None, options: dict[str, Any] | None = None
                  ) -> dict[str, Any]:
    playing = not state.over
    play_step = playing and state.step == Step.PLAY
    sources = draw_sources(state) if playing and state.step == Step.DRAW else []
    unseen = state.unseen()
    last = state.last
    return {
        "players": [{"seat": i, "name": name, "hand": state.hands[i], "place": state.places[i]}
                    for i, name in enumerate(state.names)],
        "active": state.active if playing else None, "start": state.start, "step": state.step,
        "turn": state.turn, "deck": state.deck,
        "piles": {p: list(state.pile(p)) for p in PILES},
        "tops": {p: state.top(p) for p in PILES},
        "accepts": {p: accepts(state.top(p)) for p in PILES},
        "placed_now": state.placed_now, "on_piles": state.on_piles, "total": state.total,
        "unseen": {str(v): unseen.get(v, 0) for v in NUMBERS},
        "last": None if last is None else {"seat": last.seat, "card": last.card, "to": last.to,
                                           "from": last.source, "pair": last.pair},
        "result": state.result, "fell_out": state.fell_out,
        "revealed": None if state.revealed is None else list(state.revealed),
        "over": state.over,
        "winners": list(range(state.n)) if state.result == Result.WON else [],
        "can": {"play": play_step and can_play(state, state.active),
                "draw_deck": "deck" in sources, "draw_place": "place" in sources,
                "pass": play_step and can_pass(state, state.active),
                "stuck": play_step and stuck_refusal(state, state.active) is None},
        "options": {"deck": state.deck_copies.to_json()},
    }
