"""A game's table options, with their defaults, and how a table's options are checked: the same rules for
the API (``POST /api/tables``, ``/settings``) and the pages."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .refusals import BadRequest


@dataclass(frozen=True)
class Option:
    """One table option of a game, with its default. ``kind`` is "bool", "int" or "choice".

    ``setting`` options may change during play (through the settings endpoint); they never change what
    ``apply`` decides, so replaying a log always gives the same states. All other options are fixed when
    the table is created and may steer the rules."""

    id: str
    kind: str
    default: Any
    label: tuple[str, str]  # (en, ja)
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    setting: bool = False
    help: tuple[str, str] = ("", "")
    choice_labels: dict[Any, tuple[str, str]] = field(default_factory=dict)  # choice -> (en, ja) for forms
    cleaner: Callable[[Any], Any] | None = None  # for kind "custom": checks and normalises the value
    schema: dict[str, Any] | None = None  # for kind "custom": its JSON Schema (OpenAPI, /api/games)
    # For a true/false setting: what the history says when a table turns it on, and off ((en, ja) each).
    said: tuple[tuple[str, str], tuple[str, str]] | None = None

    def value_schema(self) -> dict[str, Any]:
        """The JSON Schema of this option's value (the settings endpoint, the settings event of the log)."""
        if self.schema is not None:
            return self.schema
        if self.kind == "bool":
            return {"type": "boolean"}
        if self.choices:
            return {"enum": list(self.choices)}
        out: dict[str, Any] = {"type": "integer"}
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out

    def clean(self, value: Any) -> Any:
        """The value if it fits this option; :class:`BadRequest` otherwise."""
        if self.cleaner is not None:
            return self.cleaner(value)
        ja = self.label[1]
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise BadRequest(f"option “{self.id}” must be true or false",
                                 detail_ja=f"「{ja}」はオンかオフで指定してください")
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadRequest(f"option “{self.id}” must be a whole number",
                                 detail_ja=f"「{ja}」は整数で指定してください")
            too_low = self.minimum is not None and value < self.minimum
            if too_low or (self.maximum is not None and value > self.maximum):
                raise BadRequest(f"option “{self.id}” must be from {self.minimum} to {self.maximum}",
                                 detail_ja=f"「{ja}」は{self.minimum}〜{self.maximum}で指定してください")
            if self.choices and value not in self.choices:
                raise BadRequest(f"option “{self.id}” must be one of {', '.join(map(str, self.choices))}",
                                 detail_ja=f"「{ja}」は{'、'.join(map(str, self.choices))}のどれかです")
            return value
        if self.kind == "choice":
            if isinstance(value, bool) or value not in self.choices:
                raise BadRequest(f"option “{self.id}” must be one of {', '.join(map(str, self.choices))}",
                                 detail_ja=f"「{ja}」は{'、'.join(map(str, self.choices))}のどれかです")
            return self.choices[self.choices.index(value)]  # the choice itself: 50, never 50.0
        raise ValueError(f"unknown option kind {self.kind!r}")  # pragma: no cover - a game's data error

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind, "default": self.default,
                               **({"schema": self.schema} if self.schema else {}),
                               "label": {"en": self.label[0], "ja": self.label[1]}, "setting": self.setting}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.choice_labels:
            out["choice_labels"] = [{"value": c, "en": en, "ja": ja} for c, (en, ja) in self.choice_labels.items()]
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        if self.help[0]:
            out["help"] = {"en": self.help[0], "ja": self.help[1]}
        return out


def clean_options(specs: tuple[Option, ...], raw: Any, *, settings_only: bool = False) -> dict[str, Any]:
    """Options as given, checked, with defaults filled in (all of them unless ``settings_only``)."""
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise BadRequest("“options” must be an object", detail_ja="「options」はオブジェクトで指定してください")
    by_id = {o.id: o for o in specs}
    for key in raw:
        if key not in by_id or (settings_only and not by_id[key].setting):
            if not settings_only:
                raise BadRequest(f"“{key}” is not an option of this game",
                                 detail_ja=f"「{key}」はこのゲームのオプションではありません")
            raise BadRequest(f"“{key}” cannot be changed during play", detail_ja=f"「{key}」はゲーム中に変えられません")
    if settings_only:
        return {k: by_id[k].clean(v) for k, v in raw.items()}
    return {o.id: o.clean(raw[o.id]) if o.id in raw else o.default for o in specs}
