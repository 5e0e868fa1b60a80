"""The JSON API (shared API.md): a thin layer that parses, asks the service, and answers."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from ..games.laminate import IllegalAction, Malformed, meld_report, parse_action
from ..games.laminate.actions import parse_cite
from ..games.laminate.hints import hints as solve_hints
from ..service import ServiceError, TableService
from .sse import event_stream

api = Blueprint("api", __name__, url_prefix="/api")
ACTION_ID = re.compile(r"[A-Za-z0-9._~-]{8,64}")  # RFC 3986 unreserved characters


def service() -> TableService:
    return current_app.extensions["companion"]


def bad(detail: str) -> Malformed:
    return Malformed("bad_request", detail=detail)


def json_body(required: bool = True) -> dict[str, Any]:
    """The request's JSON object. 415 for another content type (keeps cross-site forms out), 400 if bad."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        if required:
            raise bad("the body must be a JSON object")
        return {}
    if request.mimetype != "application/json":
        raise ServiceError(415, "unsupported_media_type", "Send JSON with Content-Type: application/json.",
                           "Content-Type: application/json で JSON を送ってください。")
    try:
        body = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise bad("the body is not valid JSON") from None
    if not isinstance(body, dict):
        raise bad("the body must be a JSON object")
    check_json_limits(body)
    return body


MAX_DEPTH = 8  # the deepest valid body is {"action": {"cards": ["…"]}}: depth 3


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def check_json_limits(body: Any) -> None:
    """400 for nesting deeper than any valid request, or text that is not valid Unicode (lone surrogates)."""
    stack = [(body, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise bad("the body is nested too deeply")
        if isinstance(value, dict):
            stack.extend((k, depth) for k in value)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise bad("the body holds text that is not valid Unicode") from None


def opt_version(body: dict[str, Any]) -> int | None:
    version = body.get("version")
    if version is None:
        return None
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise bad("“version” must be a non-negative integer")
    return version


def opt_dry_run(body: dict[str, Any]) -> bool:
    dry_run = body.get("dry_run", False)
    if not isinstance(dry_run, bool):
        raise bad("“dry_run” must be true or false")
    return dry_run


def opt_action_id(body: dict[str, Any]) -> str | None:
    action_id = body.get("action_id")
    if action_id is None:
        return None
    if not isinstance(action_id, str) or not ACTION_ID.fullmatch(action_id):
        raise bad("“action_id” must be 8–64 characters of A–Z, a–z, 0–9, and . _ ~ -")
    return action_id


@api.post("/tables")
def create_table() -> tuple[Response, int]:
    body = json_body()
    settings = {}
    if "suit_names" in body:
        settings["suit_names"] = clean_suit_names(body["suit_names"])
    snap = service().create_table(body.get("players"), body.get("start", 0), body.get("hints", True), settings)
    return jsonify({"id": snap.record.id, "view_id": snap.record.view_id, "state": service().answer(snap)}), 201


def clean_suit_names(raw: Any) -> dict[str, str]:
    """Optional renaming of suits (R1) for this table: {suit_id: name}."""
    deck = service().deck
    if not isinstance(raw, dict) or len(raw) > len(deck.suits):
        raise bad("“suit_names” must map suit ids to names")
    names = {}
    for suit, name in raw.items():
        if suit not in deck.suit_by_id or not isinstance(name, str) or not 1 <= len(name.strip()) <= 20:
            raise bad("“suit_names” must map suit ids to names of 1–20 characters")
        if any(not ch.isprintable() for ch in name):
            raise bad("suit names cannot contain control characters")
        names[suit] = name.strip()
    return names


@api.get("/tables/<table_id>")
def get_table(table_id: str) -> Response:
    record, full = service().resolve(table_id)
    return jsonify(service().answer(service().snapshot(record.id), full))


@api.post("/tables/<table_id>/actions")
def act(table_id: str) -> Response:
    record, _ = service().resolve(table_id, write=True)
    body = json_body()
    if "action" not in body:
        raise bad("the body needs an “action” object")
    action = parse_action(body["action"], service().deck)
    result = service().act(record.id, action, version=opt_version(body), dry_run=opt_dry_run(body),
                           action_id=opt_action_id(body))
    return jsonify(result.answer)


@api.post("/tables/<table_id>/undo")
def undo(table_id: str) -> Response:
    record, _ = service().resolve(table_id, write=True)
    body = json_body(required=False)
    result = service().undo(record.id, version=opt_version(body), action_id=opt_action_id(body),
                            dry_run=opt_dry_run(body))
    return jsonify(result.answer)


@api.post("/tables/<table_id>/melds")
def melds(table_id: str) -> Response:
    record, _ = service().resolve(table_id)
    body = json_body()
    deck = service().deck
    cards_raw, cite_raw = body.get("cards", []), body.get("cite")
    if not isinstance(cards_raw, list) or len(cards_raw) > 49:
        raise bad("“cards” must be a list of cards")
    cards = [deck.parse(c) for c in cards_raw]
    report = meld_report(service().snapshot(record.id).state, cards, parse_cite(cite_raw), deck)
    return jsonify({"matches": [{"paper": p, "legal": code is None, "error": code} for p, code in report]})


@api.post("/tables/<table_id>/hints")
def hints(table_id: str) -> Response:
    """Private publish assistant: a question only; the hand is neither stored nor logged."""
    record, _ = service().resolve(table_id, write=True)
    if not service().snapshot(record.id).record.hints:
        raise ServiceError(403, "hints_disabled", "The publish assistant is turned off at this table.",
                           "この卓では発表アシスタントがオフになっています。")
    body = json_body()
    state = service().snapshot(record.id).state
    player = body.get("player")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.n:
        raise bad(f"“player” must be a seat from 0 to {state.n - 1}")
    hand_raw = body.get("hand")
    if not isinstance(hand_raw, list) or len(hand_raw) > 49:
        raise bad("“hand” must be a list of cards")
    hand = [service().deck.parse(c) for c in hand_raw]
    options = solve_hints(state, player, hand, service().deck)
    return jsonify({"options": [o.to_json() for o in options]})


@api.post("/tables/<table_id>/settings")
def settings(table_id: str) -> Response:
    """Table settings (not game actions): the assistant switch and suit names. Bumps the version."""
    record, _ = service().resolve(table_id, write=True)
    body = json_body()
    changes: dict[str, Any] = {}
    if "hints" in body:
        if not isinstance(body["hints"], bool):
            raise bad("“hints” must be true or false")
        changes["hints"] = body["hints"]
    if "suit_names" in body:
        changes["suit_names"] = clean_suit_names(body["suit_names"])
    if not changes:
        raise bad("nothing to change: send “hints” and/or “suit_names”")
    snap = service().update_settings(record.id, changes, version=opt_version(body))
    return jsonify({"state": service().answer(snap)})


@api.get("/tables/<table_id>/log")
def log(table_id: str) -> Response:
    record, _ = service().resolve(table_id)
    rows = service().log(record.id)
    undone = {e.undoes for e in rows if e.kind == "undo"}
    events = [{"seq": e.seq, "seat": e.seat, "action": e.action, "at": e.at, "undone": e.seq in undone,
               **({"undoes": e.undoes} if e.undoes is not None else {})}
              for e in rows]
    return jsonify({"events": events})


@api.get("/tables/<table_id>/events")
def events(table_id: str) -> Response:
    record, _ = service().resolve(table_id)
    return event_stream(service(), record.id)


@api.errorhandler(IllegalAction)
def _illegal(exc: IllegalAction) -> Response:
    from .errors import from_illegal
    return from_illegal(exc)


@api.errorhandler(ServiceError)
def _service_error(exc: ServiceError) -> Response:
    from .errors import from_service
    return from_service(exc)
