"""One readable sentence per logged Cracker action (the pages' history and exports), from the states around it."""

from __future__ import annotations

from typing import Any

from ..texts import COMMON, joined
from .actions import Action, Declare, Draw, EndRound, NextRound, Pair, Pass, Reveal
from .state import State, Step
from .texts import hand_text, t, winners_text


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("±0" if n == 0 else f"−{-n}")


def scores_list(state: State, scores: tuple[int, ...], lang: str) -> str:
    return COMMON.t("list_sep", lang).join(f"{state.names[i]} {signed(s)}" for i, s in enumerate(scores))


def describe(before: State, after: State, action: Action, seat: int | None, lang: str,
             options: dict[str, Any] | None = None) -> str:
    """One sentence (or a few) for an action: what moved, and what it set off (a change, the round's end)."""
    p = before.names[seat] if seat is not None and 0 <= seat < before.n else "?"
    parts: list[str] = []
    if isinstance(action, Draw):
        if before.change is not None:
            parts.append(t("h_draw_change", lang, p=p, c=before.change, card=action.card))
        else:
            parts.append(t("h_draw_first", lang, p=p, card=action.card))
    elif isinstance(action, Pair):
        parts.append(t("h_pair", lang, p=p, card=before.received))
    elif isinstance(action, Pass):
        q = before.names[before.left_of(seat)] if seat is not None else "?"
        parts.append(t("h_pass", lang, p=p, card=action.card, q=q))
        if after.change is not None and after.step == Step.DRAW:
            parts.append(t("h_change_due", lang, card=action.card))
        elif after.step == Step.BLOCKED:
            parts.append(t("h_blocked", lang, card=action.card))
    elif isinstance(action, Declare):
        key = "h_declare_dealt" if before.opening else "h_declare"
        parts.append(t(key, lang, p=p, hand=hand_text(action.hand, lang)))
    elif isinstance(action, EndRound):
        parts.append(t("h_end_round", lang, r=before.round))
    elif isinstance(action, Reveal):
        parts.append(t("h_reveal", lang, p=p, max=action.max) if action.max else t("h_reveal_none", lang, p=p))
    elif isinstance(action, NextRound):
        parts.append(t("h_next_round", lang, r=after.round, p=after.names[after.dealer]))
    if before.round_scores is None and after.round_scores is not None:
        parts.append(t("h_scored", lang, r=after.round, list=scores_list(after, after.round_scores, lang)))
    if after.over and not before.over:
        best = max(after.totals)
        parts.append(winners_text([after.names[i] for i, x in enumerate(after.totals) if x == best], lang))
    return joined(parts, lang)
