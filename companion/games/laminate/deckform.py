"""The deck editor of the start page (R1): see the deck a new table will play with and change it — which
ranks each suit holds, its names and symbol. It starts from the deck of this server's most recent Laminate
table (so a group's own deck is offered again), else from deck.json. Plain form fields, so it works without
script; ``static/laminate-deck.js`` only counts the cards as they are ticked.

Fields (all named ``opt-laminate-deck-…``): ``default`` (a checkbox: use the server's deck), ``name-en``,
``name-ja``, and per suit i: ``i-id`` (hidden), ``i-en``, ``i-ja``, ``i-symbol``, ``i-ranks`` (13
checkboxes). The service checks the result (``deckspec.clean_deck``) and the page shows its refusal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cardnames import rank_label
from .deckspec import CARDS, DEFAULT_SPEC, NAME_MAX, SYMBOL_MAX, clean_deck
from .texts import t, tn

PREFIX = "opt-laminate-deck"


def _spec_from(options: Mapping[str, Any] | None) -> dict[str, Any]:
    spec = (options or {}).get("deck")
    if spec is None:
        return DEFAULT_SPEC
    try:
        return clean_deck(spec)
    except Exception:  # an echo that does not check out: show it as far as it goes, else the default
        return spec if isinstance(spec, dict) and isinstance(spec.get("suits"), list) else DEFAULT_SPEC


def form_context(lang: str, options: Mapping[str, Any] | None, echoed: bool = False) -> dict[str, Any]:
    """What ``laminate/_deck_form.html`` shows: the deck given (the last table's, or what was posted)."""
    spec = _spec_from(options)
    suits: list[dict[str, Any]] = []
    for i, suit in enumerate(spec.get("suits", [])):
        if not isinstance(suit, dict):
            continue
        ranks = [r for r in suit.get("ranks", []) if isinstance(r, int)]
        suits.append({"i": i, "id": str(suit.get("id", "")), "en": str(suit.get("en", "")),
                      "ja": str(suit.get("ja", "")), "symbol": str(suit.get("symbol", "")),
                      "name": str(suit.get("ja" if lang == "ja" else "en", "")),
                      "ranks": [{"rank": r, "label": rank_label(r), "on": r in ranks} for r in range(1, 14)],
                      "count": len(ranks)})
    total = sum(s["count"] for s in suits)
    given = spec.get("name")
    name: dict[str, Any] = given if isinstance(given, dict) else DEFAULT_SPEC["name"]
    is_default = spec == DEFAULT_SPEC
    return {"prefix": PREFIX, "suits": suits, "total": total, "cards": CARDS, "name_max": NAME_MAX,
            "symbol_max": SYMBOL_MAX, "name_en": name.get("en", ""), "name_ja": name.get("ja", ""),
            "is_default": is_default, "open": echoed and not is_default,
            "summary": t("deck_summary_default" if is_default else "deck_summary_custom", lang,
                         name=name.get("ja" if lang == "ja" else "en", "")),
            "count_text": tn("deck_count", CARDS, lang, n=total, total=CARDS),
            "count_template": tn("deck_count", CARDS, lang, n="{n}", total=CARDS),
            "text": {k: t(k, lang) for k in ("deck_title", "deck_help", "deck_use_default", "deck_name_en",
                                             "deck_name_ja", "deck_suit_en", "deck_suit_ja", "deck_symbol",
                                             "deck_ranks", "deck_count_label")}}


def parse_form(form: Any) -> dict[str, Any]:
    """The ``deck`` option from the posted fields ({} when the server's default deck is asked for)."""
    if form.get(f"{PREFIX}-default") == "on" or form.get(f"{PREFIX}-0-id") is None:
        return {}
    suits = []
    for i in range(7):
        sid = form.get(f"{PREFIX}-{i}-id")
        if sid is None:
            break
        ranks = sorted({int(r) for r in form.getlist(f"{PREFIX}-{i}-ranks") if r.isascii() and r.isdigit()
                        and len(r) <= 2})
        suits.append({"id": sid, "en": form.get(f"{PREFIX}-{i}-en", ""), "ja": form.get(f"{PREFIX}-{i}-ja", ""),
                      "symbol": form.get(f"{PREFIX}-{i}-symbol", ""), "ranks": ranks})
    return {"deck": {"name": {"en": form.get(f"{PREFIX}-name-en", ""), "ja": form.get(f"{PREFIX}-name-ja", "")},
                     "suits": suits}}
