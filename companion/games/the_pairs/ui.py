"""The Pairs' presentation for the shared pages: the table view, one sentence per logged action, and where
each form's refusal is shown. The forms themselves (a card onto a pile or the place, the place card onto a
pile, the draw, pass, "I cannot play") are read by the platform from the action declarations. No Flask: the
web layer hands in plain values. Every control is a real form: no script needed."""

from __future__ import annotations

from typing import Any

from ..moves import Posted
from ..ui import FormReply, GameUI
from .actions import Action
from .history import describe
from .state import State, Step
from .texts import TP
from .views import table_view

MAX_STUCK_TEXT = 120


def _form_reply(kind: str, posted: Posted) -> FormReply:
    """A refusal of "I cannot play" stays in its panel with the hand as typed; every other by the controls."""
    if kind == "stuck":
        text = (posted.get("hand") or [""])[0][:MAX_STUCK_TEXT]
        return FormReply("stuck", anchor="#stuck", flash={"stuck_text": text})
    return FormReply("play")


def _error_shown(view: dict[str, Any], where: str | None) -> bool:
    if where in ("top", "bar"):
        return True
    controls = view.get("controls") or {}
    if where == "play":
        return bool(view.get("can_act"))
    if where == "stuck":  # the panel is drawn only while "I cannot play" is open to the player
        return bool(view.get("can_act")) and controls.get("step") == Step.PLAY and bool(controls.get("can_stuck"))
    return False


def _clean_flash(flash: dict[str, Any]) -> dict[str, Any]:
    text = flash.get("stuck_text")
    return {"stuck_text": text[:MAX_STUCK_TEXT]} if isinstance(text, str) else {}


UI: GameUI[State, Action] = GameUI(
    texts=TP,
    table_template="the-pairs/_table.html",
    table_view=table_view,
    describe=describe,
    rules_template="the-pairs/rules.html",
    styles=("pairs:pairs.css", "the-pairs.css"),
    form_reply=_form_reply,
    error_shown=_error_shown,
    clean_flash=_clean_flash,
)
