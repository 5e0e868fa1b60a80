"""Laminate Rummy's presentation for the shared pages: its table view, the sentence for each logged action,
where a form's refusal is shown (the publish picker's own places), the rules page with the table's deck, the
start page's deck editor and the suit names form. The forms themselves (research, publish with the picker,
review, pass, End Flag) are read by the platform from the action declarations. No Flask: the web layer
hands in plain values."""

from __future__ import annotations

import re
from typing import Any

from ..base import RuleError
from ..moves import Posted
from ..texts import COMMON, Listed
from ..ui import FormIntent, FormReply, GameUI, parse_uint
from .actions import Action
from .cardnames import rank_label
from .deck import DEFAULT_DECK, Deck
from .deckform import form_context, parse_form
from .deckspec import deck_of
from .history import describe
from .options import HINTS
from .papers import PAPER_TYPES, PAPERS
from .state import GameState
from .suitnames import read_suit_names
from .texts import JS_TEXT, LAMINATE, MATCH_REASONS, t
from .views import PICKER_WHERE, card_view, error_shown, seat_view, table_view

CARD_SHAPE = re.compile(r"[a-z][a-z0-9]{0,11}-(?:[1-9]|1[0-3])", re.IGNORECASE)
PICKER = "?picker=open"  # a page without script opens the picker again with the selection
MAX_ECHOED = 64  # cards or cited papers of a form looked at


def _form_reply(kind: str, posted: Posted) -> FormReply:
    """A publish comes back to the picker with the selection kept (a check with no paper chosen yet only
    reopens it, showing what the cards make); a review's refusal stays at its paper, the End Flag's at its
    step, the rest at the action bar."""
    if kind == "publish":
        check = bool((posted.get("dry_run") or [""])[0])
        cite = [str(n) for text in posted.get("cite", ())[:MAX_ECHOED] if (n := parse_uint(text)) is not None]
        paper = (posted.get("paper") or [""])[0] or None
        cards = list(posted.get("cards", ()))
        flash = {"selection": {"cards": cards, "cite": cite, "paper": paper}, "picker": True, "check": check}
        return FormReply("paper", anchor="#picker", flash=flash, query=PICKER,
                         act=not (check and any(c.strip() for c in cards) and paper is None))
    if kind == "review":
        return FormReply(f"paper-{parse_uint((posted.get('paper') or [''])[0].strip())}")
    if kind == "endflag":
        return FormReply("endflag")
    return FormReply("bar")


def _refusal_where(intent: FormIntent, exc: RuleError) -> str:
    """A publish refusal goes next to the part of the picker it is about (its cards, citations, paper)."""
    return PICKER_WHERE.get(exc.code, "paper") if intent.where == "paper" else intent.where


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
        flash = {**flash, "selection": {"cards": cards[:DEFAULT_DECK.size],
                                        "cite": selection.get("cite", [])[:MAX_ECHOED],
                                        "paper": paper if paper in PAPERS else None}}
    return {k: flash[k] for k in ("selection", "picker", "check") if k in flash}


def _error_shown(view: dict[str, Any], where: str | None) -> bool:
    return error_shown(view, where, bool(view.get("picker_open")))


def _describe_setting(changes: dict[str, Any], lang: str) -> tuple[str, bool] | None:
    """The assistant switch in its option's words; new suit names (every device should know why a suit reads
    differently now); any other setting stays out of the history (the platform's default)."""
    hints = changes.get("hints")
    if isinstance(hints, bool) and HINTS.said is not None:
        return HINTS.said[0 if hints else 1].say(lang), True
    names = changes.get("suit_names")
    if not isinstance(names, dict):
        return None
    if not names:
        return t("h_suits_reset", lang), True
    listed = Listed(list(names.values()), sep="suit_names_sep", last="suit_names_last_sep", texts=LAMINATE).say(lang)
    return t("h_suits_named", lang, names=listed), True


def _rules_context(lang: str, deck: Deck = DEFAULT_DECK, names: dict[str, str] | None = None) -> dict[str, Any]:
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
    return COMMON.t("numbers_sep", lang).join(labels)


def _js_extra(lang: str) -> dict[str, str]:
    """Paper names and the short reasons of the live match list, for the picker's script."""
    names = {f"paper_{p.id}": p.name(lang) for p in PAPER_TYPES}
    return {**names, **{f"reason_{code}": t(f"reason_{code}", lang) for code in MATCH_REASONS}}


UI: GameUI[GameState, Action] = GameUI(
    texts=LAMINATE,
    table_template="laminate/_table.html",
    seat_parts="laminate/_seat_parts.html",
    seat_view=seat_view,
    table_view=table_view,
    describe=describe,
    rules_template="laminate/rules.html",
    rules_context=_rules_context,
    scripts=("laminate-picker.js", "laminate-picker-matches.js", "laminate-assistant.js", "laminate-cite.js",
             "laminate.js"),
    styles=("laminate.css",),
    js_text=JS_TEXT,
    js_extra=_js_extra,
    form_reply=_form_reply,
    refusal_where=_refusal_where,
    error_shown=_error_shown,
    clean_flash=_clean_flash,
    describe_setting=_describe_setting,
    option_template="laminate/_deck_form.html",
    option_context=form_context,
    option_form=parse_form,
    option_scripts=("laminate-deck.js",),
    option_styles=("laminate-deck.css",),
    rules_for_table=_rules_for_table,
    setting_forms={"suit_names": read_suit_names},
)
