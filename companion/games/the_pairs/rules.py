"""The Pairs (ザ・ペアーズ): the pure rules (docs/rules-the-pairs.md, TP1–TP10). No Flask, no I/O.

``apply`` checks an action against the public table and returns the next state or raises a
:class:`PairsError` with a stable code. Hands are counts: a hand card is checked only against what the
table can know (a copy of that number is still unseen, PD4/PD5). What every game shares — no action after the
end, ``player`` must be the seat that acts (``actor``) — the platform checks before ``apply`` is asked.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..base import Outcome
from ..pairs import Deck, deck_of
from .actions import Action, Draw, Pass, Play, Stuck
from .errors import PairsBadRequest, PairsError
from .state import PILES, LastPlay, Result, State, Step

MIN_PLAYERS, MAX_PLAYERS = 3, 5  # TP1
HAND_SIZE = 4  # TP2


def new_game(players: tuple[str, ...], start: int, options: dict[str, Any]) -> State:
    """TP2: 4 cards to each hand, the rest is the deck; ``start`` plays first."""
    deck: Deck = deck_of(options)
    n = len(players)
    if deck.total < HAND_SIZE * n:
        raise PairsBadRequest(code="deck_too_small", total=deck.total, players=n)
    return State(names=tuple(players), deck_copies=deck, start=start, active=start,
                 deck=deck.total - HAND_SIZE * n, hands=(HAND_SIZE,) * n, places=(None,) * n)


# --- what the public table says -------------------------------------------------------------------------------


def accepts(top: int | None) -> list[int]:
    """TP7: the numbers a pile with this top takes (every number when it is empty)."""
    if top is None:
        return list(range(1, 11))
    return [v for v in (top - 1, top, top + 1) if 1 <= v <= 10]


def fits(state: State, pile: str, card: int) -> bool:
    return card in accepts(state.top(pile))


def can_pass(state: State, seat: int) -> bool:
    """TP8: hand, own place and deck all empty."""
    return state.hands[seat] == 0 and state.places[seat] is None and state.deck == 0


def can_play(state: State, seat: int) -> bool:
    """TP6: a play the public table leaves possible: a card in hand (an empty place takes any, and whether a
    pile takes it only the hand knows), or the place card onto a pile it fits. False when only a pass (TP8)
    or "I cannot play" is left."""
    place = state.places[seat]
    return state.hands[seat] > 0 or (place is not None and any(fits(state, pile, place) for pile in PILES))


def draw_sources(state: State) -> list[str]:
    """TP9: where the active player may draw from now."""
    out = []
    if state.deck > 0:
        out.append("deck")
    if state.places[state.active] is not None and not state.placed_now:
        out.append("place")
    return out


def stuck_refusal(state: State, seat: int) -> PairsError | None:
    """TP8: the refusal a "cannot play" gets when public facts show a play (or a pass), else None."""
    name = state.names[seat]
    if can_pass(state, seat):
        return PairsError("can_pass", player_name=name)
    place = state.places[seat]
    if state.hands[seat] > 0 and place is None:
        return PairsError("can_play_to_place", player_name=name)
    if state.hands[seat] > 0:
        for pile in PILES:
            if state.top(pile) is None:
                return PairsError("pile_takes_any", pile=pile)
    if place is not None:
        for pile in PILES:
            if fits(state, pile, place):
                return PairsError("place_card_fits", place=place, pile=pile)
    return None


def surely_stuck(state: State) -> bool:
    """The active player cannot play, and the table can prove it: an empty hand and no way out (TP8)."""
    seat = state.active
    return not state.over and state.step == Step.PLAY and state.hands[seat] == 0 and stuck_refusal(state, seat) is None


def just_paired(state: State) -> int | None:
    """The seat whose pair just ended its turn (TP9): a draw now is that seat's, and too late."""
    last = state.last
    previous = (state.active - 1) % state.n
    if state.step == Step.PLAY and last is not None and last.pair and last.seat == previous:
        return previous
    return None


def actor(state: State, action: Action) -> int | None:
    """Every action is the active seat's — but a draw right after a pair, sent without ``player`` or naming
    the seat that made it, is that seat's late draw (TP9: refused as ``no_draw_after_pair``)."""
    paired = just_paired(state) if isinstance(action, Draw) else None
    if paired is not None and action.player in (None, paired):
        return paired
    return state.active


def outcome(state: State) -> Outcome | None:
    """TP10: the players win together (all on the piles) or lose together (someone fell out)."""
    if state.result == Result.WON:
        seats = tuple(range(state.n))
        return Outcome(seats, seats, "all_placed")
    if state.result == Result.LOST:
        return Outcome((), tuple(range(state.n)), "fell_out")
    return None


# --- apply -------------------------------------------------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises :class:`PairsError` (422) when the rules forbid it."""
    if isinstance(action, Draw):
        return _draw(state, action)
    if state.step == Step.DRAW:
        raise PairsError("must_draw", player_name=state.names[state.active])
    if isinstance(action, Play):
        return _play(state, action)
    if isinstance(action, Pass):
        if not can_pass(state, state.active):
            raise PairsError("cannot_pass")
        return _end_turn(state)
    return _stuck(state, action)


def _play(state: State, action: Play) -> State:
    seat = state.active
    name = state.names[seat]
    place = state.places[seat]
    if action.source == "place":
        if place is None:
            raise PairsError("place_empty", player_name=name)
        if action.card is not None and action.card != place:
            raise PairsError("not_place_card", player_name=name, place=place, card=action.card)
        card = place
    else:
        card = action.card if action.card is not None else 0
        if state.hands[seat] == 0:
            raise PairsError("hand_empty", player_name=name)
        if state.unseen().get(card, 0) <= 0:
            raise PairsError("card_exhausted", card=card, copies=state.deck_copies.count(card))
    hands = list(state.hands)
    places = list(state.places)
    if action.source == "hand":
        hands[seat] -= 1
    else:
        places[seat] = None
    if action.to == "place":  # TP6b
        if place is not None:
            raise PairsError("place_full", player_name=name, place=place)
        places[seat] = card
        after = replace(state, hands=tuple(hands), places=tuple(places), placed_now=True,
                        last=LastPlay(seat, card, "place", "hand"))
        return _after_play(after, pair=False)
    top = state.top(action.to)
    if not fits(state, action.to, card):  # TP7
        raise PairsError("not_adjacent", pile=action.to, card=card, top=top, accepts=accepts(top))
    pair = top == card
    a, b = state.piles
    piles = ((*a, card), b) if action.to == PILES[0] else (a, (*b, card))
    after = replace(state, hands=tuple(hands), places=tuple(places), piles=piles,
                    last=LastPlay(seat, card, action.to, action.source, pair))
    if after.on_piles == after.total:  # TP10: every card on the piles
        return replace(after, result=Result.WON, step=Step.OVER)
    return _after_play(after, pair)


def _after_play(state: State, pair: bool) -> State:
    """TP9: the draw step, unless a pair or an empty source list ends the turn at once."""
    if pair or not draw_sources(state):
        return _end_turn(state)
    return replace(state, step=Step.DRAW)


def _draw(state: State, action: Draw) -> State:
    if state.step == Step.PLAY:
        paired = just_paired(state)
        if paired is not None and action.player in (None, paired):
            raise PairsError("no_draw_after_pair", player_name=state.names[paired])
        raise PairsError("play_first")
    seat = state.active
    hands = list(state.hands)
    if action.source == "deck":
        if state.deck == 0:
            raise PairsError("deck_empty")
        hands[seat] += 1
        return _end_turn(replace(state, hands=tuple(hands), deck=state.deck - 1))
    if state.places[seat] is None:
        raise PairsError("place_empty", player_name=state.names[seat])
    if state.placed_now:
        raise PairsError("place_just_played")
    hands[seat] += 1
    places = tuple(None if i == seat else c for i, c in enumerate(state.places))
    return _end_turn(replace(state, hands=tuple(hands), places=places))


def _end_turn(state: State) -> State:
    return replace(state, active=(state.active + 1) % state.n, step=Step.PLAY, placed_now=False, turn=state.turn + 1)


def _stuck(state: State, action: Stuck) -> State:
    seat = state.active
    refusal = stuck_refusal(state, seat)
    if refusal is not None:
        raise refusal
    if action.hand is not None:
        _check_shown_hand(state, seat, action.hand)
    return replace(state, result=Result.LOST, step=Step.OVER, fell_out=seat, revealed=action.hand)


def _check_shown_hand(state: State, seat: int, hand: tuple[int, ...]) -> None:
    """TP8: a shown hand must be the counted size, possible with the unseen cards, and hold nothing that fits."""
    if len(hand) != state.hands[seat]:
        raise PairsError("hand_size_mismatch", player_name=state.names[seat], want=state.hands[seat], got=len(hand))
    unseen = state.unseen()
    for card in sorted(set(hand)):
        if hand.count(card) > unseen.get(card, 0):
            raise PairsError("card_exhausted", card=card, copies=state.deck_copies.count(card))
    for card in hand:
        for pile in PILES:
            if fits(state, pile, card):
                raise PairsError("hand_card_fits", card=card, pile=pile)
