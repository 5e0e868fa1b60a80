"""What keeps one misbehaving device from taking what the others need (docs/security.md, "One device cannot stop
the table"): an ASGI middleware of our own, in front of the app, on public ASGI data only.

Per *device*, i.e. per client address (behind ``--behind-proxy``, the address the proxy put last in
``X-Forwarded-For``):

* live streams: at most ``max_client_streams`` (8: one per open tab) per device and ``max_streams`` in all; beyond,
  503 + ``Retry-After`` (the page polls meanwhile and tries again later);
* ordinary requests in flight: at most ``max_client_requests`` (16) per device; beyond, 429 + ``Retry-After``;
* expensive requests (``BUDGETS``): a token bucket per device and kind (table creation, the assistant's queries,
  QR images, exports); beyond, 429 + ``Retry-After``, answered after up to half a second of sleep on the event
  loop (a loop of refused requests costs the server a timer, neither a thread nor a core).

Per request, whoever sends it:

* the request line and headers at most ``max_header_bytes`` (32 KiB): 431; the HTTP parser's own limit behind
  it (``HEADER_BACKSTOP``, 64 KiB) answers a larger block with a bare 431 before any of this runs;
* the body at most ``max_body_bytes`` (1 MiB, the app itself takes 64 KiB): 413, before a byte of it is read
  when ``Content-Length`` says so;
* the body whole within ``body_timeout`` s (15) of the request's headers: 408. The headers themselves must arrive
  within the server's idle timeout (``serve.IDLE_TIMEOUT``), which hypercorn starts with the connection.

The body is read here, on the event loop, before the app is called: a slow body holds no thread.
Every refusal is the documented JSON error ``{"error", "message", "message_en", "message_ja"}`` (a refusal of a
page's request too: the frame's scripts read these codes), with the security headers of every answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from ..games.texts import COMMON
from ..web.security import SECURITY_HEADERS
from .streams import is_stream

log = logging.getLogger("companion.server")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_CLIENT_STREAMS = 8  # streams one device may hold: one per open tab
MAX_CLIENT_REQUESTS = 16  # ordinary requests one device may have in flight
MAX_STREAMS = 4000  # streams in all (each is a connection: see serve.stream_cap for the file limit)
MAX_HEADER_BYTES = 32 * 1024  # request line and headers
HEADER_BACKSTOP = 64 * 1024  # the HTTP parser's own limit (h11): beyond it, its bare 431
MAX_BODY_BYTES = 1024 * 1024  # the app refuses more than 64 KiB itself; this stops a huge body early
BODY_TIMEOUT = 15.0  # seconds for a request's body to arrive whole once its headers have
STREAM_RETRY = 10  # seconds a refused stream waits (the page polls meanwhile, and adds jitter)
TARPIT_SECONDS = 0.5

# Expensive requests, by kind: (requests per second, burst) for one client.
BUDGETS: dict[str, tuple[float, float]] = {
    "create": (0.5, 30),  # new tables (API and start page): a host setting up a café still gets 30 at once
    "query": (2.0, 10),  # the game's assistant queries (/hints): solver work
    "qr": (2.0, 10),
    "export": (2.0, 10),
}
_FIXED = frozenset({"actions", "undo", "settings", "log", "events", "seats", "next", "plays"})

# The refusals of this layer; each code's sentence is the frame catalog's guard_<code>.
CODES = ("too_many_requests", "busy", "too_large", "headers_too_large", "request_timeout")


class Budget:
    """Token buckets per (client, kind): ``rates[kind] = (per second, burst)``; thread-safe."""

    def __init__(self, rates: dict[str, tuple[float, float]], max_clients: int = 4096) -> None:
        self.rates = rates
        self.max_clients = max_clients
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, client: str, kind: str) -> float:
        """0 when the request may go on, else the seconds until one more token."""
        rate, burst = self.rates[kind]
        now = time.monotonic()
        with self._lock:
            tokens, at = self._buckets.get((client, kind), (burst, now))
            tokens = min(burst, tokens + (now - at) * rate)
            if tokens >= 1:
                self._buckets[(client, kind)] = (tokens - 1, now)
                return 0.0
            self._buckets[(client, kind)] = (tokens, now)
            if len(self._buckets) > self.max_clients:
                self._forget(now)
            return (1 - tokens) / rate

    def buckets(self) -> int:
        return len(self._buckets)

    def _forget(self, now: float) -> None:
        """Drop full buckets (clients that have been quiet long enough to be back at their burst)."""
        for key, (tokens, at) in list(self._buckets.items()):
            rate, burst = self.rates[key[1]]
            if tokens + (now - at) * rate >= burst:
                del self._buckets[key]


def expensive_kind(method: str, path: str) -> str | None:
    if method == "POST" and (path in ("/", "/api/tables", "/api/tables/") or path.endswith("/again")):
        return "create"  # a new table (the start page, the API, "play again")
    if path.endswith("/qr.svg"):
        return "qr"
    if path.endswith(("/log.csv", "/log.json")):
        return "export"
    parts = path.split("/")
    if len(parts) == 5 and parts[1] == "api" and parts[2] == "tables" and parts[4] not in _FIXED:
        return "query"
    return None


def header_bytes(scope: Scope) -> int:
    """The size of the request line and headers as they came (near enough: separators counted as on the wire)."""
    size = len(scope.get("method", "")) + len(scope.get("raw_path") or b"") + len(scope.get("query_string", b"")) + 12
    for name, value in scope.get("headers", ()):
        size += len(name) + len(value) + 4
    return size


def client_of(scope: Scope, trust_proxy: bool) -> str:
    """Who is asking: the TCP peer, or behind a trusted proxy the address it says it forwards for."""
    if trust_proxy:
        forwarded = [v for k, v in scope.get("headers", ()) if k == b"x-forwarded-for"]
        if forwarded:
            return forwarded[-1].decode("latin-1").rsplit(",", 1)[-1].strip()[:64]
    peer = scope.get("client")
    return str(peer[0]) if peer else ""


async def refuse(send: Send, status: int, code: str, *, retry: int | None = None, close: bool = False) -> None:
    en, ja = COMMON.t(f"guard_{code}", "en"), COMMON.t(f"guard_{code}", "ja")  # before Flask: no language asked
    body = json.dumps({"error": code, "message": en, "message_en": en, "message_ja": ja},
                      ensure_ascii=False).encode()
    headers = [(b"content-type", b"application/json; charset=utf-8"), (b"content-length", str(len(body)).encode()),
               (b"cache-control", b"no-store")]
    headers += [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
    if retry is not None:
        headers.append((b"retry-after", str(retry).encode()))
    if close:  # the rest of this request (its body) is never read: the connection cannot be reused
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


class Guard:
    """The per-device caps and the per-request limits above, around ``app``."""

    def __init__(self, app: ASGIApp, *, max_streams: int | None = MAX_STREAMS,
                 max_client_streams: int | None = MAX_CLIENT_STREAMS,
                 max_client_requests: int | None = MAX_CLIENT_REQUESTS, budget: Budget | None = None,
                 trust_proxy: bool = False, max_header_bytes: int = MAX_HEADER_BYTES,
                 max_body_bytes: int = MAX_BODY_BYTES, body_timeout: float = BODY_TIMEOUT) -> None:
        self.app = app
        self.max_streams = max_streams
        self.max_client_streams = max_client_streams
        self.max_client_requests = max_client_requests
        self.budget = budget
        self.trust_proxy = trust_proxy
        self.max_header_bytes = max_header_bytes
        self.max_body_bytes = max_body_bytes
        self.body_timeout = body_timeout
        # Touched on the event loop only: no lock.
        self.open_streams = 0
        self.client_streams: Counter[str] = Counter()
        self.client_requests: Counter[str] = Counter()
        self.refused: Counter[str] = Counter()  # by code, for the log and the tests
        self._last_warning = 0.0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if header_bytes(scope) > self.max_header_bytes:
            await self._refuse(send, 431, "headers_too_large", close=True)
            return
        client = client_of(scope, self.trust_proxy)
        scope["companion.client"] = client
        if is_stream(scope["method"], scope["path"]):
            await self._stream(scope, receive, send, client)
        else:
            await self._request(scope, receive, send, client)

    async def _stream(self, scope: Scope, receive: Receive, send: Send, client: str) -> None:
        if ((self.max_streams is not None and self.open_streams >= self.max_streams)
                or (self.max_client_streams is not None and self.client_streams[client] >= self.max_client_streams)):
            self._warn(f"{client}: stream refused ({self.client_streams[client]} of this device's, "
                       f"{self.open_streams} in all)")
            await self._refuse(send, 503, "busy", retry=STREAM_RETRY)
            return
        self.open_streams += 1
        self.client_streams[client] += 1
        try:
            replay = await self._body(scope, receive, send)
            if replay is not None:
                await self.app(scope, replay, send)
        finally:
            self.open_streams -= 1
            self.client_streams[client] -= 1
            if self.client_streams[client] <= 0:
                del self.client_streams[client]

    async def _request(self, scope: Scope, receive: Receive, send: Send, client: str) -> None:
        kind = expensive_kind(scope["method"], scope["path"])
        wait = self.budget.take(client, kind) if (kind and self.budget is not None) else 0.0
        if not wait and self.max_client_requests is not None and \
                self.client_requests[client] >= self.max_client_requests:
            wait = 1.0
        if wait:
            # A device over its budget waits a little for its refusal: a loop of requests then costs a timer.
            await asyncio.sleep(min(TARPIT_SECONDS, wait))
            await self._refuse(send, 429, "too_many_requests", retry=max(1, math.ceil(wait)))
            return
        self.client_requests[client] += 1
        try:
            replay = await self._body(scope, receive, send)
            if replay is not None:
                await self.app(scope, replay, send)
        finally:
            self.client_requests[client] -= 1
            if self.client_requests[client] <= 0:
                del self.client_requests[client]

    async def _body(self, scope: Scope, receive: Receive, send: Send) -> Receive | None:
        """The whole body read here (limit and deadline), then handed to the app as one message; None when
        the request was refused or its client left."""
        declared, chunked = _body_declared(scope)
        if declared is not None and declared > self.max_body_bytes:
            await self._refuse(send, 413, "too_large", close=True)
            return None
        if not declared and not chunked and scope.get("http_version") != "2":  # (HTTP/2 frames a body itself)
            return receive  # no body (a GET): nothing to wait for, and the app's first read answers at once
        deadline = time.monotonic() + self.body_timeout
        chunks: list[bytes] = []
        size = 0
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise asyncio.TimeoutError
                message = await asyncio.wait_for(receive(), left)
                if message["type"] == "http.disconnect":
                    return None
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > self.max_body_bytes:
                    raise _TooLarge
                if chunk:
                    chunks.append(chunk)
                if not message.get("more_body", False):
                    break
        except asyncio.TimeoutError:
            await self._refuse(send, 408, "request_timeout", close=True)
            return None
        except _TooLarge:
            await self._refuse(send, 413, "too_large", close=True)
            return None
        body = b"".join(chunks)
        first: list[Message] = [{"type": "http.request", "body": body, "more_body": False}]

        async def replay() -> Message:
            if first:
                return first.pop()
            return await receive()  # http.disconnect, when the client goes

        return replay

    async def _refuse(self, send: Send, status: int, code: str, **kw: Any) -> None:
        self.refused[code] += 1
        await refuse(send, status, code, **kw)

    def _warn(self, text: str) -> None:
        if time.monotonic() - self._last_warning > 10:
            self._last_warning = time.monotonic()
            log.warning(text)


def _body_declared(scope: Scope) -> tuple[int | None, bool]:
    """(the declared Content-Length, whether the body is chunked)."""
    length, chunked = None, False
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            with contextlib.suppress(ValueError):  # the HTTP parser refuses a malformed length before us
                length = int(value)
        elif name == b"transfer-encoding":
            chunked = True
    return length, chunked
