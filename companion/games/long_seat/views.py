"""What Long Seat's pages show, computed from a table request: plain dicts for the templates (no Flask here).

The deck, the row (cards laid this turn marked), the risk of the next card (LS10, when the table shows it),
each player's face-up cards and face-down stack with the score, the action area (number picker and stop),
the final standings with the tie-break said in words, and the announcements.
"""

from __future__ import annotations

from typing import Any

from ..ui import TableRequest
from .rules import decided_by, ranking, risk, winners
from .state import EndKind, State
from .texts import cards_text, count_text, join_names, t, tn

PILE_MAX = 8  # layers drawn for the deck pile
STACK_MAX = 8  # cards drawn in a face-down stack


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("±0" if n == 0 else f"−{-n}")


def winners_text(state: State, lang: str) -> str:
    names = [state.names[i] for i in winners(state)]
    if len(names) == 1:
        return t("winner_one", lang, name=names[0])
    return t("winner_many", lang, names=join_names(names, lang))


def row_view(state: State, lang: str, with_risk: bool) -> list[dict[str, Any]]:
    """The row in order; the cards the active player laid this turn are the last ``laid`` ones. With the risk
    shown (LS10), each card carries how many of its number are left and how many cards a pair on it takes."""
    fresh_from = len(state.row) - state.laid
    found = {v: (k, c) for v, k, c in risk(state).numbers} if with_risk else {}
    out = []
    for i, c in enumerate(state.row):
        new = i >= fresh_from and not state.over
        view: dict[str, Any] = {"n": c, "new": new, "label": t("card_new" if new else "card_label", lang, n=c),
                                "risk": None}
        if c in found:
            left, takes = found[c]
            view["risk"] = {"left": left, "left_text": t("cap_left", lang, n=left),
                            "takes": t("cap_takes", lang, n=takes),
                            "spoken": tn("cap_spoken", takes, lang, card=c, n=left, takes=takes)}
        out.append(view)
    return out


def risk_view(state: State, lang: str) -> dict[str, Any]:
    found = risk(state)
    pct = f"{float(found.pair) * 100:.1f}"
    frac = f"{found.pair.numerator}/{found.pair.denominator}"
    if not state.row:
        headline = t("risk_empty", lang)
    elif found.pair == 0:
        headline = t("risk_none", lang)
    else:
        headline = t("risk_pair", lang, frac=frac, pct=pct)
    return {"headline": headline, "frac": frac, "pct": pct, "meter": round(float(found.pair), 4),
            "level": "high" if found.pair >= 0.4 else "mid" if found.pair >= 0.2 else "low",
            "stop": (t("risk_stop", lang, n=found.flips) if found.flips else t("risk_stop_none", lang))
            if state.laid else None}


def players_view(state: State, me: int | None, lang: str) -> list[dict[str, Any]]:
    out = []
    for i, name in enumerate(state.names):
        up, down = state.up[i], len(state.down[i])
        out.append({
            "seat": i, "name": name, "me": me == i, "active": state.active == i and not state.over,
            "up": list(up), "down": down, "down_stack": list(range(min(down, STACK_MAX))),
            "score": signed(state.score(i)), "up_text": t("face_up_n", lang, n=len(up)),
            "down_text": t("face_down_n", lang, n=down),
            "up_label": t("face_up_cards", lang, name=name, cards=cards_text(up, lang) or "—"),
            "down_label": t("face_down_cards", lang, name=name, n=down),
        })
    return out


def standings_view(state: State, lang: str) -> dict[str, Any] | None:
    if not state.over:
        return None
    best = set(winners(state))
    rows, place, last = [], 0, None
    for k, i in enumerate(ranking(state)):
        key = (state.score(i), len(state.down[i]))
        if key != last:
            place, last = k + 1, key
        rows.append({"seat": i, "name": state.names[i], "place": place, "winner": i in best,
                     "down": len(state.down[i]), "up": len(state.up[i]), "score": signed(state.score(i))})
    return {"rows": rows, "winners_text": winners_text(state, lang),
            "decided": t(f"decided_{decided_by(state)}", lang),
            "row_left": t("row_left_end", lang, cards=cards_text(state.row, lang)) if state.row else None}


def announcements(state: State, lang: str) -> list[dict[str, str]]:
    """Milestones each device announces once: a pair, the last card, the end."""
    out: list[dict[str, str]] = []
    end = state.last_end
    if end is not None and end.kind == EndKind.PAIR:
        out.append({"key": f"pair-{state.turn}", "kind": "flag",
                    "text": t("ann_pair", lang, card=end.taken[0], name=state.names[end.seat],
                              count=count_text(len(end.taken), lang))})
    if state.deck_size == 1 and not state.over:
        out.append({"key": "last-card", "kind": "last", "text": t("ann_last", lang)})
    if state.over:
        out.append({"key": "over", "kind": "over", "text": winners_text(state, lang)})
    return out


def table_view(req: TableRequest[State]) -> dict[str, Any]:
    state, lang = req.state, req.lang
    full = req.viewer.full
    risk_on = bool(req.answer.get("options", {}).get("risk", True))
    running = not state.over
    active = state.active if running else None
    left = state.left()
    flips = min(state.laid, len(state.up[state.active]))
    return {
        "answer": req.answer, "turn": state.turn + 1,
        "deck": state.deck_size, "deck_total": state.deck.total,
        "deck_pile": list(range(min(PILE_MAX, (state.deck_size + 6) // 7))),
        "deck_text": tn("deck_n", state.deck_size, lang),
        "row": row_view(state, lang, risk_on and running), "row_count": count_text(len(state.row), lang),
        "laid": state.laid, "players": players_view(state, req.me, lang),
        "active": active, "active_name": state.names[active] if active is not None else None,
        "my_turn": active is not None and req.me == active,
        "can_act": full and running, "can_stop": running and state.laid > 0,
        "stop_sub": (t("stop_sub", lang, n=flips) if flips else t("stop_sub_none", lang)) if state.laid
        else t("stop_need", lang),
        "risk_on": risk_on, "risk": risk_view(state, lang) if risk_on and running else None,
        "left": {v: max(k, 0) for v, k in left.items()} if risk_on else None,
        "standings": standings_view(state, lang),
        "end_title": winners_text(state, lang) if state.over else None,
        "announcements": announcements(state, lang),
        "last_card": running and state.deck_size == 1,
    }
