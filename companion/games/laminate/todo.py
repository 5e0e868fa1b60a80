"""What to do with the real cards after the last move (R7-R11, R16): the companion knows, so it says it — on
the phone of the player who moved, and on the phones of the players who receive cards (a gift for a citation,
R7). A device with no seat (the tablet in the middle) reads it for everyone.

The state before the last move is the one the service kept for it (``TableRequest.state_before``): nothing is
replayed, so the words can say what really happened — a deck drawn empty and reshuffled (R9), the cards laid,
who gets how many — at the same cost at any point of a long game.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..base import RuleError
from ..fields import Context
from ..texts import COMMON
from .actions import ACTIONS, EndFlag, Publish, Research, Review
from .papers import PAPERS
from .state import GameState
from .texts import join_names, t, tn


def _last_move(req: Any) -> tuple[GameState, Any, int] | None:
    """(state before, action, seat) of the last move still in force, or None after an undo or at the start.
    Looked for from the newest row: only the events after the last move (seats, settings) are read."""
    last = next((r for r in reversed(req.history) if r.get("kind") in ("action", "undo")), None)
    if last is None or last["kind"] != "action" or last.get("undone"):
        return None
    before = req.state_before(last.get("seq"))
    if before is None:
        return None
    try:
        action = ACTIONS.parse(last["action"], Context(before, before.n))
    except (RuleError, KeyError, TypeError, ValueError, AssertionError):  # a log this engine cannot read: say nothing
        return None
    seat = last.get("seat")
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
