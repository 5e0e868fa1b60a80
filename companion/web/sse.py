"""Server-Sent Events: the API's stream (``event: state`` with the version, on connect and after each change) and
what it shares with the page's stream (pages/live.py): the hand-over to the live layer, ``retry:``, keep-alive.

A stream's request is answered by Flask like any other request (the Host check, the table's id, the headers, the
session's cookie, its first event); the rest of its body is sent by the event loop of ``companion serve``
(companion/server/streams.py), which holds every open stream without a thread. The view hands the stream over by
putting a ``LiveStream`` into the list the live layer left in the request's environ under ``LIVE_KEY``, and
answers with the headers alone. Served by anything else (Flask's test client, another WSGI server) a stream
sends its first event and ends; the browser reconnects after ``retry:`` and the page polls meanwhile.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from flask import Response, request

from ..service import TableService

LIVE_KEY = "companion.live"
KEEPALIVE_SECONDS = 10.0  # API.md asks for at least one every 15 s
# The browser's reconnection delay, drawn per stream: a phone whose server (or worker) went away is back within
# ~1.5 s, and a restart is not a stampede of every phone in the same millisecond.
RETRY_MS = (500, 1500)
HEADERS = {"Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no"}


class PageWriter(Protocol):
    """The page stream's bytes (pages/live.py ``EventWriter``): each event, a comment, the end."""

    def event(self, version: int, data: tuple[bytes, bytes]) -> bytes: ...

    def text(self, text: str) -> bytes: ...

    def end(self) -> bytes: ...


@dataclass
class LiveStream:
    """A stream handed to the live layer: its table, the version its phone shows once ``first`` is sent, the
    first bytes of its body, and for the page's stream what each later event needs (``page``: its writer,
    ``render``: its next event, called in the phone's request context)."""

    table_id: str
    version: int
    first: bytes
    page: PageWriter | None = None
    render: Callable[[], tuple[int, tuple[bytes, bytes]]] | None = field(default=None, repr=False)

    def end(self) -> bytes:
        return self.page.end() if self.page is not None else b""


def retry_line() -> str:
    return f"retry: {random.randint(*RETRY_MS)}\n"


def state_event(version: int) -> str:
    # ``id`` lets a reconnecting EventSource send Last-Event-ID; the first event of every stream is the
    # current version, so a page that missed several changes resumes with one fetch of the latest.
    return f"id: {version}\nevent: state\ndata: {json.dumps({'version': version})}\n\n"


def state_events(sent: int, current: int) -> str:
    """One event per change since ``sent`` (API.md), even when several landed while the stream slept."""
    first = sent + 1 if current > sent else current
    return "".join(state_event(v) for v in range(first, current + 1))


def hand_over(stream: LiveStream, headers: dict[str, str]) -> Response:
    """The stream's answer: its headers, the body to the live layer; alone, the first chunk and the end."""
    holder = request.environ.get(LIVE_KEY)
    if isinstance(holder, list):
        holder.append(stream)
        return Response(b"", mimetype="text/event-stream", headers=headers)
    return Response(stream.first + stream.end(), mimetype="text/event-stream", headers=headers)


def closed_stream() -> Response:
    """A table closed for being idle (public mode) has nothing more to tell: 204 tells an EventSource to stop
    reconnecting (the page's own polls find the table as it is)."""
    return Response(status=204, headers={"Cache-Control": "no-store"})


def event_stream(service: TableService, table_id: str) -> Response:
    version = service.version(table_id)
    if service.is_closed(table_id):
        return closed_stream()
    first = (retry_line() + state_event(version)).encode()
    return hand_over(LiveStream(table_id, version, first), dict(HEADERS))
