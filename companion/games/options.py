"""A game's table options, with their defaults, and how a table's options are checked: the same rules for
the API (``POST /api/tables``, ``/settings``) and the pages."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .refusals import BadRequest
from .texts import COMMON, LANGUAGES, Listed, Msg


@dataclass(frozen=True)
class Option:
    """One table option of a game, with its default. ``kind`` is "bool", "int" or "choice".

    ``setting`` options may change during play (through the settings endpoint); they never change what
    ``apply`` decides, so replaying a log always gives the same states. All other options are fixed when
    the table is created and may steer the rules."""

    id: str
    kind: str
    default: Any
    label: Msg  # every text of an option comes from its game's catalogs
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    setting: bool = False
    help: Msg | None = None
    choice_labels: dict[Any, Msg] = field(default_factory=dict)  # choice -> its words, for forms
    cleaner: Callable[[Any], Any] | None = None  # for kind "custom": checks and normalises the value
    schema: dict[str, Any] | None = None  # for kind "custom": its JSON Schema (OpenAPI, /api/games)
    # For a true/false setting: what the history says when a table turns it on, and off.
    said: tuple[Msg, Msg] | None = None

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
        texts, named = self.label.texts, {"id": self.id, "label": self.label}
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise BadRequest(texts.msg("req_option_flag", **named))
            return value
        choices = Listed(self.choices)
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadRequest(texts.msg("req_option_number", **named))
            too_low = self.minimum is not None and value < self.minimum
            if too_low or (self.maximum is not None and value > self.maximum):
                raise BadRequest(texts.msg("req_option_range", **named, lo=self.minimum, hi=self.maximum))
            if self.choices and value not in self.choices:
                raise BadRequest(texts.msg("req_option_choice", **named, choices=choices))
            return value
        if self.kind == "choice":
            if isinstance(value, bool) or value not in self.choices:
                raise BadRequest(texts.msg("req_option_choice", **named, choices=choices))
            return self.choices[self.choices.index(value)]  # the choice itself: 50, never 50.0
        raise ValueError(f"unknown option kind {self.kind!r}")  # pragma: no cover - a game's data error

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind, "default": self.default,
                               **({"schema": self.schema} if self.schema else {}),
                               "label": in_every_language(self.label), "setting": self.setting}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.choice_labels:
            out["choice_labels"] = [{"value": c, **in_every_language(said)} for c, said in self.choice_labels.items()]
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        if self.help is not None:
            out["help"] = in_every_language(self.help)
        return out


def in_every_language(words: Msg) -> dict[str, str]:
    """A text in every language offered ({"en": …, "ja": …, …}): what the JSON API gives of a label."""
    return {lang: words.say(lang) for lang in LANGUAGES}


def clean_options(specs: tuple[Option, ...], raw: Any, *, settings_only: bool = False) -> dict[str, Any]:
    """Options as given, checked, with defaults filled in (all of them unless ``settings_only``)."""
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise BadRequest(COMMON.msg("req_options_object"))
    by_id = {o.id: o for o in specs}
    for key in raw:
        if key not in by_id or (settings_only and not by_id[key].setting):
            if not settings_only:
                raise BadRequest(COMMON.msg("req_not_an_option", key=key))
            raise BadRequest(COMMON.msg("req_not_a_setting", key=key))
    if settings_only:
        return {k: by_id[k].clean(v) for k, v in raw.items()}
    return {o.id: o.clean(raw[o.id]) if o.id in raw else o.default for o in specs}
