"""Rummikub's presentation for the shared pages: the table view, one sentence per logged action, how its forms
(draw, pass, timeout, next round, rack entry and the no-script play form) become actions, and where a refusal
is shown. No Flask: the web layer hands in plain values. The draft editor and the private rack assistant are
script (static/js/games/rummikub*.js) talking to the JSON API (``check``, ``actions``, ``hints``)."""

from __future__ import annotations

import re
from typing import Any

from ..base import RuleError
from ..texts import Msg
from ..ui import FormIntent, GameUI, TableRequest, parse_uint
from .actions import parse_action
from .errors import RummikubBadRequest
from .history import describe
from .texts import JS_TEXT, RK, t
from .tiles import parse_tile
from .views import picker_rows, table_view, tile_view

MAX_TEXT = 600  # characters of a typed table echoed back after a refusal (the flash rides in a cookie)
MAX_RACK_TEXT = 200
MAX_LINES = 40
KIND_WORDS = {"run": "run", "group": "group", "ラン": "run", "グループ": "group"}
_SPLIT = re.compile(r"[\s,、，・]+")


def _view(req: TableRequest) -> dict[str, Any]:
    return table_view(req, req.state)


def _describe(before: Any, after: Any, action: dict[str, Any], seat: int | None, lang: str,
              options: dict[str, Any]) -> str:
    try:
        parsed = parse_action(action, before)
    except RuleError:  # a log this engine cannot read: still say something
        return t("h_unknown", lang, p="?", type=str(action.get("type", "?")))
    return describe(before, after, parsed, seat, lang)


def _describe_setting(changes: dict[str, Any], lang: str) -> tuple[str, bool]:
    """Settings stay out of the table's history, except the assistant switch: everyone should see it."""
    hints = changes.get("hints")
    if isinstance(hints, bool):
        return t("h_hints_on" if hints else "h_hints_off", lang), True
    return t("h_settings", lang), False


def parse_table_text(text: str) -> list[Any]:
    """The no-script play form: one set per line in tile notation (``r9 J r11``), an optional last word
    ``run``/``group`` (or ラン/グループ) for a set that could be both (RK5d). Raises a refusal naming the line."""
    sets: list[Any] = []
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_LINES:
        raise RummikubBadRequest(code="form_too_many_lines")
    for number, line in enumerate(lines, 1):
        words = [w for w in _SPLIT.split(line.strip()) if w]
        kind = KIND_WORDS.get(words[-1].lower()) if words else None
        if kind is not None:
            words = words[:-1]
        tiles = []
        for word in words:
            try:
                tiles.append(parse_tile(word))
            except RuleError:
                raise RummikubBadRequest(code="form_bad_tile", line=number, tile=word[:12]) from None
        if not tiles:
            continue
        sets.append({"tiles": tiles, "kind": kind} if kind else tiles)
    return sets


def _form_error(code: str, count: int | None = None, **params: Any) -> tuple[str, Msg]:
    """A refusal of a form, its sentence the catalog's ``code``; ``count``: the number its plural form follows."""
    return (code, RK.msg(code, **params) if count is None else RK.msgn(code, count, **params))


def _form_intent(form: Any, state: Any, options: dict[str, Any]) -> FormIntent:
    kind = form.get("type", "")
    if kind in ("draw", "pass", "timeout", "next_round"):
        return FormIntent({"type": kind}, where="timer" if kind == "timeout" else "bar")
    if kind == "play":
        text = form.get("table", "")[:4000]
        flash = {"play_text": text[:MAX_TEXT]}
        back: dict[str, Any] = {"flash": flash, "where": "play", "anchor": "#play-text", "query": "?play=text"}
        try:
            sets = parse_table_text(text)
        except RuleError as exc:
            if exc.code == "form_bad_tile":
                return FormIntent(None, error=_form_error("form_bad_tile", **exc.params), **back)
            return FormIntent(None, error=_form_error("form_too_many_lines", MAX_LINES), **back)
        if not sets:
            return FormIntent(None, error=_form_error("form_no_sets"), **back)
        return FormIntent({"type": "play", "table": sets}, **back)
    if kind == "rack":
        seat = parse_uint(form.get("seat", "").strip(), limit=8)
        text = form.get("tiles", "")[:1000]
        where = f"rack-{seat}" if seat is not None else "top"
        flash = {"rack_text": {str(seat): text[:MAX_RACK_TEXT]}} if seat is not None else {}
        back = {"flash": flash, "where": where, "anchor": "#racks"}
        tiles = []
        for word in (w for w in _SPLIT.split(text.strip()) if w):
            try:
                tiles.append(parse_tile(word))
            except RuleError:
                return FormIntent(None, error=_form_error("form_bad_rack_tile", tile=word[:12]), **back)
        return FormIntent({"type": "rack", "seat": seat if seat is not None else -1, "tiles": tiles}, **back)
    return FormIntent({"type": str(kind)[:20]})


def _error_shown(view: dict[str, Any], where: str | None) -> bool:
    if where in ("top", "bar"):
        return True
    if where == "play":
        return bool(view.get("can_act"))
    if where == "timer":
        return bool(view.get("can_act")) and view.get("timer") is not None
    if where and where.startswith("rack-"):
        return view.get("phase") == "racks"
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


CSV_COLUMNS = ("type", "table", "seat", "tiles", "player")


def _csv_cells(action: dict[str, Any]) -> list[Any]:
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
    if view.get("ranking"):
        return t("game_over", lang)
    if view.get("active_name"):
        return t("turn_of", lang, name=view["active_name"])
    return t("round_over_title", lang, r=view.get("round", 1))


UI = GameUI(
    texts=RK,
    table_template="rummikub/_table.html",
    table_view=_view,
    describe=_describe,
    rules_template="rummikub/rules.html",
    rules_context=_rules_context,
    scripts=("js/games/rummikub.js", "js/games/rummikub-editor.js"),
    styles=("css/rummikub.css",),
    js_text=JS_TEXT,
    js_extra=_js_extra,
    form_intent=_form_intent,
    refusal_where=lambda intent, exc: intent.where,
    error_shown=_error_shown,
    clean_flash=_clean_flash,
    describe_setting=_describe_setting,
    csv_columns=CSV_COLUMNS,
    csv_cells=_csv_cells,
    page_title=_page_title,
)
