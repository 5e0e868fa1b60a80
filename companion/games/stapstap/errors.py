"""Typed refusals of すたっぷすたっぷ with stable codes (docs/api.md), each with its sentence
in the game's catalogs (``err_<code>``; docs/translating.md).

The platform refuses what every game shares (``bad_request``, an action after the end) before the rules are
asked; ``game_over`` keeps this game's own sentence. A ``player`` who is not the seat that acts is refused by
the platform too, in this game's words: ``not_parent``, ``not_asked``, ``parent_cannot_doubt``,
``eliminated``, ``not_payer`` (``rules.wrong_seat``).
"""

from __future__ import annotations

from typing import Any

from ..base import BadRequest, RuleError
from .texts import ST

# The codes of the game's own sentences (err_<code>), filled from the error's params (see StapError.words).
CODES: tuple[str, ...] = (
    "game_over", "wrong_step", "not_parent", "not_asked", "parent_cannot_doubt", "eliminated", "bad_face",
    "not_your_card", "card_occupied", "no_die_to_roll", "cards_full", "no_coin", "too_many_dice", "bank_empty",
    "no_card_die", "effect_too_late", "retract_too_late", "cannot_skip", "nothing_to_pay", "not_payer",
    "must_pay_from_materials", "reveal_not_needed", "cards_needed", "bad_cards", "cards_locked", "undo_secret_roll",
    "undo_revealed", "take_over_mid_roll",
)

# The steps a wrong_step refusal names (step_<step>: "the parent is about to roll").
STEPS: tuple[str, ...] = (
    "setup", "start", "rolled", "challenge", "reveal", "pay", "take", "scored", "over",
)

class StapError(RuleError):
    """A rule refusal (422)."""

    TEXTS = ST
    CODES = CODES

    def words(self, lang: str) -> dict[str, Any]:
        """A step (``expected``) and a kind of payment (``what``) said in words."""
        params: dict[str, Any] = dict(self.params)
        if params.get("expected") in STEPS:
            params["expected"] = ST.t(f"step_{params['expected']}", lang)
        if params.get("what") in ("die", "coin"):
            params["what"] = ST.t(f"what_{params['what']}", lang)
        return params


class StapBadRequest(BadRequest):
    """A request that is not an action at all (400): the game's own codes ``bad_face`` and ``bad_cards``."""

    TEXTS = ST
    CODES = CODES
