"""Server-Sent Events: ``event: state`` with the version on connect and after each change."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator

from flask import Response, request

from ..service import TableService

KEEPALIVE_SECONDS = 10.0  # API.md asks for at least one every 15 s
POLL_SECONDS = 1.0  # how often a stream checks whether its client has gone, where the server cannot say


RETRY_MS = (2000, 6000)  # the browser's reconnection delay, drawn per stream: a restart is not a stampede


class ClientWatch:
    """Whether the phone has gone (``gone``), how long one wait may last (``wait``), and, as a context around
    the stream's life, a wake-up of the table's streams the moment its connection closes.

    Under ``companion serve`` the connection says when it closes (``companion.on_disconnect``), so a stream
    sleeps until a change or its next keep-alive: 500 idle streams no longer wake 500 times a second to look.
    Elsewhere (another WSGI server) it looks every ``POLL_SECONDS``. Made in the request; entered in the
    stream's body (a stream refused before its first byte registers nothing)."""

    def __init__(self, service: TableService, table_id: str) -> None:
        environ = request.environ
        self.gone: Callable[[], bool] = environ.get("waitress.client_disconnected") or (lambda: False)
        self._on_close = environ.get("companion.on_disconnect")
        self.wait = KEEPALIVE_SECONDS if self._on_close is not None else POLL_SECONDS
        self._wake = lambda: service.wake(table_id)
        self._forget: Callable[[], None] | None = None

    def __enter__(self) -> ClientWatch:
        if self._on_close is not None:
            self._forget = self._on_close(self._wake)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._forget is not None:
            self._forget()
            self._forget = None


def _event(version: int) -> str:
    # ``id`` lets a reconnecting EventSource send Last-Event-ID; the first event of every stream is the
    # current version, so a page that missed several changes resumes with one fetch of the latest.
    return f"id: {version}\nevent: state\ndata: {json.dumps({'version': version})}\n\n"


def event_stream(service: TableService, table_id: str) -> Response:
    # waitress offers client_disconnected (with channel_request_lookahead > 0): a stream whose phone vanished
    # ends at once (woken by its connection) instead of holding a thread until the next failed write.
    watch = ClientWatch(service, table_id)

    def generate() -> Iterator[str]:
        with watch:
            yield from _events(watch.gone, watch.wait)

    def _events(gone: Callable[[], bool], wait: float) -> Iterator[str]:
        version = service.version(table_id)
        yield f"retry: {random.randint(*RETRY_MS)}\n" + _event(version)
        quiet_since = time.monotonic()
        while not service.closing and not gone():
            current = service.wait_for_change(table_id, version, wait, stop=gone)
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
