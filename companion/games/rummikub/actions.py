"""Actions as small frozen values, with their JSON form (docs/api.md, "Rummikub over the JSON API"); parse and
back round-trip."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..fields import a_seat, must_be
from ..texts import COMMON, Listed, Msg
from .errors import RummikubBadRequest
from .sets import KINDS
from .texts import RK
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


def _bad(detail: Msg) -> RummikubBadRequest:
    return RummikubBadRequest(detail)


def _seat(value: Any, name: str, n: int | None) -> int:
    seats = 4 if n is None else n
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise _bad(must_be(name, a_seat(seats)))
    return value


def parse_tiles(raw: Any, name: Msg | None = None) -> tuple[str, ...]:
    """A list of tiles; ``name`` says what the list is in a refusal (“tiles” unless given)."""
    if not isinstance(raw, list) or len(raw) > TOTAL_TILES:
        named = name or COMMON.msg("quoted", word="tiles")
        raise _bad(RK.msgn("req_tiles_list", TOTAL_TILES, name=named, most=TOTAL_TILES))
    return tuple(parse_tile(t) for t in raw)


def parse_table(raw: Any) -> tuple[SetSpec, ...]:
    """A proposed table: a list of sets, each a list of tiles or {"tiles": [...], "kind": "run"|"group"}."""
    if not isinstance(raw, list) or len(raw) > TOTAL_TILES:
        raise _bad(RK.msgn("req_table_list", TOTAL_TILES, most=TOTAL_TILES))
    sets: list[SetSpec] = []
    total = 0
    for i, item in enumerate(raw, 1):
        kind = None
        if isinstance(item, dict):
            if set(item) - {"tiles", "kind"} or "tiles" not in item:
                raise _bad(RK.msg("req_set_shape", i=i))
            kind = item.get("kind")
            if kind is not None and kind not in KINDS:
                raise _bad(RK.msg("req_set_kind", i=i))
            item = item["tiles"]
        tiles = parse_tiles(item, RK.msg("req_set_name", i=i))
        total += len(tiles)
        if total > TOTAL_TILES:
            raise _bad(RK.msgn("req_table_tiles", TOTAL_TILES, most=TOTAL_TILES))
        sets.append((tiles, kind))
    return tuple(sets)


def parse_action(raw: Any, state: Any = None) -> Action:
    """The action a JSON object describes; ``bad_request``/``bad_tile`` (400) if it describes none."""
    if not isinstance(raw, dict):
        raise _bad(COMMON.msg("req_action_object"))
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in _TYPES:
        raise _bad(COMMON.msg("req_type_one_of", listed=Listed(list(_TYPES))))
    extra = set(raw) - _FIELDS[kind] - {"type"}
    if extra:
        raise _bad(COMMON.msg("req_unknown_field", name=sorted(extra)[0], kind=kind))
    n = None if state is None else state.n
    if kind == "rack":
        if "seat" not in raw or "tiles" not in raw:
            raise _bad(RK.msg("req_rack_fields"))
        return Rack(_seat(raw["seat"], "seat", n), parse_tiles(raw["tiles"]))
    if kind == "next_round":
        return NextRound()
    player = None if raw.get("player") is None else _seat(raw["player"], "player", n)
    if kind == "play":
        if "table" not in raw:
            raise _bad(RK.msg("req_play_table"))
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
