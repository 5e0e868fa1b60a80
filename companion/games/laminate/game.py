"""Laminate Rummy as a :class:`~companion.games.base.Game`: the engine's functions behind the small interface
the core speaks to, its table options, and its two questions (``/melds`` and the private ``/hints``)."""

from __future__ import annotations

from typing import Any

from ..base import Game, Option, Outcome, Query, Viewer, presentation
from .actions import Action, action_to_json, parse_action, parse_cite
from .deck import DEFAULT_DECK, Deck
from .deckspec import DEFAULT_SPEC, SCHEMA, SUIT_ID, clean_deck, deck_of
from .errors import MESSAGES, IllegalAction, Malformed
from .hints import hints as solve_hints
from .jsonform import state_to_json
from .rules import MAX_PLAYERS, MIN_PLAYERS, apply, meld_report, new_game, outcome
from .state import GameState

DECK = DEFAULT_DECK
SUIT_NAME_MAX = 20


def _bad(detail: str, detail_ja: str) -> Malformed:
    return Malformed("bad_request", detail=detail, detail_ja=detail_ja)


def clean_suit_names(raw: Any) -> dict[str, str]:
    """Optional renaming of suits (R1) for a table: {suit_id: name}. A table may bring its own deck, whose
    ids this check cannot see: any well-formed id passes, and the pages ignore one the deck lacks."""
    if not isinstance(raw, dict) or len(raw) > len(DECK.suits):
        raise _bad("“suit_names” must map suit ids to names",
                   "「suit_names」はスートの id から名前への対応で指定してください")
    names = {}
    for suit, name in raw.items():
        if (not isinstance(suit, str) or not SUIT_ID.fullmatch(suit) or not isinstance(name, str)
                or not 1 <= len(name.strip()) <= SUIT_NAME_MAX):
            raise _bad(f"“suit_names” must map suit ids to names of 1–{SUIT_NAME_MAX} characters",
                       f"「suit_names」はスートの id から1〜{SUIT_NAME_MAX}文字の名前への対応で指定してください")
        if any(not ch.isprintable() for ch in name):
            raise _bad("suit names cannot contain control characters", "スート名に制御文字は使えません")
        names[suit] = name.strip()
    return names


def check_settings(state: Any, changes: dict[str, Any]) -> None:
    """R1: only suits of this table's own deck can be renamed."""
    unknown = sorted(set(changes.get("suit_names") or {}) - set(state.card_deck.suit_by_id))
    if unknown:
        raise _bad(f"this table's deck has no suit “{unknown[0]}”",
                   f"この卓のデッキに「{unknown[0]}」というスートはありません")


OPTIONS = (
    Option("hints", "bool", True, ("Publish assistant", "発表アシスタント"), setting=True,
           help=("Each player may list the publications their own hand allows (on their own phone).",
                 "各自の端末で、自分の手札で可能な発表を一覧できます。")),
    Option("deck", "custom", DEFAULT_SPEC, ("Deck", "デッキ"), cleaner=clean_deck, schema=SCHEMA,
           help=("Which ranks each suit of your Seven deck holds, with its name and symbol (R1). Fixed for "
                 "the table.", "お手元のセブンの各スートが持つランクと名前・記号（R1）。卓を作るときに決まります。")),
    Option("suit_names", "custom", {}, ("Suit names", "スート名"), setting=True, cleaner=clean_suit_names,
           schema={"type": "object", "maxProperties": len(DECK.suits),
                   "propertyNames": {"pattern": SUIT_ID.pattern},
                   "additionalProperties": {"type": "string", "minLength": 1, "maxLength": SUIT_NAME_MAX}}),
)


def _new(players: tuple[str, ...], start: int, options: dict[str, Any]) -> GameState:
    return new_game(players, start, deck_of(options))


def _deck(state: GameState | None) -> Deck:
    return state.card_deck if state is not None else DECK


def _parse(raw: Any, state: GameState | None = None) -> Action:
    return parse_action(raw, _deck(state))


def _apply(state: GameState, action: Action) -> GameState:
    return apply(state, action, state.card_deck)


def _actor(state: GameState, action: Action) -> int | None:
    return state.active  # R5: every action is the active player's (API.md)


def _json(state: GameState, viewer: Viewer, options: dict[str, Any]) -> dict[str, Any]:
    return state_to_json(state, viewer, options)


def _outcome(state: GameState) -> Outcome | None:
    result = outcome(state)
    return None if result is None else Outcome(tuple(result.winners), tuple(result.ranking), result.decided_by)


# --- questions ------------------------------------------------------------------------------------------------


def _melds(state: GameState, body: dict[str, Any], options: dict[str, Any], lang: str) -> dict[str, Any]:
    cards_raw, cite_raw = body.get("cards", []), body.get("cite")
    deck = state.card_deck
    if not isinstance(cards_raw, list) or len(cards_raw) > deck.size:
        raise _bad("“cards” must be a list of cards", "「cards」はカードのリストで指定してください")
    cards = [deck.parse(c) for c in cards_raw]
    report = meld_report(state, cards, parse_cite(cite_raw), deck)
    return {"matches": [{"paper": p, "legal": code is None, "error": code} for p, code in report]}


def _hints(state: GameState, body: dict[str, Any], options: dict[str, Any], lang: str) -> dict[str, Any]:
    """The private publish assistant: the hand is neither stored nor logged."""
    player = body.get("player")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.n:
        raise _bad(f"“player” must be a seat from 0 to {state.n - 1}",
                   f"「player」は0〜{state.n - 1}の席番号で指定してください")
    hand_raw = body.get("hand")
    deck = state.card_deck
    if not isinstance(hand_raw, list) or len(hand_raw) > deck.size:
        raise _bad("“hand” must be a list of cards", "「hand」はカードのリストで指定してください")
    hand = [deck.parse(c) for c in hand_raw]
    return {"options": [o.to_json() for o in solve_hints(state, player, hand, deck)]}


def _hints_off(options: dict[str, Any]) -> tuple[str, str, str] | None:
    if options.get("hints", True):
        return None
    return ("hints_disabled", "The publish assistant is turned off at this table.",
            "この卓では発表アシスタントがオフになっています。")


_ui, _api_schema = presentation(__package__)  # loaded only by the pages and the OpenAPI document


GAME = Game(
    id="laminate",
    name=("Laminate Rummy", "ラミネートラミー"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    new_game=_new,
    parse_action=_parse,
    action_to_json=action_to_json,
    actor=_actor,
    apply=_apply,
    state_to_json=_json,
    outcome=_outcome,
    is_over=lambda state: state.over,
    scores=lambda state: tuple(state.score(seat) for seat in range(state.n)),  # R18: complete papers
    check_settings=check_settings,
    queries={"melds": Query(_melds), "hints": Query(_hints, private=True, disabled=_hints_off)},
    error_codes=tuple(code for code in MESSAGES if code not in ("stale", "nothing_to_undo")),
    ui=_ui,
    api_schema=_api_schema,
)

__all__ = ["GAME", "IllegalAction"]
