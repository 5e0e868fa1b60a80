"""Rummikub's words for its pages and scripts. The sentences live in its message catalogs
(``locale/<lang>/LC_MESSAGES/rummikub.po``, one per language; docs/translating.md); words every game shares come
from the frame's (``companion.games.texts.COMMON``). Player names reach them only as parameters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..texts import COMMON, Texts, join_names

# Keys the scripts read (static/js/games/rummikub*.js), through the page's #js-text template.
JS_TEXT: tuple[str, ...] = (
    "ed_title", "ed_for", "ed_new_set", "ed_set", "ed_hint", "ed_hint_sel", "ed_hint_tile", "ed_move_here",
    "ed_left", "ed_right", "ed_split", "ed_remove", "ed_join", "ed_as_run", "ed_as_group", "ed_done",
    "ed_cancel", "ed_reset", "ed_checking", "ed_set_ok", "ed_rack_n", "ed_initial", "ed_initial_ok",
    "ed_missing", "ed_kept", "ed_goes_out", "ed_legal", "ed_nothing", "ed_saved", "ed_restored", "ed_picker",
    "ed_from_rack", "ed_left_n", "ed_empty", "ed_deselect", "ed_table_moved", "ed_copies_out", "ed_over_rack",
    "as_count", "as_count_ok", "as_count_short", "as_count_over", "as_clear", "as_tiles", "as_value", "as_ask",
    "as_none", "as_result", "as_use", "as_not_turn", "as_tap_remove", "as_initial", "as_removed", "as_add",
    "as_empty", "as_asking", "as_drew", "js_time_10", "js_time_up", "timer_left", "joker", "kind_run",
    "kind_group", "rack_count_live", "ed_tile_sel", "ed_stand", "as_stay", "rack_use_mine", "ed_filled", "ed_unfill",
    "ed_same_number", "as_count_none", "tile_label", "tile_sep",
)

RK = Texts.load(Path(__file__).resolve().parent / "locale", "rummikub", COMMON)


def t(key: str, lang: str, /, **params: Any) -> str:
    return RK.t(key, lang, **params)


def tn(key: str, n: int, lang: str, /, **params: Any) -> str:
    """A sentence with a count in it, in the plural form ``n`` takes in ``lang``."""
    return RK.tn(key, n, lang, **params)


def count_text(n: int, lang: str) -> str:
    """1 tile, 2 tiles / 1枚, 2枚."""
    return tn("tiles", n, lang)


__all__ = ["JS_TEXT", "RK", "count_text", "join_names", "t", "tn"]
