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
