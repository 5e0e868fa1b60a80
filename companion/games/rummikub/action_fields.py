"""The values Rummikub's actions carry, as field types of the contract (``companion.games.fields``): a tile and
a whole proposed table, each read strictly from JSON, read from a form's text, written to the log and described
for the OpenAPI document in one place.

A string that is no tile keeps its own 400 code (``bad_tile``: docs/api.md), whatever the field; a table that
is not one says which set is wrong (``bad_request``). A page without script types the table one set per line
(``r9 J r11``), and a rack as one line of tiles; what it typed that is no tile is said back in the player's
words, naming the line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..base import RuleError
from ..fields import Context, Field, FormRefusal
from ..schema import obj
from ..texts import Msg
from .errors import RummikubBadRequest
from .sets import KINDS
from .texts import RK
from .tilenames import TILE_KINDS
from .tiles import TOTAL_TILES, parse_tile

SetSpec = tuple[tuple[str, ...], "str | None"]  # a proposed set: tiles as given (canonical strings), kind or None
MAX_TYPED = 4000  # characters of a typed table read (a whole table of 106 tiles is far less)
MAX_LINES = 40  # sets of a typed table
KIND_WORDS = {"run": "run", "group": "group", "ラン": "run", "グループ": "group"}
_SPLIT = re.compile(r"[\s,、，・]+")  # what separates tiles typed on one line (as the platform's typed lists)
TILE_PATTERN = r"^(?:[brykBRYK](?:[1-9]|1[0-3])|[Jj])$"

# The JSON Schemas of what the fields read and write, whole (an action's schema stands on its own); the OpenAPI
# document also names them as components (``schema.py``: Tile, TileOut, RkSetIn) for STATE and the questions.
TILE_SCHEMA: dict[str, Any] = {
    "type": "string", "maxLength": 8, "examples": ["r9", "b13", "J"],
    "description": "A colour letter (b blue, r red, y yellow, k black) and 1–13, or J for a joker; "
                   f"case-insensitive (pattern {TILE_PATTERN}); else bad_tile (400)."}
TILE_OUT: dict[str, Any] = {"enum": list(TILE_KINDS)}
TILE_LIST: dict[str, Any] = {"type": "array", "maxItems": TOTAL_TILES, "items": TILE_SCHEMA}
SET_IN: dict[str, Any] = {
    "oneOf": [TILE_LIST, obj({"tiles": TILE_LIST, "kind": {"enum": [*KINDS, None]}}, ("tiles",))],
    "description": "A set: its tiles in table order (a run ascending when it holds a joker), or "
                   "{\"tiles\", \"kind\"} to say run or group where both would fit (J J r5)."}
SET_OUT: dict[str, Any] = {"oneOf": [{"type": "array", "items": TILE_OUT},
                                     obj({"tiles": {"type": "array", "items": TILE_OUT}, "kind": {"enum": list(KINDS)}},
                                         ("tiles", "kind"))]}


def form_refusal(code: str, count: int | None = None, **params: Any) -> FormRefusal:
    """A typed table or rack that says no action, in the words of its catalogs (the entry ``code``; ``count``:
    the number its plural form follows)."""
    words = RK.msg(code, **params) if count is None else RK.msgn(code, count, **params)
    return FormRefusal(code, words, **params)


def _bad(detail: Msg) -> RummikubBadRequest:
    return RummikubBadRequest(detail)


# --- a tile ----------------------------------------------------------------------------------------------------


class Tile(Field[str]):
    """RK1: a tile, ``"r9"`` or ``"J"`` (case-insensitive; the log keeps it canonical). Anything else is 400
    ``bad_tile``; a tile typed into a form that is none is said back (``form_bad_rack_tile``)."""

    def __init__(self, *, doc: str = "") -> None:
        self.doc = doc

    def expects(self, ctx: Context) -> Msg:
        return RK.msg("expects_tile")

    def parse(self, raw: object, ctx: Context) -> str:
        return parse_tile(raw)  # bad_tile (400) for anything else

    def read_text(self, text: str, ctx: Context) -> str:
        try:
            return parse_tile(text)
        except RuleError:
            raise form_refusal("form_bad_rack_tile", tile=text.strip()[:12]) from None

    def schema(self, max_seats: int) -> dict[str, Any]:
        return TILE_SCHEMA

    def logged_schema(self, max_seats: int) -> dict[str, Any]:
        return TILE_OUT


TILE = Tile()


# --- the whole new table of a play -----------------------------------------------------------------------------


def parse_tiles(raw: Any, name: Msg) -> tuple[str, ...]:
    """A list of tiles; ``name`` says what the list is in a refusal ("set 2")."""
    if not isinstance(raw, list) or len(raw) > TOTAL_TILES:
        raise _bad(RK.msgn("req_tiles_list", TOTAL_TILES, name=name, most=TOTAL_TILES))
    return tuple(parse_tile(t) for t in raw)


def parse_table(raw: Any) -> tuple[SetSpec, ...]:
    """A proposed table: a list of sets, each a list of tiles or {"tiles": [...], "kind": "run"|"group"}; a
    refusal names the set that is none (400)."""
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


def table_to_json(table: tuple[SetSpec, ...]) -> list[Any]:
    """What the log keeps: a set given without a kind as its list of tiles, else ``{"tiles", "kind"}``."""
    return [list(tiles) if kind is None else {"tiles": list(tiles), "kind": kind} for tiles, kind in table]


def parse_table_text(text: str) -> list[Any]:
    """The table typed on a page without script: one set per line in tile notation (``r9 J r11``), an optional
    last word ``run``/``group`` (or ラン/グループ) for a set that could be both (RK5d). A line that holds no tile
    is skipped; a word that is no tile is refused naming its line (``form_bad_tile``)."""
    sets: list[Any] = []
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_LINES:
        raise form_refusal("form_too_many_lines", MAX_LINES)
    for number, line in enumerate(lines, 1):
        words = [w for w in _SPLIT.split(line.strip()) if w]
        kind = KIND_WORDS.get(words[-1].lower()) if words else None
        if kind is not None:
            words = words[:-1]
        tiles = []
        for word in words:
            try:
                tiles.append(parse_tile(word))
            except RuleError:
                raise form_refusal("form_bad_tile", line=number, tile=word[:12]) from None
        if tiles:
            sets.append({"tiles": tiles, "kind": kind} if kind else tiles)
    return sets


class Table(Field[tuple[SetSpec, ...]]):
    """RK3a: the whole new table of a play, every set that lies on it after the turn. JSON: a list of sets,
    each a list of tiles or ``{"tiles", "kind"}``. A form types it, one set per line."""

    def __init__(self, *, doc: str = "") -> None:
        self.doc = doc

    def expects(self, ctx: Context) -> Msg:
        return RK.msg("expects_table")

    def parse(self, raw: object, ctx: Context) -> tuple[SetSpec, ...]:
        return parse_table(raw)  # its own sentences, naming the set that is none

    def read(self, texts: Sequence[str], ctx: Context) -> tuple[SetSpec, ...]:
        sets = parse_table_text("\n".join(texts)[:MAX_TYPED])
        if not sets:
            raise form_refusal("form_no_sets")
        return parse_table(sets)

    def dump(self, value: tuple[SetSpec, ...]) -> Any:
        return table_to_json(value)

    def schema(self, max_seats: int) -> dict[str, Any]:
        return self._doc({"type": "array", "maxItems": TOTAL_TILES, "items": SET_IN})

    def logged_schema(self, max_seats: int) -> dict[str, Any]:
        return {"type": "array", "items": SET_OUT}


TABLE = Table(doc="The whole new table: every set that lies on the table after the turn.")
