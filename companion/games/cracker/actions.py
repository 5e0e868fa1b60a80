"""Cracker's actions as small frozen values, with their JSON form (docs/api.md, Cracker); parse and back
round-trip. Forms post text, so numbers given as short digit strings are read as numbers too."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..pairs import parse_card
from .errors import CrackerBadRequest

MAX_HAND = 60  # more cards than any hand can hold: refused before any rule runs


@dataclass(frozen=True)
class Draw:
    card: int
    player: int | None = None


@dataclass(frozen=True)
class Pair:
    card: int | None = None
    player: int | None = None


@dataclass(frozen=True)
class Pass:
    card: int
    player: int | None = None


@dataclass(frozen=True)
class Declare:
    seat: int
    hand: tuple[int, ...]


@dataclass(frozen=True)
class Reveal:
    seat: int
    max: int


@dataclass(frozen=True)
class EndRound:
    pass


@dataclass(frozen=True)
class NextRound:
    pass


Action = Draw | Pair | Pass | Declare | Reveal | EndRound | NextRound
TURN_ACTIONS = (Draw, Pair, Pass)
_TYPES: dict[str, type] = {"draw": Draw, "pair": Pair, "pass": Pass, "declare": Declare, "reveal": Reveal,
                           "end_round": EndRound, "next_round": NextRound}
_NAMES = {cls: name for name, cls in _TYPES.items()}
_FIELDS: dict[str, set[str]] = {"draw": {"card", "player"}, "pair": {"card", "player"}, "pass": {"card", "player"},
                                "declare": {"seat", "hand"}, "reveal": {"seat", "max"}, "end_round": set(),
                                "next_round": set()}


def _bad(detail: str, ja: str) -> CrackerBadRequest:
    return CrackerBadRequest(detail, detail_ja=ja)


def _int(value: Any) -> Any:
    """A form's "7" as 7; anything else unchanged (and refused by the caller if it is no number)."""
    if isinstance(value, str) and 1 <= len(value) <= 2 and value.isascii() and value.isdigit():
        return int(value)
    return value


def _seat(value: Any, name: str, n: int | None) -> int:
    hi = 4 if n is None else n - 1
    value = _int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
        raise _bad(f"“{name}” must be a seat from 0 to {hi}", f"「{name}」は0〜{hi}の席番号で指定してください")
    return value


def _card(value: Any, name: str = "card") -> int:
    return parse_card(_int(value), name)


def parse_hand(raw: Any) -> tuple[int, ...]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_HAND:
        raise _bad(f"“hand” must be a list of 1 to {MAX_HAND} card numbers",
                   f"「hand」は1〜{MAX_HAND}枚のカードの数字のリストで指定してください")
    return tuple(sorted(_card(c, "hand") for c in raw))


def parse_action(raw: Any, state: Any = None) -> Action:
    """The action a JSON object describes; ``bad_request`` (400) if it describes none."""
    if not isinstance(raw, dict):
        raise _bad("an action must be an object", "操作はオブジェクトで指定してください")
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in _TYPES:
        raise _bad("“type” must be one of " + ", ".join(_TYPES), "「type」は " + "、".join(_TYPES) + " のどれかです")
    extra = set(raw) - _FIELDS[kind] - {"type"}
    if extra:
        name = sorted(extra)[0][:40]
        raise _bad(f"unknown field “{name}” for “{kind}”", f"「{kind}」に「{name}」という項目はありません")
    n = None if state is None else state.n
    if kind in ("end_round", "next_round"):
        return _TYPES[kind]()
    if kind == "declare":
        if "seat" not in raw or "hand" not in raw:
            raise _bad("“declare” needs “seat” and “hand”", "「declare」には「seat」と「hand」が必要です")
        return Declare(_seat(raw["seat"], "seat", n), parse_hand(raw["hand"]))
    if kind == "reveal":
        if "seat" not in raw or "max" not in raw:
            raise _bad("“reveal” needs “seat” and “max”", "「reveal」には「seat」と「max」が必要です")
        top = _int(raw["max"])
        if isinstance(top, bool) or not isinstance(top, int) or not 0 <= top <= 10:
            raise _bad("“max” must be a number from 0 to 10", "「max」は0〜10の数字で指定してください")
        return Reveal(_seat(raw["seat"], "seat", n), top)
    player = None if raw.get("player") is None else _seat(raw["player"], "player", n)
    if kind == "pair":
        card = None if raw.get("card") is None else _card(raw["card"])
        return Pair(card, player)
    if "card" not in raw:
        raise _bad(f"“{kind}” needs “card”", f"「{kind}」には「card」が必要です")
    return _TYPES[kind](_card(raw["card"]), player)


def action_to_json(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"type": _NAMES[type(action)]}
    if isinstance(action, (Draw, Pass)) or (isinstance(action, Pair) and action.card is not None):
        out["card"] = action.card
    if isinstance(action, Declare):
        out["seat"], out["hand"] = action.seat, list(action.hand)
    if isinstance(action, Reveal):
        out["seat"], out["max"] = action.seat, action.max
    if isinstance(action, TURN_ACTIONS) and action.player is not None:
        out["player"] = action.player
    return out
