"""The live page stream: ``GET /t/<id>/live`` (and ``/v/<view id>/live``), Server-Sent Events that carry the
table fragment itself, so a phone shows a change without asking for it.

Before, every change cost each phone a second request (the event said "version 7", then the page fetched
``/fragment``): seven HTTP requests per change at a five-phone table, most of the server's time at café
scale (docs/scaling.md). Here the stream's request is answered with the fragment as its first event, and then
the live layer of ``companion serve`` (companion/server/streams.py, on its event loop) asks ``page_event`` for
the phone's next one whenever the table moves — in a worker thread, in a request context made from the
stream's own request — and sends it as ``event: table`` with ``id: VERSION``. The phones that see the same share
one rendering per version (``fragcache``); several changes while a phone is slow become one event: the latest.
The stream is gzip-compressed when the browser accepts it, from blocks compressed once per rendering and
shared by every phone (``pieces.Pieces``): each event arrives whole, and a stream keeps no
compressor, only the CRC and length of what it sent (``EventWriter``).
"""

from __future__ import annotations

import struct
import zlib

from flask import Response, request

from ...games.ui import parse_uint
from ...store import TableRecord
from ..fragcache import SHARED, accepts_gzip
from ..pieces import GZIP_HEADER, stored_block
from ..security import csrf_token
from ..sse import HEADERS, LiveStream, closed_stream, hand_over, retry_line
from . import pages
from .frame import service
from .table import fragment_plan


class EventWriter:
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


def page_event(record: TableRecord, full: bool) -> tuple[int, tuple[bytes, bytes]]:
    """The table's latest fragment as this phone sees it, as SSE data (bytes, deflate blocks), and its version:
    from the shared rendering of its version and viewer (fragcache), with this phone's own tokens. Called in the
    phone's request context: the stream's request, or the one the live layer builds from it for each change."""
    plan = fragment_plan(record, full)
    return plan.version, SHARED.event(plan, csrf_token)


def live_stream(record: TableRecord, full: bool) -> Response:
    csrf_token()  # made now, if new, so that its cookie goes out with the headers, before the body streams
    # The version the page shows: a reconnecting EventSource says it (Last-Event-ID), a new one in ?since.
    last_id = request.headers.get("Last-Event-ID", "")
    known = parse_uint(last_id) if last_id else None
    if known is None:
        known = parse_uint(request.args.get("since", ""))
    out = EventWriter(accepts_gzip(request.headers.get("Accept-Encoding")))
    version = service().version(record.id)
    if service().is_closed(record.id):
        return closed_stream()
    head = retry_line()
    if known is not None and known == version:
        first = out.text(head + ": up to date\n\n")
    else:
        version, data = page_event(record, full)
        first = out.text(head) + out.event(version, data)
    stream = LiveStream(record.id, version, first, page=out, render=lambda: page_event(record, full))
    headers = {**HEADERS, "Vary": "Accept-Encoding, Cookie"}
    if out.gzipped:
        headers["Content-Encoding"] = "gzip"
    return hand_over(stream, headers)


@pages.get("/t/<tid>/live")
def table_live(tid: str) -> Response:
    record, full = service().resolve(tid)
    return live_stream(record, full)


@pages.get("/v/<vid>/live")
def view_live(vid: str) -> Response:
    record, _ = service().resolve(vid)
    return live_stream(record, False)
