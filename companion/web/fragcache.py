"""One rendering of a table's fragment per version and viewer, shared by every phone that sees the same.

After each change every phone of a table fetches ``/t/{id}/fragment`` at once. Rendering it costs 5-15 ms
of CPU (a whole Jinja page); the phones of a table that see the same thing (the same access, seat, proven
seat, language, cookies, query) get one rendering between them. Concurrent misses for one key wait for the
first (single flight), so five phones arriving together cost one rendering, not five.

What differs per phone although the view is the same is put back on every hit: the session's CSRF token
and the forms' ``action_id`` values (idempotency keys: two phones must never send the same one).
Responses are gzip-compressed when the browser accepts it (44 KB -> 7 KB on the Wi-Fi): the rendering is cut
at those tokens once and its fixed parts compressed once (``pieces.Pieces``), so a hit costs ~0.02 ms, not 0.25.
"""

from __future__ import annotations

import secrets
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from flask import Response
from werkzeug.http import parse_accept_header

from ..store import TableRecord
from ..tables import Snapshot
from .pieces import Pieces, gzip_member, join

MAX_ENTRIES = 4096
# What the kept renderings may hold: their text in bytes, counted twice (each is kept plain and as event lines,
# each of those also compressed). At café scale (100 tables, a seat per phone) ~25 MB of it is in use.
MAX_BYTES = 96 * 2**20
COMPRESS_FROM = 1024


@dataclass(frozen=True)
class Shared:
    """The shared part of a page with seat parts, as rendered: the text with a mark where each seat part goes
    (``<!--seat-part:NONCE:N-->``, the nonce new per rendering so no text on the page can forge one) and what
    each part is (``slots[N]``: the part's name and arguments, handed to the seat's rendering)."""

    html: str
    nonce: str
    slots: list[Any]
    view: Any = None  # what it was rendered from, handed to each seat's rendering (the seat's view is made from it)

    def places(self) -> list[tuple[int, int, int]]:
        """(start, end, part number) of each mark, found by plain search (a part may be placed more than once)."""
        lead = f"<!--seat-part:{self.nonce}:"
        out = []
        at = self.html.find(lead)
        while at >= 0:
            close = self.html.find("-->", at + len(lead))
            number = int(self.html[at + len(lead):close])
            if not 0 <= number < len(self.slots):
                raise ValueError(f"seat part mark {number} of {len(self.slots)}")
            out.append((at, close + 3, number))
            at = self.html.find(lead, close)
        return out


@dataclass(frozen=True)
class Plan:
    """How one phone's fragment is made and shared. ``render`` makes the whole rendering of ``key`` (a game
    without seat parts, or this phone's own query), or, when ``render_seat`` is given, the page's shared part
    (a ``Shared``, one per ``key`` for every phone of the table that sees the same but its seat); then
    ``render_seat(slots, view)`` makes this phone's seat parts (one text per slot; ``view``: the shared part's),
    one per ``seat_key`` — None for a phone that names no seat, whose parts are those of the shared view itself
    (made once too, when such a phone first asks)."""

    key: Hashable
    render: Callable[[], Any]
    seat_key: Hashable | None = None
    render_seat: Callable[[list[Any], Any], list[str]] | None = None

    @property
    def version(self) -> int:
        return self.key[1]  # type: ignore[index]  # a fragment key holds its version


class _Entry:
    __slots__ = ("ready", "value", "size")

    def __init__(self) -> None:
        self.ready = threading.Event()
        self.value: Any = None
        self.size = 0


class SharedRenders:
    """The renderings of the fragment, shared by the phones that see the same: whole ones by (version,
    viewer…), and for a game with seat parts the shared part by (version, language, access…) and each seat's
    parts by (version, viewer) — each made once however many phones ask at once (single flight)."""

    def __init__(self, max_entries: int = MAX_ENTRIES, max_bytes: int = MAX_BYTES) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._entries: OrderedDict[Hashable, _Entry] = OrderedDict()
        self._latest: dict[Hashable, Hashable] = {}  # (table, viewer...) -> the key of its newest version
        self._bytes = 0
        self._lock = threading.Lock()
        self.renders = self.seat_renders = self.hits = 0

    # ------------------------------------------------------------------ a whole rendering per key

    def get(self, key: Hashable, render: Callable[[], str], csrf: Callable[[], str]) -> str:
        """The fragment for ``key``: rendered by ``render`` on a miss, personalised on a hit."""
        return self.body(Plan(key, render), csrf, False).decode()

    def get_body(self, key: Hashable, render: Callable[[], str], csrf: Callable[[], str],
                 gzipped: bool) -> bytes:
        """As ``get``, encoded (and gzip-compressed when ``gzipped``) from the cut rendering: no recompression."""
        return self.body(Plan(key, render), csrf, gzipped)

    def get_event(self, key: Hashable, render: Callable[[], str], csrf: Callable[[], str]) -> tuple[bytes, bytes]:
        """As ``get``, as SSE data lines: (bytes, raw deflate blocks) for the page's live stream."""
        return self.event(Plan(key, render), csrf)

    # ------------------------------------------------------------------ by plan

    def body(self, plan: Plan, csrf: Callable[[], str], gzipped: bool) -> bytes:
        """One phone's fragment as a fetch answers it (gzip-compressed when ``gzipped``)."""
        plain, packed = self._join(plan, csrf, sse=False, packed=gzipped)
        return gzip_member(plain, packed) if packed is not None else plain

    def event(self, plan: Plan, csrf: Callable[[], str]) -> tuple[bytes, bytes]:
        """One phone's fragment as the data of an SSE event: (bytes, raw deflate blocks) for its live stream."""
        plain, packed = self._join(plan, csrf, sse=True, packed=True)
        assert packed is not None
        return plain, packed

    def _join(self, plan: Plan, csrf: Callable[[], str], sse: bool, packed: bool) -> tuple[bytes, bytes | None]:
        if plan.render_seat is None:
            top, mine = self._fetch(plan.key, lambda: Pieces(plan.render()), "renders")
            ids = {old: old for old in top.action_ids} if mine else _fresh(top)
            return join(top, None, sse, packed, top.csrf if mine else csrf() if top.csrf else None, ids, {})
        render_seat = plan.render_seat

        def make_shared() -> tuple[Pieces, list[Any], Any]:
            shared: Shared = plan.render()
            return Pieces(shared.html, shared.places()), shared.slots, shared.view

        (top, slots, view), _ = self._fetch(plan.key, make_shared, "renders")
        seat_key = plan.seat_key if plan.seat_key is not None else (*plan.key, ("nobody",))  # type: ignore[misc]
        seat, _ = self._fetch(seat_key, lambda: Pieces.of_parts(render_seat(slots, view)),
                              "seat_renders" if plan.seat_key is not None else None)
        if len(seat.bounds) != len(slots):
            raise ValueError(f"{len(seat.bounds)} seat parts rendered for {len(slots)} places")
        token = csrf() if top.csrf or seat.csrf else None
        return join(top, seat, sse, packed, token, _fresh(top), _fresh(seat))

    def _fetch(self, key: Hashable, make: Callable[[], Any], count: str | None) -> tuple[Any, bool]:
        """(what ``make`` made for ``key``, whether this call made it). Concurrent misses wait for the first;
        when that one failed or is stuck this call makes its own, kept by no one. ``count``: the counter a
        making adds to (``renders``: a whole or shared rendering; ``seat_renders``: a seat's parts)."""
        with self._lock:
            entry = self._entries.get(key)
            mine = entry is None
            if mine:
                entry = self._entries[key] = _Entry()
                self._supersede(key)
            else:
                self._entries.move_to_end(key)
        assert entry is not None
        if mine:
            try:
                entry.value = make()
            except BaseException:
                with self._lock:
                    if self._entries.get(key) is entry:
                        del self._entries[key]
                entry.ready.set()
                raise
            entry.size = _size(entry.value)
            with self._lock:
                if count is not None:
                    setattr(self, count, getattr(self, count) + 1)
                if self._entries.get(key) is entry:
                    self._bytes += entry.size
                self._trim()
            entry.ready.set()
            return entry.value, True
        if not entry.ready.wait(10) or entry.value is None:
            return make(), True  # the first rendering failed or is stuck: make our own
        self.hits += 1
        return entry.value, False

    def _drop(self, key: Hashable) -> None:
        """Forget one entry (with self._lock held)."""
        gone = self._entries.pop(key, None)
        if gone is not None:
            self._bytes -= gone.size
            lineage = _lineage(key)
            if lineage is not None and self._latest.get(lineage) == key:
                del self._latest[lineage]  # only if it was the newest: a late old one must not untrack it

    def _trim(self) -> None:
        """Forget the least recently used entries beyond the limits (with self._lock held)."""
        while self._entries and (len(self._entries) > self.max_entries or self._bytes > self.max_bytes):
            self._drop(next(iter(self._entries)))

    def _supersede(self, key: Hashable) -> None:
        """Drop the rendering of an older version for the same table and viewer (with self._lock held): the
        key is always made from the table's current version, so it would never be asked for again, and at
        café scale 512 such leftovers were ~60 MB of the server's memory."""
        self._trim()
        lineage = _lineage(key)
        if lineage is None:
            return
        older = self._latest.get(lineage)
        if older is not None and older != key:
            if older[1] > key[1]:  # type: ignore[index]  # a late request for an old version: keep the newer
                return
            self._drop(older)
        self._latest[lineage] = key

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._latest.clear()
            self._bytes = 0


def _size(value: Any) -> int:
    """What a kept value holds: a rendering (a seat's parts are one too), or a shared part with its slots."""
    if isinstance(value, Pieces):
        return value.size
    return sum(v.size for v in value if isinstance(v, Pieces))


def _fresh(pieces: Pieces) -> dict[str, str]:
    """New action ids for a rendering's own: every phone its own idempotency keys."""
    return {old: secrets.token_urlsafe(12) for old in pieces.action_ids}


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


def fragment_key(record: TableRecord, full: bool, snap: Snapshot | None = None, *,
                 shared: bool = False) -> tuple[Any, ...]:
    """Everything the fragment depends on besides the per-phone tokens: the table and its version, the
    viewer (access, seat, proven seat), the seats held, the language, the query, every cookie but the
    session's, the session's values but its CSRF token and its list of joined tables, and whether the table
    was closed for being idle. ``shared``: the key of the part of a page with seat parts that every phone
    shares, which is rendered for no seat — the seat a phone names or proves (its "me" cookie, its seat token)
    is left out, only the access stays."""
    from flask import current_app, g, request, session

    from .viewer import ME_COOKIE, me_of, request_viewer, seat_cookie, service

    table_id = record.id
    snap = snap or service().snapshot(table_id)
    private = full and snap.game.uses_seat_tokens(snap.options)
    held = tuple(sorted(service().seats(table_id))) if private else ()  # only tables with secrets show them
    session_cookie = current_app.config.get("SESSION_COOKIE_NAME", "session")
    left_out = {session_cookie, ME_COOKIE, seat_cookie(table_id)} if shared else {session_cookie}
    cookies = tuple(sorted((k, v) for k, v in request.cookies.items() if k not in left_out))
    args = tuple(sorted((k, v) for k, v in request.args.items(multi=True) if k != "since"))
    kept = tuple(sorted((k, repr(v)) for k, v in session.items() if k not in ("csrf", "joined")))
    closed = service().is_closed(table_id)  # public mode: a table idle too long says so without a new version
    viewer = "shared" if shared else repr(request_viewer(record, full, me_of(record) if full else None))
    return (table_id, snap.version, full, viewer, held, getattr(g, "lang", None), cookies, args, kept, closed)


def fragment_response(plan: Plan) -> Response:
    """A fetch of the fragment: this phone's page from the shared renderings (gzip when the browser takes it)."""
    from flask import request

    from .security import csrf_token

    gzipped = accepts_gzip(request.headers.get("Accept-Encoding"))
    body = SHARED.body(plan, csrf_token, gzipped)
    resp = Response(body, mimetype="text/html")
    if gzipped:
        resp.headers["Content-Encoding"] = "gzip"
    resp.headers["Vary"] = "Accept-Encoding, Cookie"
    resp.headers["Cache-Control"] = "no-store"
    return resp
