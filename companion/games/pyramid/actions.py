"""Pyramid's actions as small frozen values with their JSON form (docs/api.md, Pyramid); parse and back
round-trip. ``player`` (optional) names the seat that means to act: it must be the active one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..pairs import parse_card
from .errors import PyramidBadRequest

MAX_ROW = 300  # a 200-card deck (20 copies of each number) cannot build wider or taller than this
MAX_X = 300


@dataclass(frozen=True)
class Turn:
    """PY4: the active player turned the top card; it shows ``card``."""

    card: int
    player: int | None = None


@dataclass(frozen=True)
class Stop:
    """PY6: stop turning and take this turn's cards."""

    player: int | None = None


@dataclass(frozen=True)
class Place:
    """PY7: put one of this turn's cards at ``(row, x)`` of the active player's pyramid."""

    card: int
    row: int
    x: int
    player: int | None = None


Action = Turn | Stop | Place
_TYPES: dict[str, type] = {"turn": Turn, "stop": Stop, "place": Place}
_NAMES = {cls: name for name, cls in _TYPES.items()}
_FIELDS: dict[str, set[str]] = {"turn": {"card"}, "stop": set(), "place": {"card", "row", "x"}}


def _bad(detail: str, detail_ja: str) -> PyramidBadRequest:
    return PyramidBadRequest(detail, detail_ja=detail_ja)


def _int(raw: Any, name: str, lo: int, hi: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not lo <= raw <= hi:
        raise _bad(f"“{name}” must be a whole number from {lo} to {hi}",
                   f"「{name}」は{lo}〜{hi}の整数で指定してください")
    return raw


def parse_action(raw: Any, state: Any = None) -> Action:
    """The action a JSON object describes; 400 ``bad_request`` if it describes none."""
    if not isinstance(raw, dict):
        raise _bad("an action must be an object", "操作はオブジェクトで指定してください")
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in _TYPES:
        raise _bad("“type” must be one of " + ", ".join(_TYPES), "「type」は turn・stop・place のどれかです")
    extra = set(raw) - _FIELDS[kind] - {"type", "player"}
    if extra:
        name = sorted(extra)[0][:40]
        raise _bad(f"unknown field “{name}” for “{kind}”", f"「{kind}」に「{name}」という項目はありません")
    missing = _FIELDS[kind] - set(raw)
    if missing:
        name = sorted(missing)[0]
        raise _bad(f"“{kind}” needs “{name}”", f"「{kind}」には「{name}」が必要です")
    hi = 7 if state is None else state.n - 1
    player = None if raw.get("player") is None else _int(raw["player"], "player", 0, hi)
    if kind == "turn":
        return Turn(parse_card(raw["card"]), player)
    if kind == "stop":
        return Stop(player)
    return Place(parse_card(raw["card"]), _int(raw["row"], "row", 1, MAX_ROW), _int(raw["x"], "x", -MAX_X, MAX_X),
                 player)


def action_to_json(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"type": _NAMES[type(action)]}
    if isinstance(action, (Turn, Place)):
        out["card"] = action.card
    if isinstance(action, Place):
        out["row"], out["x"] = action.row, action.x
    if action.player is not None:
        out["player"] = action.player
    return out
