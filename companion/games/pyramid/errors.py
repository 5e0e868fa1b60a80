"""Pyramid's typed refusals (docs/rules-pyramid.md; codes listed in docs/api.md): a stable code, its sentence
in Pyramid's catalogs (``err_<code>``; docs/translating.md), and machine-readable params (card numbers, positions)."""

from __future__ import annotations

from ..base import BadRequest, RuleError
from .texts import PY

# The codes of Pyramid's own sentences (err_<code>); placeholders come from the error's params. The platform
# refuses an action after the end with this game's own sentence for game_over; bad_request and not_your_turn are
# the platform's.
CODES: tuple[str, ...] = (
    "game_over", "card_exhausted", "deck_empty", "nothing_turned", "not_turning", "not_building", "not_acquired",
    "occupied", "bottom_gap", "first_at_origin", "no_support", "too_big",
)

class PyramidError(RuleError):
    """A move the Pyramid rules forbid (422)."""

    TEXTS = PY
    CODES = CODES


class PyramidBadRequest(BadRequest):
    """A set-up Pyramid cannot play (400)."""

    TEXTS = PY
    CODES = CODES
