"""Long Seat's presentation for the shared pages: the table view, one sentence per logged action, where each
form's refusal is shown, the rules page's example and the start page's deck editor. The forms (a number from
the picker, stop) are read by the platform from the action declarations; the risk switch's history line is
the option's own (``Option.said``). No Flask: the web layer hands in plain values. Every page works without
script; the only script (``static/long-seat.js``) flips the table's risk setting through the settings API."""

from __future__ import annotations

from typing import Any

from ..moves import Posted
from ..ui import FormReply, GameUI
from .actions import Action
from .deckform import form_context, parse_form
from .history import describe
from .state import State
from .texts import LS
from .views import table_view


def _form_reply(kind: str, posted: Posted) -> FormReply:
    """A refused card stays at the number picker; a refused stop by the action bar."""
    if kind == "lay":
        return FormReply("lay", anchor="#lay")
    return FormReply("bar")


def _error_shown(view: dict[str, Any], where: str | None) -> bool:
    if where in ("top", "bar"):
        return True
    return where == "lay" and bool(view.get("can_act"))


def _rules_context(lang: str) -> dict[str, Any]:
    return {"example_row": [2, 7, 3, 9], "example_taken": [3, 9, 3]}


UI: GameUI[State, Action] = GameUI(
    texts=LS,
    table_template="long-seat/_table.html",
    table_view=table_view,
    describe=describe,
    rules_template="long-seat/rules.html",
    rules_context=_rules_context,
    scripts=("long-seat.js",),
    styles=("pairs:pairs.css", "long-seat.css"),
    form_reply=_form_reply,
    error_shown=_error_shown,
    option_template="long-seat/_deck_form.html",
    option_context=form_context,
    option_form=parse_form,
    option_styles=("pairs:pairs.css", "long-seat.css"),
)
