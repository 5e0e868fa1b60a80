"""A rendering cut into pieces: the fixed text between what differs per phone, compressed once, joined per phone.

A table's fragment is the same for every phone that sees the same but for the session's CSRF token, the forms'
``action_id`` values and, on a page with seat parts, the seat's own parts. A rendering is cut at those places
once (``Pieces``); its fixed parts are kept as bytes and, made once when first asked for, as raw deflate blocks
and as the data lines of a Server-Sent Event. A phone's page is then a ``join``: the fixed blocks, its own tokens
as stored blocks, its seat's parts' blocks — no compression per phone. Big texts many renderings hold unchanged
(Laminate's card grid) are kept once as a ``Block`` (``block_mark``). fragcache.py keeps and shares the
renderings; this module is only their shape.
"""

from __future__ import annotations

import re
import secrets
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

_ACTION_ID = re.compile(r'name="action_id" value="([^"]*)"')
_CSRF = re.compile(r'name="csrf_token" value="([^"]*)"')
STORE_BELOW = 128  # bytes of text stored as they are in a compressed answer (a stored block costs 5)

BREAK = -1  # in a seat's parts: where one part ends and the next begins
SHARE_FROM = 2048  # characters of a remembered macro's text from which it is kept as a block of its own


class Block:
    """A big text many renderings hold unchanged (a remembered macro's: Laminate's card grid, 25 KB, in the
    picker and in every seat's "my hand"), kept once and compressed once in each form for all of them: a
    rendering made for the cache holds only its mark (``block_mark``)."""

    __slots__ = ("text", "_forms", "_lock")

    def __init__(self, text: str) -> None:
        self.text = text
        self._forms: dict[tuple[bool, bool], bytes] = {}
        self._lock = threading.Lock()

    def form(self, sse: bool, packed: bool) -> bytes:
        made = self._forms.get((sse, packed))
        if made is None:
            with self._lock:
                made = self._forms.get((sse, packed))
                if made is None:
                    if packed:
                        made = _deflate_blocks([self.form(sse, False)])[0]
                    else:
                        made = sse_lines(self.text.encode()) if sse else self.text.encode()
                    self._forms[(sse, packed)] = made
        return made


_BLOCK_NONCE = secrets.token_hex(8)  # new per process: no text on a page can forge a mark
_BLOCK_LEAD = f"<!--shared-text:{_BLOCK_NONCE}:"
_BLOCKS: OrderedDict[int, Block] = OrderedDict()  # by the text's id (the text is kept: the id stays its own)
_BLOCKS_LOCK = threading.Lock()
MAX_BLOCKS = 1024  # a few per table in play and language


def block_mark(text: str) -> str:
    """A mark standing for ``text`` in a rendering made for the cache (cut out again by ``Pieces``)."""
    with _BLOCKS_LOCK:
        block = _BLOCKS.get(id(text))
        if block is None or block.text is not text:
            block = _BLOCKS[id(text)] = Block(text)
            while len(_BLOCKS) > MAX_BLOCKS:
                _BLOCKS.popitem(last=False)
        else:
            _BLOCKS.move_to_end(id(text))
    return f"{_BLOCK_LEAD}{id(text)}-->"


def _blocks_in(html: str) -> list[tuple[int, int, Block]]:
    out = []
    at = html.find(_BLOCK_LEAD)
    while at >= 0:
        close = html.find("-->", at)
        key = int(html[at + len(_BLOCK_LEAD):close])
        with _BLOCKS_LOCK:
            block = _BLOCKS.get(key)
        if block is None:  # forgotten between the rendering and its cutting: a thousand grids in a moment
            raise LookupError("a shared text was forgotten before its rendering was cut")
        out.append((at, close + 3, block))
        at = html.find(_BLOCK_LEAD, close)
    return out


Slot = str | int | Block | None  # None: the CSRF token; str: an action id as rendered; int: the n-th seat part's
# place; Block: a shared text


def _cut(html: str, places: Sequence[tuple[int, int, int]] = ()) -> tuple[list[str], list[Slot], str | None,
                                                                           list[str]]:
    """(the text between the tokens and places, what goes between them, the CSRF token, the action ids)."""
    csrf_found = _CSRF.search(html)
    csrf = csrf_found.group(1) if csrf_found else None
    action_ids = _ACTION_ID.findall(html)
    # The tokens are found by plain search, not a pattern built from them: a new pattern per rendering
    # cost a regular-expression compilation each time (~1 ms of the shared rendering's cost).
    wanted: list[tuple[str, int, Slot]] = [
        (f'name="action_id" value="{old}"', len('name="action_id" value="'), old) for old in set(action_ids)]
    if csrf:
        wanted.append((f'value="{csrf}"', len('value="'), None))
    found: list[tuple[int, int, Slot]] = [*places, *(_blocks_in(html) if _BLOCK_LEAD in html else ())]
    for text, skip, slot in wanted:
        at = html.find(text)
        while at >= 0:
            found.append((at + skip, at + len(text) - 1, slot))
            at = html.find(text, at + len(text))
    found.sort(key=lambda f: f[0])
    fixed: list[str] = []
    slots: list[Slot] = []
    at = 0
    for start, end, slot in found:
        if start < at:  # overlapping finds cannot happen with these tokens and marks; keep the first
            continue
        fixed.append(html[at:start])
        slots.append(slot)
        at = end
    fixed.append(html[at:])
    return fixed, slots, csrf, action_ids


class Pieces:
    """A rendering cut at its per-phone tokens (the CSRF token, each action id) and, for the shared part of a
    page with seat parts, at the places its seat parts go (``seatparts``): the fixed text between them kept
    as bytes, and, made on first use and once, as raw deflate blocks compressed once and as the data lines of
    a Server-Sent Event (and those compressed). A phone's page is then a join: the fixed blocks, its own tokens
    as stored blocks, its seat's parts' blocks — no compression per phone (gzip members may be built from
    independently compressed, byte-aligned deflate blocks; RFC 1951 3.2.4 for the stored ones).

    A seat's parts are one ``Pieces`` of several texts (``of_parts``), told apart by ``BREAK`` slots:
    ``bounds[n]`` is the first and last fixed piece of part n."""

    __slots__ = ("fixed", "slots", "csrf", "action_ids", "bounds", "size", "_forms", "_lock")

    def __init__(self, html: str, places: Sequence[tuple[int, int, int]] = ()) -> None:
        """``places``: (start, end, part number) of the seat parts' marks in ``html``."""
        fixed, self.slots, self.csrf, ids = _cut(html, places)
        self._finish(fixed, ids, [(0, len(fixed) - 1)])

    @classmethod
    def of_parts(cls, htmls: Sequence[str]) -> Pieces:
        """A seat's parts, each cut at its tokens, kept together (one object, one compressor)."""
        self = cls.__new__(cls)
        fixed: list[str] = []
        self.slots = []
        ids: list[str] = []
        bounds: list[tuple[int, int]] = []
        self.csrf = None
        for html in htmls:
            if fixed:
                self.slots.append(BREAK)
            part, slots, csrf, found = _cut(html)
            bounds.append((len(fixed), len(fixed) + len(part) - 1))
            fixed += part
            self.slots += slots
            ids += found
            if csrf is not None:
                if self.csrf is not None and csrf != self.csrf:
                    raise ValueError("the parts of one seat were rendered for two sessions")
                self.csrf = csrf
        self._finish(fixed or [""], ids, bounds)
        return self

    def _finish(self, fixed: list[str], action_ids: list[str], bounds: list[tuple[int, int]]) -> None:
        self.fixed = [part.encode() for part in fixed]
        self.action_ids = sorted(set(action_ids), key=len, reverse=True)
        self.bounds = bounds
        self.size = 2 * sum(len(part) for part in self.fixed)
        self._forms: dict[tuple[bool, bool], list[bytes]] = {(False, False): self.fixed}
        self._lock = threading.Lock()

    def form(self, sse: bool, packed: bool) -> list[bytes]:
        """The fixed parts as they go out: plain or as SSE data lines, as bytes or as deflate blocks. Made once
        (five streams waking together made the event form five times); the fetch's compressed form only on
        the first gzip fetch, the event forms only for a table followed through the live stream."""
        made = self._forms.get((sse, packed))
        if made is None:
            with self._lock:
                made = self._forms.get((sse, packed))
                if made is None:
                    if packed:
                        made = _deflate_blocks(self.form(sse, False))
                    else:
                        made = [sse_lines(part) for part in self.fixed]
                    self._forms[(sse, packed)] = made
        return made

    def body(self, csrf: str | None, fresh: dict[str, str], gzipped: bool) -> bytes:
        """This rendering alone with the given tokens (``fresh``: the new action id for each old one)."""
        plain, packed = join(self, None, False, gzipped, csrf, fresh, {})
        return gzip_member(plain, packed) if packed is not None else plain

    @property
    def packed(self) -> list[bytes]:
        return self.form(False, True)


def join(top: Pieces, seat: Pieces | None, sse: bool, packed: bool, csrf: str | None, fresh: dict[str, str],
         seat_fresh: dict[str, str]) -> tuple[bytes, bytes | None]:
    """One phone's page from its pieces: ``top`` (a whole rendering, or the shared part) with this phone's CSRF
    token and action ids (``fresh``: old -> new) and at each seat part's place that part of ``seat`` (its ids
    from ``seat_fresh``). (the bytes, the same as raw deflate blocks ending on a byte boundary, never final;
    None unless ``packed``)."""
    out = _Joined(seat, sse, packed, csrf.encode() if csrf else b"", seat_fresh)
    fixed = top.form(sse, False)
    out.add(fixed, top.form(sse, True) if packed else fixed, top.slots, 0, len(fixed) - 1, fresh)
    return b"".join(out.plain), b"".join(out.packed) if packed else None


class _Joined:
    """A join under way. (A class, not a closure calling itself: that closure was a reference cycle per phone
    and event, left for the cyclic collector, whose passes hold the interpreter lock.)"""

    __slots__ = ("plain", "packed", "seat", "sse", "is_packed", "token", "seat_fresh", "seat_fixed", "seat_blocks")

    def __init__(self, seat: Pieces | None, sse: bool, packed: bool, token: bytes,
                 seat_fresh: dict[str, str]) -> None:
        self.plain: list[bytes] = []
        self.packed: list[bytes] = []
        self.seat, self.sse, self.is_packed, self.token, self.seat_fresh = seat, sse, packed, token, seat_fresh
        self.seat_fixed = seat.form(sse, False) if seat is not None else []
        self.seat_blocks = (seat.form(sse, True) if packed else self.seat_fixed) if seat is not None else []

    def add(self, fixed: list[bytes], blocks: list[bytes], slots: list[Slot], first: int, last: int,
            ids: dict[str, str]) -> None:
        plain_out, packed_out, sse, packed, seat = self.plain, self.packed, self.sse, self.is_packed, self.seat
        plain_out.append(fixed[first])
        packed_out.append(blocks[first])
        for at in range(first, last):
            slot = slots[at]
            if slot is None or isinstance(slot, str):
                value = self.token if slot is None else ids[slot].encode()
                plain_out.append(value)
                packed_out.append(stored_block(value))
            elif isinstance(slot, Block):
                plain_out.append(slot.form(sse, False))
                packed_out.append(slot.form(sse, True) if packed else b"")
            elif seat is None or slot < 0:
                raise ValueError("a seat part's place without the seat's parts")
            else:
                self.add(self.seat_fixed, self.seat_blocks, seat.slots, *seat.bounds[slot], self.seat_fresh)
            plain_out.append(fixed[at + 1])
            packed_out.append(blocks[at + 1])


def gzip_member(plain: bytes, packed: bytes) -> bytes:
    """One gzip member of ``packed`` (raw deflate blocks, not final) whose text is ``plain``."""
    tail = struct.pack("<II", zlib.crc32(plain), len(plain) & 0xFFFFFFFF)
    return b"".join((_GZIP_HEADER, packed, _FINAL_BLOCK, tail))


def sse_lines(data: bytes) -> bytes:
    """Text as the continuation of an SSE ``data:`` field: each line break starts a new ``data: `` line."""
    return data.replace(b"\r", b"").replace(b"\n", b"\ndata: ")


def stored_block(data: bytes) -> bytes:
    """``data`` as one stored (uncompressed) deflate block, not final (RFC 1951 3.2.4; under 64 KiB)."""
    return struct.pack("<BHH", 0, len(data), len(data) ^ 0xFFFF) + data


_GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"  # no name, no time, unknown OS
GZIP_HEADER = _GZIP_HEADER
_FINAL_BLOCK = b"\x03\x00"  # an empty fixed-Huffman block with BFINAL set


def _deflate_blocks(parts: list[bytes]) -> list[bytes]:
    """Each part as raw deflate blocks that stand alone (a full flush after each: no back-reference reaches
    into the part before, where another phone's token or seat part will be), from one compressor. Small parts
    (a seat's " me", the text between two tokens) are stored as they are: a flush costs more than they save."""
    packer: Any = None
    out = []
    for part in parts:
        if len(part) < STORE_BELOW:
            out.append(stored_block(part))
            continue
        packer = packer or zlib.compressobj(1, zlib.DEFLATED, -15)
        out.append(packer.compress(part) + packer.flush(zlib.Z_FULL_FLUSH))
    return out
