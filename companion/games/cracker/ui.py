"""Cracker's presentation for the shared pages: the table view, one sentence per logged action, how its forms
(a number button, pair, declare with the hand typed, the highest number, end of round, next round) become
actions, and where a refusal is shown. No Flask; no script needed: every control is a plain form."""

from __future__ import annotations

import re
from typing import Any

from ..base import RuleError
from ..ui import FormIntent, GameUI, TableRequest, parse_uint
from .actions import parse_action
from .history import describe
from .texts import CR, t
from .views import table_view

MAX_HAND_TEXT = 120  # characters of a typed hand echoed back after a refusal (the flash rides in a cookie)
_SPLIT = re.compile(r"[\s,、，・]+")
_FULL = str.maketrans("０１２３４５６７８９", "0123456789")  # a Japanese keyboard's digits


def _view(req: TableRequest) -> dict[str, Any]:
    return table_view(req)


def _describe(before: Any, after: Any, action: dict[str, Any], seat: int | None, lang: str,
              options: dict[str, Any]) -> str:
    try:
        parsed = parse_action(action, before)
    except RuleError:  # a log this engine cannot read: still say something
        return t("h_unknown", lang, p="?", type=str(action.get("type", "?")))
    return describe(before, after, parsed, seat, lang)


def _form_error(code: str, **params: Any) -> tuple[str, str, str]:
    return (code, CR.t(code, "en", **params), CR.t(code, "ja", **params))


def parse_hand_text(text: str) -> list[int] | tuple[str, str, str]:
    """"3 4 5" (or "３、４、５") as numbers; a refusal naming the first word that is not a card number."""
    words = [w for w in _SPLIT.split(text.translate(_FULL).strip()) if w]
    if not words:
        return _form_error("form_no_hand")
    hand = []
    for word in words[:60]:
        value = parse_uint(word, limit=11)
        if value is None or value == 0:
            return _form_error("form_bad_hand", word=word[:12])
        hand.append(value)
    return hand


def _number(form: Any, key: str) -> int | str:
    raw = form.get(key, "")
    value = parse_uint(str(raw).strip(), limit=100)
    return value if value is not None else str(raw)[:12]


def _form_intent(form: Any, state: Any, options: dict[str, Any]) -> FormIntent:
    kind = str(form.get("type", ""))[:20]
    if kind in ("draw", "pass"):
        return FormIntent({"type": kind, "card": _number(form, "card")}, anchor="#cr-act")
    if kind in ("pair", "end_round", "next_round"):
        return FormIntent({"type": kind}, anchor="#cr-act" if kind != "next_round" else "")
    if kind == "declare":
        seat = _number(form, "seat")
        text = str(form.get("hand", ""))[:1000]
        where = f"declare-{seat}"
        back: dict[str, Any] = {"flash": {"hand_text": {str(seat)[:2]: text[:MAX_HAND_TEXT]}}, "where": where,
                "anchor": f"#declare-{seat}"}
        hand = parse_hand_text(text)
        if isinstance(hand, tuple):
            return FormIntent(None, error=hand, **back)
        return FormIntent({"type": "declare", "seat": seat, "hand": hand}, **back)
    if kind == "reveal":
        seat = _number(form, "seat")
        return FormIntent({"type": "reveal", "seat": seat, "max": _number(form, "max")}, where=f"reveal-{seat}",
                          anchor="#cr-reveal")
    return FormIntent({"type": kind})


def _error_shown(view: dict[str, Any], where: str | None) -> bool:
    if where in ("top", "bar"):
        return True
    if where and where.startswith("declare-"):
        return any(f"declare-{d['seat']}" == where for d in view.get("declare") or [])
    if where and where.startswith("reveal-"):
        return bool(view.get("reveal_open"))
    return False


def _clean_flash(flash: dict[str, Any]) -> dict[str, Any]:
    """The flash as kept in the (signed, size-limited) session cookie: short texts only."""
    typed = flash.get("hand_text")
    if isinstance(typed, dict):
        return {"hand_text": {str(k)[:2]: str(v)[:MAX_HAND_TEXT] for k, v in list(typed.items())[:5]}}
    return {}


CSV_COLUMNS = ("type", "card", "seat", "hand", "max", "player")


def _csv_cells(action: dict[str, Any]) -> list[Any]:
    hand = action.get("hand")
    return [action.get("type", ""), action.get("card", ""), action.get("seat", ""),
            " ".join(map(str, hand)) if isinstance(hand, list) else "", action.get("max", ""),
            action.get("player", "")]


def _rules_for_table(lang: str, options: dict[str, Any]) -> dict[str, Any]:
    """The rules page opened from a table: its own deck (PD5) and match length (CR10)."""
    from ..pairs import deck_of

    deck = deck_of(options)
    counts = ", ".join(f"{v}×{deck.count(v)}" for v in range(1, 11))
    return {"table_note": t("rules_table_note", lang, n=deck.total, rounds=options.get("rounds", 3), counts=counts)}


def _page_title(view: dict[str, Any], lang: str) -> str:
    if view.get("ranking"):
        return t("game_over", lang)
    if view.get("active_name"):
        return t("turn_of", lang, name=view["active_name"])
    return t("reveal_status", lang, r=view.get("round", 1))


UI = GameUI(
    texts=CR,
    table_template="cracker/_table.html",
    table_view=_view,
    describe=_describe,
    rules_template="cracker/rules.html",
    rules_for_table=_rules_for_table,
    styles=("pairs:pairs.css", "css/cracker.css"),
    form_intent=_form_intent,
    error_shown=_error_shown,
    clean_flash=_clean_flash,
    csv_columns=CSV_COLUMNS,
    csv_cells=_csv_cells,
    page_title=_page_title,
)
