"""Rummikub's questions (``POST /api/tables/{id}/{name}``), answered from the state, never a change: ``check``,
the live draft report of a proposed table, and ``hints``, the private best-play assistant (full id only;
refused when the table turned it off)."""

from __future__ import annotations

from typing import Any

from ..base import Query
from ..texts import Msg
from .errors import RummikubBadRequest
from .play import check_play
from .state import State
from .texts import RK


def _check(state: State, body: dict[str, Any], options: dict[str, Any], lang: str) -> dict[str, Any]:
    if not isinstance(body, dict) or "table" not in body:
        raise RummikubBadRequest(RK.msg("req_check_body"))
    return check_play(state, body["table"], lang)


def _hints(state: State, body: dict[str, Any], options: dict[str, Any], lang: str) -> dict[str, Any]:
    from .assistant import hints  # the solver (HiGHS) is loaded when first asked

    return hints(state, body)


def _hints_off(options: dict[str, Any]) -> tuple[str, Msg] | None:
    if options.get("hints", True):
        return None
    return ("hints_disabled", RK.msg("hints_disabled"))


QUERIES = {"check": Query(_check), "hints": Query(_hints, private=True, disabled=_hints_off)}
