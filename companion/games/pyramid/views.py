"""What Pyramid's pages show, computed from a table request: plain dicts for the templates (no Flask here).

The pyramids as rows of half-offset cells (a card, a legal slot for the chosen card, or nothing), this turn's
cards with the exact risk of the next one, the picker's counts, the standing (PY9) and the end.
"""

from __future__ import annotations

from typing import Any

from ..pairs import NUMBERS
from ..ui import TableRequest, parse_uint
from .pyramid import Grid, grid, open_upper, rank_key, row_counts, slots
from .rules import places, ranking, result, winners
from .state import Phase, State, TurnEnd
from .state_json import bust_risk
from .texts import cards_text, join_names, t, tn
from .where import where_text

MAX_OFFSET = 24  # row offsets the style sheet has classes for (a 55-card deck builds at most 10 rows)


def size_class(width: int) -> str:
    """Card size for a pyramid this many positions wide (a phone shows seven full-size cards in a row)."""
    return "w-s" if width <= 7 else "w-m" if width <= 10 else "w-l" if width <= 14 else "w-xl"


def pyramid_view(state: State, seat: int, lang: str, card: int | None = None) -> dict[str, Any]:
    """Rows top first; each row a list of cells ``{kind: card|slot|gap, …}`` over the bottom row's span.
    With ``card`` (the active builder's chosen card) the legal slots for it are cells too."""
    pyramid = state.pyramids[seat]
    cells = grid(pyramid)
    fresh = set((r, x) for r, x, _ in state.placed_this_turn()) if seat == state.active else set()
    legal = set(slots(cells, card)) if card is not None else set()
    bottom = [x for r, x in cells if r == 1] + [x for r, x in legal if r == 1]
    if not bottom:
        return {"rows": [], "empty": True, "size": "w-s", "cols": 0, "spoken": t("pyr_empty", lang)}
    lo, hi = min(bottom), max(bottom)
    height = max([r for r, _ in cells] + [r for r, _ in legal])
    rows = []
    for r in range(height, 0, -1):
        row = []
        for x in range(lo, hi - r + 2):
            if (r, x) in cells:
                row.append({"kind": "card", "n": cells[(r, x)], "new": (r, x) in fresh, "row": r, "x": x})
            elif (r, x) in legal:
                row.append({"kind": "slot", "row": r, "x": x, "value": f"{r}:{x}",
                            "label": t("slot_label", lang, card=card, where=where_text(cells, r, x, lang))})
            else:
                row.append({"kind": "gap"})
        rows.append({"r": r, "offset": min(r - 1, MAX_OFFSET), "cells": row})
    spoken = ("; " if lang == "en" else "／").join(
        t("rows_spoken", lang, r=r, cards=cards_text([c for (rr, x), c in sorted(cells.items()) if rr == r], lang))
        for r in range(1, len(row_counts(pyramid)) + 1))
    return {"rows": rows, "empty": False, "size": size_class(hi - lo + 1), "cols": hi - lo + 1, "spoken": spoken}


def slots_text(cells: Grid, card: int, lang: str) -> str:
    """Above the builder's pyramid: how many places ``card`` has, or why it has only the bottom row's ends —
    the true reason (PY7b): no two cards side by side yet, every upper slot taken, or each too small for it."""
    if not cells:
        return t("slot_first", lang, card=card)
    found = slots(cells, card)
    if any(r > 1 for r, _ in found):
        return tn("slot_count", len(found), lang, card=card)
    upper = open_upper(cells)
    if upper:
        limit = max(min(left, right) for _, _, left, right in upper)
        if len(upper) == 1:
            _, _, left, right = upper[0]
            return t("only_bottom_one", lang, card=card, limit=limit, left=left, right=right)
        return t("only_bottom_all", lang, card=card, limit=limit)
    if any(r == 2 for r, _ in cells):
        return t("only_bottom_full", lang, card=card)
    return t("only_bottom_none", lang, card=card)


def summary_text(pyramid: tuple[tuple[int, int, int], ...], lang: str) -> str:
    rows = row_counts(pyramid)
    if not rows:
        return ""  # the drawing says "no card yet"
    return t("pyr_summary", lang, rows=tn("rows", len(rows), lang), cards=tn("cards", len(pyramid), lang))


def players_view(state: State, me: int | None, lang: str, chosen: int | None) -> list[dict[str, Any]]:
    place = places(state)
    out = []
    for i, name in enumerate(state.names):
        pyramid = state.pyramids[i]
        building = state.phase == Phase.BUILDING and i == state.active
        view = pyramid_view(state, i, lang, chosen if building else None)
        # the centre of the table draws every pyramid as it lies: the builder's without the chosen card's slots
        plain = pyramid_view(state, i, lang) if building and chosen is not None else view
        out.append({"seat": i, "name": name, "me": me == i, "active": i == state.active and not state.over,
                    "building": building, "place": place[i], "place_text": t("place_n", lang, n=place[i]),
                    "summary": summary_text(pyramid, lang), "rows_top_first": list(reversed(row_counts(pyramid))),
                    "pyramid": view, "label": t("pyr_label", lang, name=name, rows=view["spoken"]),
                    "centre_pyramid": plain})
    return out


def risk_view(state: State, lang: str, shown: bool) -> dict[str, Any] | None:
    risk = bust_risk(state)
    if not shown or risk is None:
        return None
    size = state.deck_size
    hit = risk * size  # the numerator over the deck size (not reduced): "10 in 53"
    pct = f"{float(risk) * 100:.1f}".rstrip("0").rstrip(".")
    return {"num": int(hit), "den": size, "pct": pct, "zero": not state.turned,
            "text": t("risk_value", lang, num=int(hit), den=size, pct=pct),
            "help": (tn("risk_help", int(hit), lang, num=int(hit), left=tn("risk_left", size, lang)) if state.turned
                     else t("risk_zero", lang)),
            "level": "high" if risk >= 0.5 else "mid" if risk >= 0.25 else "low"}


def end_lines(state: State, lang: str) -> list[str]:
    """PY9: the winner(s) and what decided it."""
    found = result(state)
    if found is None:
        return []
    win = winners(state)
    names = [state.names[i] for i in win]
    first = t("winner_one", lang, name=names[0]) if len(names) == 1 else \
        t("winner_many", lang, names=join_names(names, lang))
    by, row = found["decided_by"], found["row"]
    best = rank_key(state.pyramids[win[0]])
    if by == "height":
        second = tn("decided_height", best[0], lang, h=best[0])
    elif by == "row" and row == best[0]:
        second = t("decided_top", lang)
    elif by == "row":
        second = t("decided_row", lang, row=row)
    else:
        second = t("decided_tie", lang)
    return [first, second]


def standings_view(state: State, lang: str) -> dict[str, Any] | None:
    if not state.over:
        return None
    place = places(state)
    rows = [{"seat": i, "name": state.names[i], "place": place[i], "winner": place[i] == 1,
             "height": len(row_counts(state.pyramids[i])),
             "rows": " · ".join(str(n) for n in reversed(row_counts(state.pyramids[i]))) or "—"}
            for i in ranking(state)]
    lines = end_lines(state, lang)
    return {"rows": rows, "title": lines[0], "why": lines[1]}


def announcements(state: State, lang: str) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    last = state.last
    if last is not None and last.result == TurnEnd.BUST:
        out.append({"key": f"bust-{state.turn}-{len(state.discard)}", "kind": "flag",
                    "text": t("last_bust", lang, name=state.names[last.seat], card=last.card,
                              cards=cards_text(last.cards, lang))})
    if not state.over and state.deck_size == 1:
        out.append({"key": "last-card", "kind": "last", "text": t("ann_last_card", lang)})
    if state.forced:
        out.append({"key": "deck-out", "kind": "end", "text": t("ann_deck_out", lang)})
    if state.over:
        out.append({"key": "over", "kind": "over", "text": " ".join(end_lines(state, lang))})
    return out


def chosen_card(state: State, req: TableRequest[State]) -> int | None:
    """The card the builder is placing: ``?pick=N`` if it is still to place, else the biggest (a bottom card,
    usually)."""
    if state.phase != Phase.BUILDING or not state.turned:
        return None
    raw = req.query.get("pick", [""])[0] if req.query else ""
    picked = parse_uint(raw, limit=11)
    flashed = req.flash.get("pick") if isinstance(req.flash, dict) else None
    for candidate in (picked, flashed):
        if isinstance(candidate, int) and candidate in state.turned:
            return candidate
    return max(state.turned)


def table_view(req: TableRequest[State]) -> dict[str, Any]:
    state = req.state
    lang = req.lang
    full = req.viewer.full
    answer = req.answer
    chosen = chosen_card(state, req) if full else None
    remaining = state.remaining()
    active = None if state.over else state.active
    last = state.last
    can = answer.get("can", {})
    risk_on = bool(answer.get("options", {}).get("risk", True))
    cells = grid(state.pyramids[state.active]) if chosen is not None else {}
    chosen_slots = slots(cells, chosen) if chosen is not None else []
    standings = standings_view(state, lang)
    return {
        "answer": answer, "phase": state.phase, "turn": state.turn,
        "active": active, "active_name": state.names[active] if active is not None else None,
        "my_turn": active is not None and req.me == active,
        "can_act": full and not state.over, "can": can,
        "deck_size": state.deck_size, "deck_total": state.deck.total,
        "deck_pile": list(range(min(4, (state.deck_size + 13) // 14))),
        "discard": list(state.discard), "discard_top": state.discard[-4:],
        "turned": list(state.turned) if state.phase == Phase.TURNING else [],
        "acquired": list(state.acquired), "to_place": sorted(state.turned, reverse=True)
        if state.phase == Phase.BUILDING else [],
        "chosen": chosen, "chosen_slots": len(chosen_slots),
        "slots_text": slots_text(cells, chosen, lang) if chosen is not None else "",
        "forced": state.forced,
        "left": {v: remaining[v] for v in NUMBERS},
        "risk_on": risk_on, "risk": risk_view(state, lang, risk_on),
        "players": players_view(state, req.me, lang, chosen),
        "last_text": None if last is None else (
            t("last_bust", lang, name=state.names[last.seat], card=last.card, cards=cards_text(last.cards, lang))
            if last.result == TurnEnd.BUST else
            t("last_built", lang, name=state.names[last.seat], cards=cards_text(last.cards, lang))),
        "last_kind": None if last is None else last.result,
        "standings": standings, "end_title": standings["title"] if standings else None,
        "announcements": announcements(state, lang),
    }
