"""Pyramid's table options: the table's deck (PD5, fixed at set-up) and the risk display (a setting)."""

from __future__ import annotations

from typing import Any

from ..base import Option
from ..pairs import deck_option
from .texts import PY

OPTIONS: tuple[Option, ...] = (
    deck_option(),
    Option("risk", "bool", True, PY.msg("opt_risk"), setting=True, help=PY.msg("opt_risk_help"),
           said=(PY.msg("opt_risk_on"), PY.msg("opt_risk_off"))),
)


def settings_of(options: dict[str, Any] | None) -> dict[str, Any]:
    """The table's current settings (kept in the table record, not in the state: they change during play)."""
    given = options or {}
    return {o.id: given.get(o.id, o.default) for o in OPTIONS if o.setting}
