"""Cracker's presentation for the shared pages: the table view, one sentence per logged action, where each
form's refusal is shown (a declaration with its typed hand echoed back), the page title between rounds and
the rules page of one table. The forms themselves (a number button, pair, declare with the hand typed, the
highest number, end of round, next round) are read by the platform from the action declarations. No Flask;
no script needed: every control is a plain form."""

from __future__ import annotations

from typing import Any

from ..moves import Posted
from ..pairs import deck_of
from ..ui import FormReply, GameUI, parse_uint
from .actions import Action
from .history import describe
from .state import State
from .texts import CR, t, tn
from .views import table_view

MAX_HAND_TEXT = 120  # characters of a typed hand echoed back after a refusal (the flash rides in a cookie)


def _seat(posted: Posted) -> str:
    """The posted seat as the page names its places ("declare-1"): a number as a number, other text cut short."""
    raw = (posted.get("seat") or [""])[0]
    seat = parse_uint(raw.strip(), limit=100)
    return str(seat) if seat is not None else raw[:12]


def _form_reply(kind: str, posted: Posted) -> FormReply:
    """A refused declaration stays in its seat's form with the hand as typed; a highest number by its row;
    a card, a pair or the end of a round at the action panel."""
    if kind in ("draw", "pass", "pair", "end_round"):
        return FormReply("bar", anchor="#cr-act")
    if kind == "declare":
        seat = _seat(posted)
        text = (posted.get("hand") or [""])[0][:MAX_HAND_TEXT]
        return FormReply(f"declare-{seat}", anchor=f"#declare-{seat}", flash={"hand_text": {seat[:2]: text}})
    if kind == "reveal":
        return FormReply(f"reveal-{_seat(posted)}", anchor="#cr-reveal")
    return FormReply("bar")


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


def _rules_for_table(lang: str, options: dict[str, Any]) -> dict[str, Any]:
    """The rules page opened from a table: its own deck (PD5) and match length (CR10)."""
    deck = deck_of(options)
    counts = ", ".join(f"{v}×{deck.count(v)}" for v in range(1, 11))
    rounds = options.get("rounds", 3)
    return {"table_note": tn("rules_table_note", rounds, lang, rounds=rounds, counts=counts,
                             deck=tn("rules_deck_of", deck.total, lang))}


def _page_title(view: dict[str, Any], lang: str) -> str:
    """Whose turn it is; between rounds (nobody's turn) that the highest numbers are awaited."""
    if view["over"]:
        return t("game_over", lang)
    if view.get("active_name"):
        return t("turn_of", lang, name=view["active_name"])
    return t("reveal_status", lang, r=view.get("round", 1))


UI: GameUI[State, Action] = GameUI(
    texts=CR,
    table_template="cracker/_table.html",
    table_view=table_view,
    describe=describe,
    rules_template="cracker/rules.html",
    rules_for_table=_rules_for_table,
    styles=("pairs:pairs.css", "cracker.css"),
    form_reply=_form_reply,
    error_shown=_error_shown,
    clean_flash=_clean_flash,
    page_title=_page_title,
)
