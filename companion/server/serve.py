"""Running the ASGI app on hypercorn (asyncio, HTTP/1.1 through h11; pure Python on every platform) on a socket
``companion serve`` bound itself, until Ctrl-C (SIGINT) or SIGTERM, then stopping cleanly, without a traceback.

The settings that keep one device from stopping the table at the connection level (docs/security.md):

``keep_alive_timeout`` (``IDLE_TIMEOUT``, 10 s)
    hypercorn starts this timer when a connection opens and again when an answer ends, and stops it only when a
    whole request line and headers have arrived: a connection that sends nothing, one that drips its headers
    (slowloris) and an idle keep-alive connection are all closed 10 s after the connection opened or its last
    answer ended. A running request — a live stream — is never cut by it.
``read_timeout`` None
    a stream's phone sends nothing for as long as it follows the table: a read deadline would cut every stream.
``h11_max_incomplete_size`` (guard.HEADER_BACKSTOP, 64 KiB)
    the request line and headers h11 buffers at most; beyond it hypercorn answers a bare 431 and closes. The
    guard answers the documented JSON 431 from 32 KiB on, so only a header block over 64 KiB gets the bare one.
``graceful_timeout`` (``SHUTDOWN_TIMEOUT``)
    how long requests still running may finish after Ctrl-C; the streams end at once (the live layer closes).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import socket
import threading
from collections.abc import Callable
from typing import Any

from hypercorn.asyncio import serve as hypercorn_serve
from hypercorn.config import Config

from .guard import HEADER_BACKSTOP
from .sockets import BACKLOG

IDLE_TIMEOUT = 10.0
SHUTDOWN_TIMEOUT = 3.0

server_log = logging.getLogger("companion.server")


def hypercorn_config(fd: int, *, verbose: bool = False) -> Config:
    config = Config()
    config.bind = [f"fd://{fd}"]
    config.keep_alive_timeout = IDLE_TIMEOUT
    config.read_timeout = None
    config.h11_max_incomplete_size = HEADER_BACKSTOP
    config.h2_max_header_list_size = HEADER_BACKSTOP
    config.backlog = BACKLOG
    config.graceful_timeout = SHUTDOWN_TIMEOUT
    config.include_server_header = False
    config.accesslog = None  # reqlog.py writes one line per request
    errors = logging.getLogger("hypercorn.error")
    errors.setLevel(logging.INFO if verbose else logging.WARNING)  # not "Running on fd://…" at every start
    config.errorlog = errors
    return config


async def serve_socket(app: Any, sock: socket.socket, stop: asyncio.Event, *,
                       before_stop: Callable[[], None] | None = None, verbose: bool = False) -> None:
    """Serve ``app`` on the bound, listening ``sock`` (taken over: hypercorn closes it) until ``stop`` is set;
    ``before_stop`` runs on the loop the moment it is (it ends the live streams, so that shutting down does not
    wait for them)."""
    config = hypercorn_config(sock.detach(), verbose=verbose)

    async def trigger() -> None:
        await stop.wait()
        if before_stop is not None:
            before_stop()

    await hypercorn_serve(app, config, shutdown_trigger=trigger, mode="asgi")


def _force_exit(*_: Any) -> None:  # a second Ctrl-C while shutting down
    os._exit(130)


def run(app: Any, sock: socket.socket, *, before_stop: Callable[[], None] | None = None,
        on_shutdown: Callable[[], None] | None = None, verbose: bool = False,
        install_signals: bool = True, watch_parent: int | None = None,
        signals: tuple[str, ...] = ("SIGINT", "SIGTERM", "SIGBREAK")) -> None:
    """Serve until SIGINT/SIGTERM (or, under ``--workers``, until the parent ``watch_parent`` is gone), then stop:
    no new connections, the streams end, running requests get ``SHUTDOWN_TIMEOUT`` s, then ``on_shutdown``."""

    async def main() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        if install_signals and threading.current_thread() is threading.main_thread():
            def stopping(*_: Any) -> None:
                if stop.is_set():
                    _force_exit()
                loop.call_soon_threadsafe(stop.set)

            for name in signals:
                sig = getattr(signal, name, None)
                if sig is None:
                    continue
                try:
                    loop.add_signal_handler(sig, stopping)
                except (NotImplementedError, RuntimeError):  # Windows: no loop signal handlers
                    signal.signal(sig, stopping)
        if watch_parent is not None:
            loop.create_task(_watch_parent(watch_parent, stop))
        await serve_socket(app, sock, stop, before_stop=before_stop, verbose=verbose)

    try:
        asyncio.run(main())
    finally:
        if on_shutdown is not None:
            try:
                on_shutdown()
            except Exception:
                server_log.exception("Error while stopping the app")


async def _watch_parent(parent: int, stop: asyncio.Event) -> None:
    """A worker whose supervisor was killed (``kill -9``) stops by itself instead of serving on unsupervised."""
    while not stop.is_set():
        await asyncio.sleep(1.0)
        if os.getppid() != parent:
            stop.set()


class Background:
    """The same server in a thread of this process (the tests' harness, benchmarks): ``start()``, ``stop()``."""

    def __init__(self, app: Any, sock: socket.socket, *, before_stop: Callable[[], None] | None = None) -> None:
        self.app, self.sock, self.before_stop = app, sock, before_stop
        self.loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True, name="companion-server")
        self.error: BaseException | None = None

    def _run(self) -> None:
        async def main() -> None:
            self.loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()
            self._ready.set()
            await serve_socket(self.app, self.sock, self._stop, before_stop=self.before_stop)

        try:
            asyncio.run(main())
        except BaseException as exc:  # reported by stop()
            self.error = exc
        finally:
            self._ready.set()

    def start(self) -> Background:
        self.thread.start()
        self._ready.wait(10)
        return self

    def stop(self, timeout: float = 10.0) -> bool:
        loop, stop = self.loop, self._stop
        if loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        self.thread.join(timeout)
        return not self.thread.is_alive()
