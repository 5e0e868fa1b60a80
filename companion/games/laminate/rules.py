"""The rules as pure functions: ``new_game``, ``actor``, ``apply``, ``check``, ``outcome``, ``meld_report``.

Every refusal is an IllegalAction with a code from docs/api.md. The platform checks before ``apply`` what every
game shares (``Game.play``): the game is not over, and an action's ``player`` (if given) is the active seat
(``actor``). ``apply`` checks the rules of Laminate and plays the automatic end of the turn: the end condition
(R15), the End Flag step (R16), the countdown (R17) and the next seat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..base import BadRequest, Outcome
from . import melds
from .actions import Action, EndFlag, Pass, Publish, Research, Review
from .deck import DEFAULT_DECK, Card, Deck
from .deckspec import deck_of
from .errors import IllegalAction, Malformed
from .papers import END_THRESHOLD, ENDFLAG, PAPER_IDS, PAPER_TYPES, PAPERS
from .state import DecidedBy, EndInfo, GameState, Paper, Pending
from .texts import LAMINATE

SETUP_DRAWS = (3, 3, 4, 4, 5)  # R13, from the start player clockwise
START_HAND = 3
MIN_PLAYERS, MAX_PLAYERS = 3, 5


def new_game(names: Sequence[str], start: int = 0, deck: Deck = DEFAULT_DECK) -> GameState:
    """A table right after set-up (R13): every hand 3, the extra draws discarded face up."""
    n = len(names)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"{MIN_PLAYERS}-{MAX_PLAYERS} players, not {n}")
    if not 0 <= start < n:
        raise ValueError(f"start seat {start} is not one of 0-{n - 1}")
    drawn = sum(SETUP_DRAWS[:n])
    return GameState(
        names=tuple(names), start=start, hands=(START_HAND,) * n,
        deck=deck.size - drawn, discard=drawn - START_HAND * n,
        supply=tuple(p.copies for p in PAPER_TYPES), active=start, deck_size=deck.size, card_deck=deck,
    )


def new_table(players: tuple[str, ...], start: int, options: dict[str, Any]) -> GameState:
    """A new table with its own deck (R1, the ``deck`` option)."""
    return new_game(players, start, deck_of(options))


def actor(state: GameState, action: Action) -> int | None:
    """R5: every action is the active player's (docs/api.md)."""
    return state.active


def check(state: GameState, action: Action) -> None:
    """Raise IllegalAction if the rules refuse ``action`` now (the game running); return None otherwise."""
    apply(state, action)


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action`` by the active player, end-of-turn effects included, with the table's own
    deck (``state.card_deck``). The game is running (the platform refuses an action after the end)."""
    deck = state.card_deck
    actor = state.active
    assert actor is not None, "the platform refuses an action after the end"
    _check_vocabulary(action, deck)
    if isinstance(action, EndFlag):
        return _take_endflag(state, actor, action.card, deck)
    if state.pending == Pending.ENDFLAG:
        raise IllegalAction("endflag_pending", player_name=state.names[actor])
    if isinstance(action, Research):
        after = _research(state, actor, action.source)
    elif isinstance(action, Publish):
        after = _publish(state, actor, action, deck)
    elif isinstance(action, Review):
        after = _review(state, actor, action.paper, action.card)
    elif isinstance(action, Pass):
        return _pass(state, actor)
    else:  # pragma: no cover - Action is a closed union
        raise TypeError(f"not an action: {action!r}")
    return _end_turn(replace(after, passes=0), actor)


def _check_vocabulary(action: Action, deck: Deck) -> None:
    """Total on hand-built actions too: cards outside the deck and unknown sources are malformed."""
    cards = (action.cards if isinstance(action, Publish)
             else (action.card,) if isinstance(action, (Review, EndFlag)) else ())
    for card in cards:
        if card not in deck.card_set:
            raise Malformed("bad_card", card=str(card))
    if isinstance(action, Research) and action.source not in ("deck", "discard"):
        raise BadRequest(LAMINATE.msg("req_research_from"))


def _with_hand(hands: tuple[int, ...], seat: int, delta: int) -> tuple[int, ...]:
    return tuple(h + delta if i == seat else h for i, h in enumerate(hands))


# --- R8, R9 -------------------------------------------------------------------------------------------

def _research(state: GameState, actor: int, source: str) -> GameState:
    deck, discard = state.deck, state.discard
    if deck + discard == 0:
        raise IllegalAction("research_impossible")
    if source == "discard":
        if discard == 0:
            raise IllegalAction("discard_empty")
        discard -= 1
    elif deck >= 2:
        deck, discard = deck - 2, discard + 1
    elif deck + discard == 1:
        deck, discard = 0, 0  # the single card left is taken (R9)
    elif deck == 1:
        # draw the last card, reshuffle the discard pile into a new deck, draw its top card,
        # keep one and discard the other onto the now empty pile (R9)
        deck, discard = discard - 1, 1
    else:
        # deck empty: the discard pile becomes the deck only now that a draw is needed (R9)
        deck, discard = discard - 2, 1
    return replace(state, deck=deck, discard=discard, hands=_with_hand(state.hands, actor, +1))


# --- R4, R6, R7 ---------------------------------------------------------------------------------------

def _cited_papers(state: GameState, cite: Sequence[int]) -> list[Paper]:
    papers, seen = [], set()
    for pid in cite:
        if pid in seen:
            raise IllegalAction("cite_duplicate", paper_ref=pid)
        seen.add(pid)
        paper = state.paper(pid)
        if paper is None:
            raise IllegalAction("cite_unknown", paper_ref=pid)
        if not paper.complete:
            raise IllegalAction("cite_not_complete", paper_ref=pid)
        papers.append(paper)
    return papers


def _check_placed_cards(state: GameState, cards: Sequence[Card], deck: Deck, on_table_ok: bool = False) -> None:
    """duplicate_card, card_on_table, rank_exhausted. ``on_table_ok`` leaves the table checks to the
    caller (meld_report reports them per paper instead of refusing the question)."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise IllegalAction("duplicate_card", card=str(card))
        seen.add(card)
    if on_table_ok:
        return
    table = state.cards_on_table()
    on_table = set(table)
    for card in cards:
        if card in on_table:
            raise IllegalAction("card_on_table", card=str(card))
    # A deck whose data file lists a card twice could pass the checks above; never exceed a rank's copies.
    ranks = Counter(c.rank for c in table) + Counter(c.rank for c in cards)
    for rank, count in sorted(ranks.items()):
        if count > deck.rank_copies.get(rank, 0):
            raise IllegalAction("rank_exhausted", rank=rank, copies=deck.rank_copies.get(rank, 0))


def publish_cost(state: GameState, actor: int, cited: Sequence[Paper], placed: int) -> tuple[int, int]:
    """(gifts owed, hand cards needed) for a publication (R7): citing one's own papers is free."""
    gifts = sum(1 for p in cited if p.owner != actor)
    return gifts, placed + gifts


def _publish(state: GameState, actor: int, action: Publish, deck: Deck) -> GameState:
    if action.paper not in PAPERS:  # as parse_action does; otherwise supply_of() raised ValueError
        raise Malformed("unknown_paper", paper_id=str(action.paper)[:40])
    if action.paper == ENDFLAG:
        raise IllegalAction("endflag_not_publishable")
    # Order of checks: what the request names (cards, then citations), then whether the meld is the
    # paper at all, then whether this player may claim it now, and last whether the hand can pay.
    _check_placed_cards(state, action.cards, deck)
    cited = _cited_papers(state, action.cited)
    if not action.cards:
        raise IllegalAction("no_hand_card")
    meld = list(action.cards) + [p.cards[0] for p in cited]
    why = melds.why_not(action.paper, meld)
    if why is not None:
        key, params = why
        raise IllegalAction("no_match", paper_id=action.paper, why_key=key, **params)
    if state.owns(actor, action.paper):
        raise IllegalAction("already_owned", paper_id=action.paper, player_name=state.names[actor])
    if state.supply_of(action.paper) == 0:
        raise IllegalAction("supply_empty", paper_id=action.paper)
    gifts, need = publish_cost(state, actor, cited, len(action.cards))
    if state.hands[actor] < need:
        raise IllegalAction("hand_too_small", player_name=state.names[actor], hand=state.hands[actor],
                            need=need, gifts=gifts)

    hands = _with_hand(state.hands, actor, -need)
    for paper in cited:
        if paper.owner != actor:
            hands = _with_hand(hands, paper.owner, +1)
    return _add_paper(replace(state, hands=hands), actor, action.paper, tuple(action.cards))


def _add_paper(state: GameState, owner: int, paper_type: str, cards: tuple[Card, ...]) -> GameState:
    idx = PAPER_IDS.index(paper_type)
    supply = tuple(c - 1 if i == idx else c for i, c in enumerate(state.supply))
    paper = Paper(state.next_paper_id, owner, paper_type, cards)
    return replace(state, supply=supply, papers=state.papers + (paper,), next_paper_id=state.next_paper_id + 1)


# --- R10, R11 -----------------------------------------------------------------------------------------

def _review(state: GameState, actor: int, paper_id: int, card: Card) -> GameState:
    paper = state.paper(paper_id)
    if paper is None:
        raise IllegalAction("paper_unknown", paper_ref=paper_id)
    if paper.complete:
        raise IllegalAction("not_under_review", paper_ref=paper_id)
    if card not in paper.cards:
        raise IllegalAction("card_not_in_paper", card=str(card), paper_ref=paper_id)
    reviewed = replace(paper, cards=tuple(c for c in paper.cards if c != card))
    papers = tuple(reviewed if p.id == paper_id else p for p in state.papers)
    return replace(state, papers=papers, hands=_with_hand(state.hands, actor, +1))


# --- R12 ----------------------------------------------------------------------------------------------

def _pass(state: GameState, actor: int) -> GameState:
    if not state.can_pass():
        can = "research or review" if state.can_research() and state.can_review() else (
            "research" if state.can_research() else "review")
        raise IllegalAction("pass_not_allowed", can_key=can)
    passes = state.passes + 1
    if passes >= state.n:  # everyone passed in a row: the game ends at once (R12, R18)
        return _finish(replace(state, passes=passes))
    return _end_turn(replace(state, passes=passes), actor)


# --- R15, R16, R17 ------------------------------------------------------------------------------------

def _end_turn(state: GameState, actor: int) -> GameState:
    if state.end is None and state.score(actor) >= END_THRESHOLD:
        state = replace(state, end=EndInfo(actor, 2 * state.n - 1))
        flag_free = state.supply_of(ENDFLAG) > 0 and not state.owns(actor, ENDFLAG)
        if state.hands[actor] > 0 and flag_free:
            return replace(state, pending=Pending.ENDFLAG)  # same player lays the flag before the turn ends
        return _advance(state, actor, triggering=True)
    return _advance(state, actor, triggering=False)


def _take_endflag(state: GameState, actor: int, card: Card, deck: Deck) -> GameState:
    if state.pending != Pending.ENDFLAG:
        raise IllegalAction("no_endflag_pending")
    _check_placed_cards(state, [card], deck)
    if state.hands[actor] < 1:  # unreachable through apply: pending is only set with a card in hand
        raise IllegalAction("hand_too_small", player_name=state.names[actor], hand=0, need=1)
    state = replace(state, pending=None, hands=_with_hand(state.hands, actor, -1))
    return _advance(_add_paper(state, actor, ENDFLAG, (card,)), actor, triggering=True)


def _advance(state: GameState, actor: int, triggering: bool) -> GameState:
    end = state.end
    if end is not None and not triggering:
        end = EndInfo(end.trigger, end.turns_left - 1)
        if end.turns_left == 0:
            return _finish(replace(state, end=end))
    return replace(state, end=end, active=(actor + 1) % state.n, turn=state.turn + 1)


def _finish(state: GameState) -> GameState:
    return replace(state, over=True, active=None, pending=None)


# --- R18 ----------------------------------------------------------------------------------------------

def outcome(state: GameState) -> Outcome | None:
    """R18: winners and ranking (seats best first) once the game is over (None before); ``decided_by`` says
    what separated the winners."""
    if not state.over:
        return None
    seats = range(state.n)
    ranking = tuple(sorted(seats, key=lambda s: (-state.score(s), state.complete_count(s), s)))
    top = state.score(ranking[0])
    tied = [s for s in seats if state.score(s) == top]
    if len(tied) == 1:
        return Outcome((tied[0],), ranking, DecidedBy.SCORE)
    fewest = min(state.complete_count(s) for s in tied)
    winners = tuple(s for s in tied if state.complete_count(s) == fewest)
    return Outcome(winners, ranking, DecidedBy.FEWEST_PAPERS if len(winners) == 1 else DecidedBy.SHARED)


def scores(state: GameState) -> tuple[int | None, ...]:
    """R18: each seat's points in complete papers (the plays record)."""
    return tuple(state.score(seat) for seat in range(state.n))


# --- questions ----------------------------------------------------------------------------------------

def meld_report(state: GameState, cards: Sequence[Card], cite: Sequence[int]) -> list[tuple[str, str | None]]:
    """Every paper type the meld (R4) satisfies (R3), each with None if the active player may claim it
    now or the code that forbids it (``game_over`` once the game has ended). Raises for a meld that cannot be
    formed at all."""
    _check_placed_cards(state, cards, state.card_deck, on_table_ok=True)
    cited = _cited_papers(state, cite)
    report: list[tuple[str, str | None]] = []
    for paper in melds.matches(list(cards) + [p.cards[0] for p in cited]):
        if state.over:
            report.append((paper, "game_over"))
            continue
        try:
            check(state, Publish(paper, tuple(cards), tuple(cite)))
            report.append((paper, None))
        except IllegalAction as refusal:
            report.append((paper, refusal.code))
    return report
