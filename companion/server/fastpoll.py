"""waitress's network loop, with a poll set kept between passes and only the connections that may have changed
looked at on each pass.

waitress's ``poll2`` builds a new ``select.poll`` object on every pass and asks every connection
``readable()`` and ``writable()``. A café holds ~1,000 connections (a stream and a keep-alive connection per
phone) and the loop passes a hundred and more times a second (each finished request pulls its trigger), so
at 100 tables that pass was a third of the one core's time: ~1.3 ms of Python over every connection plus
~0.8 ms for the kernel's ``poll()`` over every descriptor, per pass (benchmarks/bench_cafe.py, measured on
the network thread).

Here the poll set lives as long as the loop (``epoll`` where the OS has it, so that a pass costs the kernel
the ready descriptors only; ``poll`` elsewhere), and a pass recomputes the flags only of the connections that
may have changed since the last one (``mark``): those it handled events for, those opened or closed, and the
one whose request a worker thread was serving when it pulled the trigger (waitress's workers pull it after
every change they make to a connection: output left to send, a request finished, a close asked for; see
``GuardedServer.pull_trigger``). Anything else (a trigger pulled from elsewhere) and, as a safety net, once a
second, a pass looks at every connection as before. The events are handled by waitress's own
``readwrite``: the same handlers, in the same order.
"""

from __future__ import annotations

import contextlib
import select
import threading
import time
from errno import EINTR
from typing import Any

from waitress import wasyncore

READ = select.POLLIN | select.POLLPRI if hasattr(select, "POLLIN") else 0
WRITE = select.POLLOUT if hasattr(select, "POLLOUT") else 0
FULL_PASS_SECONDS = 1.0  # the safety net: every connection looked at this often however quiet it is


class Poller:
    def __init__(self, inline: tuple[type, ...] = (), *, use_epoll: bool | None = None) -> None:
        self._epoll = hasattr(select, "epoll") if use_epoll is None else use_epoll
        # epoll's and poll's event bits are the same numbers on Linux, which waitress's readwrite reads.
        self._pollster: Any = select.epoll() if self._epoll else select.poll()
        self._flags: dict[int, int] = {}
        self._owners: dict[int, Any] = {}  # which connection each registration is for
        self._inline = inline  # classes whose readable()/writable() are waitress's HTTPChannel's, unchanged
        self._others: set[int] = set()  # the listening socket, the trigger: asked every pass (maintenance)
        self._marks: set[int] = set()
        self._marks_lock = threading.Lock()
        self._everything = True
        self._last_full = 0.0
        self.passes = self.full_passes = 0

    # ------------------------------------------------------------------ marks (any thread)

    def mark(self, fd: int | None) -> None:
        """The connection on ``fd`` may have changed: look at it on the next pass."""
        if fd is not None:
            with self._marks_lock:
                self._marks.add(fd)

    def mark_all(self) -> None:
        self._everything = True

    # ------------------------------------------------------------------ the network thread

    def _wanted(self, obj: Any) -> int:
        if type(obj) in self._inline:
            out = obj.total_outbufs_len or obj.will_close or obj.close_when_flushed
            busy = out or len(obj.requests) > obj.adj.channel_request_lookahead
            return WRITE if out else (0 if busy else READ)
        flags = READ if obj.readable() else 0
        if obj.writable() and not obj.accepting:
            flags |= WRITE
        return flags

    def _set(self, fd: int, flags: int, obj: Any = None) -> None:
        pollster = self._pollster
        old = self._flags.get(fd, 0)
        if old and self._owners.get(fd) is not obj:
            # The descriptor was closed and its number given to a new connection since the last look:
            # epoll dropped the old registration with the close, poll never had one; start afresh.
            self._drop(fd)
            old = 0
        if old == flags:
            return
        if not flags:
            self._drop(fd)
            return
        try:
            try:
                if old:
                    pollster.modify(fd, flags)
                else:
                    pollster.register(fd, flags)
            except FileNotFoundError:  # epoll: not in the set (closed since)
                pollster.register(fd, flags)
            except FileExistsError:  # epoll: still in the set
                pollster.modify(fd, flags)
        except OSError:
            # Closed by a worker between our look and now (EBADF; poll never checks, epoll does): forget it.
            # Its close marked it, so the next pass looks again at whatever holds the number then.
            self._drop(fd)
            self.mark(fd)
            return
        self._flags[fd] = flags
        self._owners[fd] = obj

    def _drop(self, fd: int) -> None:
        self._flags.pop(fd, None)
        self._owners.pop(fd, None)
        with contextlib.suppress(OSError, KeyError, ValueError):  # epoll forgets a closed descriptor itself
            self._pollster.unregister(fd)

    def _forget(self, fd: int) -> None:
        if fd in self._flags:
            self._drop(fd)

    def poll(self, timeout: float | None, map: dict[int, Any]) -> None:
        self.passes += 1
        now = time.monotonic()
        with self._marks_lock:
            marks, self._marks = self._marks, set()
        if self._everything or now - self._last_full >= FULL_PASS_SECONDS:
            self._everything = False
            self._last_full = now
            self.full_passes += 1
            inline = self._inline
            self._others = {fd for fd, obj in map.items() if type(obj) not in inline}
            for fd in [fd for fd in self._flags if fd not in map]:
                self._forget(fd)
            look = list(map)
        else:
            look = [*marks, *self._others]
        for fd in look:
            obj = map.get(fd)
            if obj is None:
                self._forget(fd)
                self._others.discard(fd)
            else:
                self._set(fd, self._wanted(obj), obj)
        try:
            if self._epoll:
                ready = self._pollster.poll(-1 if timeout is None else timeout)
            else:
                ready = self._pollster.poll(None if timeout is None else int(timeout * 1000))
        except OSError as err:
            if err.args[0] != EINTR:
                raise
            ready = []
        for fd, flags in ready:
            obj = map.get(fd)
            if obj is not None:
                wasyncore.readwrite(obj, flags)
            self.mark(fd)  # what it did (a request read, output sent, a close) may change its flags

    def close(self) -> None:
        if self._epoll:
            self._pollster.close()


def loop(timeout: float, map: dict[int, Any], inline: tuple[type, ...] = (), poller: Poller | None = None) -> None:
    """As ``wasyncore.loop(timeout, use_poll=True, map=map)``, with a poll set kept between passes."""
    poller = poller or Poller(inline)
    try:
        while map:
            poller.poll(timeout, map)
    finally:
        poller.close()
