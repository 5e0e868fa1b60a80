"""The live page stream: ``GET /t/<id>/live`` (and ``/v/<view id>/live``), Server-Sent Events that carry the
table fragment itself, so a phone shows a change without asking for it.

Before, every change cost each phone a second request (the event said "version 7", then the page fetched
``/fragment``): seven HTTP requests per change at a five-phone table, most of the server's time at café
scale (docs/scaling.md). Here the stream's own thread renders — or, far more often, takes from the shared
rendering of ``fragcache`` — the fragment for its phone when the table moves and sends it as one event,
``event: table`` with ``id: VERSION``. Several changes while a phone is slow become one event: the latest.
The stream is gzip-compressed when the browser accepts it (one compressor per stream, flushed per event, so
each event arrives whole and repeats of the last one cost little). The JSON event stream of the API
(``/api/tables/{id}/events``) is unchanged.
"""

from __future__ import annotations

import random
import time
import zlib
from collections.abc import Iterator

from flask import Response, request, stream_with_context

from ...games.ui import parse_uint
from ...store import TableRecord
from ..fragcache import SHARED, accepts_gzip, fragment_key
from ..security import csrf_token
from ..sse import KEEPALIVE_SECONDS, POLL_SECONDS, RETRY_MS
from . import pages
from .frame import service
from .table import render_table


def _event(version: int, html: str) -> str:
    # SSE data is line by line: every line of the fragment gets its "data: " (the browser joins them with \n)
    return f"id: {version}\nevent: table\ndata: " + html.replace("\r", "").replace("\n", "\ndata: ") + "\n\n"


def live_stream(record: TableRecord, full: bool) -> Response:
    gone = request.environ.get("waitress.client_disconnected") or (lambda: False)
    csrf_token()  # made now, if new, so that its cookie goes out with the headers, before the body streams
    # The version the page shows: a reconnecting EventSource says it (Last-Event-ID), a new one in ?since.
    known = parse_uint(request.headers.get("Last-Event-ID", "")) if request.headers.get("Last-Event-ID") else None
    if known is None:
        known = parse_uint(request.args.get("since", ""))
    gzipped = accepts_gzip(request.headers.get("Accept-Encoding"))
    packer = zlib.compressobj(1, zlib.DEFLATED, 31) if gzipped else None
    table_id = record.id

    def encode(text: str) -> bytes:
        data = text.encode()
        return packer.compress(data) + packer.flush(zlib.Z_SYNC_FLUSH) if packer is not None else data

    def fragment() -> tuple[int, str]:
        key = fragment_key(record, full)
        html = SHARED.get(key, lambda: render_table(record, full, fragment=True), csrf_token)
        return key[1], html  # type: ignore[index]  # the key holds the version it was made for

    def generate() -> Iterator[bytes]:
        version = service().version(table_id)
        head = f"retry: {random.randint(*RETRY_MS)}\n"
        if known is not None and known == version:
            yield encode(head + ": up to date\n\n")
        else:
            version, html = fragment()
            yield encode(head + _event(version, html))
        quiet_since = time.monotonic()
        while not service().closing and not gone():
            current = service().wait_for_change(table_id, version, POLL_SECONDS)
            if gone() or service().closing:
                break
            if current != version:
                version, html = fragment()  # the latest, however many changes landed meanwhile
                yield encode(_event(version, html))
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since >= KEEPALIVE_SECONDS:
                yield encode(": keep-alive\n\n")
                quiet_since = time.monotonic()

    headers = {"Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no", "Vary": "Accept-Encoding, Cookie"}
    if gzipped:
        headers["Content-Encoding"] = "gzip"
    return Response(stream_with_context(generate()), mimetype="text/event-stream", headers=headers)


@pages.get("/t/<tid>/live")
def table_live(tid: str) -> Response:
    record, full = service().resolve(tid)
    return live_stream(record, full)


@pages.get("/v/<vid>/live")
def view_live(vid: str) -> Response:
    record, _ = service().resolve(vid)
    return live_stream(record, False)
