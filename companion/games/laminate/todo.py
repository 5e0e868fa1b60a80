"""What to do with the real cards after the last move (R7-R11, R16): the companion knows, so it says it — on
the phone of the player who moved, and on the phones of the players who receive cards (a gift for a citation,
R7). A device with no seat (the tablet in the middle) reads it for everyone.

The state before the last move is replayed from the log (the engine is cheap and pure), so the words can say
what really happened: a deck drawn empty and reshuffled (R9), the cards laid, who gets how many.
"""

from __future__ import annotations

import hashlib
import threading
from collections import Counter, OrderedDict
from typing import Any

from ..base import RuleError
from ..fields import Context
from ..texts import COMMON
from .actions import ACTIONS, EndFlag, Publish, Research, Review
from .papers import PAPERS
from .rules import apply, new_game
from .state import GameState
from .texts import join_names, t, tn

_REPLAYED: OrderedDict[bytes, tuple[Any, GameState]] = OrderedDict()  # a log's prefix -> (deck, state after it)
_REPLAYED_LOCK = threading.Lock()
MAX_REPLAYED = 1024  # a few per table in play (each version's "before" is the next one's start)


def _replayed(state: GameState, rows: list[dict[str, Any]]) -> GameState:
    """The state after ``rows`` (kept actions, oldest first), from the longest prefix replayed before: every
    rendering asks for the state before the last move, and replaying the whole log each time made a
    rendering grow with the game (~0.1 ms per move: +8 ms late in a long game)."""
    deck = state.card_deck
    digest = hashlib.blake2b(repr((state.names, state.start, id(deck))).encode(), digest_size=16)
    prefixes = [digest.digest()]
    for row in rows:
        digest.update(repr((row.get("seq"), row["action"])).encode())
        prefixes.append(digest.digest())
    done, current = 0, None
    with _REPLAYED_LOCK:
        for count in range(len(rows), -1, -1):
            found = _REPLAYED.get(prefixes[count])
            if found is not None and found[0] is deck:
                done, current = count, found[1]
                _REPLAYED.move_to_end(prefixes[count])
                break
    if current is None:
        current = new_game(state.names, state.start, deck)
    for row in rows[done:]:
        current = apply(current, ACTIONS.parse(row["action"], Context(current, current.n)))
    with _REPLAYED_LOCK:
        _REPLAYED[prefixes[-1]] = (deck, current)
        while len(_REPLAYED) > MAX_REPLAYED:
            _REPLAYED.popitem(last=False)
    return current


def _last_move(req: Any) -> tuple[GameState, Any, int] | None:
    """(state before, action, seat) of the last move still in force, or None after an undo or at the start."""
    moves = [r for r in req.history if r.get("kind") in ("action", "undo")]
    if not moves or moves[-1]["kind"] != "action" or moves[-1].get("undone"):
        return None
    state: GameState = req.state
    kept = [r for r in req.history if r.get("kind") == "action" and not r.get("undone")]
    try:
        before = _replayed(state, kept[:-1])
        action = ACTIONS.parse(kept[-1]["action"], Context(before, before.n))
    except (RuleError, KeyError, TypeError, ValueError, AssertionError):  # a log this engine cannot replay: say nothing
        return None
    seat = kept[-1].get("seat")
    return (before, action, seat) if isinstance(seat, int) else None


def _count(n: int, lang: str) -> str:
    return tn("cards", n, lang)


def _gifts(counts: Counter[int], before: GameState, lang: str) -> str:
    """'1 card each to Gauss and Banach' / '2 cards to Gauss and 1 card to Banach'."""
    amounts = set(counts.values())
    names = [before.names[s] for s in counts]
    if len(amounts) == 1:
        n = amounts.pop()
        key = "todo_give_each" if len(counts) > 1 else "todo_give_one"
        return t(key, lang, n=_count(n, lang), names=join_names(names, lang))
    parts = [t("todo_give_part", lang, n=_count(n, lang), name=before.names[s]) for s, n in counts.items()]
    listed = COMMON.t("list_sep", lang).join(parts[:-1]) + COMMON.t("list_last_sep", lang) + parts[-1]
    return t("todo_give_list", lang, list=listed)


def todo(req: Any, label: Any) -> dict[str, Any] | None:
    """{"lines": [...], "mine": bool} for this device, or None when the last move asks nothing of it."""
    if not req.viewer.full:
        return None
    found = _last_move(req)
    if found is None:
        return None
    before, action, seat = found
    lang, me = req.lang, req.me
    name = before.names[seat]
    actor: list[str] = []
    others: dict[int, str] = {}
    if isinstance(action, Research):
        if action.source == "discard":
            actor.append(t("todo_take_discard", lang))
        elif before.deck + before.discard == 1:
            actor.append(t("todo_take_last", lang))
        elif before.deck == 0:
            actor.append(tn("todo_reshuffle", before.discard, lang))
        elif before.deck == 1:
            actor.append(tn("todo_last_then_reshuffle", before.discard, lang))
        else:
            actor.append(t("todo_draw2", lang))
    elif isinstance(action, Publish):
        cards = COMMON.t("list_sep", lang).join(label(c) for c in action.cards)
        actor.append(t("todo_lay", lang, cards=cards, paper=PAPERS[action.paper].name(lang), id=before.next_paper_id))
        owners = Counter(p.owner for pid in action.cited if (p := before.paper(pid)) is not None and p.owner != seat)
        if owners:
            actor.append(_gifts(owners, before, lang))
            for owner, n in owners.items():
                others[owner] = t("todo_receive", lang, name=name, n=_count(n, lang))
    elif isinstance(action, Review):
        paper = before.paper(action.paper)
        if paper is not None:
            actor.append(t("todo_review", lang, card=label(action.card), owner=before.names[paper.owner], id=paper.id))
            if paper.owner != seat:
                others[paper.owner] = t("todo_reviewed", lang, name=name, card=label(action.card), id=paper.id)
    elif isinstance(action, EndFlag):
        actor.append(t("todo_endflag", lang, card=label(action.card)))
    if not actor:
        return None
    if me == seat:
        return {"lines": actor, "mine": True}
    if me is not None and me in others:
        return {"lines": [others[me]], "mine": True}
    if me is None:  # the shared device reads it out for the table
        return {"lines": [t("todo_for", lang, name=name, what=" ".join(actor))], "mine": False}
    return None
