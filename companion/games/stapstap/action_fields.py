"""The values すたっぷすたっぷ's actions carry, as field types of the contract (``companion.games.fields``): each is
read strictly from JSON, read from a form's text, written to the log and described for the OpenAPI document
in one place.

A die face and a player's three task cards keep their own 400 codes (``bad_face``, ``bad_cards``: docs/api.md),
so those two refuse with them here instead of leaving the refusal to the action set's ``bad_request``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..base import BadRequest
from ..fields import Context, Field, Int, Invalid, must_be
from ..texts import Msg
from .errors import StapBadRequest
from .state import CARDS_PER_GAME, FACES, MAX_PLAYERS, MIN_PLAYERS
from .texts import ST

MAX_POINTS = 999  # ST2d: the most a cell of the points table may hold
CARD = Int(1, 6, doc="A task card, named by its number (1–6).")
_HEX = re.compile(r"[0-9a-f]{1,64}")


def bad_cards() -> StapBadRequest:
    return StapBadRequest(ST.msg("req_bad_cards"), "bad_cards", field="cards")


class Face(Int):
    """A die face, 1–6; JSON that is none is 400 ``bad_face``."""

    def __init__(self, *, doc: str = "") -> None:
        super().__init__(1, 6, noun=ST.msg("noun_face"), doc=doc)

    def parse(self, raw: object, ctx: Context) -> int:
        if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= 6:
            raise StapBadRequest(ST.msg("req_bad_face"), "bad_face", field="face")
        return raw


class TaskCards(Field[tuple[int, ...]]):
    """ST2b: one player's three different task cards, 1–6 (kept in order); anything else is 400 ``bad_cards``.
    A form posts one checkbox per card."""

    def expects(self, ctx: Context) -> Msg:
        return ST.msg("expects_task_cards")

    def parse(self, raw: object, ctx: Context) -> tuple[int, ...]:
        if (not isinstance(raw, list) or len(raw) != CARDS_PER_GAME
                or any(isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= 6 for c in raw)
                or len(set(raw)) != CARDS_PER_GAME):
            raise bad_cards()
        return tuple(sorted(raw))

    def read(self, texts: Sequence[str], ctx: Context) -> tuple[int, ...]:
        ticked = [text.strip() for text in texts[:len(FACES)]]
        return self.parse([int(t) if t.isascii() and t.isdigit() and len(t) == 1 else t for t in ticked], ctx)

    def dump(self, value: tuple[int, ...]) -> Any:
        return list(value)

    def schema(self, max_seats: int) -> dict[str, Any]:
        return {"type": "array", "minItems": CARDS_PER_GAME, "maxItems": CARDS_PER_GAME, "uniqueItems": True,
                "items": CARD.schema(max_seats)}


TASK_CARDS = TaskCards()


class Dealt(Field[tuple[tuple[int, ...] | None, ...]]):
    """ST2b: a random deal, one entry per seat: null for a seat that had its cards already, else the three
    drawn (the server fills it in: whatever a request sends is replaced)."""

    doc = "Filled in by the server (ST2b): whatever a request sends is replaced."

    def expects(self, ctx: Context) -> Msg:
        return ST.msg("expects_dealt")

    def parse(self, raw: object, ctx: Context) -> tuple[tuple[int, ...] | None, ...]:
        if not isinstance(raw, list):
            raise Invalid
        if not (len(raw) == ctx.seats if ctx.seats is not None else MIN_PLAYERS <= len(raw) <= MAX_PLAYERS):
            raise Invalid
        return tuple(None if one is None else TASK_CARDS.parse(one, ctx) for one in raw)

    def dump(self, value: tuple[tuple[int, ...] | None, ...]) -> Any:
        return [None if cards is None else list(cards) for cards in value]

    def schema(self, max_seats: int) -> dict[str, Any]:
        return {"type": "array", "minItems": MIN_PLAYERS, "maxItems": max_seats, "description": self.doc,
                "items": {"oneOf": [{"type": "null"}, TASK_CARDS.schema(max_seats)]}}


class PointsTable(Field[tuple[tuple[int, ...], ...]]):
    """ST2d: the points printed on the cards, 6 rows (cards 1–6) of 6 numbers (faces 1–6). A form posts one
    field per cell, row by row (``actions.Points.form_fields``)."""

    CELL = Int(0, MAX_POINTS, noun=ST.msg("noun_points"))

    def expects(self, ctx: Context) -> Msg:
        return ST.msg("expects_points_table", most=MAX_POINTS)

    def parse(self, raw: object, ctx: Context) -> tuple[tuple[int, ...], ...]:
        if not isinstance(raw, list) or len(raw) != len(FACES):
            raise Invalid
        rows = []
        for row in raw:
            if not isinstance(row, list) or len(row) != len(FACES):
                raise Invalid
            rows.append(tuple(self.CELL.parse(x, ctx) for x in row))
        return tuple(rows)

    def read(self, texts: Sequence[str], ctx: Context) -> tuple[tuple[int, ...], ...]:
        if len(texts) != len(FACES) ** 2:  # a cell left empty: the table is not whole
            raise BadRequest(must_be("table", self.expects(ctx)), field="table")
        cells = [self.CELL.read_text(text, ctx) for text in texts]
        return tuple(tuple(cells[row * len(FACES):(row + 1) * len(FACES)]) for row in range(len(FACES)))

    def dump(self, value: tuple[tuple[int, ...], ...]) -> Any:
        return [list(row) for row in value]

    def schema(self, max_seats: int) -> dict[str, Any]:
        row = {"type": "array", "minItems": len(FACES), "maxItems": len(FACES),
               "items": self.CELL.schema(max_seats)}
        return {"type": "array", "minItems": len(FACES), "maxItems": len(FACES), "items": row,
                "description": "Row = card 1–6, column = face 1–6 (ST2d)."}


class Hex(Field[str]):
    """Lower-case hexadecimal (the phone box's salt and commitment, ST4)."""

    def __init__(self, *, doc: str = "") -> None:
        self.doc = doc

    def expects(self, ctx: Context) -> Msg:
        return ST.msg("expects_hex")

    def parse(self, raw: object, ctx: Context) -> str:
        if not isinstance(raw, str) or not _HEX.fullmatch(raw):
            raise Invalid
        return raw

    def schema(self, max_seats: int) -> dict[str, Any]:
        return self._doc({"type": "string", "pattern": f"^{_HEX.pattern}$"})
