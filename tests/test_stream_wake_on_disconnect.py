"""A live stream sleeps until a change or its keep-alive, and its phone leaving ends it at once (ASGI
``http.disconnect``, companion/server/streams.py): driven through the production server and guard as
``companion serve`` runs them, with the keep-alive pushed out of reach so that only the connection's close can
end the stream."""

from __future__ import annotations

import socket
import struct
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from live_server import LiveServer

from companion.web import create_app, sse


@pytest.fixture()
def served(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, LiveServer]]:
    monkeypatch.setattr(sse, "KEEPALIVE_SECONDS", 3600.0)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(str(Path(tmp) / "t.db"), secret_key="test")
        with LiveServer(app, caps=True) as server:
            yield app, server
        app.extensions["companion"].store.close()


def _open_stream(port: int, path: str) -> socket.socket:
    conn = socket.create_connection(("127.0.0.1", port), timeout=10)
    conn.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    got = b""
    while b"event:" not in got:
        chunk = conn.recv(65536)
        assert chunk, "the stream closed before its first event"
        got += chunk
    return conn


def _streams_after(server: LiveServer, want: int, limit: float = 10.0) -> int:
    deadline = time.monotonic() + limit  # a hang detector: without the close the stream would sleep an hour
    while time.monotonic() < deadline and (server.router.live.open_streams, server.guard.open_streams) != (want, want):
        time.sleep(0.02)
    return server.router.live.open_streams


@pytest.mark.parametrize("how", ["close", "reset"])
@pytest.mark.parametrize("kind", ["page", "api"])
def test_a_phone_that_leaves_ends_its_sleeping_stream_at_once(served: Any, kind: str, how: str) -> None:
    app, server = served
    table = app.test_client().post("/api/tables", json={"players": ["Ann", "Ben", "Cy"]}).get_json()
    path = f"/t/{table['id']}/live" if kind == "page" else f"/api/tables/{table['id']}/events"
    stay = _open_stream(server.port, path)
    leave = _open_stream(server.port, path)
    assert _streams_after(server, 2) == 2
    if how == "reset":  # a phone that vanishes: RST, no FIN
        leave.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    leave.close()
    assert _streams_after(server, 1) == 1, "the stream whose phone left ended; the other sleeps on"
    assert server.guard.open_streams == 1 and sum(server.guard.client_streams.values()) == 1
    # The one that stayed still follows the table: woken by the change, not by the other's close.
    app.test_client().post(f"/api/tables/{table['id']}/actions", json={"action": {"type": "research", "from": "deck"}})
    stay.settimeout(10)
    got = b""
    while b"id: 1" not in got:
        chunk = stay.recv(65536)
        assert chunk, "the remaining stream closed"
        got += chunk
    stay.close()
    assert _streams_after(server, 0) == 0
    assert not server.router.live.tables  # nothing kept for a table nobody follows
