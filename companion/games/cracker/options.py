"""Cracker's table options: the table's own deck (PD5) and the length of the match (CR10)."""

from __future__ import annotations

from ..base import Option
from ..pairs import deck_option
from .texts import CR

OPTIONS: tuple[Option, ...] = (
    Option("rounds", "int", 3, CR.msg("opt_rounds"), minimum=1, maximum=20, help=CR.msg("opt_rounds_help")),
    deck_option(),
)
