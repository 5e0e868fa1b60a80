"""Typed refusals of The Pairs with stable codes (docs/api.md, The Pairs), each with its sentence
in The Pairs' catalogs (``err_<code>``; docs/translating.md).

Params hold machine-readable values (card numbers, pile letters); the sentences render piles as "pile A" /
"捨て札A".
"""

from __future__ import annotations

from typing import Any

from ..base import BadRequest, RuleError
from ..texts import COMMON, Listed
from .texts import TP

# The codes of The Pairs' own sentences (err_<code>), filled from the error's params. The refusals every game shares
# (bad_request, game_over, not_your_turn) are the platform's.
CODES: tuple[str, ...] = (
    "deck_too_small", "not_adjacent", "place_full", "place_empty", "not_place_card", "hand_empty", "card_exhausted",
    "play_first", "must_draw", "no_draw_after_pair", "place_just_played", "deck_empty", "cannot_pass",
    "can_play_to_place", "pile_takes_any", "place_card_fits", "can_pass", "hand_size_mismatch", "hand_card_fits",
)


def render(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """Params as words: a pile id "a" becomes the letter "A", a list of numbers "6, 7 or 8" / "6・7・8"."""
    out = dict(params)
    pile = out.get("pile")
    if isinstance(pile, str):
        out["pile_letter"] = pile.upper()
    accepts = out.get("accepts")
    if isinstance(accepts, list):
        out["accepts"] = Listed(accepts, sep="accepts_sep", last="accepts_last_sep", texts=TP)
    if isinstance(out.get("players"), int):
        out["players"] = COMMON.msgn("count_players", out["players"])
    return out


class PairsError(RuleError):
    """A move the rules of The Pairs forbid (422)."""

    TEXTS = TP
    CODES = CODES
    COUNTS = {"hand_size_mismatch": "want"}

    def words(self, lang: str) -> dict[str, Any]:
        return render(self.params, lang)


class PairsBadRequest(BadRequest):
    """A set-up The Pairs cannot play (400): a deck too small to deal."""

    TEXTS = TP
    CODES = CODES
    COUNTS = {"deck_too_small": "total"}

    def words(self, lang: str) -> dict[str, Any]:
        return render(self.params, lang)
