"""Cracker's refusals: stable codes (docs/api.md, Cracker), each with its sentence in Cracker's catalogs
(``err_<code>``; docs/translating.md)."""

from __future__ import annotations

from typing import Any

from ..base import BadRequest, RuleError
from .texts import CR, hand_text

# The codes of Cracker's own sentences (err_<code>), filled from the error's params. The platform refuses an action
# after the end with this game's own sentence for game_over; bad_request and not_your_turn are the platform's.
CODES: tuple[str, ...] = (
    "game_over", "round_over", "wrong_step", "pair_not_received", "already_paired", "hand_too_small",
    "card_exhausted", "cannot_hold", "no_window", "not_out", "hand_size_mismatch", "hand_contradicts_public",
    "round_not_over", "already_revealed", "went_out", "max_too_low", "max_impossible", "not_blocked",
    "round_not_scored",
)

# The steps a wrong_step refusal names (need_<step>: "draw the top card of the deck and enter it").
NEEDS: tuple[str, ...] = (
    "draw", "play", "blocked",
)


class CrackerError(RuleError):
    """A move the Cracker rules forbid (422)."""

    TEXTS = CR
    CODES = CODES
    COUNTS = {"hand_size_mismatch": "want", "max_impossible": "size"}

    def words(self, lang: str) -> dict[str, Any]:
        """The step still to do in words ("draw the top card…"); a hand as "3 4 5" / "3・4・5"."""
        params = dict(self.params)
        if params.get("step") in NEEDS:
            params["need"] = CR.t(f"need_{params['step']}", lang)
        if isinstance(params.get("hand"), list):
            params["hand"] = hand_text(params["hand"], lang)
        return params


class CrackerBadRequest(BadRequest):
    """A set-up Cracker cannot play (400): a deck too small to deal."""

    TEXTS = CR
    CODES = CODES
