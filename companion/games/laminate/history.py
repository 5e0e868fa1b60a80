"""One readable sentence per logged Laminate action (the pages' history and the exports), from the states
around it."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..texts import COMMON, joined
from .actions import Action, EndFlag, Pass, Publish, Research, Review
from .state import GameState
from .texts import t, tn
from .views import cards_count, cards_text, paper_name


def describe(before: GameState, after: GameState, action: Action, seat: int | None, lang: str,
             options: dict[str, Any] | None = None) -> str:
    """One readable sentence (or a few) for an action, from the states around it, with the table's deck and
    its own names for suits (R1)."""
    names = (options or {}).get("suit_names") or None
    deck = before.card_deck
    p = before.names[seat] if seat is not None and 0 <= seat < before.n else "?"
    parts: list[str] = []
    if isinstance(action, Research):
        parts.append(t("h_research_deck" if action.source == "deck" else "h_research_discard", lang, p=p))
    elif isinstance(action, Publish):
        parts.append(t("h_publish", lang, p=p, paper=paper_name(action.paper, lang), id=before.next_paper_id,
                       cards=cards_text(list(action.cards), lang, names, deck)))
        cited = [c for pid in action.cited if (c := before.paper(pid)) is not None]
        if cited:
            sep = COMMON.t("clause_sep", lang)
            items = [t("h_cite_item", lang, id=c.id, owner=before.names[c.owner], paper=paper_name(c.type, lang),
                       card=deck.label(c.cards[0], lang, names)) for c in cited]
            parts.append(t("h_cite", lang, list=sep.join(items)))
            gifts = Counter(c.owner for c in cited if c.owner != seat)
            for owner, n in gifts.items():
                parts.append(t("h_gift", lang, p=p, n=cards_count(n, lang), owner=before.names[owner]))
        if len(action.cards) == 1:
            parts.append(t("h_complete_now", lang))
    elif isinstance(action, Review):
        paper = before.paper(action.paper)
        if paper is not None:
            key = "h_review_own" if paper.owner == seat else "h_review"
            parts.append(t(key, lang, p=p, owner=before.names[paper.owner], paper=paper_name(paper.type, lang),
                           id=paper.id, card=deck.label(action.card, lang, names)))
            if len(paper.cards) == 2:
                parts.append(t("h_review_complete", lang))
    elif isinstance(action, Pass):
        parts.append(t("h_pass", lang, p=p))
    elif isinstance(action, EndFlag):
        parts.append(t("h_endflag", lang, p=p, card=deck.label(action.card, lang, names)))
    if before.end is None and after.end is not None:
        trig = after.end.trigger
        parts.append(tn("h_end_met", after.score(trig), lang, p=after.names[trig], score=after.score(trig)))
    if after.over and not before.over:
        parts.append(t("h_all_passed" if isinstance(action, Pass) else "h_over", lang))
    return joined(parts, lang)
