"""Typed refusals with stable codes (docs/api.md, "Rummikub over the JSON API"), each with its sentence in
Rummikub's catalogs (``err_<code>``; docs/translating.md).

Params hold machine-readable values (tile codes, numbers) for the API; ``message`` renders tiles as words
("red 9" / "赤の9") in the reader's language.
"""

from __future__ import annotations

from typing import Any

from ..base import BadRequest, RuleError
from ..texts import Listed
from .texts import RK
from .tilenames import JOKER, TILE_KINDS, label, labels

# The codes of Rummikub's refusals (docs/api.md), each with its sentence err_<code> in Rummikub's catalogs (the
# platform's bad_request and not_your_turn in the frame's); placeholders are filled from the error's params.
ERROR_CODES: tuple[str, ...] = (
    "bad_request", "bad_tile", "game_over", "not_your_turn", "round_over", "pool_empty", "cannot_pass", "timer_off",
    "round_not_over", "round_not_scored", "rack_size_mismatch", "rack_already_entered", "tile_not_in_supply",
    "set_too_short", "run_gap", "run_mixed_colours", "run_out_of_range", "run_too_long", "group_mixed_numbers",
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
    CODES = ERROR_CODES
    COUNTS = {"rack_size_mismatch": "want", "rack_count_exceeded": "added", "rack_too_large": "rack",
              "run_gap": "n_numbers"}

    def words(self, lang: str) -> dict[str, Any]:
        return render(self.params, lang)


class RummikubBadRequest(BadRequest):
    """A request that is no Rummikub action at all (400): shapes, types, a string that is no tile."""

    TEXTS = RK
    CODES = ERROR_CODES

    def words(self, lang: str) -> dict[str, Any]:
        return render(self.params, lang)
