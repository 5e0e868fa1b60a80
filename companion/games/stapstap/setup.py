"""Setting a game of すたっぷすたっぷ up (docs/rules-stapstap.md): the table's option (ST4: how the die is rolled),
the materials and the bank (ST2a), each player's task cards typed in or drawn (ST2b), the points table (ST2d),
the first parent (ST2c, ST2e), and the second game from the cards kept for it (ST16). Pure; the random draw
takes the server's random source as an argument."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..base import Option
from .actions import Begin, Cards, Deal, NextGame, Points
from .errors import StapError
from .flow import enter
from .pieces import wrong_step
from .state import (
    CARDS_PER_GAME,
    FACES,
    START_COINS,
    START_DICE,
    TOTAL_COINS,
    TOTAL_DICE,
    Mode,
    Player,
    Slot,
    State,
    Step,
    default_points,
)
from .texts import ST

OPTIONS: tuple[Option, ...] = (
    Option("mode", "choice", Mode.DICE.value, ST.msg("opt_mode"), choices=tuple(m.value for m in Mode),
           choice_labels={Mode.DICE.value: ST.msg("opt_mode_dice"), Mode.BOX.value: ST.msg("opt_mode_box")},
           help=ST.msg("opt_mode_help")),
)


def new_game(players: tuple[str, ...], start: int, options: dict[str, Any]) -> State:
    """ST2: materials 3 dice and 1 coin each, the rest in the bank; cards are entered during set-up."""
    n = len(players)
    return State(names=tuple(players), mode=Mode(options.get("mode", Mode.DICE)), first=start, parent=start,
                 players=tuple(Player() for _ in players), bank_dice=TOTAL_DICE - START_DICE * n,
                 bank_coins=TOTAL_COINS - START_COINS * n, points=default_points())


def set_up(state: State, action: Cards | Deal | Points | Begin) -> State:
    """ST2b/ST2d/ST2e."""
    if state.step != Step.SETUP:
        raise StapError("cards_locked") if isinstance(action, Cards | Deal) else wrong_step(state)
    if isinstance(action, Cards):
        return _give_cards(state, action.seat, action.cards)
    if isinstance(action, Deal):
        for seat in range(state.n):
            if state.players[seat].slots:
                continue
            given = action.cards[seat] if action.cards is not None else None
            state = _give_cards(state, seat, given or (1, 2, 3))  # placeholder only in a dry run
        return state
    if isinstance(action, Points):
        return replace(state, points=action.table)
    for seat, p in enumerate(state.players):
        if not p.slots:
            raise StapError("cards_needed", seat=seat, player_name=state.names[seat])
    return enter(replace(state, parent=state.first), state.first)


def draw(state: State, randbelow: Callable[[int], int]) -> Deal:
    """ST2b: three cards at random for every seat without cards (None for the others), drawn with the
    server's random source before the deal is logged (so replay gives the same cards)."""
    cards: list[tuple[int, ...] | None] = []
    for p in state.players:
        if p.slots:
            cards.append(None)
            continue
        pool = list(FACES)
        for i in range(len(pool) - 1, 0, -1):  # Fisher–Yates
            j = randbelow(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        cards.append(tuple(sorted(pool[:CARDS_PER_GAME])))
    return Deal(tuple(cards))


def _give_cards(state: State, seat: int, cards: tuple[int, ...]) -> State:
    unused = list(state.unused) or [()] * state.n
    unused[seat] = tuple(c for c in FACES if c not in cards)
    state = replace(state, unused=tuple(unused))
    return state.with_player(seat, slots=tuple(Slot(c) for c in sorted(cards)))


def next_game(state: State, action: NextGame) -> State:
    """ST16: the second game from set-up, with the unused cards; one die more for the eliminated."""
    if state.step != Step.SCORED:
        raise wrong_step(state)
    first = action.parent if action.parent is not None else state.first
    bank = TOTAL_DICE - START_DICE * state.n
    extra: set[int] = set()
    short = 0
    for k in range(state.n):  # ST16c: in seat order from the first parent while the bank has dice
        seat = (first + k) % state.n
        if state.players[seat].out:
            if bank > 0:
                extra.add(seat)
                bank -= 1
            else:
                short += 1
    players = tuple(Player(dice=START_DICE + (1 if i in extra else 0), coins=START_COINS,
                           slots=tuple(Slot(c) for c in state.unused[i])) for i in range(state.n))
    state = replace(state, game=2, players=players, bank_dice=bank, bank_coins=TOTAL_COINS - START_COINS * state.n,
                    unused=tuple(() for _ in range(state.n)), doubt=None, skips=0, rolls=0, extra_short=short,
                    parent=first)
    return enter(state, first)
