"""Laminate's words for its pages and scripts. The sentences live in its message catalogs
(``locale/<lang>/LC_MESSAGES/laminate.po``, one per language; docs/translating.md); words every game shares come
from the frame's (``companion.games.texts.COMMON``). Player names reach them only as parameters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..texts import COMMON, Texts
from ..texts import join_names as join_names

#: Short texts the scripts need (picker summary, warnings). Rendered into the page as data, never as code.
JS_TEXT: tuple[str, ...] = (
    "picker_empty", "picker_no_match", "meld_matches", "meld_nothing", "selected_n",
    "js_place", "js_hand", "js_give", "js_give_part", "js_sep", "js_last_sep",
    "js_free_own", "js_complete_now", "js_under_review", "js_too_small", "js_removed", "js_legal",
    "js_checking", "js_network", "refused", "js_makes", "sound_on", "sound_off", "js_pick_paper",
    "js_nothing_to_publish", "js_done_publish", "js_reload", "js_stale_what",
    # the "my hand" assistant
    "points", "hint_spend", "hint_spend_gift", "hint_give_part", "hint_completes", "hint_review",
    "hint_cites", "hint_cite_item", "hint_cite_own", "hint_use", "hint_use_label", "hint_not_turn", "hint_none",
    "hint_empty", "hint_found", "hand_count", "hand_count_all", "hand_count_over",
    "hand_count_none", "hand_removed", "assistant_off",
    "cite_show_all",
)


#: Refusal codes the live match list says in a few words (``reason_<code>`` in the catalogs; the full sentences
#: come from the engine).
MATCH_REASONS: tuple[str, ...] = ("already_owned", "supply_empty", "hand_too_small", "card_on_table", "rank_exhausted",
                                  "no_hand_card", "endflag_pending", "cite_not_complete")

LAMINATE = Texts.load(Path(__file__).resolve().parent / "locale", "laminate", COMMON)


def t(key: str, lang: str, /, **params: Any) -> str:
    return LAMINATE.t(key, lang, **params)


def tn(key: str, n: int, lang: str, /, **params: Any) -> str:
    """A sentence with a count in it, in the plural form ``n`` takes in ``lang``."""
    return LAMINATE.tn(key, n, lang, **params)


def both(key: str) -> tuple[str, str]:
    """A sentence in English and Japanese, for the contract's (en, ja) pairs."""
    return t(key, "en"), t(key, "ja")


def reason(code: str, lang: str) -> str:
    """A refusal code in a few words for the live match list (the code itself if it has none)."""
    return t(f"reason_{code}", lang) if code in MATCH_REASONS else code
