"""One readable sentence per logged Pyramid action (the pages' history and the exports), from the states
around it."""

from __future__ import annotations

from typing import Any

from ..texts import joined
from .actions import Action, Place, Stop, Turn
from .pyramid import grid, row_counts
from .state import Phase, State, TurnEnd
from .texts import cards_text, t, tn
from .where import where_text


def describe(before: State, after: State, action: Action, seat: int | None, lang: str,
             options: dict[str, Any] | None = None) -> str:
    p = before.names[seat] if seat is not None and 0 <= seat < before.n else "?"
    parts: list[str] = []
    if isinstance(action, Turn):
        if after.last is not before.last and after.last is not None and after.last.result == TurnEnd.BUST:
            parts.append(t("h_bust", lang, p=p, card=action.card, cards=cards_text(after.last.cards, lang)))
        else:
            parts.append(t("h_turn", lang, p=p, card=action.card))
            if after.forced and not before.forced:
                parts.append(t("h_forced", lang, p=p))
    elif isinstance(action, Stop):
        parts.append(t("h_stop", lang, p=p, cards=cards_text(before.turned, lang)))
    elif isinstance(action, Place):
        cells = grid(before.pyramids[seat]) if seat is not None and 0 <= seat < before.n else {}
        parts.append(t("h_place", lang, p=p, card=action.card, where=where_text(cells, action.row, action.x, lang)))
        if seat is not None and after.phase != Phase.BUILDING:
            pyramid = after.pyramids[seat]
            height = len(row_counts(pyramid))
            parts.append(t("h_built", lang, p=p, rows=tn("rows", height, lang), cards=tn("cards", len(pyramid), lang)))
    if after.over and not before.over:
        from .views import end_lines

        parts.extend(end_lines(after, lang))
    return joined([x for x in parts if x], lang)
