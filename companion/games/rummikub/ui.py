"""Rummikub's presentation for the shared pages: the table view, one sentence per logged action, where a
form's refusal is shown (the timer, the typed play, each rack's entry) and what it echoes back, the rules page's
examples. The forms themselves (draw, pass, timeout, next round, rack entry and the no-script typed play) are
read by the platform from the action declarations. No Flask: the web layer hands in plain values. The draft
editor and the private rack assistant are script (``static/rummikub*.js``) talking to the JSON API (``check``,
``actions``, ``hints``)."""

from __future__ import annotations

from typing import Any

from ..moves import Posted
from ..ui import FormReply, GameUI, parse_uint
from .actions import Action
from .history import describe
from .state import State
from .texts import JS_TEXT, RK, t
from .views import picker_rows, table_view, tile_view

MAX_TEXT = 600  # characters of a typed table echoed back after a refusal (the flash rides in a cookie)
MAX_RACK_TEXT = 200


def _describe_setting(changes: dict[str, Any], lang: str) -> tuple[str, bool] | None:
    """The assistant switch is shown in the history: everyone at the table should know it changed. Any other
    setting is left to the platform (not shown)."""
    hints = changes.get("hints")
    if isinstance(hints, bool):
        return t("h_hints_on" if hints else "h_hints_off", lang), True
    return None


def _form_reply(kind: str, posted: Posted) -> FormReply:
    """A timeout's refusal stays by the timer; the typed play comes back open with what was typed; a rack's
    entry by its seat, with what was typed; the rest by the action bar."""
    if kind == "timeout":
        return FormReply("timer")
    if kind == "play":
        text = (posted.get("table") or [""])[0]
        return FormReply("play", anchor="#play-text", flash={"play_text": text[:MAX_TEXT]}, query="?play=text")
    if kind == "rack":
        seat = parse_uint((posted.get("seat") or [""])[0].strip(), limit=8)
        if seat is None:
            return FormReply("top", anchor="#racks")
        text = (posted.get("tiles") or [""])[0]
        return FormReply(f"rack-{seat}", anchor="#racks", flash={"rack_text": {str(seat): text[:MAX_RACK_TEXT]}})
    return FormReply("bar")


def _error_shown(view: dict[str, Any], where: str | None) -> bool:
    """Whether the page shows the place of a refusal now (else the platform shows it at the top)."""
    if where in ("top", "bar"):
        return True
    if where == "play":
        return bool(view.get("can_act"))
    if where == "timer":
        return bool(view.get("can_act")) and view.get("timer") is not None
    if where and where.startswith("rack-"):  # a rack still to enter has its form (an entered one none)
        return any(where == f"rack-{r['seat']}" and not r["entered"] for r in view.get("racks") or ())
    return False


def _clean_flash(flash: dict[str, Any]) -> dict[str, Any]:
    """The flash as kept in the (signed, size-limited) session cookie: short texts only."""
    out: dict[str, Any] = {}
    text = flash.get("play_text")
    if isinstance(text, str):
        out["play_text"] = text[:MAX_TEXT]
    racks = flash.get("rack_text")
    if isinstance(racks, dict):
        out["rack_text"] = {str(k)[:2]: str(v)[:MAX_RACK_TEXT] for k, v in list(racks.items())[:4]}
    return out


def _csv_cells(action: dict[str, Any]) -> list[Any]:
    """The log's CSV row in the columns the declarations give (type, table, seat, tiles, player): a table as its
    sets, " | " between them, a kind only where one was given."""
    table = action.get("table")
    sets = []
    for s in table if isinstance(table, list) else []:
        if isinstance(s, dict):
            tiles = " ".join(map(str, s.get("tiles", [])))
            sets.append(f"{tiles} ({s['kind']})" if s.get("kind") else tiles)
        elif isinstance(s, list):
            sets.append(" ".join(map(str, s)))
    return [action.get("type", ""), " | ".join(sets), action.get("seat", ""),
            " ".join(map(str, action.get("tiles", []) or [])), action.get("player", "")]


def _rules_context(lang: str) -> dict[str, Any]:
    def tv(*tiles: str, stands: tuple[str | None, ...] = ()) -> list[dict[str, Any]]:
        stands = stands or (None,) * len(tiles)
        return [tile_view(x, lang, s) for x, s in zip(tiles, stands, strict=True)]

    return {"ex_run": tv("r5", "r6", "r7"), "ex_group": tv("b10", "r10", "k10"),
            "ex_joker": tv("r9", "J", "r11", stands=(None, "r10", None)),
            "ex_joker_group": tv("b5", "J", "y5", stands=(None, "*5", None)),
            "ex_wrap": tv("b12", "b13", "b1"), "ex_repeat": tv("b10", "b10", "r10"),
            "ex_ambiguous": tv("J", "J", "r5", stands=("r3", "r4", None)),
            "ex_before": [tv("b10", "r10", "y10", "k10")], "ex_rack": tv("k8", "k9"),
            "ex_after": [tv("b10", "r10", "y10"), tv("k8", "k9", "k10")],
            "picker": picker_rows(lang)}


def _js_extra(lang: str) -> dict[str, str]:
    """Colour names for the script's spoken tile labels."""
    from .tilenames import COLOURS, colour_name

    return {f"colour_{c}": colour_name(c, lang) for c in COLOURS}


def _page_title(view: dict[str, Any], lang: str) -> str:
    """Whose turn it is; between rounds, that the round is over; once over, that the match is."""
    if view.get("over"):
        return t("game_over", lang)
    if view.get("active_name"):
        return t("turn_of", lang, name=view["active_name"])
    return t("round_over_title", lang, r=view.get("round", 1))


UI: GameUI[State, Action] = GameUI(
    texts=RK,
    table_template="rummikub/_table.html",
    table_view=table_view,
    describe=describe,
    rules_template="rummikub/rules.html",
    rules_context=_rules_context,
    scripts=("rummikub.js", "rummikub-editor.js"),
    styles=("rummikub.css", "rummikub-centre.css"),
    js_text=JS_TEXT,
    js_extra=_js_extra,
    form_reply=_form_reply,
    error_shown=_error_shown,
    clean_flash=_clean_flash,
    describe_setting=_describe_setting,
    csv_cells=_csv_cells,
    page_title=_page_title,
)
