"""A game's actions, each declared once as a small frozen dataclass with annotated fields; everything the
platform needs of them comes from that one declaration:

    @dataclass(frozen=True)
    class Play(Move, kind="play"):
        \"\"\"TP6: a card onto a pile or the own place.\"\"\"
        to: Annotated[str, Choice("a", "b", "place", fold_case=True)]
        card: Annotated[int | None, CARD] = None

    ACTIONS = ActionSet(Play, Draw, examples=(Play("a", 7),))

``ActionSet.parse`` reads JSON strictly (an unknown field, a missing one, a string for a number, a seat that is
no seat: 400 ``bad_request``, in English and Japanese, naming the field); ``read_form`` reads a posted form
(strings become numbers; no sentinels); ``dump`` writes what the log keeps (fields at their default are left
out); ``request_schemas``/``logged_schemas`` describe both for the OpenAPI document, with the examples.

Every action has ``player`` (from :class:`Move`): the seat that means to act, optional. The platform, not the
game, refuses it when it is not the acting seat (``Game.actor``: 422 ``not_your_turn``).
"""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from typing import Annotated, Any, ClassVar, Generic, TypeVar, cast

from .fields import Context, Field, Invalid, Key, Seat, must_be
from .refusals import BadRequest
from .texts import COMMON, Listed

A = TypeVar("A")  # the game's action: a union of Move classes
Posted = Mapping[str, Sequence[str]]  # a form: field name -> every value posted under it
PLATFORM_FIELDS = frozenset({"csrf_token", "version", "action_id", "type", "dry_run"})  # a page's forms carry these
PLAYER = Seat(doc="If given, must be the seat that acts (else 422 not_your_turn, or the game's own code for it; "
                  "checked by the platform).")


@dataclass(frozen=True)
class Move:
    """The base of every action of a game on the contract: ``kind`` (its ``type`` in JSON) is given in the
    class line, ``player`` is shared by all."""

    kind: ClassVar[str] = ""
    player: Annotated[int | None, PLAYER] = field(default=None, kw_only=True)

    def __init_subclass__(cls, kind: str = "", **rest: Any) -> None:
        super().__init_subclass__(**rest)
        if kind:
            cls.kind = kind

    @classmethod
    def form_fields(cls, posted: Posted) -> Posted:
        """A page's own way of posting this action, turned into its fields (e.g. one slot button that stands
        for ``row`` and ``x``). The posted fields as they are, unless an action says otherwise."""
        return posted


@dataclass(frozen=True)
class _Slot:
    attr: str
    key: str
    field: Field[Any]
    required: bool
    default: Any


class _Shape:
    """One action class, read once: its fields in JSON order (``player`` last)."""

    def __init__(self, cls: type[Move]) -> None:
        if not cls.kind:
            raise TypeError(f"{cls.__name__} needs a kind: class {cls.__name__}(Move, kind=\"…\")")
        self.cls, self.kind = cls, cls.kind
        self.doc = (cls.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
        hints = typing.get_type_hints(cls, include_extras=True)
        slots = []
        for f in fields(cls):
            meta = getattr(hints[f.name], "__metadata__", ())
            kind = next((m for m in meta if isinstance(m, Field)), None)
            if kind is None:
                raise TypeError(f"{cls.__name__}.{f.name} has no field type: annotate it, e.g. "
                                f"Annotated[int, Int(1, 10)]")
            key = next((m.name for m in meta if isinstance(m, Key)), f.name)
            slots.append(_Slot(f.name, key, kind, f.default is MISSING, None if f.default is MISSING else f.default))
        self.slots = tuple(sorted(slots, key=lambda s: s.attr == "player"))
        self.keys = frozenset(s.key for s in self.slots)
        # What dump() does per field, made once: (attribute, key, its own dump or None, kept always, default).
        self.writes = tuple((s.attr, s.key, s.field.dump if type(s.field).dump is not Field.dump else None,
                             s.required, s.default) for s in self.slots)


class ActionSet(Generic[A]):
    """Every action of one game, from their declarations: the one parser, form reader, writer and schema."""

    def __init__(self, *moves: type[Move], examples: Sequence[A] = ()) -> None:
        self.shapes: dict[str, _Shape] = {}
        for cls in moves:
            shape = _Shape(cls)
            if shape.kind in self.shapes:
                raise TypeError(f"two actions are called {shape.kind!r}")
            self.shapes[shape.kind] = shape
        self._by_class: dict[type, _Shape] = {shape.cls: shape for shape in self.shapes.values()}
        self.examples = tuple(examples)
        for example in self.examples:
            self.dump(example)  # an example of an action this set does not hold is a mistake: say so at import

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self.shapes)

    # --- reading -----------------------------------------------------------------------------------------------

    def _shape(self, kind: object) -> _Shape:
        shape = self.shapes.get(kind) if isinstance(kind, str) else None
        if shape is None:
            raise BadRequest(COMMON.msg("req_type_one_of", listed=Listed(list(self.shapes))))
        return shape

    def parse(self, raw: object, ctx: Context) -> A:
        """The action a JSON object describes (strictly); 400 ``bad_request`` naming the field otherwise."""
        if not isinstance(raw, dict):
            raise BadRequest(COMMON.msg("req_action_object"))
        shape = self._shape(raw.get("type"))
        for key in raw:
            if key != "type" and key not in shape.keys:
                name = str(key)[:40]
                raise BadRequest(COMMON.msg("req_unknown_field", name=name, kind=shape.kind), field=name)
        values: dict[str, Any] = {}
        for slot in shape.slots:
            if slot.key not in raw or (raw[slot.key] is None and not slot.required and slot.default is None):
                if slot.required:
                    raise _missing(shape.kind, slot.key)
                continue
            try:
                values[slot.attr] = slot.field.parse(raw[slot.key], ctx)
            except Invalid:
                expects = slot.field.expects(ctx)
                raise BadRequest(must_be(slot.key, expects), field=slot.key) from None
        return cast(A, shape.cls(**values))  # one of the classes this set was made of: A (its declared type)

    def read_form(self, posted: Posted, ctx: Context) -> A:
        """The action a page's form posts: every value is text (``"7"`` reads as 7); an empty field is a field
        not given. Text a field does not take is 400 ``bad_value``, quoted back in the player's language."""
        kinds = posted.get("type") or ()
        shape = self._shape(kinds[0] if len(kinds) == 1 else None)
        posted = shape.cls.form_fields(posted)
        for key in posted:
            if key not in PLATFORM_FIELDS and key not in shape.keys:
                name = key[:40]
                raise BadRequest(COMMON.msg("req_unknown_field", name=name, kind=shape.kind), field=name)
        values: dict[str, Any] = {}
        for slot in shape.slots:
            texts = [text for text in posted.get(slot.key, ()) if text.strip()]
            if not texts:
                if slot.required:
                    raise _missing(shape.kind, slot.key)
                continue
            values[slot.attr] = slot.field.read(texts, ctx)
        return cast(A, shape.cls(**values))

    # --- writing -----------------------------------------------------------------------------------------------

    def dump(self, action: A) -> dict[str, Any]:
        """What the log keeps of an action: its type and every field not at its default (``parse`` reads it back)."""
        shape = self._by_class.get(type(action))
        if shape is None:
            raise TypeError(f"{type(action).__name__} is not an action of this game")
        out: dict[str, Any] = {"type": shape.kind}
        for attr, key, dump, required, default in shape.writes:
            value = getattr(action, attr)
            if required or value != default:
                out[key] = value if dump is None else dump(value)
        return out

    # --- describing --------------------------------------------------------------------------------------------

    def request_schemas(self, max_seats: int) -> list[dict[str, Any]]:
        """One closed JSON Schema per action, as a request may send it (optional fields may be null)."""
        out = []
        for shape in self.shapes.values():
            props: dict[str, Any] = {"type": {"const": shape.kind}}
            for slot in shape.slots:
                schema = slot.field.schema(max_seats)
                props[slot.key] = schema if slot.required or slot.default is not None else _nullable(schema)
            variant: dict[str, Any] = {"type": "object", "properties": props,
                                       "required": ["type", *(s.key for s in shape.slots if s.required)],
                                       "additionalProperties": False}
            if shape.doc:
                variant["description"] = shape.doc
            examples = [self.dump(e) for e in self.examples if type(e) is shape.cls]
            if examples:
                variant["examples"] = examples
            out.append(variant)
        return out

    def logged_schemas(self, max_seats: int) -> list[dict[str, Any]]:
        """One closed JSON Schema per action, exactly as the log holds it."""
        return [{"type": "object",
                 "properties": {"type": {"const": shape.kind},
                                **{s.key: s.field.logged_schema(max_seats) for s in shape.slots}},
                 "required": ["type", *(s.key for s in shape.slots if s.required)], "additionalProperties": False}
                for shape in self.shapes.values()]


def _missing(kind: str, key: str) -> BadRequest:
    return BadRequest(COMMON.msg("req_field_missing", kind=kind, key=key), field=key)


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    kind = schema.get("type")
    if isinstance(kind, str) and "enum" not in schema:
        return {**schema, "type": [kind, "null"]}
    return {"anyOf": [schema, {"type": "null"}], **({"description": schema["description"]}
                                                    if "description" in schema else {})}
