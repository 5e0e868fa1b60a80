"""Cracker's rules (docs/rules-cracker.md, CR1–CR12): a new match, whose action it is, ``apply`` which checks an
action and returns the next state (never mutating its input), the standings and the outcome. Pure: no I/O.

What every game shares — no action after the end, ``player`` must be the seat that acts (``actor``) — the
platform checks before ``apply``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..base import Outcome
from ..fields import a_seat, must_be
from ..pairs import deck_of
from ..texts import COMMON
from .actions import Action, Declare, Draw, EndRound, NextRound, Pair, Pass, Reveal
from .errors import CrackerBadRequest, CrackerError
from .feasible import bounds, feasible
from .state import DEAL, Phase, Reason, RoundEnd, RoundRecord, State, Step
from .texts import CR

MIN_PLAYERS, MAX_PLAYERS = 3, 5  # CR1


def _names(state: State, **seats: int | None) -> dict[str, Any]:
    return {f"{k}_name": state.names[v] for k, v in seats.items() if v is not None and 0 <= v < state.n}


def _fresh_round(state: State, dealer: int) -> State:
    """CR2: everyone holds 10 cards, the rest is the deck; the dealer begins by drawing (CR4)."""
    zeros = (0,) * 10
    return replace(state, dealer=dealer, active=dealer, sizes=(DEAL,) * state.n, deck=state.total - DEAL * state.n,
                   net=(zeros,) * state.n, low=(zeros,) * state.n, drawn=zeros, phase=Phase.PLAY, step=Step.DRAW,
                   received=None, drew=False, paired=False, opening=True, passer=None, streak=None, change=None,
                   passes=0,
                   discard=(), end=None, maxima=(None,) * state.n, round_scores=None)


def new_game(players: tuple[str, ...], start: int, options: dict[str, Any]) -> State:
    deck = deck_of(options)
    n = len(players)
    if deck.total < DEAL * n + 1:  # CR2: a deal and the dealer's first draw (CR4)
        raise CrackerBadRequest(CR.msgn("req_deck_too_small", deck.total, total=deck.total, need=DEAL * n + 1,
                                        players=COMMON.msgn("count_players", n)))
    zeros = (0,) * 10
    base = State(names=tuple(players), copies=tuple(deck.count(v) for v in range(1, 11)),
                 rounds=int(options.get("rounds", 3)), dealer=start, active=start, sizes=(), deck=0, net=(),
                 low=(), drawn=zeros, totals=(0,) * n)
    return _fresh_round(base, start)


# --- CR7: going out --------------------------------------------------------------------------------------------


def is_out(hand: tuple[int, ...] | list[int]) -> bool:
    """CR7: a non-empty hand that is all one number, or a run of consecutive numbers without repeats."""
    cards = sorted(hand)
    if not cards:
        return False
    if cards[0] == cards[-1]:
        return True
    return all(b - a == 1 for a, b in zip(cards, cards[1:], strict=False))


# --- the flow of cards (CR11) ------------------------------------------------------------------------------------


def _moved(state: State, seat: int, number: int, delta: int) -> State:
    """Seat's net for ``number`` changes by ``delta``; ``low`` keeps the largest shortfall seen (CR11)."""
    i = number - 1
    net_row = list(state.net[seat])
    low_row = list(state.low[seat])
    net_row[i] += delta
    low_row[i] = max(low_row[i], -net_row[i])
    net = tuple(tuple(net_row) if q == seat else r for q, r in enumerate(state.net))
    low = tuple(tuple(low_row) if q == seat else r for q, r in enumerate(state.low))
    sizes = tuple(s + delta if q == seat else s for q, s in enumerate(state.sizes))
    return replace(state, net=net, low=low, sizes=sizes)


def _check_possible(before: State, after: State, seat: int, number: int) -> None:
    """CR11: refuse a move after which no deal explains what the table saw."""
    if feasible(after):
        return
    i = number - 1
    if sum(after.low[q][i] for q in range(after.n)) + after.drawn[i] > after.copies[i]:
        raise CrackerError("card_exhausted", card=number)
    raise CrackerError("cannot_hold", card=number, player=seat, **_names(before, player=seat))


# --- a turn (CR4, CR5, CR8) --------------------------------------------------------------------------------------


def _check_step(state: State, want: Step) -> None:
    if state.step != want:
        raise CrackerError("wrong_step", step=state.step, **_names(state, player=state.active))


def _draw(state: State, action: Draw) -> State:
    """CR4 (the dealer's first turn) and CR8 (a change): the drawn card is shown and is the received card."""
    _check_step(state, Step.DRAW)
    seat, v = state.active, action.card
    drawn = tuple(c + 1 if i == v - 1 else c for i, c in enumerate(state.drawn))
    after = _moved(replace(state, drawn=drawn, deck=state.deck - 1), seat, v, +1)
    _check_possible(state, after, seat, v)
    return replace(after, step=Step.PLAY, received=v, drew=True, paired=False, opening=False, passer=None,
                   change=None)


def _pair(state: State, action: Pair) -> State:
    """CR5b: discard the received card with one of the same number; one pair per turn; resets CR8's count."""
    _check_step(state, Step.PLAY)
    seat, v = state.active, state.received
    assert v is not None  # step "play" always has a received card
    if action.card is not None and action.card != v:
        raise CrackerError("pair_not_received", card=action.card, received=v)
    if state.paired:
        raise CrackerError("already_paired", **_names(state, player=seat))
    if state.sizes[seat] < 2:
        raise CrackerError("hand_too_small", size=state.sizes[seat], **_names(state, player=seat))
    after = _moved(state, seat, v, -2)
    _check_possible(state, after, seat, v)
    return replace(after, discard=(*state.discard, v, v), paired=True, streak=None, passer=None)


def _pass(state: State, action: Pass) -> State:
    """CR5c: the card goes face up to the left; CR8: a number that went all the way round is changed."""
    _check_step(state, Step.PLAY)
    seat, v = state.active, action.card
    after = _moved(state, seat, v, -1)
    _check_possible(state, after, seat, v)
    count = state.streak[1] + 1 if state.streak is not None and state.streak[0] == v else 1
    to = state.left_of(seat)
    common: dict[str, Any] = {"active": to, "paired": False, "passer": seat, "passes": state.passes + 1,
                              "drew": False}
    if count >= state.n:  # CR8: back at the first passer — discarded, replaced from the deck (or CR8a)
        return replace(after, **common, discard=(*state.discard, v), streak=None, change=v, received=None,
                       step=Step.DRAW if state.deck > 0 else Step.BLOCKED)
    after = _moved(after, to, v, +1)
    return replace(after, **common, streak=(v, count), received=v, step=Step.PLAY)


# --- declarations and the round's end (CR3, CR7, CR8a, CR9) ------------------------------------------------------


def _declare(state: State, action: Declare) -> State:
    seat, hand = action.seat, action.hand
    window = (state.opening or state.passer == seat or (seat == state.active and state.step == Step.PLAY))
    if not window:
        raise CrackerError("no_window", **_names(state, player=seat))
    if not is_out(hand):
        raise CrackerError("not_out", hand=list(hand))
    if len(hand) != state.sizes[seat]:
        raise CrackerError("hand_size_mismatch", want=state.sizes[seat], got=len(hand), **_names(state, player=seat))
    if not feasible(state, bounds(state, hands={seat: hand})):
        raise CrackerError("hand_contradicts_public", **_names(state, player=seat))
    reason = Reason.DEALT if state.opening else Reason.OUT
    return replace(state, phase=Phase.REVEAL, end=RoundEnd(reason, seat, hand), passer=None)


def _end_round(state: State) -> State:
    """CR8a: a change is due and the deck is empty; nobody declared: everyone loses their highest number."""
    if state.step != Step.BLOCKED:
        raise CrackerError("not_blocked")
    return replace(state, phase=Phase.REVEAL, end=RoundEnd(Reason.DECK_EMPTY), passer=None)


def _reveal(state: State, action: Reveal) -> State:
    """CR9: a player who did not go out enters the highest number in their hand; checked against CR11."""
    seat, top = action.seat, action.max
    end = state.end
    assert end is not None
    if end.seat == seat:
        raise CrackerError("went_out", **_names(state, player=seat))
    if state.maxima[seat] is not None:
        raise CrackerError("already_revealed", **_names(state, player=seat))
    size = state.sizes[seat]
    if (size == 0) != (top == 0):
        raise CrackerError("max_impossible", size=size, max=top, **_names(state, player=seat))
    known = state.known(seat)
    above = [v for v in range(top + 1, 11) if known[v - 1] > 0]
    if above:
        raise CrackerError("max_too_low", card=above[-1], max=top, **_names(state, player=seat))
    if top and not feasible(state, bounds(state, maxima={seat: top})):
        raise CrackerError("hand_contradicts_public", **_names(state, player=seat))
    maxima = tuple(top if q == seat else m for q, m in enumerate(state.maxima))
    after = replace(state, maxima=maxima)
    waiting = [q for q in range(state.n) if q != end.seat and maxima[q] is None]
    return after if waiting else _score(after)


def round_scores(state: State) -> tuple[int, ...]:
    """CR9: losers lose their highest number; the player who went out gains the sum (nobody, CR8a)."""
    end = state.end
    assert end is not None
    losses = [0 if q == end.seat else int(state.maxima[q] or 0) for q in range(state.n)]
    scores = [-x for x in losses]
    if end.seat is not None:
        scores[end.seat] = sum(losses)
    return tuple(scores)


def _score(state: State) -> State:
    scores = round_scores(state)
    totals = tuple(t + s for t, s in zip(state.totals, scores, strict=True))
    end = state.end
    assert end is not None
    record = RoundRecord(state.round, state.dealer, end.reason, end.seat, scores)
    phase = Phase.OVER if state.round >= state.rounds else Phase.SCORED
    return replace(state, round_scores=scores, totals=totals, history=(*state.history, record), phase=phase)


def _next_round(state: State) -> State:
    """CR10: the next round is dealt anew by the player to the left of the last dealer."""
    if state.phase != Phase.SCORED:
        raise CrackerError("round_not_scored")
    return replace(_fresh_round(state, state.left_of(state.dealer)), round=state.round + 1)


# --- the match (CR10) ------------------------------------------------------------------------------------------


def winners(state: State) -> tuple[int, ...]:
    best = max(state.totals)
    return tuple(i for i, t in enumerate(state.totals) if t == best)


def ranking(state: State) -> tuple[int, ...]:
    return tuple(sorted(range(state.n), key=lambda i: (-state.totals[i], i)))


def outcome(state: State) -> Outcome | None:
    """CR10: once the last round is scored, the highest total wins (every tied seat)."""
    if not state.over:
        return None
    return Outcome(winners(state), ranking(state), "total")


def scores(state: State) -> tuple[int | None, ...] | None:
    """The match's running totals, for the plays record."""
    return tuple(state.totals) if state.totals else None


def actor(state: State, action: Action) -> int | None:
    """The active seat for a turn, the named seat for a declaration or a highest number, nobody for the
    table-wide steps (the end of a blocked round, the next round)."""
    if isinstance(action, (Declare, Reveal)):
        return action.seat
    if isinstance(action, (EndRound, NextRound)):
        return None
    return state.active


def apply(state: State, action: Action) -> State:
    """The state after ``action``; a CrackerError (422) if the rules forbid it now."""
    if isinstance(action, NextRound):
        return _next_round(state)
    if isinstance(action, (Declare, Reveal)) and not 0 <= action.seat < state.n:  # the parser's check, kept: total
        raise CrackerBadRequest(must_be("seat", a_seat(state.n)))
    if isinstance(action, Reveal):
        if state.phase != Phase.REVEAL:
            raise CrackerError("round_not_over" if state.phase == Phase.PLAY else "already_revealed",
                               **_names(state, player=action.seat))
        return _reveal(state, action)
    if state.phase != Phase.PLAY:
        raise CrackerError("round_over")
    if isinstance(action, Declare):
        return _declare(state, action)
    if isinstance(action, EndRound):
        return _end_round(state)
    if isinstance(action, Draw):
        return _draw(state, action)
    if isinstance(action, Pair):
        return _pair(state, action)
    if isinstance(action, Pass):
        return _pass(state, action)
    raise TypeError(f"not a Cracker action: {action!r}")  # pragma: no cover - the action set makes only these
