"""How one field of an action is written — once: read strictly from JSON, read from the text a form posts,
written back to JSON (the log), and described as JSON Schema (the OpenAPI document). The parser, the form
reader and the schema all come from the same object, so they cannot drift.

A field type says what it takes (``expects``: a :class:`Msg` of a catalog, said in the reader's language); the
action set that holds it names the field in every refusal. JSON that is not what a field takes is ``bad_request``
(400); text typed into a form that is not what it takes is ``bad_value``, said in the player's words (they typed
it). A game may define its own field type (a tile, a card of its deck): subclass :class:`Field` and give
``parse``, ``expects`` and ``schema``; forms, dumps and the logged schema have defaults. ``Context`` brings the
table to the parser.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .refusals import BadRequest
from .texts import COMMON, Listed, Msg

T = TypeVar("T")
MAX_SEATS = 8  # no game seats more: the bound of a seat when there is no table to ask
MAX_TEXT = 9  # digits of a number read from a form (int() of a long string is slow and pointless)
SHOWN = 12  # characters of a player's text quoted back in a refusal


@dataclass(frozen=True)
class Context:
    """What a parser may know of the table: its state (None where there is no table, as for the docs), how
    many seats it has, and its options (a table's own deck…)."""

    state: Any = None
    seats: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


class Invalid(Exception):
    """Raised by a field type when a value is not what it takes; the action set turns it into a refusal that
    names the field (JSON) or quotes the text (forms)."""


class FormRefusal(BadRequest):
    """A posted form that says no action, in words a player understands (they tapped or typed it): 400 with
    its own ``code`` and sentence (a :class:`Msg`). Pages show the sentence where the form was."""

    def __init__(self, code: str, words: Msg, **params: Any) -> None:
        super().__init__(words, code=code, **params)
        self.sentence = words

    def message(self, lang: str = "en") -> str:
        return self.sentence.say(lang)


class Unreadable(FormRefusal):
    """Text a form posted that the field does not take: ``bad_value`` (``“x” is not a card number from 1 to 10.``)."""

    def __init__(self, text: str, expects: Msg) -> None:
        shown = text if len(text) <= SHOWN else text[:SHOWN - 1] + "…"
        super().__init__("bad_value", COMMON.msg("bad_value", value=shown, expects=expects), value=shown)


def must_be(key: str, expects: Msg) -> Msg:
    """“key” must be …: what a request's field should have held (the detail of a ``bad_request``)."""
    return COMMON.msg("req_field_must_be", key=key, expects=expects)


def a_seat(seats: int) -> Msg:
    """"a seat from 0 to …" for a table of ``seats`` seats."""
    return COMMON.msg("expects_seat", top=seats - 1)


class Field(Generic[T]):
    """A field type: how values of one kind are read, written and described. ``doc`` becomes the field's
    description in the OpenAPI document."""

    doc: str = ""

    def expects(self, ctx: Context) -> Msg:
        """What the field takes, as the end of a sentence: "a whole number from 1 to 10" (``expects_range``)."""
        raise NotImplementedError

    def parse(self, raw: object, ctx: Context) -> T:
        """The value a JSON value gives (strict: no strings for numbers, no booleans for numbers); Invalid else."""
        raise NotImplementedError

    def read(self, texts: Sequence[str], ctx: Context) -> T:
        """The value a form's posted texts give (one text unless the type says otherwise); Unreadable else."""
        if len(texts) != 1:
            raise Unreadable(" ".join(texts), self.expects(ctx))
        return self.read_text(texts[0], ctx)

    def read_text(self, text: str, ctx: Context) -> T:
        try:
            return self.parse(text, ctx)
        except Invalid:
            raise Unreadable(text, self.expects(ctx)) from None

    def dump(self, value: T) -> Any:
        """The JSON the log keeps (``parse`` reads it back)."""
        return value

    def schema(self, max_seats: int) -> dict[str, Any]:
        """The JSON Schema of what ``parse`` accepts (for the request)."""
        raise NotImplementedError

    def logged_schema(self, max_seats: int) -> dict[str, Any]:
        """The JSON Schema of what ``dump`` writes (for the log); the request's unless it differs."""
        return self.schema(max_seats)

    def _doc(self, schema: dict[str, Any]) -> dict[str, Any]:
        return {**schema, "description": self.doc} if self.doc else schema


def _number(text: str, negative: bool) -> int | None:
    """ASCII digits (with a leading minus when allowed), at most MAX_TEXT of them: '٣', '３', '²' are not 3."""
    body = text.strip()
    sign = body.startswith("-") and negative
    digits = body[1:] if sign else body
    if not 1 <= len(digits) <= MAX_TEXT or digits.strip("0123456789"):
        return None
    return -int(digits) if sign else int(digits)


class Int(Field[int]):
    """A whole number from ``lo`` to ``hi``. ``noun`` names it in refusals ("a card number": a game's catalog)."""

    def __init__(self, lo: int, hi: int, *, noun: Msg | None = None, doc: str = "") -> None:
        self.lo, self.hi, self.noun, self.doc = lo, hi, noun or COMMON.msg("expects_number"), doc

    def expects(self, ctx: Context) -> Msg:
        return COMMON.msg("expects_range", noun=self.noun, lo=self.lo, hi=self.hi)

    def parse(self, raw: object, ctx: Context) -> int:
        if isinstance(raw, bool) or not isinstance(raw, int) or not self.lo <= raw <= self.hi:
            raise Invalid
        return raw

    def read_text(self, text: str, ctx: Context) -> int:
        value = _number(text, self.lo < 0)
        if value is None or not self.lo <= value <= self.hi:
            raise Unreadable(text, self.expects(ctx))
        return value

    def schema(self, max_seats: int) -> dict[str, Any]:
        return self._doc({"type": "integer", "minimum": self.lo, "maximum": self.hi})


class Seat(Field[int]):
    """A seat of this table: an integer from 0 to seats − 1 (JSON never takes "0"; a form's "0" reads as 0)."""

    def __init__(self, *, doc: str = "") -> None:
        self.doc = doc

    @staticmethod
    def _top(ctx: Context) -> int:
        return (ctx.seats if ctx.seats is not None else MAX_SEATS) - 1

    def expects(self, ctx: Context) -> Msg:
        return COMMON.msg("expects_seat", top=self._top(ctx))

    def parse(self, raw: object, ctx: Context) -> int:
        if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= self._top(ctx):
            raise Invalid
        return raw

    def read_text(self, text: str, ctx: Context) -> int:
        value = _number(text, False)
        if value is None or value > self._top(ctx):
            raise Unreadable(text, self.expects(ctx))
        return value

    def schema(self, max_seats: int) -> dict[str, Any]:
        return self._doc({"type": "integer", "minimum": 0, "maximum": max_seats - 1})


class Choice(Field[str]):
    """One of a few words. With ``fold_case`` the input may differ in case and surrounding spaces (the log
    keeps the word as listed)."""

    def __init__(self, *words: str, fold_case: bool = False, doc: str = "") -> None:
        self.words, self.fold_case, self.doc = words, fold_case, doc

    def expects(self, ctx: Context) -> Msg:
        return COMMON.msg("expects_choice", words=Listed(self.words, each="quoted", join="quoted_join"))

    def parse(self, raw: object, ctx: Context) -> str:
        if isinstance(raw, str):
            word = raw.strip().lower() if self.fold_case else raw
            if word in self.words:
                return word
        raise Invalid

    def schema(self, max_seats: int) -> dict[str, Any]:
        shown = list(self.words)
        if self.fold_case:
            shown += [w.upper() for w in self.words if w.upper() != w and len(w) == 1]
        return self._doc({"enum": shown})

    def logged_schema(self, max_seats: int) -> dict[str, Any]:
        return {"enum": list(self.words)}


class Flag(Field[bool]):
    """true or false (a form posts "on"/"1"/"true" or "off"/"0"/"false")."""

    def __init__(self, *, doc: str = "") -> None:
        self.doc = doc

    def expects(self, ctx: Context) -> Msg:
        return COMMON.msg("expects_flag")

    def parse(self, raw: object, ctx: Context) -> bool:
        if not isinstance(raw, bool):
            raise Invalid
        return raw

    def read_text(self, text: str, ctx: Context) -> bool:
        word = text.strip().lower()
        if word in ("on", "1", "true", "yes"):
            return True
        if word in ("off", "0", "false", "no"):
            return False
        raise Unreadable(text, self.expects(ctx))

    def schema(self, max_seats: int) -> dict[str, Any]:
        return self._doc({"type": "boolean"})


_WORDS = re.compile(r"[\s,、，・]+")  # what separates numbers typed into one text field


class ListOf(Field[tuple[T, ...]]):
    """A list of values of one type, at most ``most`` of them (a tuple in the action). A form posts the field
    once per value, or — with ``typed`` — one text of values separated by spaces or commas."""

    def __init__(self, item: Field[T], most: int, *, typed: bool = False, doc: str = "") -> None:
        self.item, self.most, self.typed, self.doc = item, most, typed, doc

    def expects(self, ctx: Context) -> Msg:
        return COMMON.msgn("expects_list", self.most, most=self.most, item=self.item.expects(ctx))

    def parse(self, raw: object, ctx: Context) -> tuple[T, ...]:
        if not isinstance(raw, list) or len(raw) > self.most:
            raise Invalid
        return tuple(self.item.parse(one, ctx) for one in raw)

    def read(self, texts: Sequence[str], ctx: Context) -> tuple[T, ...]:
        words = [w for text in texts for w in (_WORDS.split(text.strip()) if self.typed else [text]) if w]
        if len(words) > self.most:
            raise Unreadable(" ".join(words), self.expects(ctx))
        return tuple(self.item.read_text(word, ctx) for word in words)

    def dump(self, value: tuple[T, ...]) -> Any:
        return [self.item.dump(one) for one in value]

    def schema(self, max_seats: int) -> dict[str, Any]:
        return self._doc({"type": "array", "maxItems": self.most, "items": self.item.schema(max_seats)})

    def logged_schema(self, max_seats: int) -> dict[str, Any]:
        return {"type": "array", "items": self.item.logged_schema(max_seats)}


@dataclass(frozen=True)
class Key:
    """The name a field has in JSON and forms when it cannot be the attribute's (``from`` is a keyword):
    ``source: Annotated[str, Choice("hand", "place"), Key("from")] = "hand"``."""

    name: str
