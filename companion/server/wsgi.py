"""The production WSGI server: waitress, tuned for many long-lived Server-Sent Events streams.

Waitress runs every request on a worker thread from a fixed pool, and an SSE stream keeps its thread for
as long as the device stays connected. The settings below (see ``waitress_settings``) are chosen so that
a café of 100 tables (500 phones) holds its streams with the defaults (benchmarks/bench_cafe.py,
docs/scaling.md); ``guard.py`` keeps one device from taking what the others need:

``threads``
    The pool size. Streams plus concurrent ordinary requests must fit, so it is large (default 1,100;
    an idle waitress thread costs ~16 KiB of memory and nothing else). ``RequestMiddleware`` caps the
    number of simultaneous streams at ``threads - reserved_threads(threads)`` and at 8 per device (503 +
    Retry-After beyond that), so actions and page loads always find a free thread however many streams are
    open; it also gives each device a budget for expensive requests (429 + Retry-After).
``channel_request_lookahead``
    Above 0, waitress keeps reading a connection while its request runs, so it notices at once when a
    client closes the socket and offers ``environ["waitress.client_disconnected"]``; the stream generator
    polls it about once a second and ends, which frees the thread. With 0 a vanished client would hold a
    thread until a write fails.
``send_bytes`` / ``outbuf_high_watermark``
    Left at their defaults on purpose. Since waitress 1.3 ``send_bytes`` is 1 (and deprecated, setting it
    warns): every chunk the app_iter yields is appended to the channel's buffer and ``write_soon`` flushes
    it to the socket right away from the worker thread (TCP_NODELAY is set), so a 40-byte SSE event leaves
    at once. ``outbuf_high_watermark`` (16 MiB) only pauses an app_iter that outruns its client; SSE chunks
    are tiny, so it never engages for us.
``socket_options`` (set on the Adjustments object by ``make_server``)
    TCP_NODELAY (waitress's default) plus TCP keep-alive and, where the OS has it, TCP_USER_TIMEOUT: a
    phone that leaves the Wi-Fi without closing its socket sends neither FIN nor RST; unacknowledged
    keep-alive comments then make the kernel drop the connection after ~30 s instead of ~15 minutes of
    retransmissions, and the stream's thread is freed.
``connection_limit``, ``backlog``, ``asyncore_use_poll``
    Browsers keep several keep-alive connections each (a phone: its stream and one or two more); poll()
    avoids select()'s 1024-descriptor ceiling. 4,000 connections (Windows, whose select() takes 512: 500).
``max_request_header_size``
    32 KiB instead of 256 KiB: waitress parses headers on its single network thread.
``log_socket_errors``
    Off unless verbose: devices vanishing mid-stream is normal here, not an error worth a traceback.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import signal
import socket
import sys
import threading
from collections.abc import Callable, Iterable
from typing import Any

from waitress import wasyncore

from .guard import guarded_server
from .middleware import STREAM_RETRY, RequestMiddleware, redact  # noqa: F401  (the server's parts, in one place)

server_log = logging.getLogger("companion.server")

DEFAULT_THREADS = 1100  # an idle thread costs ~16 KiB: 1,000 phones can hold a stream
RESERVED_THREADS = 100  # never taken by streams: left for actions, reads and page loads
MIN_THREADS = 12


def reserved_threads(threads: int) -> int:
    """Threads kept from streams: 100 of the default pool, a fifth of a small one, never fewer than 8."""
    return max(8, min(RESERVED_THREADS, threads // 5))


MAX_CLIENT_STREAMS = 8  # streams one device (address) may hold: one per open tab
MAX_CLIENT_REQUESTS = 16  # ordinary requests one device may have in flight
CONNECTION_LIMIT = 4000 if os.name != "nt" else 500  # Windows: select() handles 512 sockets at most
MAX_HEADER_BYTES = 32 * 1024  # request line and headers (waitress accepts 256 KiB, parsed on its one I/O thread)
SHUTDOWN_TIMEOUT = 3.0

Environ = dict[str, Any]
StartResponse = Callable[..., Any]
WSGIApp = Callable[[Environ, StartResponse], Iterable[bytes]]


# --------------------------------------------------------------------------- binding

class PortInUse(OSError):
    pass


def _in_use(exc: OSError) -> bool:
    return exc.errno in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", -1)) or \
        getattr(exc, "winerror", None) in (10048, 10013)


def bind_socket(host: str, port: int) -> socket.socket:
    """A listening TCP socket bound to ``host:port``; ``PortInUse`` if the port is taken."""
    bind_host = None if host in ("", "*") else host.strip("[]")
    infos = socket.getaddrinfo(bind_host, port, socket.AF_UNSPEC, socket.SOCK_STREAM, 0,
                               socket.AI_PASSIVE)
    family, socktype, proto, _, sockaddr = infos[0]
    sock = socket.socket(family, socktype, proto)
    try:
        if sys.platform == "win32":
            # On Windows SO_REUSEADDR would let us steal a port another program is using.
            with contextlib.suppress(AttributeError, OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_EXCLUSIVEADDRUSE, 1)
        else:
            # Rebind right away after a restart (sockets in TIME_WAIT); a listener still blocks us.
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(sockaddr)
        sock.listen(1024)  # claim it now (waitress listens again with its own backlog)
    except OSError as exc:
        sock.close()
        if _in_use(exc):
            raise PortInUse(exc.errno, f"port {port} is already in use on {host or '*'}") from exc
        raise
    return sock


def next_free_port(host: str, start: int, tries: int = 100) -> socket.socket | None:
    """The first port from ``start`` on that can be bound, as a bound socket (None if all taken)."""
    for port in range(start, min(start + tries, 65536)):
        try:
            return bind_socket(host, port)
        except PortInUse:
            continue
    return None


# --------------------------------------------------------------------------- settings

def _probe_socket_options(candidates: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """Keep only the options this OS accepts (waitress drops a connection whose setsockopt fails)."""
    usable = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        for option in candidates:
            try:
                probe.setsockopt(*option)
            except OSError:
                continue
            usable.append(option)
    finally:
        probe.close()
    return usable


def socket_options() -> list[tuple[int, int, int]]:
    tcp = socket.IPPROTO_TCP
    wanted = [(tcp, socket.TCP_NODELAY, 1), (socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)]
    if hasattr(socket, "TCP_KEEPIDLE"):
        wanted.append((tcp, socket.TCP_KEEPIDLE, 30))
    elif hasattr(socket, "TCP_KEEPALIVE"):  # macOS
        wanted.append((tcp, socket.TCP_KEEPALIVE, 30))
    if hasattr(socket, "TCP_KEEPINTVL"):
        wanted.append((tcp, socket.TCP_KEEPINTVL, 10))
    if hasattr(socket, "TCP_KEEPCNT"):
        wanted.append((tcp, socket.TCP_KEEPCNT, 3))
    if hasattr(socket, "TCP_USER_TIMEOUT"):  # Linux, Android
        wanted.append((tcp, socket.TCP_USER_TIMEOUT, 30_000))
    return _probe_socket_options(wanted)


def _raise_fd_limit(wanted: int) -> int:
    """Raise the soft open-files limit towards ``wanted`` (macOS starts at 256); return the limit."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise (select() there is capped by waitress anyway)
        return wanted
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ValueError, OSError):
        return wanted
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return wanted
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        return target
    except (ValueError, OSError):
        return soft


def waitress_settings(*, threads: int = DEFAULT_THREADS, verbose: bool = False) -> dict[str, Any]:
    fd_limit = _raise_fd_limit(2 * CONNECTION_LIMIT + 64)
    return {
        "threads": threads,
        "channel_request_lookahead": 5,
        "connection_limit": max(64, min(CONNECTION_LIMIT, fd_limit - 64)),
        "backlog": 1024,
        "asyncore_use_poll": True,
        "cleanup_interval": 1,  # guard.py's deadlines are checked this often
        "channel_timeout": 120,  # idle keep-alive connections only; guard.py closes them sooner
        "max_request_header_size": MAX_HEADER_BYTES,
        "log_socket_errors": verbose,
        "ident": "companion",
        "expose_tracebacks": False,
        # The app refuses bodies over 64 KiB; this stops a huge declared Content-Length from being
        # buffered (or a connection held open waiting for it) before the app is even asked.
        "max_request_body_size": 1024 * 1024,
    }


# --------------------------------------------------------------------------- running

class _Stop(wasyncore.ExitNow):
    """Raised by our SIGINT/SIGTERM handler; waitress's loop lets ExitNow through untouched."""


def _raise_stop(signum: int, frame: Any) -> None:
    raise _Stop(signum)


def _force_exit(signum: int, frame: Any) -> None:  # a second Ctrl-C while shutting down
    os._exit(130)


def make_server(app: WSGIApp, sock: socket.socket, *, options: list[tuple[int, int, int]] | None = None,
                guard: dict[str, Any] | None = None, **settings: Any) -> Any:
    """A waitress server on the bound ``sock`` with the per-client guards of ``guard.py`` (``guard``: their
    settings); ``options`` are set on every accepted connection."""
    server = guarded_server(app, sock, guard, **settings)
    # Not a keyword adjustment in waitress 3: set on the (shared) Adjustments object instead.
    server.adj.socket_options = socket_options() if options is None else options
    return server


def run(server: Any, *, on_shutdown: Callable[[], None] | None = None,
        shutdown_timeout: float = SHUTDOWN_TIMEOUT, install_signals: bool = True) -> None:
    """Serve until Ctrl-C (SIGINT) or SIGTERM, then shut down cleanly, without a traceback.

    Shutdown: stop accepting, tell the app (``on_shutdown``: streams end), close every connection (a
    stream's ``client_disconnected()`` turns True), then wait for the worker threads to finish.
    """
    previous: dict[int, Any] = {}
    try:
        try:
            if install_signals and threading.current_thread() is threading.main_thread():
                # Installed explicitly: a server started in the background by a non-interactive shell
                # inherits SIGINT ignored, and `kill -INT` must still stop it.
                for name in ("SIGINT", "SIGTERM", "SIGBREAK"):
                    sig = getattr(signal, name, None)
                    if sig is not None:
                        previous[sig] = signal.signal(sig, _raise_stop)
            server.run()  # returns by itself only on KeyboardInterrupt/SystemExit (not with our handler)
        except (_Stop, KeyboardInterrupt):
            pass
        for sig in previous:
            signal.signal(sig, _force_exit)
        shutdown(server, on_shutdown=on_shutdown, timeout=shutdown_timeout)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def shutdown(server: Any, *, on_shutdown: Callable[[], None] | None = None,
             timeout: float = SHUTDOWN_TIMEOUT) -> bool:
    """Close the server; True when every worker thread finished within ``timeout``."""
    with contextlib.suppress(OSError):
        wasyncore.dispatcher.close(server)  # the listening socket only; the trigger stays for now
    if on_shutdown is not None:
        try:
            on_shutdown()
        except Exception:
            server_log.exception("Error while stopping the app")
    for channel in list(getattr(server, "active_channels", {}).values()):
        with contextlib.suppress(Exception):
            channel.handle_close()
    dispatcher = server.task_dispatcher
    dispatcher.shutdown(cancel_pending=True, timeout=timeout)
    finished = not dispatcher.threads
    if finished:
        # Only now: a worker finishing late would pull the trigger and fail on a closed pipe.
        with contextlib.suppress(Exception):
            wasyncore.close_all(server._map)
    return finished
