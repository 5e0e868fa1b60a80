"""すたっぷすたっぷ's presentation for the shared pages: the table view, one sentence per logged (redacted) action,
where a refused form is shown, the page title (the table's headline) and the log's CSV columns. The forms
themselves (cards, points, roll, declare, pass or doubt, the opened box, pay, take, the next game) are read by
the platform from the action declarations. No Flask."""

from __future__ import annotations

from typing import Any

from ..moves import Posted
from ..ui import FormReply, GameUI
from .actions import Action
from .history import describe
from .state import State, Step
from .texts import ST
from .views import die_view, table_view


def _form_reply(kind: str, posted: Posted) -> FormReply:
    """A refused set-up form (a player's cards, the points table) is shown in the set-up panel; any other at
    the top of the controls."""
    if kind == "cards":
        return FormReply("setup")
    if kind == "points":
        return FormReply("setup", anchor="#st-points")
    return FormReply("bar")


def _error_shown(view: dict[str, Any], where: str | None) -> bool:
    if where == "setup":
        return view.get("step") == Step.SETUP
    return where in ("top", "bar")


# The log's CSV: the action fields a reader wants, a deal's cards as "1-3-5 2-4-6", no points table.
CSV_COLUMNS = ("type", "player", "face", "card", "what", "seat", "cards", "commit", "salt")


def _csv_cells(action: dict[str, Any]) -> list[Any]:
    cards = action.get("cards")
    if isinstance(cards, list):
        cards = " ".join("-".join(map(str, c)) if isinstance(c, list) else str(c) for c in cards if c is not None)
    return [action.get("type", ""), action.get("player", ""), action.get("face", ""), action.get("card", ""),
            action.get("what", ""), action.get("seat", ""), cards or "", action.get("commit", ""),
            action.get("salt", "")]


def _page_title(view: dict[str, Any], lang: str) -> str:
    """The table's headline ("Aki declares a 4 on card 3"): says what happens now, not only whose turn it is."""
    return str(view["headline"])


def _rules_context(lang: str) -> dict[str, Any]:
    return {"faces": [die_view(f, lang) for f in range(1, 7)]}


UI: GameUI[State, Action] = GameUI(
    texts=ST,
    table_template="stapstap/_table.html",
    table_view=table_view,
    describe=describe,
    rules_template="stapstap/rules.html",
    rules_context=_rules_context,
    scripts=("stapstap.js",),
    styles=("stapstap.css",),
    form_reply=_form_reply,
    error_shown=_error_shown,
    csv_columns=CSV_COLUMNS,
    csv_cells=_csv_cells,
    page_title=_page_title,
)
