"""JSON error answers: ``{"error": CODE, "message": TEXT}`` (API.md), with both languages added."""

from __future__ import annotations

from collections.abc import Iterable

from flask import Response, jsonify

from ..games.base import RuleError
from ..service import ServiceError
from .i18n import request_lang

# Transport-level refusals that are not rule codes.
HTTP_MESSAGES = {
    400: ("bad_request", "The request is malformed.", "リクエストの形式が正しくありません。"),
    404: ("not_found", "Nothing is here.", "ここには何もありません。"),
    405: ("method_not_allowed", "This address does not take that method.",
          "このアドレスはその方式に対応していません。"),
    413: ("too_large", "The request body is too large.", "リクエストが大きすぎます。"),
    415: ("unsupported_media_type", "Send JSON with Content-Type: application/json.",
          "Content-Type: application/json で JSON を送ってください。"),
}


def _text(value: str) -> str:
    """A message that can always be sent as UTF-8 (a lone surrogate from a request becomes U+FFFD)."""
    return value.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def error_response(status: int, code: str, en: str, ja: str) -> Response:
    lang = request_lang()
    en, ja = _text(en), _text(ja)
    resp = jsonify({"error": code, "message": ja if lang == "ja" else en, "message_en": en, "message_ja": ja})
    resp.status_code = status
    return resp


def rule_status(exc: RuleError) -> int:
    """The HTTP status of a game's refusal (API.md conventions): 400 for a request that is not an action
    at all, 422 for one the rules forbid. The engines know no HTTP; this is the one place that maps."""
    return 400 if exc.malformed else 422


def from_rule(exc: RuleError) -> Response:
    return error_response(rule_status(exc), exc.code, exc.message("en"), exc.message("ja"))


def from_service(exc: ServiceError) -> Response:
    return error_response(exc.status, exc.code, exc.message("en"), exc.message("ja"))


def from_http(status: int, allow: Iterable[str] = ()) -> Response:
    """A transport refusal; a 405 names the methods the address takes (``allow``) in its Allow header."""
    code, en, ja = HTTP_MESSAGES.get(status, ("error", "The request failed.", "リクエストに失敗しました。"))
    resp = error_response(status, code, en, ja)
    if allow:
        resp.headers["Allow"] = ", ".join(sorted(set(allow)))
    return resp
