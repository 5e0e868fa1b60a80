"""One rendering of a table's fragment per version and viewer, shared by every phone that sees the same.

After each change every phone of a table fetches ``/t/{id}/fragment`` at once. Rendering it costs 5-15 ms
of CPU (a whole Jinja page); the phones of a table that see the same thing (the same access, seat, proven
seat, language, cookies, query) get one rendering between them. Concurrent misses for one key wait for the
first (single flight), so five phones arriving together cost one rendering, not five.

What differs per phone although the view is the same is put back on every hit: the session's CSRF token
and the forms' ``action_id`` values (idempotency keys: two phones must never send the same one).
Responses are gzip-compressed when the browser accepts it (44 KB -> 7 KB on the Wi-Fi): the rendering is cut
at those tokens once and its fixed parts compressed once (``Pieces``), so a hit costs ~0.02 ms, not 0.25.
"""

from __future__ import annotations

import re
import secrets
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable

from flask import Response
from werkzeug.http import parse_accept_header

from ..store import TableRecord

MAX_ENTRIES = 512  # ~45 KB each: ~23 MB at most
_ACTION_ID = re.compile(r'name="action_id" value="([^"]*)"')
_CSRF = re.compile(r'name="csrf_token" value="([^"]*)"')
COMPRESS_FROM = 1024


class _Entry:
    __slots__ = ("csrf", "action_ids", "ready", "pieces", "sse")

    def __init__(self) -> None:
        self.csrf: str | None = None
        self.action_ids: list[str] = []
        self.ready = threading.Event()
        self.pieces: Pieces | None = None
        self.sse: SsePieces | None = None  # the same cut as Server-Sent Events data lines, made on first use


class Pieces:
    """A rendering cut at its per-phone tokens (the CSRF token, each action id): the fixed text between them
    as bytes and as raw deflate blocks compressed once, so a hit costs joining, a CRC and a few stored
    blocks instead of 7 replaces over 44 KB and a compression (gzip members may be built from independently
    compressed, byte-aligned deflate blocks; RFC 1951 3.2.4 for the stored ones)."""

    __slots__ = ("fixed", "_packed", "slots")

    def __init__(self, html: str, csrf: str | None, action_ids: list[str]) -> None:
        # The tokens are found by plain search, not a pattern built from them: a new pattern per rendering
        # cost a regular-expression compilation each time (~1 ms of the shared rendering's cost).
        wanted: list[tuple[str, int, str | None]] = [
            (f'name="action_id" value="{old}"', len('name="action_id" value="'), old) for old in action_ids]
        if csrf:
            wanted.append((f'value="{csrf}"', len('value="'), None))
        found: list[tuple[int, int, str | None]] = []
        for text, skip, slot in wanted:
            at = html.find(text)
            while at >= 0:
                found.append((at + skip, at + len(text) - 1, slot))
                at = html.find(text, at + len(text))
        found.sort()
        self.fixed: list[bytes] = []
        self.slots: list[str | None] = []  # None: the CSRF token; else the action id the rendering had there
        at = 0
        for start, end, slot in found:
            if start < at:  # overlapping finds cannot happen with these tokens; keep the first
                continue
            self.fixed.append(html[at:start].encode())
            self.slots.append(slot)
            at = end
        self.fixed.append(html[at:].encode())
        self._packed: list[bytes] | None = None

    @property
    def packed(self) -> list[bytes]:
        """The fixed parts as raw deflate blocks, made on the first gzip answer (a table followed only
        through the live stream never needs them). Two threads may both make them: the same bytes."""
        packed = self._packed
        if packed is None:
            packed = self._packed = _deflate_blocks(self.fixed)
        return packed

    def body(self, csrf: str | None, fresh: dict[str, str], gzipped: bool) -> bytes:
        tokens = [(csrf or "" if slot is None else fresh[slot]).encode() for slot in self.slots]
        data = b"".join(_interleave(self.fixed, tokens))
        if not gzipped:
            return data
        stored = [stored_block(t) for t in tokens]
        tail = struct.pack("<II", zlib.crc32(data), len(data) & 0xFFFFFFFF)
        return b"".join((_GZIP_HEADER, *_interleave(self.packed, stored), _FINAL_BLOCK, tail))


class SsePieces:
    """A rendering as the data of one Server-Sent Event (every line prefixed ``data: ``), cut at the same
    tokens and compressed once like ``Pieces``: the page's live stream (pages/live.py) sends each phone
    these blocks with its own tokens as stored blocks — no compressor per stream, no compression per phone."""

    __slots__ = ("fixed", "packed", "slots")

    def __init__(self, pieces: Pieces) -> None:
        self.fixed = [sse_lines(part) for part in pieces.fixed]
        self.packed = _deflate_blocks(self.fixed)
        self.slots = pieces.slots

    def parts(self, csrf: str | None, fresh: dict[str, str]) -> tuple[bytes, bytes]:
        """(the data as bytes, the same as raw deflate blocks ending on a byte boundary, never final)."""
        tokens = [(csrf or "" if slot is None else fresh[slot]).encode() for slot in self.slots]
        plain = b"".join(_interleave(self.fixed, tokens))
        return plain, b"".join(_interleave(self.packed, [stored_block(t) for t in tokens]))


def sse_lines(data: bytes) -> bytes:
    """Text as the continuation of an SSE ``data:`` field: each line break starts a new ``data: `` line."""
    return data.replace(b"\r", b"").replace(b"\n", b"\ndata: ")


def stored_block(data: bytes) -> bytes:
    """``data`` as one stored (uncompressed) deflate block, not final (RFC 1951 3.2.4; under 64 KiB)."""
    return struct.pack("<BHH", 0, len(data), len(data) ^ 0xFFFF) + data


_GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"  # no name, no time, unknown OS
GZIP_HEADER = _GZIP_HEADER
_FINAL_BLOCK = b"\x03\x00"  # an empty fixed-Huffman block with BFINAL set


def _deflate_block(data: bytes) -> bytes:
    packer = zlib.compressobj(1, zlib.DEFLATED, -15)  # raw deflate, ended on a byte boundary, not final
    return packer.compress(data) + packer.flush(zlib.Z_SYNC_FLUSH)


def _deflate_blocks(parts: list[bytes]) -> list[bytes]:
    """Each part as raw deflate blocks that stand alone (a full flush after each: no back-reference reaches
    into the part before, where another phone's token will be), from one compressor."""
    packer = zlib.compressobj(1, zlib.DEFLATED, -15)
    return [packer.compress(part) + packer.flush(zlib.Z_FULL_FLUSH) for part in parts]


def _interleave(fixed: list[bytes], tokens: list[bytes]) -> list[bytes]:
    out = [fixed[0]]
    for token, part in zip(tokens, fixed[1:]):
        out += (token, part)
    return out


class SharedRenders:
    def __init__(self, max_entries: int = MAX_ENTRIES) -> None:
        self.max_entries = max_entries
        self._entries: OrderedDict[Hashable, _Entry] = OrderedDict()
        self._latest: dict[Hashable, Hashable] = {}  # (table, viewer...) -> the key of its newest version
        self._lock = threading.Lock()
        self._build = threading.Lock()  # making a rendering's SSE form, when a fetch rendered it
        self.renders = self.hits = 0

    def get(self, key: Hashable, render: Callable[[], str], csrf: Callable[[], str]) -> str:
        """The fragment for ``key``: rendered by ``render`` on a miss, personalised on a hit."""
        entry, html, mine = self._fetch(key, render)
        if entry is None or mine or entry.pieces is None:
            return html
        fresh = {old: secrets.token_urlsafe(12) for old in entry.action_ids}
        return entry.pieces.body(csrf() if entry.csrf else None, fresh, False).decode()

    def get_body(self, key: Hashable, render: Callable[[], str], csrf: Callable[[], str],
                 gzipped: bool) -> bytes:
        """As ``get``, encoded (and gzip-compressed when ``gzipped``) from the cut rendering: no recompression."""
        entry, html, mine = self._fetch(key, render)
        if entry is None or entry.pieces is None:
            data = html.encode()
            return (gzip_body(data, "gzip", 0) or data) if gzipped else data
        if mine:  # the rendering's own tokens: this request's session and ids made it
            return entry.pieces.body(entry.csrf, {old: old for old in entry.action_ids}, gzipped)
        fresh = {old: secrets.token_urlsafe(12) for old in entry.action_ids}
        return entry.pieces.body(csrf() if entry.csrf else None, fresh, gzipped)

    def get_event(self, key: Hashable, render: Callable[[], str], csrf: Callable[[], str]) -> tuple[bytes, bytes]:
        """As ``get``, as SSE data lines: (bytes, raw deflate blocks) for the page's live stream."""
        entry, html, mine = self._fetch(key, render, sse=True)
        if entry is None or entry.pieces is None:
            data = sse_lines(html.encode())
            return data, _deflate_block(data)
        sse = entry.sse
        if sse is None:  # rendered for a fetch: made once here (five streams waking together made it five times)
            with self._build:
                sse = entry.sse
                if sse is None:
                    sse = entry.sse = SsePieces(entry.pieces)
        if mine:
            return sse.parts(entry.csrf, {old: old for old in entry.action_ids})
        return sse.parts(csrf() if entry.csrf else None, {old: secrets.token_urlsafe(12) for old in entry.action_ids})

    def _fetch(self, key: Hashable, render: Callable[[], str], sse: bool = False) -> tuple[_Entry | None, str, bool]:
        """(entry, the HTML this call rendered ("" on a hit: the text is in ``entry.pieces``), whether this call
        rendered it); entry None when this call had to render its own (the shared rendering failed or is stuck)."""
        with self._lock:
            entry = self._entries.get(key)
            mine = entry is None
            if mine:
                entry = self._entries[key] = _Entry()
                self._supersede(key)
                while len(self._entries) > self.max_entries:
                    gone, _ = self._entries.popitem(last=False)
                    lineage = _lineage(gone)
                    if lineage is not None and self._latest.get(lineage) == gone:
                        del self._latest[lineage]  # only if it was the newest: a late old one must not untrack it
            else:
                self._entries.move_to_end(key)
        assert entry is not None
        if mine:
            try:
                html = render()
                tokens = _CSRF.search(html)
                entry.csrf = tokens.group(1) if tokens else None
                entry.action_ids = sorted(set(_ACTION_ID.findall(html)), key=len, reverse=True)
                entry.pieces = Pieces(html, entry.csrf, entry.action_ids)
                if sse:  # before the waiting streams are let in, so that they share it
                    entry.sse = SsePieces(entry.pieces)
            except BaseException:
                with self._lock:
                    if self._entries.get(key) is entry:
                        del self._entries[key]
                entry.ready.set()
                raise
            self.renders += 1  # the text is kept once, in ``pieces``: ~51 KB an entry with its deflate blocks
            entry.ready.set()
            return entry, html, True
        if not entry.ready.wait(10) or entry.pieces is None:
            return None, render(), True  # the first rendering failed or is stuck: render our own
        self.hits += 1
        return entry, "", False

    def _supersede(self, key: Hashable) -> None:
        """Drop the rendering of an older version for the same table and viewer (with self._lock held): the
        key is always made from the table's current version, so it would never be asked for again, and at
        café scale 512 such leftovers were ~60 MB of the server's memory."""
        lineage = _lineage(key)
        if lineage is None:
            return
        older = self._latest.get(lineage)
        if older is not None and older != key:
            if older[1] > key[1]:  # type: ignore[index]  # a late request for an old version: keep the newer
                return
            self._entries.pop(older, None)
        self._latest[lineage] = key

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._latest.clear()


def _lineage(key: Hashable) -> Hashable | None:
    """A ``fragment_key`` without its version: (table, viewer...); None for other keys."""
    if isinstance(key, tuple) and len(key) > 2 and isinstance(key[1], int):
        return (key[0], *key[2:])
    return None


def personalise(html: str, old_csrf: str | None, action_ids: list[str], csrf: Callable[[], str]) -> str:
    if old_csrf:
        mine = csrf()
        if mine != old_csrf:
            html = html.replace(f'value="{old_csrf}"', f'value="{mine}"')
    for old in action_ids:
        html = html.replace(f'name="action_id" value="{old}"', f'name="action_id" value="{secrets.token_urlsafe(12)}"')
    return html


def accepts_gzip(accept_encoding: str | None) -> bool:
    """Whether an Accept-Encoding header lets us send gzip (RFC 9110 §12.5.3): gzip, or ``*``, with a quality
    above 0; ``gzip;q=0`` refuses it even beside ``*``. Parsed by Werkzeug's own Accept-header parser."""
    if not accept_encoding:
        return False
    return parse_accept_header(accept_encoding).quality("gzip") > 0


def gzip_body(data: bytes, accept_encoding: str | None, smallest: int = COMPRESS_FROM) -> bytes | None:
    """``data`` gzip-compressed (fast level) when the client accepts gzip and it is worth it, else None."""
    if len(data) < smallest or not accepts_gzip(accept_encoding):
        return None
    packer = zlib.compressobj(1, zlib.DEFLATED, 31)  # wbits 31: a gzip header and trailer
    return packer.compress(data) + packer.flush()


SHARED = SharedRenders()


def fragment_key(record: TableRecord, full: bool) -> Hashable:
    """Everything the fragment depends on besides the per-phone tokens: the table and its version, the
    viewer (access, seat, proven seat), the seats held, the language, the query, every cookie but the
    session's, the session's values but its CSRF token and its list of joined tables, and whether the table
    was closed for being idle."""
    from flask import current_app, g, request, session

    from .viewer import me_of, request_viewer, service

    table_id = record.id
    me = me_of(record) if full else None
    viewer = request_viewer(record, full, me)
    snap = service().snapshot(table_id)
    private = full and snap.game.uses_seat_tokens(snap.options)
    held = tuple(sorted(service().seats(table_id))) if private else ()  # only tables with secrets show them
    session_cookie = current_app.config.get("SESSION_COOKIE_NAME", "session")
    cookies = tuple(sorted((k, v) for k, v in request.cookies.items() if k != session_cookie))
    args = tuple(sorted((k, v) for k, v in request.args.items(multi=True) if k != "since"))
    kept = tuple(sorted((k, repr(v)) for k, v in session.items() if k not in ("csrf", "joined")))
    closed = service().is_closed(table_id)  # public mode: a table idle too long says so without a new version
    return (table_id, snap.version, full, repr(viewer), held, getattr(g, "lang", None),
            cookies, args, kept, closed)


def fragment_response(record: TableRecord, full: bool, render: Callable[[], str]) -> Response:
    from flask import request

    from .security import csrf_token

    gzipped = accepts_gzip(request.headers.get("Accept-Encoding"))
    body = SHARED.get_body(fragment_key(record, full), render, csrf_token, gzipped)
    resp = Response(body, mimetype="text/html")
    if gzipped:
        resp.headers["Content-Encoding"] = "gzip"
    resp.headers["Vary"] = "Accept-Encoding, Cookie"
    resp.headers["Cache-Control"] = "no-store"
    return resp
