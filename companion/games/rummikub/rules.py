"""The rules as pure functions: a new match, whose action it is, one action applied (RK3, RK9–RK12), round
scoring and the match's outcome.

The platform checks before ``apply`` what every game shares: the match is not over, and an action's ``player``
(if given) is the seat ``actor`` names. ``apply`` checks only Rummikub's own rules; it never mutates its input
and refuses with a typed error before changing anything.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..base import Outcome
from ..texts import COMMON
from .actions import Action, Draw, NextRound, Pass, Play, Rack, Timeout
from .errors import RummikubBadRequest, RummikubError
from .options import OPTIONS
from .play import examine
from .state import EndReason, Phase, RoundEnd, RoundRecord, State
from .texts import RK
from .tiles import JOKER, RACK_START, TOTAL_TILES, over_supply, value_of

MIN_PLAYERS, MAX_PLAYERS = 2, 4


def _deal(state: State, start: int) -> State:
    """A fresh round (RK2): 14 tiles each, the rest in the pool, the round's start seat to play."""
    n = state.n
    return replace(state, start=start, active=start, racks=(RACK_START,) * n, pool=TOTAL_TILES - RACK_START * n,
                   melded=(False,) * n, table=(), turn=0, passes=0, phase=Phase.PLAY, round_end=None,
                   entered=(None,) * n, round_scores=None, remainder=0)


def new_game(players: tuple[str, ...], start: int, options: dict[str, Any]) -> State:
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RummikubBadRequest(COMMON.msgn("req_players_range", MAX_PLAYERS, game=RK.msg("game_name"),
                                             lo=MIN_PLAYERS, hi=MAX_PLAYERS))
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < n:
        raise RummikubBadRequest(COMMON.msg("req_start_seat", top=n - 1))
    # Settings (the assistant switch) may change during play and never steer the rules: they stay out of
    # the state, so a cold replay (which reads the current settings) gives the same state as the cache.
    full = {o.id: o.clean(options[o.id]) if o.id in options else o.default for o in OPTIONS if not o.setting}
    blank = State(names=tuple(players), options=tuple(sorted(full.items())), round=1, start=start, active=start,
                  racks=(), pool=0, melded=(), totals=(0,) * n)
    return _deal(blank, start)


def actor(state: State, action: Action) -> int | None:
    """The active seat for a turn (None between rounds), the entered seat for a rack, nobody for the next
    round (anyone at the table starts it)."""
    if isinstance(action, Rack):
        return action.seat
    if isinstance(action, NextRound):
        return None
    return state.active


def apply(state: State, action: Action) -> State:
    if isinstance(action, (Draw, Play, Pass, Timeout)):
        if state.phase != Phase.PLAY or state.active is None:
            raise RummikubError("round_over")
        if isinstance(action, Draw):
            return _draw(state)
        if isinstance(action, Play):
            return _play(state, action)
        if isinstance(action, Pass):
            return _pass(state)
        return _timeout(state)
    if isinstance(action, Rack):
        return _rack(state, action)
    if state.phase != Phase.SCORED:  # NextRound
        raise RummikubError("round_not_scored")
    return replace(_deal(state, (state.start + 1) % state.n), round=state.round + 1)


def _check_seat(state: State, seat: int) -> None:
    """A rack's seat is read as a seat of the table; an action made by hand with another is no action (400)."""
    if not 0 <= seat < state.n:
        raise RummikubBadRequest(RK.msg("req_seat_range", top=state.n - 1))


def _next(state: State, **changes: Any) -> State:
    """The turn passes clockwise (RK3)."""
    assert state.active is not None
    return replace(state, active=(state.active + 1) % state.n, turn=state.turn + 1, **changes)


def _with_rack(state: State, seat: int, count: int) -> tuple[int, ...]:
    return tuple(count if i == seat else r for i, r in enumerate(state.racks))


def _draw(state: State) -> State:
    """RK3b: one tile from the pool."""
    if state.pool == 0:
        raise RummikubError("pool_empty")
    seat = state.active
    assert seat is not None
    return _next(state, racks=_with_rack(state, seat, state.racks[seat] + 1), pool=state.pool - 1, passes=0)


def _play(state: State, action: Play) -> State:
    """RK3a/RK6/RK7/RK8: the whole new table replaces the old one."""
    exam = examine(state, action.table)
    if exam.errors:
        raise exam.errors[0]
    seat = state.active
    assert seat is not None
    left = state.racks[seat] - len(exam.added)
    melded = tuple(m or i == seat for i, m in enumerate(state.melded))
    after = _next(state, table=exam.table, racks=_with_rack(state, seat, left), melded=melded, passes=0)
    if left == 0:  # RK10: out — the round ends, that rack is known empty
        entered = tuple(() if i == seat else None for i in range(state.n))
        after = replace(after, active=None, phase=Phase.RACKS, round_end=RoundEnd(EndReason.OUT, seat),
                        entered=entered)
    return after


def _pass(state: State) -> State:
    """RK3c: only with an empty pool; a full circle of passes blocks the round (RK11)."""
    if state.pool > 0:
        raise RummikubError("cannot_pass")
    return _count_pass(state)


def _count_pass(state: State) -> State:
    after = _next(state, passes=state.passes + 1)
    if after.passes >= state.n:
        after = replace(after, active=None, phase=Phase.RACKS, round_end=RoundEnd(EndReason.BLOCKED))
    return after


def _timeout(state: State) -> State:
    """RK9: out of time — the draft is dropped, the player draws the penalty tiles (what the pool has left).
    **Interpretation:** a timeout that draws nothing (empty pool) is a pass: it counts towards a blocked round."""
    if not state.option("turn_timer"):
        raise RummikubError("timer_off")
    seat = state.active
    assert seat is not None
    drawn = min(int(state.option("timeout_penalty_tiles")), state.pool)
    if drawn == 0 and state.pool == 0:
        return _count_pass(state)
    return _next(state, racks=_with_rack(state, seat, state.racks[seat] + drawn), pool=state.pool - drawn,
                 passes=0)


def _rack(state: State, action: Rack) -> State:
    """RK10/RK11/RK13: a seat's remaining tiles at the round's end; the last one scores the round."""
    if state.phase != Phase.RACKS:
        raise RummikubError("round_not_over")
    _check_seat(state, action.seat)
    name = state.names[action.seat]
    if state.entered[action.seat] is not None:
        raise RummikubError("rack_already_entered", seat=action.seat, player_name=name)
    want = state.racks[action.seat]
    if len(action.tiles) != want:
        raise RummikubError("rack_size_mismatch", seat=action.seat, want=want, got=len(action.tiles),
                            player_name=name)
    known = state.table_tiles + [t for r in state.entered if r for t in r] + list(action.tiles)
    for tile, count in over_supply(known):
        raise RummikubError("tile_not_in_supply", tile=tile, count=count)
    entered = tuple(tuple(action.tiles) if i == action.seat else r for i, r in enumerate(state.entered))
    after = replace(state, entered=entered)
    if all(r is not None for r in entered):
        after = _score(after)
    return after


def rack_value(tiles: tuple[str, ...], joker_penalty: int) -> int:
    """RK10: the numbers left on a rack; a joker costs the table's penalty."""
    return sum(value_of(t, joker_penalty) if t == JOKER else value_of(t) for t in tiles)


def round_scores(state: State) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """(rack values, scores, remainder) of the ended round whose racks are all known (RK10/RK11)."""
    penalty = int(state.option("joker_penalty"))
    values = tuple(rack_value(r or (), penalty) for r in state.entered)
    assert state.round_end is not None
    if state.round_end.reason == EndReason.OUT:
        winners = [state.round_end.seat]
        losses = list(values)
    else:
        low = min(values)
        winners = [i for i, v in enumerate(values) if v == low]
        plain = state.option("blocked_scoring") == "plain"
        losses = [v if plain else v - low for v in values]
    scores = [0 if i in winners else -losses[i] for i in range(state.n)]
    pot = -sum(scores)
    share, remainder = divmod(pot, len(winners))
    for w in winners:
        assert w is not None
        scores[w] = share
    return values, tuple(scores), remainder


def _score(state: State) -> State:
    assert state.round_end is not None
    _, scores, remainder = round_scores(state)
    totals = tuple(t + s for t, s in zip(state.totals, scores))
    record = RoundRecord(state.round, state.round_end.reason, state.round_end.seat, scores)
    phase = Phase.OVER if state.round >= state.rounds else Phase.SCORED
    return replace(state, round_scores=scores, remainder=remainder, totals=totals,
                   history=state.history + (record,), phase=phase)


def ranking(state: State) -> tuple[int, ...]:
    """RK12: by running total, highest first; seat order breaks ties in the list (not in the result)."""
    return tuple(sorted(range(state.n), key=lambda i: (-state.totals[i], i)))


def winners(state: State) -> tuple[int, ...]:
    best = max(state.totals)
    return tuple(i for i in range(state.n) if state.totals[i] == best)


def outcome(state: State) -> Outcome | None:
    """RK12: once the last round is scored, the highest total wins (every tied seat)."""
    if not state.over:
        return None
    return Outcome(winners(state), ranking(state), "total")


def scores(state: State) -> tuple[int | None, ...] | None:
    """RK12: the running totals, for the plays record."""
    return tuple(state.totals) or None
