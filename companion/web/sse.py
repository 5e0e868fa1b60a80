"""Server-Sent Events: ``event: state`` with the version on connect and after each change."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator

from flask import Response, request

from ..service import TableService

KEEPALIVE_SECONDS = 10.0  # API.md asks for at least one every 15 s
POLL_SECONDS = 1.0  # how often a stream checks whether its client has gone


RETRY_MS = (2000, 6000)  # the browser's reconnection delay, drawn per stream: a restart is not a stampede


def _event(version: int) -> str:
    # ``id`` lets a reconnecting EventSource send Last-Event-ID; the first event of every stream is the
    # current version, so a page that missed several changes resumes with one fetch of the latest.
    return f"id: {version}\nevent: state\ndata: {json.dumps({'version': version})}\n\n"


def event_stream(service: TableService, table_id: str) -> Response:
    # waitress offers this callable (with channel_request_lookahead > 0): lets a stream whose phone
    # vanished end within a second instead of holding a thread until the next failed write.
    gone = request.environ.get("waitress.client_disconnected") or (lambda: False)

    def generate() -> Iterator[str]:
        version = service.version(table_id)
        yield f"retry: {random.randint(*RETRY_MS)}\n" + _event(version)
        quiet_since = time.monotonic()
        while not service.closing and not gone():
            current = service.wait_for_change(table_id, version, POLL_SECONDS)
            if gone() or service.closing:
                break
            if current != version:
                # one event per change (API.md), even when several landed while this stream slept
                first = version + 1 if current > version else current
                for v in range(first, current + 1):
                    yield _event(v)
                version = current
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since >= KEEPALIVE_SECONDS:
                yield ": keep-alive\n\n"
                quiet_since = time.monotonic()

    headers = {"Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no"}
    return Response(generate(), mimetype="text/event-stream", headers=headers)
