"""Actions as small frozen values, with their JSON form (docs/api.md, "Rummikub over the JSON API"); parse and
back round-trip."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import RummikubBadRequest
from .sets import KINDS
from .tiles import TOTAL_TILES, parse_tile

SetSpec = tuple[tuple[str, ...], "str | None"]  # a proposed set: tiles as given (canonical strings), kind or None


@dataclass(frozen=True)
class Draw:
    player: int | None = None


@dataclass(frozen=True)
class Play:
    table: tuple[SetSpec, ...]
    player: int | None = None


@dataclass(frozen=True)
class Pass:
    player: int | None = None


@dataclass(frozen=True)
class Timeout:
    player: int | None = None


@dataclass(frozen=True)
class Rack:
    seat: int
    tiles: tuple[str, ...]


@dataclass(frozen=True)
class NextRound:
    pass


Action = Draw | Play | Pass | Timeout | Rack | NextRound
TURN_ACTIONS = (Draw, Play, Pass, Timeout)
_TYPES: dict[str, type] = {"draw": Draw, "play": Play, "pass": Pass, "timeout": Timeout, "rack": Rack,
                           "next_round": NextRound}
_NAMES = {cls: name for name, cls in _TYPES.items()}
_FIELDS: dict[str, set[str]] = {"draw": {"player"}, "play": {"player", "table"}, "pass": {"player"},
                                "timeout": {"player"}, "rack": {"seat", "tiles"}, "next_round": set()}


def _bad(detail: str, detail_ja: str) -> RummikubBadRequest:
    return RummikubBadRequest(detail, detail_ja=detail_ja)


def _seat(value: Any, name: str, n: int | None) -> int:
    hi = 3 if n is None else n - 1
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
        raise _bad(f"“{name}” must be a seat from 0 to {hi}", f"「{name}」は0〜{hi}の席番号で指定してください")
    return value


def parse_tiles(raw: Any, name: str = "tiles", name_ja: str | None = None) -> tuple[str, ...]:
    if not isinstance(raw, list) or len(raw) > TOTAL_TILES:
        raise _bad(f"“{name}” must be a list of at most {TOTAL_TILES} tiles",
                   f"{name_ja or '「' + name + '」'}は{TOTAL_TILES}枚以下のタイルのリストで指定してください")
    return tuple(parse_tile(t) for t in raw)


def parse_table(raw: Any) -> tuple[SetSpec, ...]:
    """A proposed table: a list of sets, each a list of tiles or {"tiles": [...], "kind": "run"|"group"}."""
    if not isinstance(raw, list) or len(raw) > TOTAL_TILES:
        raise _bad(f"“table” must be a list of at most {TOTAL_TILES} sets",
                   f"「table」は{TOTAL_TILES}組以下のセットのリストで指定してください")
    sets: list[SetSpec] = []
    total = 0
    for i, item in enumerate(raw, 1):
        kind = None
        if isinstance(item, dict):
            if set(item) - {"tiles", "kind"} or "tiles" not in item:
                raise _bad(f"set {i} must be a list of tiles or {{\"tiles\": [...], \"kind\": ...}}",
                           f"{i}番目のセットはタイルのリストか {{\"tiles\": [...], \"kind\": ...}} で指定してください")
            kind = item.get("kind")
            if kind is not None and kind not in KINDS:
                raise _bad(f"set {i}: “kind” must be “run” or “group”",
                           f"{i}番目のセット：「kind」は run か group で指定してください")
            item = item["tiles"]
        tiles = parse_tiles(item, f"set {i}", f"{i}番目のセット")
        total += len(tiles)
        if total > TOTAL_TILES:
            raise _bad(f"a table holds at most {TOTAL_TILES} tiles", f"場に置けるタイルは{TOTAL_TILES}枚までです")
        sets.append((tiles, kind))
    return tuple(sets)


def parse_action(raw: Any, state: Any = None) -> Action:
    """The action a JSON object describes; ``bad_request``/``bad_tile`` (400) if it describes none."""
    if not isinstance(raw, dict):
        raise _bad("an action must be an object", "操作はオブジェクトで指定してください")
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in _TYPES:
        raise _bad("“type” must be one of " + ", ".join(_TYPES), "「type」は " + "・".join(_TYPES) + " のどれかです")
    extra = set(raw) - _FIELDS[kind] - {"type"}
    if extra:
        raise _bad(f"unknown field “{sorted(extra)[0]}” for “{kind}”",
                   f"「{kind}」に「{sorted(extra)[0]}」という項目はありません")
    n = None if state is None else state.n
    if kind == "rack":
        if "seat" not in raw or "tiles" not in raw:
            raise _bad("“rack” needs “seat” and “tiles”", "「rack」には「seat」と「tiles」が必要です")
        return Rack(_seat(raw["seat"], "seat", n), parse_tiles(raw["tiles"]))
    if kind == "next_round":
        return NextRound()
    player = None if raw.get("player") is None else _seat(raw["player"], "player", n)
    if kind == "play":
        if "table" not in raw:
            raise _bad("“play” needs “table”, the whole new table", "「play」には「table」（新しい場全体）が必要です")
        return Play(parse_table(raw["table"]), player)
    return _TYPES[kind](player)


def table_to_json(table: tuple[SetSpec, ...]) -> list[Any]:
    return [list(tiles) if kind is None else {"tiles": list(tiles), "kind": kind} for tiles, kind in table]


def action_to_json(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"type": _NAMES[type(action)]}
    if isinstance(action, Play):
        out["table"] = table_to_json(action.table)
    if isinstance(action, Rack):
        out["seat"] = action.seat
        out["tiles"] = list(action.tiles)
    if isinstance(action, TURN_ACTIONS) and action.player is not None:
        out["player"] = action.player
    return out
