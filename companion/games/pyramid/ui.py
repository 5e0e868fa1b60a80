"""Pyramid's presentation for the shared pages: the table view, one sentence per logged action, where each
form's refusal is shown, and the rules page's drawn example. The forms (the number picker, stop, a slot of
the pyramid) are read by the platform from the action declarations. No Flask: the web layer hands in plain
values. Every page works without script; ``static/pyramid.js`` only adds the risk switch (a table setting,
sent through the JSON API)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..moves import Posted
from ..ui import FormReply, GameUI, parse_uint
from .actions import Action
from .history import describe
from .rules import new_game
from .state import Phase, State
from .texts import PY
from .views import pyramid_view, table_view


def _form_reply(kind: str, posted: Posted) -> FormReply:
    """A refused card stays at the picker; a refused placement at the pyramid, with the card still chosen."""
    if kind == "turn":
        return FormReply("picker", anchor="#turning")
    if kind == "place":
        card = parse_uint((posted.get("card") or [""])[0], limit=11)
        return FormReply("build", anchor="#build", flash={"pick": card} if card else {})
    return FormReply("bar")


def _error_shown(view: dict[str, Any], where: str | None) -> bool:
    if where in ("top", "bar"):
        return True
    if where == "picker":
        return view.get("phase") == Phase.TURNING and bool(view.get("can_act"))
    if where == "build":
        return view.get("phase") == Phase.BUILDING and bool(view.get("can_act"))
    return False


def _clean_flash(flash: dict[str, Any]) -> dict[str, Any]:
    pick = flash.get("pick")
    return {"pick": pick} if isinstance(pick, int) and not isinstance(pick, bool) and 1 <= pick <= 10 else {}


def _rules_context(lang: str) -> dict[str, Any]:
    """A pyramid drawn on the rules page, with the slots a 3 could take."""
    demo = new_game(("A", "B"), 0, {})
    built = ((1, 0, 9), (1, 1, 6), (1, 2, 3), (1, 3, 8), (2, 0, 6), (2, 1, 2), (3, 0, 2))
    demo = replace(demo, pyramids=(built, ()))
    return {"example": pyramid_view(demo, 0, lang), "example_slots": pyramid_view(demo, 0, lang, 3)}


UI: GameUI[State, Action] = GameUI(
    texts=PY,
    table_template="pyramid/_table.html",
    table_view=table_view,
    describe=describe,
    rules_template="pyramid/rules.html",
    rules_context=_rules_context,
    scripts=("pyramid.js",),
    styles=("pairs:pairs.css", "pyramid.css"),
    form_reply=_form_reply,
    error_shown=_error_shown,
    clean_flash=_clean_flash,
)
