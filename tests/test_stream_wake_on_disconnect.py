"""Under the production server a live stream sleeps until a change or its keep-alive, and its phone leaving
wakes it at once (issue 13: 500 idle streams used to wake 500 times a second to look). Driven through
``make_server`` + ``RequestMiddleware`` as ``companion serve`` runs them, with the keep-alive pushed out of
reach so that only the connection's close can end the stream."""

from __future__ import annotations

import contextlib
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.server import wsgi as srv
from companion.web import create_app, sse


@pytest.fixture()
def served(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, srv.RequestMiddleware, int]]:
    monkeypatch.setattr(sse, "KEEPALIVE_SECONDS", 3600.0)
    monkeypatch.setattr(sse, "POLL_SECONDS", 3600.0)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(str(Path(tmp) / "t.db"), secret_key="test")
        middleware = srv.RequestMiddleware(app, max_streams=50, max_client_streams=8)
        sock = srv.bind_socket("127.0.0.1", 0)
        server = srv.make_server(middleware, sock, **srv.waitress_settings(threads=16))
        runner = threading.Thread(target=lambda: _run(server), daemon=True)
        runner.start()
        try:
            yield app, middleware, sock.getsockname()[1]
        finally:
            app.extensions["companion"].close()
            server.task_dispatcher.shutdown(cancel_pending=True, timeout=3)
            server.close()
            for channel in list(server.active_channels.values()):
                channel.handle_close()
            server.trigger.close()
            runner.join(5)


def _run(server: Any) -> None:
    with contextlib.suppress(OSError, ValueError):
        server.run()


def _open_stream(port: int, path: str) -> socket.socket:
    conn = socket.create_connection(("127.0.0.1", port), timeout=10)
    conn.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    got = b""
    while b"event:" not in got:
        chunk = conn.recv(65536)
        assert chunk, "the stream closed before its first event"
        got += chunk
    return conn


def _streams_after(middleware: srv.RequestMiddleware, want: int, limit: float = 10.0) -> int:
    deadline = time.monotonic() + limit  # a hang detector: without the wake-up the stream would sleep an hour
    while time.monotonic() < deadline and middleware.open_streams != want:
        time.sleep(0.02)
    return middleware.open_streams


@pytest.mark.parametrize("kind", ["page", "api"])
def test_a_phone_that_leaves_ends_its_sleeping_stream_at_once(served: Any, kind: str) -> None:
    app, middleware, port = served
    table = app.test_client().post("/api/tables", json={"players": ["Ann", "Ben", "Cy"]}).get_json()
    path = f"/t/{table['id']}/live" if kind == "page" else f"/api/tables/{table['id']}/events"
    stay = _open_stream(port, path)
    leave = _open_stream(port, path)
    assert _streams_after(middleware, 2) == 2
    leave.close()
    assert _streams_after(middleware, 1) == 1, "the stream whose phone left ended; the other sleeps on"
    # The one that stayed still follows the table: woken by the change, not by the other's close.
    app.test_client().post(f"/api/tables/{table['id']}/actions", json={"action": {"type": "research", "from": "deck"}})
    stay.settimeout(10)
    got = b""
    while b"id: 1" not in got:
        chunk = stay.recv(65536)
        assert chunk, "the remaining stream closed"
        got += chunk
    stay.close()
    assert _streams_after(middleware, 0) == 0
