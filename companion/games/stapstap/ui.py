"""すたっぷすたっぷ's presentation for the shared pages: the table view, one sentence per logged (redacted) action,
how its forms become actions (numbers arrive as text), and the CSV columns. No Flask."""

from __future__ import annotations

from typing import Any

from ..base import RuleError
from ..ui import FormIntent, GameUI, TableRequest, parse_uint
from .history import describe
from .texts import JS_TEXT, ST, t
from .views import die_view, table_view

INT_FIELDS = ("face", "card", "seat", "player", "parent")


def _describe(before: Any, after: Any, action: dict[str, Any], seat: int | None, lang: str,
              options: dict[str, Any]) -> str:
    try:
        return describe(before, after, action, seat, lang)
    except (RuleError, KeyError, IndexError, TypeError, AttributeError):  # a log this engine cannot read
        return t("h_unknown", lang, p="?", type=str(action.get("type", "?")))


def _form_intent(form: Any, state: Any, options: dict[str, Any]) -> FormIntent:
    kind = str(form.get("type", ""))[:20]
    action: dict[str, Any] = {"type": kind}
    for key in INT_FIELDS:
        raw = form.get(key)
        if raw is not None and raw != "":
            value = parse_uint(raw.strip(), limit=1000)
            action[key] = value if value is not None else raw[:10]
    if kind == "cards":
        picked = [parse_uint(x, limit=10) for x in form.getlist("cards")[:6]]
        action["cards"] = [x for x in picked if x is not None]
        return FormIntent(action, where="setup")
    if kind == "pay":
        action["what"] = str(form.get("what", ""))[:8]
    if kind == "points":
        table = []
        for card in range(1, 7):
            row = []
            for face in range(1, 7):
                value = parse_uint(str(form.get(f"p_{card}_{face}", "")).strip(), limit=1000)
                row.append(value if value is not None else -1)
            table.append(row)
        action["table"] = table
        return FormIntent(action, where="setup", anchor="#st-points")
    return FormIntent(action)


def _error_shown(view: dict[str, Any], where: str | None) -> bool:
    if where == "setup":
        return view.get("step") == "setup"
    return where in ("top", "bar")


CSV_COLUMNS = ("type", "player", "face", "card", "what", "seat", "cards", "commit", "salt")


def _csv_cells(action: dict[str, Any]) -> list[Any]:
    cards = action.get("cards")
    if isinstance(cards, list):
        cards = " ".join("-".join(map(str, c)) if isinstance(c, list) else str(c) for c in cards if c is not None)
    return [action.get("type", ""), action.get("player", ""), action.get("face", ""), action.get("card", ""),
            action.get("what", ""), action.get("seat", ""), cards or "", action.get("commit", ""),
            action.get("salt", "")]


def _page_title(view: dict[str, Any], lang: str) -> str:
    return str(view.get("headline") or t("game_over", lang))


def _rules_context(lang: str) -> dict[str, Any]:
    return {"faces": [die_view(f, lang) for f in range(1, 7)]}


def _view(req: TableRequest) -> dict[str, Any]:
    return table_view(req)


UI = GameUI(
    texts=ST,
    table_template="stapstap/_table.html",
    table_view=_view,
    describe=_describe,
    rules_template="stapstap/rules.html",
    rules_context=_rules_context,
    scripts=("stapstap.js",),
    styles=("stapstap.css",),
    js_text=JS_TEXT,
    form_intent=_form_intent,
    error_shown=_error_shown,
    csv_columns=CSV_COLUMNS,
    csv_cells=_csv_cells,
    page_title=_page_title,
)
