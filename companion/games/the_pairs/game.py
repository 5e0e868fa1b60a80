"""The Pairs as a :class:`~companion.games.base.Game`: the engine behind the small interface the core speaks to,
and its JSON view. Everything in the state is public (TP3: hands are counts), so every viewer sees the same."""

from __future__ import annotations

from typing import Any

from ..base import Game, Outcome, Viewer, presentation
from ..pairs import NUMBERS, deck_option
from .actions import Action, action_to_json, parse_action
from .errors import ERROR_CODES
from .rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    accepts,
    apply,
    can_pass,
    can_play,
    draw_sources,
    new_game,
    stuck_refusal,
)
from .state import PILES, State

OPTIONS = (deck_option(),)


def actor(state: State, action: Action) -> int | None:
    """Every action is the active seat's."""
    return state.active


def state_to_json(state: State, viewer: Viewer | None = None, options: dict[str, Any] | None = None
                  ) -> dict[str, Any]:
    playing = not state.over
    play_step = playing and state.step == "play"
    sources = draw_sources(state) if playing and state.step == "draw" else []
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
        "winners": list(range(state.n)) if state.result == "won" else [],
        "can": {"play": play_step and can_play(state, state.active),
                "draw_deck": "deck" in sources, "draw_place": "place" in sources,
                "pass": play_step and can_pass(state, state.active),
                "stuck": play_step and stuck_refusal(state, state.active) is None},
        "options": {"deck": state.deck_copies.to_json()},
    }


def outcome(state: State) -> Outcome | None:
    """TP10: the players win together (all on the piles) or lose together (someone fell out)."""
    if state.result == "won":
        seats = tuple(range(state.n))
        return Outcome(seats, seats, "all_placed")
    if state.result == "lost":
        return Outcome((), tuple(range(state.n)), "fell_out")
    return None


def is_over(state: State) -> bool:
    return state.over


_ui, _api_schema = presentation(__package__)  # loaded only by the pages and the OpenAPI document


GAME = Game(
    id="the-pairs",
    name=("The Pairs", "ザ・ペアーズ"),
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
    api_schema=_api_schema,
)
