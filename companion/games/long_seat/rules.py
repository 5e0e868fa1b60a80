"""The rules as pure functions (docs/rules-long-seat.md): a new game, one action applied, scores and the winner,
the exact risk of the next card. ``apply`` never mutates its input and refuses before changing anything.

What every game shares — no action after the end, ``player`` must be the seat that acts (``actor``) — the
platform checks before ``apply`` is asked."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ..base import Outcome
from ..pairs import deck_of, risk_of
from ..texts import COMMON
from .actions import Action, Lay
from .errors import LongSeatBadRequest, LongSeatError
from .options import OPTIONS
from .state import DecidedBy, EndKind, State, TurnEnd
from .texts import LS

MIN_PLAYERS, MAX_PLAYERS = 2, 6  # LS1


def new_game(players: tuple[str, ...], start: int, options: dict[str, Any]) -> State:
    """LS1/LS2: everyone empty-handed, the whole deck face down, ``start`` to play."""
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise LongSeatBadRequest(COMMON.msgn("req_players_range", MAX_PLAYERS, game=LS.msg("game_name"),
                                             lo=MIN_PLAYERS, hi=MAX_PLAYERS))
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < n:
        raise LongSeatBadRequest(COMMON.msg("req_start_seat", top=n - 1))
    # Only the deck steers the rules; the risk setting may change during play and stays out of the state.
    deck = deck_of({"deck": OPTIONS[0].clean(options["deck"])} if options.get("deck") is not None else {})
    return State(names=tuple(players), deck=deck, start=start, active=start,
                 up=((),) * n, down=((),) * n)


def actor(state: State, action: Action) -> int | None:
    """Every action is the seat on turn's."""
    return state.active


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises :class:`LongSeatError` (422) when the rules forbid it."""
    if isinstance(action, Lay):
        return _lay(state, action.card)
    if state.laid == 0:
        raise LongSeatError("nothing_laid")  # LS4
    return _stop(state, last=False)


def _with(cards: tuple[tuple[int, ...], ...], seat: int, new: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(new if i == seat else c for i, c in enumerate(cards))


def _lay(state: State, card: int) -> State:
    """LS3: one card onto the row; LS5 a pair ends the turn; LS8 the last card ends the game."""
    left = state.left()
    if left.get(card, 0) <= 0:
        raise LongSeatError("card_exhausted", card=card, copies=state.deck.count(card))  # LS11, PD5
    seat = state.active
    laid = state.laid + 1
    last = state.deck_size == 1
    if card in state.row:  # LS5: the row holds each number once, so the match is unique
        at = state.row.index(card)
        taken = (*state.row[at:], card)
        after = replace(state, row=state.row[:at], up=_with(state.up, seat, (*state.up[seat], *taken)),
                        last_end=TurnEnd(EndKind.PAIR, seat, laid, taken=taken, last=last))
        return _next(after, over=last)
    after = replace(state, row=(*state.row, card), laid=laid)
    return _stop(after, last=True) if last else after  # LS8: the last card without a pair is a stop


def _stop(state: State, *, last: bool) -> State:
    """LS6: turn face down as many face-up cards as were laid this turn (all of them if fewer), oldest first."""
    seat = state.active
    up = state.up[seat]
    flipped = min(state.laid, len(up))
    after = replace(state, up=_with(state.up, seat, up[flipped:]),
                    down=_with(state.down, seat, (*state.down[seat], *up[:flipped])),
                    last_end=TurnEnd(EndKind.STOP, seat, state.laid, flipped=flipped, last=last))
    return _next(after, over=last)


def _next(state: State, *, over: bool) -> State:
    """LS7: the turn passes to the left (seat + 1); LS8: at the end the last player stays marked."""
    if over:
        return replace(state, laid=0, turn=state.turn + 1, over=True)
    return replace(state, laid=0, turn=state.turn + 1, active=(state.active + 1) % state.n)


# --- score and winner (LS9) -------------------------------------------------------------------------------------


def ranking(state: State) -> tuple[int, ...]:
    """Seats best first: higher score, then more face-down cards (LS9), then seat order (display only)."""
    return tuple(sorted(range(state.n), key=lambda i: (-state.score(i), -len(state.down[i]), i)))


def key(state: State, seat: int) -> tuple[int, int]:
    return state.score(seat), len(state.down[seat])


def winners(state: State) -> tuple[int, ...]:
    """LS9: best score, then most face-down cards; still equal → a shared win."""
    best = max(key(state, i) for i in range(state.n))
    return tuple(i for i in range(state.n) if key(state, i) == best)


def decided_by(state: State) -> DecidedBy:
    """The best score alone, the face-down tie-break, or a shared win."""
    best = max(state.score(i) for i in range(state.n))
    if sum(1 for i in range(state.n) if state.score(i) == best) == 1:
        return DecidedBy.SCORE
    return DecidedBy.FACE_DOWN if len(winners(state)) == 1 else DecidedBy.SHARED


def outcome(state: State) -> Outcome | None:
    """LS9: highest score wins; tie → more face-down cards; still tied → shared."""
    if not state.over:
        return None
    return Outcome(winners(state), ranking(state), decided_by(state))


def scores(state: State) -> tuple[int | None, ...]:
    """LS9: each seat's running total (the plays record and the Players page)."""
    return tuple(state.score(i) for i in range(state.n))


# --- the risk of the next card (LS10) ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Risk:
    pair: Fraction  # chance that the next card makes a pair
    numbers: tuple[tuple[int, int, int], ...]  # per number in the row: (number, left in the deck, cards a pair takes)
    flips: int  # face-up cards a stop would turn now (LS6)


def risk(state: State) -> Risk:
    left = state.left()
    size = len(state.row)
    numbers = tuple((v, max(left.get(v, 0), 0), size - i + 1) for i, v in enumerate(state.row))
    flips = min(state.laid, len(state.up[state.active])) if not state.over else 0
    return Risk(risk_of(left, state.row), numbers, flips)
