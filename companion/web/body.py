"""The JSON API's rules for a request body (shared API.md, "Conventions"): JSON only (415 otherwise), an
object, nested at most 8 levels, valid Unicode; and the fields every write may carry (``version``,
``dry_run``, ``action_id``). Used by every API blueprint."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import request

from ..games.base import BadRequest
from ..games.texts import COMMON
from ..service import ServiceError

ACTION_ID = re.compile(r"[A-Za-z0-9._~-]{8,64}")  # RFC 3986 unreserved characters
MAX_DEPTH = 8  # the deepest valid body is {"action": {"table": [{"tiles": ["…"]}]}}: depth 5


def bad(key: str) -> BadRequest:
    """A malformed request (400), said by the frame catalog's ``key`` ("the body is not valid JSON")."""
    return BadRequest(COMMON.msg(key))


def json_body(required: bool = True) -> dict[str, Any]:
    """The request's JSON object. 415 for another content type (keeps cross-site forms out), 400 if bad."""
    raw = request.get_data(cache=True)
    if not raw:  # no body at all; whitespace alone is a body, and not JSON (the fuzzer sent "\n")
        if required:
            raise bad("req_body_object")
        return {}
    if not raw.strip():
        raise bad("req_body_object")
    if request.mimetype != "application/json":
        raise ServiceError(415, "unsupported_media_type", COMMON.msg("svc_json_only"))
    try:
        body = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise bad("req_body_json") from None
    if not isinstance(body, dict):
        raise bad("req_body_object")
    check_json_limits(body)
    return body


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def check_json_limits(body: Any) -> None:
    """400 for nesting deeper than any valid request, or text that is not valid Unicode (lone surrogates)."""
    stack = [(body, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise bad("req_body_deep")
        if isinstance(value, dict):
            stack.extend((k, depth) for k in value)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise bad("req_body_unicode") from None


def opt_version(body: dict[str, Any]) -> int | None:
    version = body.get("version")
    if version is None:
        return None
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise bad("req_version")
    return version


def opt_dry_run(body: dict[str, Any]) -> bool:
    dry_run = body.get("dry_run", False)
    if not isinstance(dry_run, bool):
        raise bad("req_dry_run")
    return dry_run


def opt_action_id(body: dict[str, Any]) -> str | None:
    action_id = body.get("action_id")
    if action_id is None:
        return None
    if not isinstance(action_id, str) or not ACTION_ID.fullmatch(action_id):
        raise bad("req_action_id")
    return action_id
