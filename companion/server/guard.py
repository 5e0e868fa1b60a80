"""What keeps one misbehaving device from stopping the tables (docs/security.md, "One device cannot stop
the table"): waitress's own server and channel classes, with

* a cap on the connections one address may hold (``max_client_connections``): the connection beyond it is
  closed at once, before a byte is read, so 490 idle sockets from one device leave room for everyone else;
* deadlines: a connection that has sent nothing is closed after ``first_byte_timeout`` s, a request whose
  headers and body have not all arrived within ``request_timeout`` s is dropped (slowloris), an idle
  keep-alive connection is closed after ``idle_timeout`` s. A running request (a live stream) is never cut.
  They are checked by waitress's own maintenance pass, on its network thread, every second;
* per-client budgets (``Budget``): a token bucket per address and kind of expensive request (the assistant,
  QR images, table creation, exports), and a cap on one address's requests in flight; the middleware answers
  429 + Retry-After beyond them.

Everything else is waitress as it comes, but for its network loop's poll set, kept between passes
(fastpoll.py: the same handlers, a cheaper pass over ~1,000 connections).
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import select
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

from . import fastpoll

log = logging.getLogger("companion.server")

MAX_CLIENT_CONNECTIONS = 48  # a browser uses ~6 per server; a tablet with several tabs, a few times that
FIRST_BYTE_TIMEOUT = 10.0
REQUEST_TIMEOUT = 15.0  # headers and body of one request
IDLE_TIMEOUT = 60.0  # keep-alive connections between requests
LOOPBACK = ("127.", "::1", "::ffff:127.")


class GuardedChannel(HTTPChannel):
    def __init__(self, server: GuardedServer, sock: Any, addr: Any, adj: Adjustments, map: Any = None) -> None:
        self.client = addr[0] if isinstance(addr, tuple) and addr else ""
        self.opened = time.monotonic()
        self.request_began: float | None = None
        self.spoke = False
        server.count(self.client, +1)
        self._counted = True
        super().__init__(server, sock, addr, adj, map=map)

    def received(self, data: bytes) -> bool:
        result = super().received(data)
        if data:
            self.spoke = True
        if self.request is None:
            self.request_began = None
        elif self.request_began is None:
            self.request_began = time.monotonic()
        return result

    def on_close(self, hook: Callable[[], None]) -> Callable[[], None]:
        """Call ``hook`` (on the network thread) when this connection closes; returns what forgets it. A live
        stream waits for its table's changes and is woken by this the moment its phone goes, instead of
        waking every second to look."""
        hooks = self.__dict__.setdefault("_close_hooks", [])
        hooks.append(hook)
        if not self.connected:  # gone already: it must not wait for a close that has happened
            hook()

        def forget() -> None:
            with contextlib.suppress(ValueError):
                hooks.remove(hook)

        return forget

    def handle_close(self) -> None:
        super().handle_close()
        for hook in list(self.__dict__.get("_close_hooks", ())):
            try:
                hook()
            except Exception:  # a hook's failure must not keep the loop from closing others
                log.exception("a close hook failed")

    def add_channel(self, map: Any = None) -> None:
        super().add_channel(map)
        self.server.mark(self._fileno)

    def del_channel(self, map: Any = None) -> None:
        fd = self._fileno
        super().del_channel(map)
        self.server.mark(fd)
        if self._counted:
            self._counted = False
            self.server.count(self.client, -1)

    def service(self) -> None:
        # On a worker thread: every trigger this request pulls is about this connection (GuardedServer.pull_trigger).
        _serving.channel = self
        try:
            super().service()
        finally:
            _serving.channel = None


_serving = threading.local()  # the connection whose request this worker thread is serving, if any


class GuardedServer(TcpWSGIServer):
    channel_class = GuardedChannel
    poller: fastpoll.Poller | None = None

    def __init__(self, *args: Any, max_client_connections: int = MAX_CLIENT_CONNECTIONS,
                 first_byte_timeout: float = FIRST_BYTE_TIMEOUT, request_timeout: float = REQUEST_TIMEOUT,
                 idle_timeout: float = IDLE_TIMEOUT, exempt_loopback: bool = False, **kw: Any) -> None:
        self.max_client_connections = max_client_connections
        self.first_byte_timeout = first_byte_timeout
        self.request_timeout = request_timeout
        self.idle_timeout = idle_timeout
        self.exempt_loopback = exempt_loopback  # behind a reverse proxy on this machine
        self.per_client: Counter[str] = Counter()
        self._count_lock = threading.Lock()
        self.refused_connections = 0
        self.timed_out = 0
        self._last_warning = 0.0
        super().__init__(*args, **kw)

    def count(self, client: str, delta: int) -> None:
        with self._count_lock:
            self.per_client[client] += delta
            if self.per_client[client] <= 0:
                del self.per_client[client]

    def handle_accept(self) -> None:
        try:
            pair = self.accept()
            if pair is None:
                return
            conn, addr = pair
            client = addr[0] if isinstance(addr, tuple) and addr else ""
            if (self.per_client.get(client, 0) >= self.max_client_connections
                    and not (self.exempt_loopback and client.startswith(LOOPBACK))):
                conn.close()
                self.refused_connections += 1
                self._warn(f"{client} holds {self.max_client_connections} connections; refusing more")
                return
            self.set_socket_options(conn)
        except OSError:  # as waitress: a socket gone before we got to it is nothing to stop for
            return
        self.channel_class(self, conn, self.fix_addr(addr), self.adj, map=self._map)

    def mark(self, fd: int | None) -> None:
        poller = self.poller
        if poller is not None:
            poller.mark(fd)

    def pull_trigger(self) -> None:
        """Wake the network loop, telling it which connection changed: waitress's workers pull the trigger
        after each change they make to the connection they serve; any other pull has the loop look at all."""
        poller = self.poller
        if poller is not None:
            channel = getattr(_serving, "channel", None)
            if channel is not None and channel._fileno is not None:
                poller.mark(channel._fileno)
            else:
                poller.mark_all()
        super().pull_trigger()

    def run(self) -> None:
        """waitress's loop, looking only at the connections that may have changed (fastpoll.py) where poll() exists."""
        if not (self.adj.asyncore_use_poll and hasattr(select, "poll")):
            return super().run()
        self.poller = fastpoll.Poller((GuardedChannel,))
        try:
            fastpoll.loop(self.adj.asyncore_loop_timeout, self._map, poller=self.poller)
        except (SystemExit, KeyboardInterrupt):
            self.task_dispatcher.shutdown()
        finally:
            self.poller = None  # closed with the loop: later marks (shutdown's closes) have nowhere to go

    def maintenance(self, now: float) -> None:
        mono = time.monotonic()
        for channel in list(self.active_channels.values()):
            if channel.requests:
                continue  # a request runs (a stream, or a slow answer): never cut here
            began = getattr(channel, "request_began", None)
            if began is not None:
                late = mono - began > self.request_timeout
            elif not getattr(channel, "spoke", True):
                late = mono - getattr(channel, "opened", mono) > self.first_byte_timeout
            else:
                late = now - channel.last_activity > self.idle_timeout
            if late:
                self.timed_out += 1
                channel.handle_close()

    def _warn(self, text: str) -> None:
        if time.monotonic() - self._last_warning > 10:
            self._last_warning = time.monotonic()
            log.warning(text)


def guarded_server(app: Any, sock: Any, guard: dict[str, Any] | None = None, **settings: Any) -> GuardedServer:
    """As ``waitress.create_server(app, sockets=[sock], **settings)``, with the guards above."""
    adj = Adjustments(sockets=[sock], **settings)
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    sockinfo = (sock.family, sock.type, sock.proto, sock.getsockname())
    return GuardedServer(app, {}, True, sock, dispatcher=dispatcher, adj=adj, bind_socket=False,
                         sockinfo=sockinfo, **(guard or {}))


# --------------------------------------------------------------------------- budgets

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

    def _forget(self, now: float) -> None:
        """Drop full buckets (clients that have been quiet long enough to be back at their burst)."""
        for key, (tokens, at) in list(self._buckets.items()):
            rate, burst = self.rates[key[1]]
            if tokens + (now - at) * rate >= burst:
                del self._buckets[key]


TARPIT_SECONDS = 0.5

# Expensive requests, by kind: (requests per second, burst) for one client.
BUDGETS: dict[str, tuple[float, float]] = {
    "create": (0.5, 30),  # new tables (API and start page): a host setting up a café still gets 30 at once
    "query": (2.0, 10),  # the game's assistant queries (/hints): solver work
    "qr": (2.0, 10),
    "export": (2.0, 10),
}
_FIXED = frozenset({"actions", "undo", "settings", "log", "events", "seats", "next", "plays"})


def expensive_kind(environ: dict[str, Any]) -> str | None:
    path = str(environ.get("PATH_INFO", ""))
    method = environ.get("REQUEST_METHOD", "")
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


def too_many(wait: float, api: bool) -> Callable[..., Iterable[bytes]]:
    retry = str(max(1, math.ceil(wait)))
    if api:
        body = json.dumps({"error": "too_many_requests", "message": _LIMIT_EN, "message_en": _LIMIT_EN,
                           "message_ja": _LIMIT_JA}, ensure_ascii=False).encode()
        kind = "application/json; charset=utf-8"
    else:
        body = (_LIMIT_EN + "\n" + _LIMIT_JA + "\n").encode()
        kind = "text/plain; charset=utf-8"

    def answer(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        # A device over its budget waits a little for its refusal: a loop of requests then costs the server a
        # sleeping thread per connection (capped per device) instead of a busy core.
        time.sleep(min(TARPIT_SECONDS, wait))
        start_response("429 Too Many Requests", [("Content-Type", kind), ("Retry-After", retry),
                                                 ("Content-Length", str(len(body))), ("Cache-Control", "no-store"),
                                                 ("X-Content-Type-Options", "nosniff")])
        return [body]

    return answer


_LIMIT_EN = "This device is sending too many requests of this kind; wait a moment and try again."
_LIMIT_JA = "この端末からの同種のリクエストが多すぎます。少し待ってからもう一度どうぞ。"
