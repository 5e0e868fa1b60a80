"""JSON error answers: ``{"error": CODE, "message": TEXT}`` (API.md), in the request's language, with the
English and the Japanese added (``message_en``, ``message_ja``); every sentence from the catalogs."""

from __future__ import annotations

from collections.abc import Iterable

from flask import Response, jsonify

from ..games.base import RuleError
from ..games.texts import COMMON, Msg, Said
from ..service import ServiceError
from .i18n import request_lang

# Transport-level refusals that are not rule codes: status -> (code, its sentence in the frame catalog).
HTTP_MESSAGES: dict[int, tuple[str, Msg]] = {
    400: ("bad_request", COMMON.msg("http_msg_400")),
    404: ("not_found", COMMON.msg("http_msg_404")),
    405: ("method_not_allowed", COMMON.msg("http_msg_405")),
    413: ("too_large", COMMON.msg("http_msg_413")),
    415: ("unsupported_media_type", COMMON.msg("svc_json_only")),
}
HTTP_FAILED = ("error", COMMON.msg("http_msg_error"))


def _text(value: str) -> str:
    """A message that can always be sent as UTF-8 (a lone surrogate from a request becomes U+FFFD)."""
    return value.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def error_response(status: int, code: str, words: Said) -> Response:
    """The documented JSON refusal: ``message`` in the request's language, ``message_en`` and ``message_ja``."""
    lang = request_lang()
    en, ja = _text(words.say("en")), _text(words.say("ja"))
    message = {"en": en, "ja": ja}.get(lang) or _text(words.say(lang))
    resp = jsonify({"error": code, "message": message, "message_en": en, "message_ja": ja})
    resp.status_code = status
    return resp


def rule_status(exc: RuleError) -> int:
    """The HTTP status of a game's refusal (API.md conventions): 400 for a request that is not an action
    at all, 422 for one the rules forbid. The engines know no HTTP; this is the one place that maps."""
    return 400 if exc.malformed else 422


def from_rule(exc: RuleError) -> Response:
    return error_response(rule_status(exc), exc.code, exc)


def from_service(exc: ServiceError) -> Response:
    return error_response(exc.status, exc.code, exc.words)


def from_http(status: int, allow: Iterable[str] = ()) -> Response:
    """A transport refusal; a 405 names the methods the address takes (``allow``) in its Allow header."""
    code, words = HTTP_MESSAGES.get(status, HTTP_FAILED)
    resp = error_response(status, code, words)
    if allow:
        resp.headers["Allow"] = ", ".join(sorted(set(allow)))
    return resp
