"""One readable sentence per logged action (the pages' history and exports), from the public parts of the states
around it and the REDACTED action (the platform parses what ``box.redact_action`` leaves): every phone shares
these sentences, so none may say a secret face (ST4/ST8). Only a doubt's own revealed face (written into the
doubt by the server) or a typed-in reveal is ever named."""

from __future__ import annotations

from typing import Any

from ..texts import COMMON, join_names, joined
from .actions import (
    Action,
    BankDie,
    Begin,
    Cards,
    Deal,
    Declare,
    DoubtCall,
    Lift,
    NextGame,
    Pass,
    Points,
    Retract,
    Roll,
    Skip,
)
from .state import Paid, State
from .texts import t


def _name(state: State, seat: int | None) -> str:
    return state.names[seat] if seat is not None and 0 <= seat < state.n else "?"


def describe(before: State, after: State, action: Action, seat: int | None, lang: str,
             options: dict[str, Any] | None = None) -> str:
    kind = action.kind
    parent = _name(before, before.parent)
    p = _name(before, seat) if seat is not None else parent
    parts: list[str] = [_what(before, after, action, parent, p, lang)]
    # what the step led to, from the public state after it
    doubt = after.doubt
    if kind in ("doubt", "reveal") and doubt is not None and doubt.face is not None:
        parts.append(t("h_truth" if doubt.face == doubt.declared else "h_lie", lang, face=doubt.face))
    settled = doubt is not None and doubt.paid is not None and (before.doubt is None or before.doubt.paid is None)
    if settled and doubt is not None:
        if doubt.paid == Paid.CARD:
            parts.append(t("h_taken", lang, p=_name(after, doubt.parent), q=_name(after, doubt.doubter),
                           card=doubt.card_taken))
        else:
            payer = doubt.payer if doubt.payer is not None else doubt.doubter
            receiver = doubt.doubter if payer == doubt.parent else doubt.parent
            parts.append(t("h_paid", lang, p=_name(after, payer), q=_name(after, receiver),
                           what=t("what_" + str(doubt.paid), lang)))
    placed = _placed(before, after)
    if placed is not None:
        parts.append(t("h_placed", lang, p=_name(after, placed[0]), card=placed[1], face=placed[2]))
    for i in range(after.n):
        if after.players[i].out and not before.players[i].out and before.game == after.game:
            parts.append(t("h_out", lang, p=after.names[i]))
    skipped = _auto_skipped(before, after, kind)
    if skipped:
        parts.append(t("h_auto_skip", lang, names=join_names(skipped, lang)))
    if len(after.scores) > len(before.scores):
        g = len(after.scores)
        scored = COMMON.t("list_sep", lang).join(f"{after.names[i]} {s}" for i, s in enumerate(after.scores[-1]))
        parts.append(t("h_game_end", lang, g=g, list=scored))
    return joined([x for x in parts if x], lang)


def _what(before: State, after: State, action: Action, parent: str, p: str, lang: str) -> str:
    """What the action itself was (the parent's steps name the parent; an answer names who answered)."""
    if isinstance(action, Cards):
        return t("h_cards", lang, p=_name(before, action.seat), cards="・".join(map(str, action.cards)))
    if isinstance(action, Deal):
        listed = [f"{after.names[i]} {'・'.join(str(x.card) for x in after.players[i].slots)}"
                  for i in range(after.n) if not before.players[i].slots]
        return t("h_deal", lang, list=COMMON.t("list_sep", lang).join(listed))
    if isinstance(action, Points):
        return t("h_points", lang)
    if isinstance(action, Begin):
        return t("h_begin", lang, g=after.game, p=_name(after, after.parent))
    if isinstance(action, NextGame):
        return t("h_next_game", lang, p=_name(after, after.parent))
    if isinstance(action, BankDie):
        return t("h_bank_die", lang, p=parent)
    if isinstance(action, Lift):
        return t("h_lift", lang, p=parent, card=action.card)
    if isinstance(action, Roll):
        return t("h_roll_box", lang, p=parent, seal=action.commit[:8]) if action.commit else t("h_roll", lang, p=parent)
    if isinstance(action, Retract):
        return t("h_retract", lang, p=parent)
    if isinstance(action, Declare):
        return t("h_declare", lang, p=parent, face=action.face, card=action.card)
    if isinstance(action, Skip):
        return t("h_skip", lang, p=parent)
    if isinstance(action, Pass):
        return t("h_pass", lang, p=p)
    if isinstance(action, DoubtCall):
        return t("h_doubt", lang, p=p)
    return ""  # a reveal, a payment, a take: said by what they led to


def _placed(before: State, after: State) -> tuple[int, int, int] | None:
    """The die that went onto the parent's card in this step (declared face: public)."""
    if before.box is None or before.box.card is None or before.game != after.game:
        return None
    seat = before.parent
    for b, a in zip(before.players[seat].slots, after.players[seat].slots, strict=False):
        if b.card == before.box.card and b.face is None and a.face is not None:
            return seat, a.card, a.face
    return None


def _auto_skipped(before: State, after: State, kind: str) -> list[str]:
    """Parents passed over by a forced skip (ST10) after this step: the skip counter only grows through skips
    and resets at a roll, so the growth (less the parent's own chosen skip) counts them, from the parent's left."""
    if before.game != after.game or len(after.scores) > len(before.scores) or kind in ("begin", "next_game"):
        return []
    count = after.skips - before.skips - (1 if kind == "skip" else 0)
    names: list[str] = []
    seat = before.parent
    for _ in range(after.n):
        if len(names) >= count:
            break
        seat = (seat + 1) % after.n
        if not after.players[seat].out:
            names.append(after.names[seat])
    return names
