"""One readable sentence per logged action of The Pairs (the pages' history and exports), from the states
around it."""

from __future__ import annotations

from typing import Any

from ..texts import joined
from .actions import Action, Draw, Pass, Play, Stuck
from .state import State
from .texts import a_card, numbers, t


def describe(before: State, after: State, action: Action, seat: int | None, lang: str,
             options: dict[str, Any] | None = None) -> str:
    p = before.names[seat] if seat is not None and 0 <= seat < before.n else "?"
    parts: list[str] = []
    if isinstance(action, Play):
        last = after.last
        card = last.card if last is not None else action.card
        pile = action.to.upper()
        pair = bool(last and last.pair)
        if action.to == "place":
            parts.append(t("h_play_place", lang, p=p, card=card, a_card=a_card(card)))
        elif action.source == "place":
            parts.append(t("h_move_pair" if pair else "h_move", lang, p=p, card=card, pile=pile))
        else:
            parts.append(t("h_play_pair" if pair else "h_play_pile", lang, p=p, card=card, pile=pile,
                           a_card=a_card(card)))
        if not pair and not after.over and after.active != before.active:  # TP9: no source to draw from
            parts.append(t("h_no_draw", lang))
    elif isinstance(action, Draw):
        if action.source == "deck":
            parts.append(t("h_draw_deck", lang, p=p))
        else:
            parts.append(t("h_draw_place", lang, p=p, card=before.places[before.active]))
    elif isinstance(action, Pass):
        parts.append(t("h_pass", lang, p=p))
    elif isinstance(action, Stuck):
        if action.hand is not None:
            parts.append(t("h_stuck_hand", lang, p=p, cards=numbers(sorted(action.hand), lang) or "—"))
        else:
            parts.append(t("h_stuck", lang, p=p))
    if after.result == "won" and not before.over:
        parts.append(t("h_won", lang))
    return joined(parts, lang)
