"""The Pairs' presentation for the shared pages: the table view, one sentence per logged action, and how its
forms (a card onto a pile or the place, the place card onto a pile, the draw, pass, "I cannot play") become
actions. No Flask: the web layer hands in plain values. Every control is a real form: no script needed."""

from __future__ import annotations

import re
from typing import Any

from ..base import RuleError
from ..ui import FormIntent, GameUI, TableRequest, parse_uint
from .actions import parse_action
from .history import describe
from .texts import TP, t
from .views import table_view

MAX_STUCK_TEXT = 120
_SPLIT = re.compile(r"[\s,、，・]+")


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
    return (code, TP.t(code, "en", **params), TP.t(code, "ja", **params))


def _form_intent(form: Any, state: Any, options: dict[str, Any]) -> FormIntent:
    kind = str(form.get("type", ""))[:20]
    if kind == "play":
        source = form.get("from", "hand")
        action: dict[str, Any] = {"type": "play", "to": str(form.get("to", ""))[:10]}
        if source == "place":
            action["from"] = "place"
        raw = form.get("card", "")
        if raw:
            card = parse_uint(raw.strip(), limit=100)
            action["card"] = card if card is not None else raw[:10]
        return FormIntent(action, where="play")
    if kind == "draw":
        return FormIntent({"type": "draw", "from": str(form.get("from", ""))[:10]}, where="play")
    if kind == "stuck":
        text = form.get("hand", "")[:MAX_STUCK_TEXT]
        back = {"flash": {"stuck_text": text}, "where": "stuck", "anchor": "#stuck"}
        words = [w for w in _SPLIT.split(text.strip()) if w]
        hand = []
        for word in words:
            card = parse_uint(word, limit=11)
            if card is None or card == 0:
                return FormIntent(None, error=_form_error("form_bad_hand", word=word[:12]), **back)
            hand.append(card)
        return FormIntent({"type": "stuck", **({"hand": hand} if words else {})}, **back)
    return FormIntent({"type": kind}, where="play")


def _error_shown(view: dict[str, Any], where: str | None) -> bool:
    if where in ("top", "bar"):
        return True
    controls = view.get("controls") or {}
    if where == "play":
        return bool(view.get("can_act"))
    if where == "stuck":
        return bool(view.get("can_act")) and controls.get("step") == "play"
    return False


def _clean_flash(flash: dict[str, Any]) -> dict[str, Any]:
    text = flash.get("stuck_text")
    return {"stuck_text": text[:MAX_STUCK_TEXT]} if isinstance(text, str) else {}


CSV_COLUMNS = ("type", "card", "from", "to", "hand", "player")


def _csv_cells(action: dict[str, Any]) -> list[Any]:
    hand = action.get("hand")
    return [action.get("type", ""), action.get("card", ""), action.get("from", ""), action.get("to", ""),
            " ".join(map(str, hand)) if isinstance(hand, list) else "", action.get("player", "")]


def _rules_context(lang: str) -> dict[str, Any]:
    return {}


def _page_title(view: dict[str, Any], lang: str) -> str:
    end = view.get("end")
    if end:
        return str(end["title"])
    return t("turn_of", lang, name=view.get("active_name") or "?")


UI = GameUI(
    texts=TP,
    table_template="the-pairs/_table.html",
    table_view=_view,
    describe=_describe,
    rules_template="the-pairs/rules.html",
    rules_context=_rules_context,
    styles=("css/pairs.css", "css/the-pairs.css"),
    form_intent=_form_intent,
    error_shown=_error_shown,
    clean_flash=_clean_flash,
    csv_columns=CSV_COLUMNS,
    csv_cells=_csv_cells,
    page_title=_page_title,
)
