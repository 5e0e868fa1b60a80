"""What keeps one misbehaving device from taking what the others need (docs/security.md, "One device cannot stop
the table"): an ASGI middleware of our own, in front of the app, on public ASGI data only.

Per *device*, i.e. per client address (behind ``--behind-proxy``, the address a trusted proxy put last in
``X-Forwarded-For``: proxy.py); in public mode (``--public``) per device cookie, with the address's own, larger
caps beside them (devices.py: a café behind one NAT address):

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
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from typing import Any

from ..games.texts import COMMON
from ..web.security import SECURITY_HEADERS
from . import proxy
from .devices import (
    PUBLIC_ADDRESS_BUDGETS,
    PUBLIC_ADDRESS_REQUESTS,
    PUBLIC_ADDRESS_STREAMS,
    PUBLIC_DEVICE_BUDGETS,
    DeviceCookies,
)
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


def client_of(scope: Scope, trust_proxy: bool | proxy.TrustedProxies | None) -> str:
    """Who is asking: the TCP peer, or when it is a trusted proxy (``True``: one on this machine) the address it
    says it forwards for (then written into ``scope``, with the scheme: proxy.py)."""
    trusted = proxy.TrustedProxies() if trust_proxy is True else (trust_proxy or None)
    return proxy.apply(scope, trusted)


class PublicLimits:
    """Public mode's second layer: caps and budgets per address (a café's NAT), the device's own per cookie."""

    def __init__(self, cookies: DeviceCookies, *, address_streams: int = PUBLIC_ADDRESS_STREAMS,
                 address_requests: int = PUBLIC_ADDRESS_REQUESTS,
                 device_budget: Budget | None = None, address_budget: Budget | None = None) -> None:
        self.cookies = cookies
        self.address_streams = address_streams
        self.address_requests = address_requests
        self.device_budget = device_budget or Budget(PUBLIC_DEVICE_BUDGETS, max_clients=65536)
        self.address_budget = address_budget or Budget(PUBLIC_ADDRESS_BUDGETS)

    def take(self, address: str, device: str | None, kind: str) -> float:
        """0 when both the device (a device without a cookie: its address's anonymous one) and its address may
        make one more request of this kind, else the seconds to wait."""
        wait = self.device_budget.take(device or f"anonymous {address}", kind)
        return wait or self.address_budget.take(address, kind)


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
                 trust_proxy: bool | proxy.TrustedProxies | None = False, max_header_bytes: int = MAX_HEADER_BYTES,
                 max_body_bytes: int = MAX_BODY_BYTES, body_timeout: float = BODY_TIMEOUT,
                 public: PublicLimits | None = None) -> None:
        self.app = app
        self.max_streams = max_streams
        self.max_client_streams = max_client_streams
        self.max_client_requests = max_client_requests
        self.budget = budget
        self.trust_proxy = proxy.TrustedProxies() if trust_proxy is True else (trust_proxy or None)
        self.public = public
        self.max_header_bytes = max_header_bytes
        self.max_body_bytes = max_body_bytes
        self.body_timeout = body_timeout
        # Touched on the event loop only: no lock.
        self.open_streams = 0
        self.client_streams: Counter[str] = Counter()  # by address
        self.client_requests: Counter[str] = Counter()
        self.device_streams: Counter[str] = Counter()  # by device cookie (public mode)
        self.device_requests: Counter[str] = Counter()
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
        device = None
        if self.public is not None:
            device = self.public.cookies.take(scope)
            if device is None:  # no device yet (or a forged one): its answer brings it a cookie
                send = _with_header(send, self.public.cookies.set_cookie(self.public.cookies.new()))
        scope["companion.device"] = device
        if is_stream(scope["method"], scope["path"]):
            await self._stream(scope, receive, send, client, device)
        else:
            await self._request(scope, receive, send, client, device)

    def _caps(self, device: str | None, stream: bool) -> tuple[int | None, int | None]:
        """(the address's cap, the device's cap) on streams or on requests in flight."""
        if self.public is None:  # on a LAN the address is the device
            return (self.max_client_streams if stream else self.max_client_requests), None
        own = (self.max_client_streams if stream else self.max_client_requests) if device is not None else None
        return (self.public.address_streams if stream else self.public.address_requests), own

    async def _stream(self, scope: Scope, receive: Receive, send: Send, client: str, device: str | None) -> None:
        address_cap, device_cap = self._caps(device, stream=True)
        if ((self.max_streams is not None and self.open_streams >= self.max_streams)
                or (address_cap is not None and self.client_streams[client] >= address_cap)
                or (device_cap is not None and device is not None and self.device_streams[device] >= device_cap)):
            self._warn(f"{client}: stream refused ({self.client_streams[client]} of this address's, "
                       f"{self.open_streams} in all)")
            await self._refuse(send, 503, "busy", retry=STREAM_RETRY)
            return
        self.open_streams += 1
        with _counted(self.client_streams, client), _counted(self.device_streams, device):
            try:
                replay = await self._body(scope, receive, send)
                if replay is not None:
                    await self.app(scope, replay, send)
            finally:
                self.open_streams -= 1

    async def _request(self, scope: Scope, receive: Receive, send: Send, client: str, device: str | None) -> None:
        kind = expensive_kind(scope["method"], scope["path"])
        wait = 0.0
        if kind and self.public is not None:
            wait = self.public.take(client, device, kind)
        elif kind and self.budget is not None:
            wait = self.budget.take(client, kind)
        address_cap, device_cap = self._caps(device, stream=False)
        if not wait and ((address_cap is not None and self.client_requests[client] >= address_cap)
                         or (device_cap is not None and device is not None
                             and self.device_requests[device] >= device_cap)):
            wait = 1.0
        if wait:
            # A device over its budget waits a little for its refusal: a loop of requests then costs a timer.
            await asyncio.sleep(min(TARPIT_SECONDS, wait))
            await self._refuse(send, 429, "too_many_requests", retry=max(1, math.ceil(wait)))
            return
        with _counted(self.client_requests, client), _counted(self.device_requests, device):
            replay = await self._body(scope, receive, send)
            if replay is not None:
                await self.app(scope, replay, send)

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


@contextlib.contextmanager
def _counted(counter: Counter[str], key: str | None) -> Iterator[None]:
    """One more for ``key`` (nothing for None) while the block runs; a key back at 0 is forgotten."""
    if key is None:
        yield
        return
    counter[key] += 1
    try:
        yield
    finally:
        counter[key] -= 1
        if counter[key] <= 0:
            del counter[key]


def _with_header(send: Send, header: tuple[bytes, bytes]) -> Send:
    """``send`` with one more header on the answer's start."""
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", ()), header]}
        await send(message)

    return sending


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
