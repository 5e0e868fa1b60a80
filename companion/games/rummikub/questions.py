"""Rummikub's questions (``POST /api/tables/{id}/{name}``), answered from the state, never a change: ``check``,
the live draft report of a proposed table, and ``hints``, the private best-play assistant (full id only;
refused when the table turned it off)."""

from __future__ import annotations

from typing import Any

from ..base import Query
from .errors import RummikubBadRequest
from .play import check_play
from .state import State


def _check(state: State, body: dict[str, Any], options: dict[str, Any], lang: str) -> dict[str, Any]:
    if not isinstance(body, dict) or "table" not in body:
        raise RummikubBadRequest("the body must be {\"table\": [...]}, the proposed table",
                                 detail_ja="本文は {\"table\": [...]}（提案する場）で指定してください")
    return check_play(state, body["table"])


def _hints(state: State, body: dict[str, Any], options: dict[str, Any], lang: str) -> dict[str, Any]:
    from .assistant import hints  # the solver (HiGHS) is loaded when first asked

    return hints(state, body)


def _hints_off(options: dict[str, Any]) -> tuple[str, str, str] | None:
    if options.get("hints", True):
        return None
    return ("hints_disabled", "The best-play assistant is turned off at this table.",
            "この卓では最善手アシスタントがオフになっています。")


QUERIES = {"check": Query(_check), "hints": Query(_hints, private=True, disabled=_hints_off)}
