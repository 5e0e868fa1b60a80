"""The contract between a game and the platform: what a game declares (:class:`Game`), and what the platform
does with it for every game alike. The shape follows boardgame.io: a game is data plus pure functions;
``apply`` never mutates its input, never does I/O, and refuses with a :class:`RuleError` whose ``code`` is
stable. Undo and replay work for every game because the log holds actions, not states.

What every game shares is the platform's, checked once here, never re-checked by a game (``Game.play``):
an action after the end (422 ``game_over``), an action whose ``player`` is not the seat that acts (422
``not_your_turn``, from the game's ``actor``), an action that is no action (400: unknown type or field, a
seat that is no integer seat — ``ActionSet.parse``). Seat proofs (403) are checked by the service from the
game's ``proof_needed``. docs/adding-a-game.md walks through a whole game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .fields import Context
from .moves import ActionSet, Posted
from .options import Option, in_every_language
from .refusals import Refusal, RuleError
from .texts import Msg
from .viewer import Viewer

if TYPE_CHECKING:  # the presentation is loaded only by the pages
    from .ui import GameUI

S = TypeVar("S")  # a game's state
A = TypeVar("A")  # a game's action
PLATFORM_CODES = ("bad_request", "game_over", "not_your_turn")  # refusals the platform makes for every game

@dataclass(frozen=True)
class Outcome:
    """How a finished game (or match) ended: ``winners`` (seats, several on a tie or a team win), the
    ``ranking`` (seats, best first) and a short machine-readable ``decided_by``. ``places`` (optional): each
    seat's place, 1 = best, tied seats sharing one, for a game whose ties the platform cannot see in its scores
    (without it, seats level on points share a place)."""

    winners: tuple[int, ...]
    ranking: tuple[int, ...] = ()
    decided_by: str | None = None
    places: tuple[int, ...] = ()


@dataclass(frozen=True)
class Query:
    """``POST /api/tables/{id}/{name}``: a question about the current state, never a change.

    ``answer(state, body, options, lang)`` returns the JSON answer or raises a RuleError. ``private``
    queries need the full (acting) link: they take private data (a hand, a rack) that must never be sent
    with a view link. ``disabled`` returns a (code, sentence) refusal (403) when the table turned it off."""

    answer: Callable[[Any, dict[str, Any], dict[str, Any], str], dict[str, Any]]
    private: bool = False
    disabled: Callable[[dict[str, Any]], tuple[str, Msg] | None] | None = None


@dataclass(frozen=True)
class Game(Generic[S, A]):
    """Everything the core needs from a game: ``Game[State, Action]``, which mypy checks against the game's
    functions. Functions, not methods: a game is data plus pure functions.

    - ``new_game(players, start, options) -> state`` (a BadRequest for a set-up the options allow one by one
      but not together, e.g. a deck too small to deal)
    - ``actions``: the game's :class:`~companion.games.moves.ActionSet`: the one declaration the JSON parser,
      the form reader, the log's JSON and the OpenAPI schema come from
    - ``actor(state, action) -> seat | None``: the seat that acts (the active seat for most, the answering
      seat for a doubt, None for a table-wide step): the log records it, and the platform refuses an action
      whose ``player`` is another seat
    - ``wrong_seat(state, action, player) -> RuleError`` (optional): that refusal in the game's own words
      (すたっぷすたっぷ: only the parent rolls, only the asked player answers); 422 ``not_your_turn`` without it
    - ``apply(state, action) -> state`` (raises the game's RuleError; never mutates ``state``). It may assume
      the platform's checks passed: the game is not over, ``player`` is the acting seat.
    - ``state_to_json(state, viewer, options) -> dict``: what this viewer may see (no secret of another)
    - ``outcome(state) -> Outcome | None``: None while the game runs; ``is_over`` defaults to "has an outcome"
    - ``errors``: the game's refusal class (its sentences, including its own wording of ``game_over``)
    - ``ui``: presentation for the pages (``companion.games.ui.GameUI``), optional for API-only games
    - ``state_schema() -> {"state": {field: JSON Schema}, "state_description": …, "components": …,
      "queries": …}``: the STATE part of the OpenAPI document (the actions' part comes from ``actions``)
    - ``package``: the game's Python package; its ``templates/`` and ``static/`` folders are served from it
      (``static/icon.svg`` is its picture on the start page); ``kits``: shared packages served the same way
    - ``scores(state)`` (optional): each seat's score for the plays record; ``bgg_id``: BoardGameGeek's id
    - how a result reads on a score sheet (the plays record, BG Stats' import file): ``cooperative`` (the
      players win or lose together), ``highest_wins`` (False: the lowest score is best) and
      ``scores_are_points`` (False: ``scores`` is a measure that ranks, such as Pyramid's height, not points)

    Hidden information (all optional; a game without secrets leaves them None):

    - ``private_seats(options) -> bool``: phones claim seats with a secret token (``Viewer.proven``)
    - ``proof_needed(state, action) -> seat | None``: the seat whose token must come with this action (403)
    - ``prepare(state, action, randbelow) -> action``: before a committed action is applied, fill in server
      randomness (``randbelow(n)`` is ``secrets.randbelow``) and what it takes from hidden state; the
      prepared action is logged, so replay stays deterministic and ``apply`` pure
    - ``redact_action(action_json) -> action_json``: what every output (log, exports, history, stored
      answers) shows of a logged action: a secret the action carries is left out
    - ``undo_blocked(state_before, action) -> RuleError | None``: an action that must not be taken back
    - ``take_over_blocked(state, seat) -> RuleError | None``: a seat that may not change phones now, because
      the new phone would be shown a secret the old one holds (a die in the box): 409 with its code
    """

    id: str
    name: Msg  # the game's name, from its catalogs
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    new_game: Callable[[tuple[str, ...], int, dict[str, Any]], S]
    actions: ActionSet[A]
    actor: Callable[[S, A], int | None]
    apply: Callable[[S, A], S]
    state_to_json: Callable[[S, Viewer, dict[str, Any]], dict[str, Any]]
    outcome: Callable[[S], Outcome | None]
    wrong_seat: Callable[[S, A, int], RuleError] | None = None
    errors: type[RuleError] = Refusal
    is_over: Callable[[S], bool] | None = None
    queries: dict[str, Query] = field(default_factory=dict)
    ui: GameUI[S, A] | Callable[[], GameUI[Any, Any]] | None = None  # or a function that loads it
    state_schema: Callable[[], dict[str, Any]] | None = None
    package: str | None = None
    kits: tuple[str, ...] = ()  # shared packages whose templates/ and static/ the game's pages use
    bgg_id: int = 0  # BoardGameGeek's id (BG Stats matches games on import by it); 0: none
    private_seats: Callable[[dict[str, Any]], bool] | None = None
    proof_needed: Callable[[S, A], int | None] | None = None
    prepare: Callable[[S, A, Callable[[int], int]], A] | None = None
    redact_action: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    undo_blocked: Callable[[S, A], RuleError | None] | None = None
    take_over_blocked: Callable[[S, int], RuleError | None] | None = None
    # ``check_settings(state, changes)``: what a settings change means at this table (a suit the table's
    # deck lacks); raises BadRequest. The options' own cleaners cannot see the table.
    check_settings: Callable[[S, dict[str, Any]], None] | None = None
    # ``scores(state) -> (score per seat, None for a seat without one) or None``: the final (or running)
    # score of each seat, for the plays record and the Players page (average, best). None (the default, or
    # returned) means the game has no points, only winners. Plain numbers, better as ``highest_wins`` says.
    scores: Callable[[S], tuple[int | None, ...] | None] | None = None
    # How a result reads on a score sheet (the plays record, the Players page, BG Stats' import file, whose
    # ``cooperative``, ``highestWins`` and ``noPoints`` these become): the players win or lose together (the
    # outcome's winners are every seat, or none); the highest score is best (False: the lowest); ``scores`` are
    # the game's own points (False: a measure that ranks, e.g. a height, exported as places without points).
    cooperative: bool = False
    highest_wins: bool = True
    scores_are_points: bool = True

    # --- what the platform asks -------------------------------------------------------------------------------

    def label(self, lang: str) -> str:
        return self.name.say(lang)

    def over(self, state: S) -> bool:
        """Whether the game has ended (no more actions)."""
        return self.is_over(state) if self.is_over is not None else self.outcome(state) is not None

    def parse(self, raw: object, ctx: Context) -> A:
        """The action a JSON object describes (400 ``bad_request`` otherwise)."""
        return self.actions.parse(raw, ctx)

    def dump(self, action: A) -> dict[str, Any]:
        """What the log keeps of an action (``parse`` reads it back)."""
        return self.actions.dump(action)

    def read_form(self, posted: Posted, ctx: Context) -> A:
        """The action a page's form posts."""
        return self.actions.read_form(posted, ctx)

    def play(self, state: S, action: A, names: Sequence[str]) -> S:
        """``apply``, after what the platform checks for every game: not over, and ``player`` (if given) the
        acting seat. ``names``: the table's players, for the refusal's sentence."""
        if self.over(state):
            raise self.errors("game_over")
        player = getattr(action, "player", None)
        acting = self.actor(state, action) if player is not None else None
        if player is not None and acting is not None and player != acting:
            if self.wrong_seat is not None:
                raise self.wrong_seat(state, action, player)
            raise self.errors("not_your_turn", active=acting, player=player,
                              active_name=_name(names, acting), player_name=_name(names, player))
        return self.apply(state, action)

    @cached_property
    def codes(self) -> tuple[str, ...]:
        """Every code this game's refusals can carry (docs and the OpenAPI document list them)."""
        shared = PLATFORM_CODES if self.wrong_seat is None else tuple(c for c in PLATFORM_CODES if c != "not_your_turn")
        return tuple(dict.fromkeys((*shared, *self.errors.CODES)))

    def uses_seat_tokens(self, options: dict[str, Any]) -> bool:
        return self.private_seats is not None and bool(self.private_seats(options))

    def public_action(self, action_json: dict[str, Any]) -> dict[str, Any]:
        """A logged action as any device may see it (the game's ``redact_action``, if it has secrets)."""
        return self.redact_action(action_json) if self.redact_action is not None else action_json

    def api_part(self) -> dict[str, Any]:
        """This game's part of the OpenAPI document: its actions as requests and as logged, its settings, its
        STATE and its questions (see ``companion.web.openapi``)."""
        declared = self.state_schema() if self.state_schema is not None else {"state": {}}
        settings = {o.id: o.value_schema() for o in self.options if o.setting}
        logged = self.actions.logged_schemas(self.max_players)
        if settings:
            logged.append({"type": "object", "properties": {"type": {"const": "settings"}, **settings},
                           "required": ["type"], "additionalProperties": False})
        return {"components": {}, **declared, "actions": self.actions.request_schemas(self.max_players),
                "logged": logged, "settings": settings, "error_codes": self.codes}

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": in_every_language(self.name),
                "players": {"min": self.min_players, "max": self.max_players},
                "options": {o.id: o.to_json() for o in self.options}}


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else "?"
