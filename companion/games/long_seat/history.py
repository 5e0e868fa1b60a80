"""One readable sentence per logged Long Seat action (the pages' history and exports), from the states
around it: the card turned, and how the turn ended (pair, stop, last card)."""

from __future__ import annotations

from typing import Any

from ..texts import joined
from .actions import Action, Lay, Stop
from .state import EndKind, State
from .texts import a_card, cards_text, count_text, t
from .views import winners_text


def describe(before: State, after: State, action: Action, seat: int | None, lang: str,
             options: dict[str, Any] | None = None) -> str:
    p = before.names[seat] if seat is not None and 0 <= seat < before.n else "?"
    parts: list[str] = []
    ended = after.turn != before.turn
    end = after.last_end if ended else None
    if isinstance(action, Lay):
        if end is not None and end.kind == EndKind.PAIR:
            parts.append(t("h_pair", lang, p=p, card=action.card, a_card=a_card(action.card),
                           count=count_text(len(end.taken), lang), cards=cards_text(end.taken, lang)))
        else:
            parts.append(t("h_lay", lang, p=p, card=action.card, a_card=a_card(action.card)))
    if end is not None and end.kind == EndKind.STOP and (isinstance(action, Stop) or end.last):
        key = "h_stop" if end.flipped else "h_stop_none"
        parts.append(t(key, lang, p=p, laid=count_text(end.laid, lang), flipped=count_text(end.flipped, lang)))
    if after.over and not before.over:
        parts.append(t("h_last", lang))
        parts.append(winners_text(after, lang))
    return joined([x for x in parts if x], lang)
