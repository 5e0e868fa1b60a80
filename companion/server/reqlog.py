"""One log line per request: method, path (long ids shortened), status, milliseconds, and behind a trusted proxy
the device's address; a live stream is logged once, when it ends (its keep-alive comments never are). An ASGI
middleware, outermost: it sees the guard's refusals too."""

from __future__ import annotations

import logging
import re
import time
from typing import Any

from .guard import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("companion.requests")

_TOKEN = re.compile(r"(?<=/)([A-Za-z0-9_-]{4})[A-Za-z0-9_-]{12,}")


def redact(path: str) -> str:
    """Shorten long unguessable tokens (table ids grant write access) in a logged path."""
    return _TOKEN.sub(r"\1...", path)


class RequestLog:
    def __init__(self, app: ASGIApp, *, redact_ids: bool = True, prefix: str = "") -> None:
        self.app = app
        self.redact_ids = redact_ids
        self.prefix = prefix  # e.g. "[worker 2] " under --workers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        seen: dict[str, Any] = {"status": 0, "stream": False}

        async def logged_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                seen["status"] = message["status"]
                seen["stream"] = any(k == b"content-type" and v.startswith(b"text/event-stream")
                                     for k, v in message.get("headers", ()))
            await send(message)

        try:
            await self.app(scope, receive, logged_send)
        finally:
            status = seen["status"] or 500
            level = logging.WARNING if status >= 500 and status != 503 else logging.INFO
            if log.isEnabledFor(level):
                path = (scope.get("root_path", "") + scope["path"]) or "/"
                path = redact(path) if self.redact_ids else path
                ms = (time.perf_counter() - started) * 1000
                forwarded = scope.get("companion.forwarded")  # behind a trusted proxy: whom it forwarded
                log.log(level, "%s%s %s %s %.1f ms%s%s", self.prefix, scope["method"], path, status, ms,
                        " (stream)" if seen["stream"] else "", f" for {forwarded}" if forwarded else "")
