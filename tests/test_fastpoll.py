"""The network loop with a poll set kept between passes (companion/server/fastpoll.py), driven through the
production ``GuardedServer.run``: keep-alive requests, a body larger than the socket buffer (the POLLOUT
path), a stream next to ordinary requests, connections that close and whose descriptors are reused, and a
clean stop."""

from __future__ import annotations

import contextlib
import http.client
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from companion.server import fastpoll
from companion.server import wsgi as srv

BIG = b"x" * (8 * 1024 * 1024)


def app(environ: dict[str, Any], start_response: Any) -> Any:
    path = environ["PATH_INFO"]
    if path == "/big":
        start_response("200 OK", [("Content-Length", str(len(BIG)))])
        return [BIG]
    if path == "/stream":
        gone = environ.get("waitress.client_disconnected") or (lambda: False)

        def ticks() -> Iterator[bytes]:
            for n in range(40):
                if gone():
                    return
                yield f"tick {n}\n".encode()
                time.sleep(0.05)

        start_response("200 OK", [("Content-Type", "text/plain")])
        return ticks()
    body = path.encode()
    start_response("200 OK", [("Content-Length", str(len(body)))])
    return [body]


def _serving() -> Iterator[Any]:
    sock = srv.bind_socket("127.0.0.1", 0)
    server = srv.make_server(app, sock, **srv.waitress_settings(threads=16))
    runner = threading.Thread(target=lambda: _run(server), daemon=True)
    runner.start()
    yield server
    server.task_dispatcher.shutdown(cancel_pending=True, timeout=3)
    server.close()  # the loop ends when the map is empty or on the next failed poll
    for channel in list(server.active_channels.values()):
        channel.handle_close()
    server.trigger.close()
    runner.join(5)


@pytest.fixture(params=["with the safety net", "marks alone"])
def server(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    if request.param == "marks alone":
        # No pass over every connection after the first: each change must reach the loop through a mark
        # (a worker's trigger pull, an open, a close, an event handled), or the requests below hang.
        monkeypatch.setattr(fastpoll, "FULL_PASS_SECONDS", 3600.0)
    yield from _serving()


def _run(server: Any) -> None:
    with contextlib.suppress(OSError, ValueError):  # the sockets were closed under the loop at teardown
        server.run()


def test_the_production_loop_polls_a_kept_set(monkeypatch: pytest.MonkeyPatch) -> None:
    registered: list[int] = []
    original = fastpoll.Poller.poll  # (the set of descriptors polled, between passes)

    def counting(self: fastpoll.Poller, timeout: float | None, map: dict[int, Any]) -> None:
        registered.append(len(self._flags))
        original(self, timeout, map)

    monkeypatch.setattr(fastpoll.Poller, "poll", counting)
    running = _serving()
    started = next(running)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", started.socket.getsockname()[1], timeout=5)
        conn.request("GET", "/hello")
        assert conn.getresponse().read() == b"/hello"
        conn.close()
    finally:
        next(running, None)
    assert registered and max(registered) >= 2, "the listening socket, the trigger and the connection"


def test_keep_alive_big_bodies_streams_and_reused_descriptors(server: Any) -> None:
    port = server.socket.getsockname()[1]
    stream = socket.create_connection(("127.0.0.1", port), timeout=5)
    stream.sendall(b"GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for n in range(50):  # one keep-alive connection, many requests: READ flags come and go
        conn.request("GET", f"/n{n}")
        assert conn.getresponse().read() == f"/n{n}".encode()
    conn.request("GET", "/big")  # 8 MiB: the channel waits for POLLOUT between sends
    assert conn.getresponse().read() == BIG
    for n in range(30):  # new connections reuse closed descriptors: they must be polled afresh
        other = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        other.request("GET", f"/c{n}", headers={"Connection": "close"})
        assert other.getresponse().read() == f"/c{n}".encode()
        other.close()
    got = b""
    stream.settimeout(5)
    while b"tick 5" not in got:
        chunk = stream.recv(4096)
        assert chunk, "the stream ended early"
        got += chunk
    stream.close()
    conn.request("GET", "/after")
    assert conn.getresponse().read() == b"/after"
    poller = server.poller
    if poller is not None and fastpoll.FULL_PASS_SECONDS > 60:
        assert poller.passes > 100 and poller.full_passes <= 3, "passes look at marked connections only"


@pytest.fixture(scope="module")
def idle_server() -> Iterator[Any]:
    """The production server object, never run: channels can be made on it and looked at."""
    sock = srv.bind_socket("127.0.0.1", 0)
    server = srv.make_server(app, sock, **srv.waitress_settings(threads=2))
    yield server
    server.task_dispatcher.shutdown(cancel_pending=True, timeout=3)
    server.close()
    server.trigger.close()


def _channel(server: Any) -> Any:
    """A real waitress channel of the production class on one end of a socket pair (not in any loop)."""
    from companion.server.guard import GuardedChannel

    mine, other = socket.socketpair()
    channel = GuardedChannel(server, mine, ("127.0.0.1", 1), server.adj, map={})
    return channel, other


@pytest.mark.parametrize("state", [
    {}, {"total_outbufs_len": 10}, {"will_close": True}, {"close_when_flushed": True},
    {"requests": [object()] * 6}, {"requests": [object()]}, {"requests": [object()] * 6, "total_outbufs_len": 3},
])
def test_the_inlined_flags_are_waitress_own(idle_server: Any, state: dict[str, Any]) -> None:
    """The loop reads a channel's attributes instead of calling readable()/writable(): it must answer as
    waitress's own methods do in every state (a waitress release that changes them fails here)."""
    channel, other = _channel(idle_server)
    try:
        for name, value in state.items():
            setattr(channel, name, value)
        inline = fastpoll.Poller((type(channel),))._wanted(channel)
        asked = fastpoll.Poller(())._wanted(channel)
        assert inline == asked
    finally:
        channel.requests = []
        channel.del_channel({})
        channel.socket.close()
        other.close()


def test_a_descriptor_closed_under_the_loop_is_forgotten_not_fatal() -> None:
    poller = fastpoll.Poller(())
    a, b = socket.socketpair()
    fd = a.fileno()
    a.close()  # a worker closed it between the loop's look and its registration (EBADF on epoll)
    poller._set(fd, fastpoll.READ, object())
    assert fd not in poller._flags
    with poller._marks_lock:
        assert fd in poller._marks, "looked at again on the next pass"
    b.close()
    poller.close()
