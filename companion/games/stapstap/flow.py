"""The parent role going round the table (docs/rules-stapstap.md): the next parent on the left (ST9), forced
skips of a parent who cannot play (ST10), eliminations whenever a turn ends (ST11), and the end of a game when
everyone still in it was skipped in a row (ST13). Pure."""

from __future__ import annotations

from dataclasses import replace

from .pieces import can_roll, effects_possible
from .scoring import game_scores
from .state import State, Step


def eliminate(state: State) -> State:
    """ST11: out at once with nothing left anywhere (checked whenever a turn ends)."""
    for seat, p in enumerate(state.players):
        if not p.out and p.dice == 0 and p.coins == 0 and p.card_dice == 0:
            state = state.with_player(seat, out=True)
    return state


def next_active(state: State, seat: int) -> int | None:
    """ST9: the next seat on the left still in the game."""
    for k in range(1, state.n + 1):
        s = (seat + k) % state.n
        if not state.players[s].out:
            return s
    return None


def end_game(state: State) -> State:
    """ST13/ST14: record this game's score; after the second game the match is over (ST16)."""
    scores = (*state.scores, game_scores(state))
    return replace(state, scores=scores, step=Step.SCORED if state.game == 1 else Step.OVER, box=None, asked=())


def enter(state: State, seat: int | None) -> State:
    """ST9/ST10/ST13: make ``seat`` (or the next one who can act) parent; skip the stuck ones; maybe end."""
    state = replace(state, box=None, asked=())
    guard = 0
    while seat is not None and guard <= state.n:
        guard += 1
        if state.players[seat].out:
            seat = next_active(state, seat)
            continue
        if can_roll(state, seat) or effects_possible(state, seat):
            return replace(state, parent=seat, step=Step.START)
        state = replace(state, skips=state.skips + 1)  # ST10: a forced skip
        if state.skips >= len(state.active_seats()):
            return end_game(replace(state, parent=seat))
        seat = next_active(state, seat)
    return end_game(state)  # pragma: no cover - nobody left in the game (cannot happen: ST11 keeps one)


def finish_turn(state: State) -> State:
    """The box is empty again: eliminations, then the role moves left."""
    state = eliminate(replace(state, box=None))
    return enter(state, next_active(state, state.parent))
