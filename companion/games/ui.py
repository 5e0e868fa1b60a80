"""What the pages need from a game (its presentation), without Flask: the web layer fills a
:class:`TableRequest`, the game turns it into a plain dict for its own template and says in words what each
logged action did. A game needs no form reader: the platform reads its forms with its action declarations
(``Game.read_form``); the game only says where a form's refusal belongs on its page (``form_reply``).

The frame (header, join/QR, seat choice, language, live updates, announcements, undo, history, exports,
the page title, the sentences of settings and the log's CSV columns) is shared by every game and lives in
``companion.web``. A game brings ``<its package>/templates/<game id>/`` (its live region extends
``_game_table.html``) and, if it needs them, style sheets and a small script in ``<its package>/static/``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .moves import Posted
from .refusals import RuleError
from .texts import Texts
from .viewer import Viewer

S = TypeVar("S")  # the game's state
A = TypeVar("A")  # the game's action


@dataclass(frozen=True)
class TableRequest(Generic[S]):
    """One request for a table page, as the game sees it.

    ``answer`` is the STATE this viewer may see; ``history`` the readable log (oldest first: dicts with
    seq, seat, player, at, kind, text, undone, undoes, action); ``flash`` what the game's own last form
    asked to echo back (see :class:`FormReply`), ``error``/``notice`` the outcome of that form;
    ``query`` the page's query string (lists per key); ``dry_run(action_json)`` asks the service whether
    an action would be accepted now (None, or the refusal) without storing anything."""

    state: S
    answer: dict[str, Any]
    options: dict[str, Any]
    viewer: Viewer
    lang: str
    me: int | None
    watching: bool
    version: int
    history: list[dict[str, Any]]
    flash: dict[str, Any] = field(default_factory=dict)
    error: dict[str, Any] | None = None
    notice: str | None = None
    query: Mapping[str, list[str]] = field(default_factory=dict)
    dry_run: Callable[[dict[str, Any]], RuleError | None] = lambda action: None


@dataclass(frozen=True)
class FormReply:
    """Where the answer to a posted form goes: ``where`` a refusal of it is shown on
    the page (a place the game's template names, or "top"/"bar"), the ``anchor`` ("#…") to land on,
    and ``flash``: game data to echo into the next page (what a player typed, an open picker…). A form that
    posts ``dry_run`` (a "check" button: ``name="dry_run" value="1"``) only asks whether the action would be
    accepted; nothing is stored. ``query`` ("?…") is kept in the address a page without script comes back to
    (a panel that stays open on reload); ``act`` False: the form asks the rules nothing (a check with nothing
    to check yet), the page just comes back with its flash."""

    where: str = "bar"
    anchor: str = ""
    flash: dict[str, Any] = field(default_factory=dict)
    query: str = ""
    act: bool = True


@dataclass(frozen=True)
class FormIntent:
    """How the web layer answers a posted form (from the game's :class:`FormReply`, or the frame's own for its
    switches): ``dry_run``: only check it; ``flash``: game data to echo into the next page (a selection, an
    open picker…); ``where``: where a refusal belongs on the page; ``anchor``: "#…" to land on."""

    dry_run: bool = False
    flash: dict[str, Any] = field(default_factory=dict)
    where: str = "bar"
    anchor: str = ""
    query: str = ""  # "?…" for the page a form without script lands on (e.g. "?picker=open")


@dataclass(frozen=True)
class GameUI(Generic[S, A]):
    """A game's presentation. Only ``texts``, ``table_template``, ``table_view`` and ``describe`` are
    required; the rest have defaults that suit a simple game.

    - ``table_view(request) -> dict``: what the game's template shows (``v.…``, beside the frame's: ``v.over``,
      ``v.running``, ``v.history``, ``v.base``, ``v.error``…)
    - ``describe(before, after, action, seat, lang, options) -> str``: one sentence for a logged action (the
      history and the exports), given the action as parsed
    - ``form_reply(type, posted) -> FormReply``: where a form's refusal is shown (default: the action bar)
    - ``error_shown(view, where) -> bool``: whether the page shows that place now (else the refusal goes on top)
    - ``page_title(view, lang)``: default "<name>'s turn" from ``v.active_name``, "Game over" once over
    """

    texts: Texts
    table_template: str  # e.g. "the-pairs/_table.html": the live region, morphed in after every change
    table_view: Callable[[TableRequest[S]], dict[str, Any]]
    describe: Callable[[S, S, A, int | None, str, dict[str, Any]], str]
    rules_template: str | None = None
    rules_context: Callable[[str], dict[str, Any]] = lambda lang: {}
    scripts: tuple[str, ...] = ()  # static files loaded after the frame's script
    styles: tuple[str, ...] = ()  # style sheets loaded after the frame's
    js_text: tuple[str, ...] = ()  # text keys the game's script reads
    js_extra: Callable[[str], dict[str, str]] = lambda lang: {}  # more {key: text} for the script
    form_reply: Callable[[str, Posted], FormReply] = lambda kind, posted: FormReply()
    refusal_where: Callable[[FormIntent, RuleError], str] = lambda intent, exc: intent.where
    error_shown: Callable[[dict[str, Any], str | None], bool] = lambda view, where: where in ("top", "bar")
    clean_flash: Callable[[dict[str, Any]], dict[str, Any]] = lambda flash: {}
    describe_setting: Callable[[dict[str, Any], str], tuple[str, bool] | None] | None = None  # None: the default
    csv_columns: tuple[str, ...] = ()  # default: "type", then every field of the actions
    csv_cells: Callable[[dict[str, Any]], list[Any]] | None = None  # default: the columns' values
    page_title: Callable[[dict[str, Any], str], str] | None = None
    # Options of kind "custom" on the start page (all optional). ``option_template`` is included in the game's
    # options with ``opt = option_context(lang, options, echoed)``: ``options`` are the last table of this
    # game on this server (offered again) or, ``echoed``, what was just posted; ``option_form(form)`` reads
    # the posted fields back into {option id: value} (checked by the option's cleaner, as through the API).
    option_template: str | None = None
    option_context: Callable[[str, Mapping[str, Any] | None, bool], dict[str, Any]] = lambda lang, o, e: {}
    option_form: Callable[[Any], dict[str, Any]] = lambda form: {}
    option_scripts: tuple[str, ...] = ()  # static files the start page loads for ``option_template``
    option_styles: tuple[str, ...] = ()
    # The rules page of one table (``/rules/<game>?table=<view id>``): its options may change what the rules
    # show (e.g. the table's own deck); None means the rules are the same for every table.
    rules_for_table: Callable[[str, dict[str, Any]], dict[str, Any]] | None = None
    # Settings of kind "custom" changed from the table page during play (``POST /t/<id>/setting`` with
    # ``name``): {option id: read(form, state)} turns the posted fields into the option's new value, which is
    # then checked exactly as through the API (the option's cleaner, the game's ``check_settings``).
    setting_forms: Mapping[str, Callable[[Any, Any], Any]] = field(default_factory=dict)


def parse_uint(raw: object, limit: int = 10**9) -> int | None:
    """A non-negative integer below ``limit`` written in ASCII digits (at most 9 of them), else None.

    ``str.isdigit`` also accepts '²', '①' or Arabic-Indic digits, which ``int`` rejects or reads
    differently, and ``int`` refuses strings of more than 4300 digits: every number a request carries
    (form fields, query, cookies, Host port) goes through here instead."""
    if not isinstance(raw, str) or not 1 <= len(raw) <= 9 or raw.strip("0123456789"):
        return None
    value = int(raw)
    return value if value < limit else None
