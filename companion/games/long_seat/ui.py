"""Long Seat's presentation for the shared pages: the table view, one sentence per logged action, how its
two forms (a number from the picker, stop) become actions, the risk switch's history line and the export
columns. No Flask: the web layer hands in plain values. Every page works without script; the only script
(static/js/games/long-seat.js) flips the table's risk setting through the settings API."""

from __future__ import annotations

from typing import Any

from ..base import RuleError
from ..ui import FormIntent, GameUI, TableRequest, parse_uint
from .actions import parse_action
from .deckform import form_context, parse_form
from .history import describe
from .texts import JS_TEXT, LS, t
from .views import table_view


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
    """The risk switch is shown in the history: everyone at the table should know the display changed."""
    on = changes.get("risk")
    if isinstance(on, bool):
        return t("h_risk_on" if on else "h_risk_off", lang), True
    return t("h_settings", lang), False


def _form_intent(form: Any, state: Any, options: dict[str, Any]) -> FormIntent:
    kind = form.get("type", "")
    if kind == "lay":
        card = parse_uint(form.get("card", "").strip(), limit=100)
        # a number outside 1–10 (or none) goes on as -1 so the rules refuse it in words
        return FormIntent({"type": "lay", "card": card if card is not None else -1}, where="lay", anchor="#lay")
    if kind == "stop":
        return FormIntent({"type": "stop"})
    return FormIntent({"type": str(kind)[:20]})


CSV_COLUMNS = ("type", "card", "player", "risk")


def _csv_cells(action: dict[str, Any]) -> list[Any]:
    return [action.get("type", ""), action.get("card", ""), action.get("player", ""), action.get("risk", "")]


def _error_shown(view: dict[str, Any], where: str | None) -> bool:
    if where in ("top", "bar"):
        return True
    return where == "lay" and bool(view.get("can_act"))


def _page_title(view: dict[str, Any], lang: str) -> str:
    if view.get("ranking"):
        return t("game_over", lang)
    return t("turn_of", lang, name=view.get("active_name") or "?")


def _rules_context(lang: str) -> dict[str, Any]:
    return {"example_row": [2, 7, 3, 9], "example_taken": [3, 9, 3]}


UI = GameUI(
    texts=LS,
    table_template="long-seat/_table.html",
    table_view=_view,
    describe=_describe,
    rules_template="long-seat/rules.html",
    rules_context=_rules_context,
    scripts=("js/games/long-seat.js",),
    styles=("pairs:pairs.css", "css/long-seat.css"),
    js_text=JS_TEXT,
    form_intent=_form_intent,
    error_shown=_error_shown,
    describe_setting=_describe_setting,
    csv_columns=CSV_COLUMNS,
    csv_cells=_csv_cells,
    page_title=_page_title,
    option_template="long-seat/_deck_form.html",
    option_context=form_context,
    option_form=parse_form,
    option_styles=("pairs:pairs.css", "css/long-seat.css"),
)
