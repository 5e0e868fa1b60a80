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


#: Short reason per refusal code for the live match list (the full sentences come from the engine).
MATCH_REASONS: dict[str, tuple[str, str]] = {
    "already_owned": ("already owned", "所持済み"),
    "supply_empty": ("none left", "残りなし"),
    "hand_too_small": ("hand too small", "手札不足"),
    "card_on_table": ("a card is on the table", "場にあるカードを含む"),
    "rank_exhausted": ("too many of a rank", "ランクの枚数超過"),
    "no_hand_card": ("needs a card from the hand", "手札から1枚以上必要"),
    "endflag_pending": ("End Flag first", "先にエンドフラグ"),
    "cite_not_complete": ("cited paper under review", "引用先が査読中"),
}

LAMINATE = Texts.load(Path(__file__).resolve().parent / "locale", "laminate", COMMON)


def t(key: str, lang: str, **params: Any) -> str:
    return LAMINATE.t(key, lang, **params)


def tn(key: str, n: int, lang: str, /, **params: Any) -> str:
    """A sentence with a count in it, in the plural form ``n`` takes in ``lang``."""
    return LAMINATE.tn(key, n, lang, **params)
