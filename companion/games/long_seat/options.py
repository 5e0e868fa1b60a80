"""Long Seat's table options: the table's own deck (PD5) and the risk display (LS10), a setting."""

from __future__ import annotations

from ..base import Option
from ..pairs import deck_option
from .texts import LS

OPTIONS: tuple[Option, ...] = (
    deck_option(),
    Option("risk", "bool", True, LS.msg("opt_risk"), setting=True, help=LS.msg("opt_risk_help"),
           said=(LS.msg("opt_risk_on"), LS.msg("opt_risk_off"))),
)
