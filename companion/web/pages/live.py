"""The live page stream: ``GET /t/<id>/live`` (and ``/v/<view id>/live``), Server-Sent Events that carry the
table fragment itself, so a phone shows a change without asking for it.

Before, every change cost each phone a second request (the event said "version 7", then the page fetched
``/fragment``): seven HTTP requests per change at a five-phone table, most of the server's time at café
scale (docs/scaling.md). Here the stream's own thread renders — or, far more often, takes from the shared
rendering of ``fragcache`` — the fragment for its phone when the table moves and sends it as one event,
``event: table`` with ``id: VERSION``. Several changes while a phone is slow become one event: the latest.
The stream is gzip-compressed when the browser accepts it, from blocks compressed once per rendering and
shared by every phone (``fragcache.SsePieces``): each event arrives whole, and a stream keeps no
compressor. The JSON event stream of the API (``/api/tables/{id}/events``) is unchanged.
"""

from __future__ import annotations

import random
import struct
import time
import zlib
from collections.abc import Iterator

from flask import Response, request, stream_with_context

from ...games.ui import parse_uint
from ...store import TableRecord
from ..fragcache import GZIP_HEADER, SHARED, accepts_gzip, fragment_key, stored_block
from ..security import csrf_token
from ..sse import KEEPALIVE_SECONDS, RETRY_MS, ClientWatch
from . import pages
from .frame import service
from .table import render_table


class _Writer:
    """The stream's bytes. Compressed, the stream is one gzip member for its whole life: the header once,
    then each event as ready-made deflate blocks (the shared compressed fragment, this phone's tokens as
    stored blocks, the event's own few bytes stored), and on a normal end the final block and the trailer
    (CRC and length kept as it goes). Nothing is compressed per phone and no compressor is kept per stream."""

    def __init__(self, gzipped: bool) -> None:
        self.gzipped = gzipped
        self.crc = self.size = 0
        self.started = False

    def _wrap(self, plain: bytes, packed: bytes) -> bytes:
        if not self.gzipped:
            return plain
        self.crc = zlib.crc32(plain, self.crc)
        self.size += len(plain)
        head = b"" if self.started else GZIP_HEADER
        self.started = True
        return head + packed

    def text(self, text: str) -> bytes:
        data = text.encode()
        return self._wrap(data, stored_block(data))

    def event(self, version: int, data: tuple[bytes, bytes]) -> bytes:
        # SSE data is line by line: every line of the fragment has its "data: " (the browser joins them with \n)
        head, tail = f"id: {version}\nevent: table\ndata: ".encode(), b"\n\n"
        plain, packed = data
        return self._wrap(head + plain + tail, stored_block(head) + packed + stored_block(tail))

    def end(self) -> bytes:
        if not self.gzipped or not self.started:
            return b""
        return b"\x03\x00" + struct.pack("<II", self.crc, self.size & 0xFFFFFFFF)  # an empty final block


def live_stream(record: TableRecord, full: bool) -> Response:
    watch = ClientWatch(service(), record.id)
    gone, wait = watch.gone, watch.wait
    csrf_token()  # made now, if new, so that its cookie goes out with the headers, before the body streams
    # The version the page shows: a reconnecting EventSource says it (Last-Event-ID), a new one in ?since.
    last_id = request.headers.get("Last-Event-ID", "")
    known = parse_uint(last_id) if last_id else None
    if known is None:
        known = parse_uint(request.args.get("since", ""))
    out = _Writer(accepts_gzip(request.headers.get("Accept-Encoding")))
    table_id = record.id

    def fragment() -> tuple[int, tuple[bytes, bytes]]:
        key = fragment_key(record, full)
        data = SHARED.get_event(key, lambda: render_table(record, full, fragment=True), csrf_token)
        return key[1], data  # type: ignore[index]  # the key holds the version it was made for

    def generate() -> Iterator[bytes]:
        with watch:
            yield from _events()

    def _events() -> Iterator[bytes]:
        version = service().version(table_id)
        head = f"retry: {random.randint(*RETRY_MS)}\n"
        if known is not None and known == version:
            yield out.text(head + ": up to date\n\n")
        else:
            version, data = fragment()
            first = out.text(head)
            yield first + out.event(version, data)
        quiet_since = time.monotonic()
        while not service().closing and not gone():
            current = service().wait_for_change(table_id, version, wait, stop=gone)
            if gone() or service().closing:
                break
            if current != version:
                version, data = fragment()  # the latest, however many changes landed meanwhile
                chunk = out.event(version, data)
                del data  # a waiting stream holds no fragment
                yield chunk
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since >= KEEPALIVE_SECONDS:
                yield out.text(": keep-alive\n\n")
                quiet_since = time.monotonic()
        yield out.end()

    headers = {"Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no", "Vary": "Accept-Encoding, Cookie"}
    if out.gzipped:
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
