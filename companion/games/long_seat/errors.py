"""Long Seat's refusals: stable codes (docs/api.md, Long Seat), each with its sentence in Long Seat's catalogs
(``err_<code>``; docs/translating.md)."""

from __future__ import annotations

from ..base import BadRequest, RuleError
from .texts import LS

# The codes of Long Seat's own sentences (err_<code>), filled from the error's params. The refusals every game shares
# (bad_request, not_your_turn) are the platform's; game_over is the platform's check in Long Seat's words.
CODES: tuple[str, ...] = (
    "game_over", "card_exhausted", "nothing_laid",
)


class LongSeatError(RuleError):
    """A move the Long Seat rules forbid (422)."""

    TEXTS = LS
    CODES = CODES


class LongSeatBadRequest(BadRequest):
    """A set-up Long Seat cannot play (400): a player count or a first seat out of range."""

    TEXTS = LS
    CODES = CODES
