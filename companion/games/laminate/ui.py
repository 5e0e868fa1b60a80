"""Laminate Rummy's presentation for the shared pages: its table view, the sentence for each logged action,
how its forms (research, publish with the picker, review, pass, End Flag) become actions, and where a
refusal is shown. No Flask: the web layer hands in plain values."""

from __future__ import annotations

import re
from typing import Any

from ..base import RuleError
from ..ui import FormIntent, GameUI, TableRequest, parse_uint
from . import DEFAULT_DECK, PAPERS, Deck, IllegalAction, parse_action
from .cardnames import rank_label
from .deckform import form_context, parse_form
from .deckspec import deck_of
from .papers import PAPER_TYPES
from .suitnames import read_suit_names
from .texts import JS_TEXT, LAMINATE, MATCH_REASONS, join_names, t
from .views import PICKER_WHERE, card_view, describe, error_shown, table_view

DECK = DEFAULT_DECK
CARD_SHAPE = re.compile(r"[a-z][a-z0-9]{0,11}-(?:[1-9]|1[0-3])", re.IGNORECASE)
PICKER = "?picker=open"  # a page without script opens the picker again with the selection
ECHO_MAX = 300  # characters of a refusal sentence kept for the next page
MAX_ECHOED = 64  # cards or cited papers of a form looked at


def _both(key: str) -> tuple[str, str]:
    return LAMINATE.t(key, "en"), LAMINATE.t(key, "ja")


def _view(req: TableRequest) -> dict[str, Any]:
    """The table view; a GET with ``?picker=open`` (no script) reopens the picker with its selection, and
    ``check=1`` shows the refusal a publish would get, asked as a dry run."""
    flash = req.flash or {}
    selection = flash.get("selection")
    check = bool(flash.get("check"))
    picker_open = bool(flash.get("picker"))
    query_open = req.query.get("picker", [""])[0] == "open"
    if selection is None and query_open:
        def split(key: str) -> list[str]:
            return [v for raw in req.query.get(key, []) for v in raw.split(",") if v]
        selection = {"cards": split("cards"), "cite": split("cite"), "paper": req.query.get("paper", [None])[0]}
        check = req.query.get("check", [""])[0] == "1"
    picker_open = picker_open or query_open
    view = table_view(req, selection=selection, check=check)
    shown = [r for r in req.history if r.get("shown", True) and r.get("text")]
    if req.error and req.error.get("code") == "stale" and shown:  # say what changed: the latest move
        view["error"] = {**req.error, "message": f"{req.error.get('message', '')} "
                                                 f"{t('js_stale_what', req.lang, what=shown[-1]['text'])}"}
    view["picker_open"] = picker_open and req.viewer.full and view["can_act"]
    if (req.viewer.full and check and selection and req.error is None and req.query.get("check", [""])[0] == "1"
            and selection.get("paper")):
        refusal = req.dry_run({"type": "publish", "paper": selection["paper"], "cards": selection["cards"],
                               "cite": _uints(selection["cite"])})
        if refusal is not None:
            view["error"] = {**_refusal(refusal, PICKER_WHERE.get(refusal.code, "top")),
                             "message": refusal.message(req.lang)}
    return view


def _uints(values: list[Any]) -> list[int]:
    return [n for v in values if (n := parse_uint(str(v))) is not None]


def _refusal(exc: RuleError, where: str) -> dict[str, Any]:
    card = exc.params.get("card")
    return {"code": exc.code, "en": exc.message("en")[:ECHO_MAX], "ja": exc.message("ja")[:ECHO_MAX],
            "where": where, "card": str(card)[:40] if card is not None else None}


def _describe(before: Any, after: Any, action: dict[str, Any], seat: int | None, lang: str,
              options: dict[str, Any]) -> str:
    names = options.get("suit_names") or None
    try:
        parsed = parse_action(action, before.card_deck)
    except IllegalAction:  # a log this engine cannot read: still say something
        return t("h_unknown", lang, p="?", type=str(action.get("type", "?")))
    return describe(before, after, parsed, seat, lang, names, before.card_deck)


def _describe_setting(changes: dict[str, Any], lang: str) -> tuple[str, bool]:
    """Settings stay out of the table's history, except the assistant switch: everyone should see it."""
    hints = changes.get("hints")
    if isinstance(hints, bool):
        return t("h_hints_on" if hints else "h_hints_off", lang), True
    names = changes.get("suit_names")
    if isinstance(names, dict):  # every device should know why a suit reads differently now
        if not names:
            return t("h_suits_reset", lang), True
        listed = "・".join(names.values()) if lang == "ja" else join_names(list(names.values()), lang)  # no さん
        return t("h_suits_named", lang, names=listed), True
    return t("h_settings", lang), False


def _form_intent(form: Any, state: Any, options: dict[str, Any]) -> FormIntent:
    kind = form.get("type", "")
    check = form.get("op") == "check"
    body: dict[str, Any] = {"type": kind}
    if kind == "research":
        body["from"] = form.get("from", "")
    elif kind == "publish":
        cite = _uints(form.getlist("cite"))
        selection = {"cards": form.getlist("cards"), "cite": [str(c) for c in cite],
                     "paper": form.get("paper") or None}
        flash = {"selection": selection, "picker": True, "check": check}
        body.update(paper=selection["paper"], cards=selection["cards"], cite=cite)
        if not selection["cards"]:
            return FormIntent(None, flash=flash, error=("no_hand_card", *_both("js_nothing_to_publish")),
                              where="cards", query=PICKER)
        if not selection["paper"]:
            if check:
                return FormIntent(None, flash=flash, anchor="#picker", query=PICKER)
            return FormIntent(None, flash=flash, error=("choose_paper", *_both("choose_paper")), where="paper",
                              anchor="#picker", query=PICKER)
        return FormIntent(body, dry_run=check, flash=flash, where="paper", anchor="#picker", query=PICKER)
    elif kind == "review":
        paper = parse_uint(form.get("paper", "").strip())
        body.update(paper=paper, card=form.get("card", ""))
        return FormIntent(body, where=f"paper-{paper}")
    elif kind == "endflag":
        body["card"] = form.get("card", "")
        if not body["card"]:
            return FormIntent(None, error=("choose_card", *_both("choose_card")), where="endflag")
        return FormIntent(body, where="endflag")
    return FormIntent(body)


def _refusal_where(intent: FormIntent, exc: RuleError) -> str:
    if intent.action is not None and intent.action.get("type") == "publish":
        return PICKER_WHERE.get(exc.code, "paper")
    return intent.where


def _clean_flash(flash: dict[str, Any]) -> dict[str, Any]:
    """The flash as kept in the (signed, size-limited) session cookie: only the deck's own card ids, at
    most a deck's worth, and short echoes, so a crafted form cannot push the cookie past 4 KB."""
    selection = flash.get("selection")
    if selection:
        cards: list[str] = []
        for raw in selection.get("cards", ())[:MAX_ECHOED]:
            # the table's deck is not known here: keep what is shaped like a card (the page checks the rest)
            if not isinstance(raw, str) or not CARD_SHAPE.fullmatch(raw):
                continue
            card = raw.lower()
            if card not in cards:
                cards.append(card)
        paper = selection.get("paper")
        flash = {**flash, "selection": {"cards": cards[:DECK.size], "cite": selection.get("cite", [])[:MAX_ECHOED],
                                        "paper": paper if paper in PAPERS else None}}
    return {k: flash[k] for k in ("selection", "picker", "check") if k in flash}


def _error_shown(view: dict[str, Any], where: str | None) -> bool:
    return error_shown(view, where, bool(view.get("picker_open")))


def _rules_context(lang: str, deck: Deck = DECK, names: dict[str, str] | None = None) -> dict[str, Any]:
    """The rules page: with no table, the deck a new table gets (deck.json); with one, that table's deck."""
    example = [c for c in deck.cards if c.rank == 5][:3]  # a three of a kind (R2) this deck can make
    return {"papers": PAPER_TYPES, "deck": deck, "deck_name": deck.name.get(lang, ""),
            "suits": [{"id": s.id, "name": (names or {}).get(s.id) or s.name(lang), "symbol": s.symbol,
                       "ranks_text": ranks_text(s.ranks, lang)} for s in deck.suits],
            "example": [card_view(c, lang, names, deck) for c in example]}


def _rules_for_table(lang: str, options: dict[str, Any]) -> dict[str, Any]:
    return {**_rules_context(lang, deck_of(options), options.get("suit_names") or None), "for_table": True}


def ranks_text(ranks: tuple[int, ...], lang: str) -> str:
    """'A–7' for a run of ranks, else the ranks one by one ('A, 3, 5, 7')."""
    labels = [rank_label(r) for r in ranks]
    if ranks and list(ranks) == list(range(ranks[0], ranks[-1] + 1)) and len(ranks) > 2:
        return t("suit_ranks", lang, first=labels[0], last=labels[-1])
    return ("・" if lang == "ja" else ", ").join(labels)


CSV_COLUMNS = ("type", "from", "paper", "cards", "cite", "card")


def _csv_cells(action: dict[str, Any]) -> list[Any]:
    return [action.get("type", ""), action.get("from", ""), action.get("paper", ""),
            " ".join(action.get("cards", [])), " ".join(str(c) for c in action.get("cite", [])),
            action.get("card", "")]


def _js_extra(lang: str) -> dict[str, str]:
    """Paper names and the short reasons of the live match list, for the picker's script."""
    names = {f"paper_{p.id}": p.name(lang) for p in PAPER_TYPES}
    return {**names, **{f"reason_{code}": pair[1 if lang == "ja" else 0] for code, pair in MATCH_REASONS.items()}}


UI = GameUI(
    texts=LAMINATE,
    table_template="laminate/_table.html",
    table_view=_view,
    describe=_describe,
    rules_template="laminate/rules.html",
    rules_context=_rules_context,
    scripts=("js/games/laminate-picker.js", "js/games/laminate-picker-matches.js", "js/games/laminate-assistant.js",
             "js/games/laminate-cite.js", "js/games/laminate.js"),
    styles=("css/laminate.css",),
    js_text=JS_TEXT,
    js_extra=_js_extra,
    form_intent=_form_intent,
    refusal_where=_refusal_where,
    error_shown=_error_shown,
    clean_flash=_clean_flash,
    describe_setting=_describe_setting,
    csv_columns=CSV_COLUMNS,
    csv_cells=_csv_cells,
    option_template="laminate/_deck_form.html",
    option_context=form_context,
    option_form=parse_form,
    option_scripts=("js/games/laminate-deck.js",),
    option_styles=("css/laminate-deck.css",),
    rules_for_table=_rules_for_table,
    setting_forms={"suit_names": read_suit_names},
)
