"""Laminate's two questions (docs/api.md): ``/melds`` (which papers a meld makes, and whether the active player
may claim each now) and the private ``/hints`` (the publish assistant: the hand is neither stored nor
logged). Questions, never changes."""

from __future__ import annotations

from typing import Any

from ..base import BadRequest, Query
from ..schema import MAX_INT
from .actions import MAX_CITES
from .deck import Card
from .hints import hints as solve_hints
from .rules import meld_report
from .state import GameState


def _cards(state: GameState, raw: Any, name: str) -> list[Card]:
    deck = state.card_deck
    if not isinstance(raw, list) or len(raw) > deck.size:
        raise BadRequest(f"“{name}” must be a list of cards", detail_ja=f"「{name}」はカードのリストで指定してください")
    return [deck.parse(c) for c in raw]


def _cite(raw: Any) -> tuple[int, ...]:
    """A ``cite`` list of paper ids (absent or null means none)."""
    if raw is None:
        return ()
    if not isinstance(raw, list) or len(raw) > MAX_CITES:
        raise BadRequest("“cite” must be a list of paper ids", detail_ja="「cite」は論文番号のリストで指定してください")
    if any(isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= MAX_INT for c in raw):
        raise BadRequest(f"“cite” must be an integer from 1 to {MAX_INT}",
                         detail_ja=f"「cite」は1〜{MAX_INT}の整数で指定してください")
    return tuple(raw)


def melds(state: GameState, body: dict[str, Any], options: dict[str, Any], lang: str) -> dict[str, Any]:
    report = meld_report(state, _cards(state, body.get("cards", []), "cards"), _cite(body.get("cite")))
    return {"matches": [{"paper": p, "legal": code is None, "error": code} for p, code in report]}


def hints(state: GameState, body: dict[str, Any], options: dict[str, Any], lang: str) -> dict[str, Any]:
    """The private publish assistant: the hand is neither stored nor logged."""
    player = body.get("player")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.n:
        raise BadRequest(f"“player” must be a seat from 0 to {state.n - 1}",
                         detail_ja=f"「player」は0〜{state.n - 1}の席番号で指定してください")
    hand = _cards(state, body.get("hand"), "hand")
    return {"options": [o.to_json() for o in solve_hints(state, player, hand)]}


def hints_off(options: dict[str, Any]) -> tuple[str, str, str] | None:
    if options.get("hints", True):
        return None
    return ("hints_disabled", "The publish assistant is turned off at this table.",
            "この卓では発表アシスタントがオフになっています。")


QUERIES = {"melds": Query(melds), "hints": Query(hints, private=True, disabled=hints_off)}
