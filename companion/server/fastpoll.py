"""waitress's network loop with a poll set kept between passes.

waitress's ``poll2`` builds a new ``select.poll`` object on every pass and asks every connection
``readable()`` and ``writable()`` through method calls. A café holds ~1,000 connections (a stream and a
keep-alive connection per phone) and the loop passes several hundred times a second (each request wakes it
twice), so that pass was a quarter of the one core's time at 100 tables (py-spy, benchmarks/bench_cafe.py).

Here the poll object lives as long as the loop; a pass works out each connection's flags (for waitress's
own channel class by reading the same attributes its ``readable``/``writable`` read, without the calls)
and touches the poll set only for the connections whose flags changed. ``select.poll`` keeps no kernel
state, so a closed descriptor reused by a new connection is simply polled again with its new flags. The
events are handled by waitress's own ``readwrite``: the same handlers, in the same order.
"""

from __future__ import annotations

import select
from errno import EINTR
from typing import Any

from waitress import wasyncore

READ = select.POLLIN | select.POLLPRI if hasattr(select, "POLLIN") else 0
WRITE = select.POLLOUT if hasattr(select, "POLLOUT") else 0


class Poller:
    def __init__(self, inline: tuple[type, ...] = ()) -> None:
        self._pollster = select.poll()
        self._flags: dict[int, int] = {}
        self._inline = inline  # classes whose readable()/writable() are waitress's HTTPChannel's, unchanged

    def poll(self, timeout: float | None, map: dict[int, Any]) -> None:
        flags_of = self._flags
        pollster = self._pollster
        inline = self._inline
        wanted = 0  # connections that want an event this pass: fewer in the set means some are gone
        for fd, obj in list(map.items()):
            if type(obj) in inline:
                out = obj.total_outbufs_len or obj.will_close or obj.close_when_flushed
                busy = out or len(obj.requests) > obj.adj.channel_request_lookahead
                flags = WRITE if out else (0 if busy else READ)
            else:
                flags = READ if obj.readable() else 0
                if obj.writable() and not obj.accepting:
                    flags |= WRITE
            if flags:
                wanted += 1
            if flags_of.get(fd, 0) != flags:
                if flags:
                    if fd in flags_of:
                        pollster.modify(fd, flags)
                    else:
                        pollster.register(fd, flags)
                    flags_of[fd] = flags
                else:
                    pollster.unregister(fd)
                    del flags_of[fd]
        if len(flags_of) > wanted:
            for fd in [fd for fd in flags_of if fd not in map]:
                pollster.unregister(fd)
                del flags_of[fd]
        try:
            ready = pollster.poll(None if timeout is None else int(timeout * 1000))
        except OSError as err:
            if err.args[0] != EINTR:
                raise
            ready = []
        for fd, flags in ready:
            obj = map.get(fd)
            if obj is not None:
                wasyncore.readwrite(obj, flags)


def loop(timeout: float, map: dict[int, Any], inline: tuple[type, ...] = ()) -> None:
    """As ``wasyncore.loop(timeout, use_poll=True, map=map)``, with a poll set kept between passes."""
    poller = Poller(inline)
    while map:
        poller.poll(timeout, map)
