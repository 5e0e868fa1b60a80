"""The start page's deck editor (PD5): the table's own counts per number, for a deck that lost a card or holds
a spare. ``form_context`` fills ``templates/long-seat/_deck_form.html``; ``parse_form`` reads the posted fields
back into the ``deck`` option, which the option's own cleaner then checks (as through the API)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..pairs import DEFAULT_COPIES, NUMBERS
from ..pairs.deck import MAX_COPIES
from ..ui import parse_uint
from .texts import t, tn

PREFIX = "opt-long-seat-deck"


def _counts(options: Mapping[str, Any] | None) -> dict[int, Any]:
    raw = (options or {}).get("deck")
    if not isinstance(raw, Mapping):
        return dict(DEFAULT_COPIES)
    return {v: raw.get(str(v), DEFAULT_COPIES[v]) for v in NUMBERS}


def form_context(lang: str, options: Mapping[str, Any] | None, echoed: bool = False) -> dict[str, Any]:
    counts = _counts(options)
    numbers = [{"n": v, "value": counts[v], "name": f"{PREFIX}-{v}", "default": DEFAULT_COPIES[v],
                "label": t("deck_copies_of", lang, n=v)} for v in NUMBERS]
    total = sum(c for c in counts.values() if isinstance(c, int))
    is_default = all(counts[v] == DEFAULT_COPIES[v] for v in NUMBERS)
    return {"prefix": PREFIX, "numbers": numbers, "max": MAX_COPIES, "open": echoed and not is_default,
            "summary": t("deck_summary_default", lang) if is_default else tn("deck_summary_custom", total, lang),
            "help": t("deck_help", lang), "reset": t("deck_reset", lang)}


def parse_form(form: Any) -> dict[str, Any]:
    """{"deck": {"1": n, …}} from the fields, {} for the standard deck (or no editor in the form). A field that
    is not a whole number goes on as typed, so the option's cleaner refuses it with its own sentence."""
    if form.get(f"{PREFIX}-reset") == "on" or form.get(f"{PREFIX}-1") is None:
        return {}
    counts: dict[str, Any] = {}
    for v in NUMBERS:
        raw = str(form.get(f"{PREFIX}-{v}", "")).strip()[:12]
        number = parse_uint(raw, limit=1000)
        counts[str(v)] = number if number is not None else raw
    if all(counts[str(v)] == DEFAULT_COPIES[v] for v in NUMBERS):
        return {}
    return {"deck": counts}
