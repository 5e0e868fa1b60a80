"""Long Seat's actions as small frozen values with their JSON form (docs/api.md, Long Seat); parse and back
round-trip. A player enters only two things: the number of each card turned (``lay``) and ``stop``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..pairs import parse_card
from .errors import LongSeatBadRequest

MAX_SEATS = 6


@dataclass(frozen=True)
class Lay:
    """LS3: the card just turned from the deck, by its number."""

    card: int
    player: int | None = None


@dataclass(frozen=True)
class Stop:
    """LS6: end the turn before a pair."""

    player: int | None = None


Action = Lay | Stop
_FIELDS: dict[str, set[str]] = {"lay": {"card", "player"}, "stop": {"player"}}


def _seat(value: Any, n: int | None) -> int:
    hi = (n or MAX_SEATS) - 1
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
        raise LongSeatBadRequest(f"“player” must be a seat from 0 to {hi}",
                                 detail_ja=f"「player」は0〜{hi}の席番号で指定してください")
    return value


def parse_action(raw: Any, state: Any = None) -> Action:
    """The action a JSON object describes; ``bad_request`` (400) if it describes none."""
    if not isinstance(raw, dict):
        raise LongSeatBadRequest("an action must be an object", detail_ja="操作はオブジェクトで指定してください")
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise LongSeatBadRequest("“type” must be “lay” or “stop”",
                                 detail_ja="「type」は「lay」か「stop」で指定してください")
    extra = set(raw) - _FIELDS[kind] - {"type"}
    if extra:
        name = sorted(extra)[0][:40]
        raise LongSeatBadRequest(f"unknown field “{name}” for “{kind}”",
                                 detail_ja=f"「{kind}」に「{name}」という項目はありません")
    n = None if state is None else state.n
    player = None if raw.get("player") is None else _seat(raw["player"], n)
    if kind == "lay":
        if "card" not in raw:
            raise LongSeatBadRequest("“lay” needs “card”, the number on the card turned",
                                     detail_ja="「lay」には「card」（めくったカードの数字）が必要です")
        return Lay(parse_card(raw["card"]), player)
    return Stop(player)


def action_to_json(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "lay" if isinstance(action, Lay) else "stop"}
    if isinstance(action, Lay):
        out["card"] = action.card
    if action.player is not None:
        out["player"] = action.player
    return out
