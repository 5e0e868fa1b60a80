"""The rules as pure functions (docs/rules-pyramid.md): a new game, one action applied, the ranking.

``apply`` never mutates its input and refuses with a typed error before changing anything.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..pairs import deck_of, deck_option
from .actions import Action, Place, Stop, Turn
from .errors import PyramidBadRequest, PyramidError
from .pyramid import check_slot, grid, rank_key
from .state import LastTurn, State

MIN_PLAYERS, MAX_PLAYERS = 2, 4  # PY1


def new_game(players: tuple[str, ...], start: int, options: dict[str, Any]) -> State:
    """PY1, PY2: every pyramid empty, the whole deck face down, ``start`` to turn first."""
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise PyramidBadRequest(f"Pyramid is for {MIN_PLAYERS}–{MAX_PLAYERS} players",
                                detail_ja=f"ピラミッドは{MIN_PLAYERS}〜{MAX_PLAYERS}人で遊びます")
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < n:
        raise PyramidBadRequest(f"“start” must be a seat from 0 to {n - 1}",
                                detail_ja=f"開始プレイヤーは0〜{n - 1}の席番号で指定してください")
    raw = options.get("deck")
    deck = deck_of({"deck": deck_option().clean(raw)} if raw is not None else {})
    return State(names=tuple(players), copies=deck.copies, start=start, active=start, pyramids=((),) * n)


def apply(state: State, action: Action) -> State:
    if state.over:
        raise PyramidError("game_over")
    if action.player is not None and action.player != state.active:
        if not 0 <= action.player < state.n:
            raise PyramidBadRequest(f"“player” must be a seat from 0 to {state.n - 1}",
                                    detail_ja=f"「player」は0〜{state.n - 1}の席番号で指定してください")
        raise PyramidError("not_your_turn", active=state.active, player=action.player,
                           active_name=state.names[state.active], player_name=state.names[action.player])
    if isinstance(action, Turn):
        return _turn(state, action.card)
    if isinstance(action, Stop):
        return _stop(state)
    if isinstance(action, Place):
        return _place(state, action)
    # unreachable: parse_action makes only the types above
    raise PyramidBadRequest("unknown action", detail_ja="未知の操作です")  # pragma: no cover


def _turn(state: State, card: int) -> State:
    """PY4, PY5, PY8: a card turned face up; a repeat busts, the last card of the deck forces a stop."""
    if state.deck_size == 0:
        raise PyramidError("deck_empty")
    if state.phase != "turning":
        raise PyramidError("not_turning", player_name=state.names[state.active])
    if state.remaining()[card] <= 0:
        raise PyramidError("card_exhausted", card=card)
    cards = (*state.turned, card)
    if card in state.turned:  # PY5: out, everything turned this turn to the discard pile
        bust = LastTurn(state.active, "bust", cards, card)
        return _end_turn(replace(state, turned=(), discard=(*state.discard, *cards), last=bust))
    after = replace(state, turned=cards)
    if after.deck_size == 0:  # PY8: nothing left to turn, so the player stops and builds
        return replace(after, phase="building", acquired=cards, forced=True)
    return after


def _stop(state: State) -> State:
    """PY6: the player takes this turn's cards and builds."""
    if state.phase != "turning":
        raise PyramidError("not_turning", player_name=state.names[state.active])
    if not state.turned:
        raise PyramidError("nothing_turned")
    return replace(state, phase="building", acquired=state.turned)


def _place(state: State, action: Place) -> State:
    """PY7: one card into the active pyramid; the last one ends the turn (PY6)."""
    if state.phase != "building":
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
    built = LastTurn(seat, "built", state.acquired)
    return _end_turn(replace(after, acquired=(), last=built))


def _end_turn(state: State) -> State:
    """The turn passes clockwise (PY2), or the game ends when the deck is empty (PY8)."""
    base = replace(state, turned=(), acquired=(), forced=False)
    if state.deck_size == 0:
        return replace(base, phase="over")
    return replace(base, phase="turning", active=(state.active + 1) % state.n, turn=state.turn + 1)


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
