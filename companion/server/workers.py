"""``companion serve --workers N``: N processes serving on the one address and port, each accepting phones'
connections itself — pre-fork, as gunicorn does. The supervisor (this process) binds the socket, forks, and
does nothing else: each worker builds its own app, service and store after the fork and serves the inherited
socket (the kernel hands each new connection to one of them). A worker that dies is replaced; SIGINT/SIGTERM
stop every worker cleanly (each finishes what it is answering, ends its streams) and then the supervisor.

POSIX only (``os.fork``): Linux, macOS, Android/Termux. On Windows ``companion serve`` runs one process.

Per-device caps and budgets (guard.py) are counted in each worker: with N workers one device may get up to N
times each (its connections land on any worker). Across workers, per-device limits are the reverse proxy's job
(docs/security.md); a write reaches the streams of every worker through the service's listeners once the store
tells every process about every write (``TableService.add_listener``).
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import time
import traceback
from collections import deque
from collections.abc import Callable
from typing import Any

from .serve import SHUTDOWN_TIMEOUT

log = logging.getLogger("companion.server")

STOP_TIMEOUT = SHUTDOWN_TIMEOUT + 7.0  # a worker's own shutdown, then SIGKILL
QUICK_DEATHS = 5  # this many deaths within DEATH_WINDOW s: wait before the next start (a crash loop)
DEATH_WINDOW = 30.0
BACKOFF = 5.0


def supported() -> bool:
    return os.name == "posix" and hasattr(os, "fork")


class _Stop(Exception):
    pass


def _describe(status: int) -> str:
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        with contextlib.suppress(ValueError):
            return f"was killed by {signal.Signals(number).name}"
        return f"was killed by signal {number}"
    return f"exited with status {os.WEXITSTATUS(status)}"


def supervise(sock: socket.socket, count: int, work: Callable[[int, int], int]) -> int:
    """Run ``work(slot, supervisor_pid)`` in ``count`` forked workers (slots 1..count), replacing any that dies,
    until SIGINT or SIGTERM; then stop them all. Returns the exit code."""
    parent = os.getpid()
    children: dict[int, int] = {}  # pid -> slot
    deaths: deque[float] = deque(maxlen=QUICK_DEATHS)

    def interrupt(signum: int, frame: Any) -> None:
        raise _Stop

    previous = {sig: signal.signal(sig, interrupt) for sig in (signal.SIGINT, signal.SIGTERM)}

    def spawn(slot: int) -> None:
        pid = os.fork()
        if pid == 0:  # the worker
            code = 1
            try:
                # Ctrl-C at a terminal reaches every process of the group: the supervisor alone decides, and
                # stops each worker with SIGTERM (which the worker's loop takes as "stop cleanly").
                signal.signal(signal.SIGINT, signal.SIG_IGN)
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                code = work(slot, parent)
            except BaseException:
                with contextlib.suppress(Exception):
                    traceback.print_exc()
            finally:
                os._exit(code)
        children[pid] = slot
        log.info("worker %d started (pid %d)", slot, pid)

    try:
        for slot in range(1, count + 1):
            spawn(slot)
        while children:
            pid, status = os.waitpid(-1, 0)
            if pid not in children:
                continue
            slot = children.pop(pid)
            log.warning("worker %d (pid %d) %s; starting another", slot, pid, _describe(status))
            now = time.monotonic()
            deaths.append(now)
            if len(deaths) == QUICK_DEATHS and now - deaths[0] < DEATH_WINDOW:
                log.warning("workers keep dying; waiting %.0f s before the next start", BACKOFF)
                time.sleep(BACKOFF)
            spawn(slot)
    except _Stop:
        pass
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: _kill_all(children))  # a second Ctrl-C: no more waiting
        _stop_all(children)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        sock.close()
    return 0


def _stop_all(children: dict[int, int]) -> None:
    for pid in list(children):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_TIMEOUT
    while children and time.monotonic() < deadline:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            children.clear()
            break
        if pid:
            children.pop(pid, 0)
        else:
            time.sleep(0.05)
    if children:
        log.warning("%d worker(s) did not stop in time; killing them", len(children))
        _kill_all(children)


def _kill_all(children: dict[int, int]) -> None:
    for pid in list(children):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)
        children.pop(pid, None)
