"""Laminate's two questions (docs/api.md): ``/melds`` (which papers a meld makes, and whether the active player
may claim each now) and the private ``/hints`` (the publish assistant: the hand is neither stored nor
logged). Questions, never changes."""

from __future__ import annotations

from typing import Any

from ..base import BadRequest, Query
from ..fields import a_seat, must_be
from ..schema import MAX_INT
from ..texts import Msg
from .actions import MAX_CITES
from .deck import Card
from .hints import hints as solve_hints
from .rules import meld_report
from .state import GameState
from .texts import LAMINATE


def _cards(state: GameState, raw: Any, name: str) -> list[Card]:
    deck = state.card_deck
    if not isinstance(raw, list) or len(raw) > deck.size:
        raise BadRequest(LAMINATE.msg("req_card_list", name=name))
    return [deck.parse(c) for c in raw]


def _cite(raw: Any) -> tuple[int, ...]:
    """A ``cite`` list of paper ids (absent or null means none)."""
    if raw is None:
        return ()
    if not isinstance(raw, list) or len(raw) > MAX_CITES:
        raise BadRequest(LAMINATE.msg("req_cite_list"))
    if any(isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= MAX_INT for c in raw):
        raise BadRequest(LAMINATE.msg("req_cite_number", most=MAX_INT))
    return tuple(raw)


def melds(state: GameState, body: dict[str, Any], options: dict[str, Any], lang: str) -> dict[str, Any]:
    report = meld_report(state, _cards(state, body.get("cards", []), "cards"), _cite(body.get("cite")))
    return {"matches": [{"paper": p, "legal": code is None, "error": code} for p, code in report]}


def hints(state: GameState, body: dict[str, Any], options: dict[str, Any], lang: str) -> dict[str, Any]:
    """The private publish assistant: the hand is neither stored nor logged."""
    player = body.get("player")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.n:
        raise BadRequest(must_be("player", a_seat(state.n)))
    hand = _cards(state, body.get("hand"), "hand")
    return {"options": [o.to_json() for o in solve_hints(state, player, hand)]}


def hints_off(options: dict[str, Any]) -> tuple[str, Msg] | None:
    if options.get("hints", True):
        return None
    return ("hints_disabled", LAMINATE.msg("hints_disabled"))


QUERIES = {"melds": Query(melds), "hints": Query(hints, private=True, disabled=hints_off)}
