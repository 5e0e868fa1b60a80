"""Pyramid's presentation for the shared pages: the table view, one sentence per logged action, how its forms
(the number picker, stop, a slot of the pyramid) become actions, and where a refusal is shown. No Flask: the
web layer hands in plain values. Every page works without script; static/js/games/pyramid.js only adds the
risk switch (a table setting, sent through the JSON API)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..base import RuleError
from ..ui import FormIntent, GameUI, TableRequest
from .actions import parse_action
from .history import describe
from .texts import JS_TEXT, PY, t
from .views import pyramid_view, table_view


def _view(req: TableRequest) -> dict[str, Any]:
    return table_view(req, req.state)


def _describe(before: Any, after: Any, action: dict[str, Any], seat: int | None, lang: str,
              options: dict[str, Any]) -> str:
    try:
        parsed = parse_action(action, before)
    except RuleError:  # a log this engine cannot read: still say something
        return t("h_unknown", lang, p="?", type=str(action.get("type", "?"))[:20])
    return describe(before, after, parsed, seat, lang)


def _describe_setting(changes: dict[str, Any], lang: str) -> tuple[str, bool]:
    risk = changes.get("risk")
    if isinstance(risk, bool):
        return t("h_risk_on" if risk else "h_risk_off", lang), True
    return t("h_settings", lang), False


def _small_int(raw: Any, lo: int, hi: int) -> int | None:
    """A form's number (text, possibly negative) within lo..hi, else None."""
    if not isinstance(raw, str) or not 1 <= len(raw.strip()) <= 4:
        return None
    text = raw.strip()
    digits = text[1:] if text.startswith("-") else text
    if not digits or digits.strip("0123456789"):
        return None
    value = int(text)
    return value if lo <= value <= hi else None


def _form_intent(form: Any, state: Any, options: dict[str, Any]) -> FormIntent:
    kind = form.get("type", "")
    if kind == "turn":
        card = _small_int(form.get("card", ""), 1, 10)
        return FormIntent({"type": "turn", "card": card if card is not None else -1}, where="picker",
                          anchor="#turning")
    if kind == "stop":
        return FormIntent({"type": "stop"}, where="bar")
    if kind == "place":
        card = _small_int(form.get("card", ""), 1, 10)
        row, _, x = str(form.get("slot", ""))[:12].partition(":")
        r, xx = _small_int(row, 1, 300), _small_int(x, -300, 300)
        flash = {"pick": card} if card is not None else {}
        back = {"flash": flash, "where": "build", "anchor": "#build"}
        if card is None or r is None or xx is None:
            return FormIntent(None, error=("form_pick_slot", PY.t("form_pick_slot", "en"),
                                           PY.t("form_pick_slot", "ja")), **back)
        return FormIntent({"type": "place", "card": card, "row": r, "x": xx}, **back)
    return FormIntent({"type": str(kind)[:20]})


def _error_shown(view: dict[str, Any], where: str | None) -> bool:
    if where in ("top", "bar"):
        return True
    if where == "picker":
        return view.get("phase") == "turning" and bool(view.get("can_act"))
    if where == "build":
        return view.get("phase") == "building" and bool(view.get("can_act"))
    return False


def _clean_flash(flash: dict[str, Any]) -> dict[str, Any]:
    pick = flash.get("pick")
    return {"pick": pick} if isinstance(pick, int) and not isinstance(pick, bool) and 1 <= pick <= 10 else {}


CSV_COLUMNS = ("type", "card", "row", "x", "player")


def _csv_cells(action: dict[str, Any]) -> list[Any]:
    return [action.get(k, "") for k in CSV_COLUMNS]


def _rules_context(lang: str) -> dict[str, Any]:
    from .rules import new_game

    demo = new_game(("A", "B"), 0, {})
    built = ((1, 0, 9), (1, 1, 6), (1, 2, 3), (1, 3, 8), (2, 0, 6), (2, 1, 2), (3, 0, 2))
    demo = replace(demo, pyramids=(built, ()))
    return {"example": pyramid_view(demo, 0, lang), "example_slots": pyramid_view(demo, 0, lang, 3)}


def _page_title(view: dict[str, Any], lang: str) -> str:
    if view.get("ranking"):
        return t("game_over", lang)
    return t("turn_of", lang, name=view.get("active_name") or "?")


UI = GameUI(
    texts=PY,
    table_template="pyramid/_table.html",
    table_view=_view,
    describe=_describe,
    rules_template="pyramid/rules.html",
    rules_context=_rules_context,
    scripts=("js/games/pyramid.js",),
    styles=("css/pairs.css", "css/pyramid.css"),
    js_text=JS_TEXT,
    form_intent=_form_intent,
    error_shown=_error_shown,
    clean_flash=_clean_flash,
    describe_setting=_describe_setting,
    csv_columns=CSV_COLUMNS,
    csv_cells=_csv_cells,
    page_title=_page_title,
)
