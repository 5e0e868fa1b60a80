"""The rules as pure functions (docs/rules-pyramid.md): a new game, whose turn, one action applied, the
ranking and the outcome.

``apply`` never mutates its input and refuses with a typed error before changing anything. What every game
shares — no action after the end, ``player`` must be the acting seat — the platform checks before.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..base import Outcome
from ..pairs import deck_of, deck_option
from ..texts import COMMON
from .actions import Action, Place, Stop, Turn
from .errors import PyramidBadRequest, PyramidError
from .pyramid import check_slot, decided_by, grid, rank_key, row_counts
from .state import LastTurn, Phase, State, TurnEnd
from .texts import PY

MIN_PLAYERS, MAX_PLAYERS = 2, 4  # PY1


def new_game(players: tuple[str, ...], start: int, options: dict[str, Any]) -> State:
    """PY1, PY2: every pyramid empty, the whole deck face down, ``start`` to turn first."""
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise PyramidBadRequest(COMMON.msgn("req_players_range", MAX_PLAYERS, game=PY.msg("game_name"),
                                            lo=MIN_PLAYERS, hi=MAX_PLAYERS))
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < n:
        raise PyramidBadRequest(COMMON.msg("req_start_seat", top=n - 1))
    raw = options.get("deck")
    deck = deck_of({"deck": deck_option().clean(raw)} if raw is not None else {})
    return State(names=tuple(players), copies=deck.copies, start=start, active=start, pyramids=((),) * n)


def actor(state: State, action: Action) -> int | None:
    """Every action is the active seat's (PY2)."""
    return state.active


def apply(state: State, action: Action) -> State:
    if isinstance(action, Turn):
        return _turn(state, action.card)
    if isinstance(action, Stop):
        return _stop(state)
    if isinstance(action, Place):
        return _place(state, action)
    raise TypeError(f"not a Pyramid action: {action!r}")  # pragma: no cover - the action set makes only these


def _turn(state: State, card: int) -> State:
    """PY4, PY5, PY8: a card turned face up; a repeat busts, the last card of the deck forces a stop."""
    if state.deck_size == 0:
        raise PyramidError("deck_empty")
    if state.phase != Phase.TURNING:
        raise PyramidError("not_turning", player_name=state.names[state.active])
    if state.remaining()[card] <= 0:
        raise PyramidError("card_exhausted", card=card)
    cards = (*state.turned, card)
    if card in state.turned:  # PY5: out, everything turned this turn to the discard pile
        bust = LastTurn(state.active, TurnEnd.BUST, cards, card)
        return _end_turn(replace(state, turned=(), discard=(*state.discard, *cards), last=bust))
    after = replace(state, turned=cards)
    if after.deck_size == 0:  # PY8: nothing left to turn, so the player stops and builds
        return replace(after, phase=Phase.BUILDING, acquired=cards, forced=True)
    return after


def _stop(state: State) -> State:
    """PY6: the player takes this turn's cards and builds."""
    if state.phase != Phase.TURNING:
        raise PyramidError("not_turning", player_name=state.names[state.active])
    if not state.turned:
        raise PyramidError("nothing_turned")
    return replace(state, phase=Phase.BUILDING, acquired=state.turned)


def _place(state: State, action: Place) -> State:
    """PY7: one card into the active pyramid; the last one ends the turn (PY6)."""
    if state.phase != Phase.BUILDING:
        raise PyramidError("not_building")
    if action.card not in state.turned:
        raise PyramidError("not_acquired", card=action.card)
    seat = state.active
    check_slot(grid(state.pyramids[seat]), action.card, action.row, action.x)
    pyramid = (*state.pyramids[seat], (action.row, action.x, action.card))
    pyramids = tuple(pyramid if i == seat else p for i, p in enumerate(state.pyramids))
    left = list(state.turned)
    left.remove(action.card)
    after = replace(state, pyramids=pyramids, turned=tuple(left))
    if left:
        return after
    built = LastTurn(seat, TurnEnd.BUILT, state.acquired)
    return _end_turn(replace(after, acquired=(), last=built))


def _end_turn(state: State) -> State:
    """The turn passes clockwise (PY2), or the game ends when the deck is empty (PY8)."""
    base = replace(state, turned=(), acquired=(), forced=False)
    if state.deck_size == 0:
        return replace(base, phase=Phase.OVER)
    return replace(base, phase=Phase.TURNING, active=(state.active + 1) % state.n, turn=state.turn + 1)


# --- ranking (PY9) ---------------------------------------------------------------------------------------------


def keys(state: State) -> list[tuple[int, ...]]:
    return [rank_key(p) for p in state.pyramids]


def ranking(state: State) -> list[int]:
    """Seats best first (PY9); tied seats in seat order."""
    k = keys(state)
    return sorted(range(state.n), key=lambda i: (tuple(-v for v in k[i]), i))


def places(state: State) -> list[int]:
    """Each seat's place (1 = best); tied seats share a place."""
    k = keys(state)
    return [1 + sum(1 for j in range(state.n) if k[j] > k[i]) for i in range(state.n)]


def winners(state: State) -> tuple[int, ...]:
    return tuple(i for i, p in enumerate(places(state)) if p == 1)


def result(state: State) -> dict[str, Any] | None:
    """PY9 at the end: who won and what separated first place from the next."""
    if not state.over:
        return None
    order, k = ranking(state), keys(state)
    win = winners(state)
    runner = next((i for i in order if i not in win), None)
    by, row = decided_by(k[order[0]], k[runner]) if runner is not None else ("tie", None)
    return {"winners": list(win), "decided_by": by, "row": row}


def outcome(state: State) -> Outcome | None:
    """PY9: the tallest pyramid, then the top row, then each row below; full ties share the win."""
    found = result(state)
    if found is None:
        return None
    return Outcome(winners(state), tuple(ranking(state)), found["decided_by"], tuple(places(state)))


def scores(state: State) -> tuple[int | None, ...]:
    """Each seat's pyramid height: what ranks first (PY9), as the plays record's score. A height, not points
    (the declaration says ``scores_are_points=False``): the places come from the outcome."""
    return tuple(len(row_counts(p)) for p in state.pyramids)
