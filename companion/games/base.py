"""The small interface every game implements; the core (service, store, web) speaks only to this.

The shape follows boardgame.io: a game is data plus pure functions. ``apply`` never mutates its input,
never does I/O, and refuses with a :class:`RuleError` whose ``code`` is stable. Undo and replay work for
every game because the log holds actions, not states.

A game module lists one :class:`Game` object; ``companion.games`` (the registry) collects them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

# --- refusals -----------------------------------------------------------------------------------------------


class RuleError(Exception):
    """Base of every game's refusals. ``code`` is stable (documented in docs/api.md); ``params`` fill the
    sentence; ``message(lang)`` says it in Japanese or English. A subclass supplies ``MESSAGES``
    (code -> (en, ja) templates with ``{param}`` placeholders) or overrides ``message``.

    ``malformed`` tells the web layer which kind of refusal this is: the request makes no sense as an
    action (True: HTTP 400) or it is well formed and the rules forbid it (False: 422). The engine knows
    nothing of HTTP; the web layer maps the kinds to status codes."""

    MESSAGES: ClassVar[dict[str, tuple[str, str]]] = {}
    malformed: ClassVar[bool] = False

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def message(self, lang: str = "en") -> str:
        pair = self.MESSAGES.get(self.code) or COMMON_MESSAGES.get(self.code)
        if pair is None:
            return self.code
        template = pair[1] if lang == "ja" else pair[0]
        return template.format_map(_Fill(self.params))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, **{self.params!r})"

    def __str__(self) -> str:
        return f"{self.code}: {self.message('en')}"


class Refusal(RuleError):
    """A generic rule refusal (422) for games that need no subclass of their own."""


class BadRequest(RuleError):
    """A request that is not an action at all (400): wrong types, unknown action type, bad tile string."""

    malformed = True

    def __init__(self, detail: str, code: str = "bad_request", *, detail_ja: str | None = None,
                 **params: Any) -> None:
        super().__init__(code, detail=detail, **params)
        self.detail_ja = detail_ja

    def message(self, lang: str = "en") -> str:
        if lang == "ja" and self.detail_ja and self.code == "bad_request":
            return COMMON_MESSAGES["bad_request"][1].format(detail=self.detail_ja)
        return super().message(lang)


COMMON_MESSAGES: dict[str, tuple[str, str]] = {
    "bad_request": ("The request is malformed: {detail}", "リクエストの形式が正しくありません：{detail}"),
    "nothing_to_undo": ("There is nothing to undo yet.", "取り消せる操作はまだありません。"),
    "game_over": ("The game is over: no more actions.", "ゲームは終了しています。これ以上の操作はできません。"),
    "not_your_turn": ("It is {active_name}'s turn, not {player_name}'s.",
                      "今は{active_name}さんの手番です（{player_name}さんではありません）。"),
}


class _Fill(dict):
    def __missing__(self, key: str) -> str:
        return "?" if key.endswith("_name") else "{" + key + "}"


# --- who is looking -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Viewer:
    """Who receives a state: ``full`` is False for the read-only (view) link; ``seat`` is the seat this
    device says it is (an unchecked "this is me" choice, fine for what is public anyway); ``proven`` is the
    seat whose secret seat token the request carried, checked by the server. A game decides what each viewer
    may see (``Game.state_to_json``) and shows a seat's secrets only to ``proven == seat``."""

    full: bool = True
    seat: int | None = None
    proven: int | None = None

    @classmethod
    def spectator(cls) -> Viewer:
        return cls(full=False, seat=None)


# --- options --------------------------------------------------------------------------------------------------


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


# --- outcome ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """How a finished game (or match) ended: ``winners`` (seats, several on a tie or a team win), the
    ``ranking`` (seats, best first) and a short machine-readable ``decided_by``."""

    winners: tuple[int, ...]
    ranking: tuple[int, ...] = ()
    decided_by: str | None = None


# --- read-only questions a game answers (e.g. "which papers does this meld make?") ---------------------------


@dataclass(frozen=True)
class Query:
    """``POST /api/tables/{id}/{name}``: a question about the current state, never a change.

    ``answer(state, body, options, lang)`` returns the JSON answer or raises a RuleError. ``private``
    queries need the full (acting) link: they take private data (a hand, a rack) that must never be sent
    with a view link. ``disabled`` returns a (code, en, ja) refusal (403) when the table turned it off."""

    answer: Callable[[Any, dict[str, Any], dict[str, Any], str], dict[str, Any]]
    private: bool = False
    disabled: Callable[[dict[str, Any]], tuple[str, str, str] | None] | None = None


# --- the game ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """Everything the core needs from a game. Functions, not methods: a game is data plus pure functions.

    - ``new_game(players, start, options) -> state``
    - ``parse_action(raw_json, state) -> action`` (BadRequest if it is not an action)
    - ``action_to_json(action) -> dict`` (what the log stores; ``parse_action`` reads it back)
    - ``actor(state, action) -> seat | None``: whose action the log records (the active seat for most,
      the answering seat for a doubt, None for a table-wide step)
    - ``apply(state, action) -> state`` (raises RuleError; never mutates ``state``)
    - ``state_to_json(state, viewer, options) -> dict``: what this viewer may see (no secret of another)
    - ``outcome(state) -> Outcome | None``: None while the game runs
    - ``is_over(state) -> bool``
    - ``ui``: presentation for the pages (see ``companion.games.ui``), optional for API-only games
    - ``scores(state) -> tuple[int | None, ...] | None`` (optional): each seat's score, for the plays record
      and the Players page; None (the default) for a game without points

    Hidden information (all optional; a game without secrets leaves them None):

    - ``private_seats(options) -> bool``: phones claim seats with a secret token (``Viewer.proven``)
    - ``proof_needed(state, action) -> seat | None``: the seat whose token must come with this action (403)
    - ``prepare(state, action, randbelow) -> action``: before a committed action is applied, fill in server
      randomness (``randbelow(n)`` is ``secrets.randbelow``) and what it takes from hidden state; the
      prepared action is logged, so replay stays deterministic and ``apply`` pure
    - ``redact_action(action_json) -> action_json``: what every output (log, exports, history, stored
      answers) shows of a logged action: a secret the action carries is left out
    - ``undo_blocked(state_before, action) -> RuleError | None``: an action that must not be taken back
      (a roll that could be re-rolled, a secret already revealed)
    - ``take_over_blocked(state, seat) -> RuleError | None``: a seat that may not change phones now, because
      the new phone would be shown a secret the old one holds (a die in the box): 409 with its code
    """

    id: str
    name: tuple[str, str]  # (en, ja)
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    new_game: Callable[[tuple[str, ...], int, dict[str, Any]], Any]
    parse_action: Callable[[Any, Any], Any]
    action_to_json: Callable[[Any], dict[str, Any]]
    actor: Callable[[Any, Any], int | None]
    apply: Callable[[Any, Any], Any]
    state_to_json: Callable[[Any, Viewer, dict[str, Any]], dict[str, Any]]
    outcome: Callable[[Any], Outcome | None]
    is_over: Callable[[Any], bool]
    queries: dict[str, Query] = field(default_factory=dict)
    error_codes: tuple[str, ...] = ()  # every code this game's refusals can carry (docs and OpenAPI list them)
    ui: Any = None  # the game's GameUI (``companion.games.ui``), or a function that loads it
    api_schema: Callable[[], dict[str, Any]] | None = None  # its part of the OpenAPI document (see web/openapi)
    private_seats: Callable[[dict[str, Any]], bool] | None = None
    proof_needed: Callable[[Any, Any], int | None] | None = None
    prepare: Callable[[Any, Any, Callable[[int], int]], Any] | None = None
    redact_action: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    undo_blocked: Callable[[Any, Any], RuleError | None] | None = None
    take_over_blocked: Callable[[Any, int], RuleError | None] | None = None
    # ``check_settings(state, changes)``: what a settings change means at this table (a suit the table's
    # deck lacks); raises BadRequest. The options' own cleaners cannot see the table.
    check_settings: Callable[[Any, dict[str, Any]], None] | None = None
    # ``scores(state) -> (score per seat, None for a seat without one) or None``: the final (or running)
    # score of each seat, for the plays record and the Players page (average, best). None (the default, or
    # returned) means the game has no points, only winners. Plain numbers, higher is better.
    scores: Callable[[Any], tuple[int | None, ...] | None] | None = None

    def label(self, lang: str) -> str:
        return self.name[1] if lang == "ja" else self.name[0]

    def uses_seat_tokens(self, options: dict[str, Any]) -> bool:
        return self.private_seats is not None and bool(self.private_seats(options))

    def public_action(self, action_json: dict[str, Any]) -> dict[str, Any]:
        """A logged action as any device may see it (the game's ``redact_action``, if it has secrets)."""
        return self.redact_action(action_json) if self.redact_action is not None else action_json

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": {"en": self.name[0], "ja": self.name[1]},
                "players": {"min": self.min_players, "max": self.max_players},
                "options": {o.id: o.to_json() for o in self.options}}


def presentation(package: str) -> tuple[Callable[[], Any], Callable[[], dict[str, Any]]]:
    """A game package's ``ui`` and ``api_schema`` loaders for :class:`Game`: ``<package>.ui.UI`` and
    ``<package>.api_schema.schema()``, imported only when first asked for (the pages and the OpenAPI
    document), so the engine stays free of presentation."""
    import importlib

    def ui() -> Any:
        return importlib.import_module(f"{package}.ui").UI

    def api_schema() -> dict[str, Any]:
        return importlib.import_module(f"{package}.api_schema").schema()

    return ui, api_schema
