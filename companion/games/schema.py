"""Small helpers for the JSON Schemas a game gives the OpenAPI document (pure data, no web)."""

from __future__ import annotations

from typing import Any

MAX_INT = 2**31


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def obj(properties: dict[str, Any], required: tuple[str, ...] = (), *, closed: bool = True,
        description: str | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    if closed:
        schema["additionalProperties"] = False
    if description:
        schema["description"] = description
    return schema


def nat(minimum: int = 0, maximum: int | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer", "minimum": minimum}
    if maximum is not None:
        schema["maximum"] = maximum
    return schema


def seat(max_players: int) -> dict[str, Any]:
    return nat(0, max_players - 1)


def optional_seat() -> dict[str, Any]:
    return {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_INT,
            "description": "If given, must be the active seat (422 not_your_turn)."}


def action_in(kind: str, props: dict[str, Any], required: tuple[str, ...] = (), *, player: bool = True
              ) -> dict[str, Any]:
    """A request action variant: open (unknown fields are ignored)."""
    extra = {"player": optional_seat()} if player else {}
    return obj({"type": {"const": kind}, **extra, **props}, ("type", *required), closed=False)


def action_out(kind: str, props: dict[str, Any], required: tuple[str, ...] = (), *, max_players: int = 8
               ) -> dict[str, Any]:
    """A logged action variant: closed (exactly what the log holds)."""
    return obj({"type": {"const": kind}, "player": seat(max_players), **props}, ("type", *required))
