"""Typed refusals with stable codes (docs/api.md, "Rummikub over the JSON API"), each with its sentence in
Rummikub's catalogs (``err_<code>``; docs/translating.md). The refusals every game shares (``bad_request``,
``not_your_turn``) are the platform's (``Game.play``, ``ActionSet.parse``); ``game_over`` is the platform's check
in Rummikub's own words (a match is over).

Params hold machine-readable values (tile codes, numbers) for the API; a sentence shows tiles as words
("red 9" / "赤の9") in the reader's language (``words``).
"""

from __future__ import annotations

from typing import Any

from ..base import BadRequest, RuleError
from ..texts import Listed
from .texts import RK
from .tilenames import JOKER, TILE_KINDS, label, labels

# The codes of Rummikub's own sentences (err_<code>); placeholders are filled from the error's params.
CODES: tuple[str, ...] = (
    "bad_tile", "game_over", "round_over", "pool_empty", "cannot_pass", "timer_off", "round_not_over",
    "round_not_scored", "rack_size_mismatch", "rack_already_entered", "tile_not_in_supply", "set_too_short",
    "run_gap", "run_mixed_colours", "run_out_of_range", "run_too_long", "group_mixed_numbers",
    "group_repeated_colour", "group_too_big", "not_a_set", "table_tile_removed", "no_rack_tile",
    "rack_count_exceeded", "initial_meld_uses_table", "initial_meld_too_low", "rack_too_large",
    "assistant_unavailable", "joker_set_broken",
)

_TILE_PARAMS = ("tile",)
_TILE_LIST_PARAMS = ("tiles",)


def render(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """Params as words for a sentence: tile codes become "red 9" / "赤の9", number lists "7 and 8" / "7・8"."""
    out = dict(params)
    for key in _TILE_PARAMS:
        if isinstance(out.get(key), str) and (out[key] in TILE_KINDS or out[key] == JOKER):
            out[key] = label(out[key], lang)
    for key in _TILE_LIST_PARAMS:
        if isinstance(out.get(key), list):
            out[key] = labels(out[key], lang)
    if isinstance(out.get("numbers"), list):  # "7 is missing", "7 and 8 are missing": the count picks the verb
        out["n_numbers"] = len(out["numbers"])
        out["numbers"] = Listed(out["numbers"], sep="numbers_sep", last="numbers_last_sep", texts=RK)
    return out


class RummikubError(RuleError):
    """A move the Rummikub rules forbid (422)."""

    TEXTS = RK
    CODES = CODES
    COUNTS = {"rack_size_mismatch": "want", "rack_count_exceeded": "added", "rack_too_large": "rack",
              "run_gap": "n_numbers"}

    def words(self, lang: str) -> dict[str, Any]:
        return render(self.params, lang)


class RummikubBadRequest(BadRequest):
    """A request that is no Rummikub action at all (400): a string that is no tile, a body that is no table, a
    set-up Rummikub cannot play."""

    TEXTS = RK
    CODES = CODES

    def words(self, lang: str) -> dict[str, Any]:
        return render(self.params, lang)
