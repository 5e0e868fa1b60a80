"""The production server (companion/server: hypercorn on a socket we bind, the ASGI app, the request log): each
event leaves at once, shutdown ends open streams, one log line per request, the settings that the guarantees of
docs/security.md stand on. Real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from live_server import LiveServer

from companion.server import cli, serve, workers
from companion.server.reqlog import RequestLog, redact
from companion.server.sockets import PortInUse, bind_socket, next_free_port, socket_options


def read_until(sock: socket.socket, marker: bytes, buf: bytes = b"") -> bytes:
    while marker not in buf:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed before " + marker.decode())
        buf += chunk
    return buf


def test_each_event_leaves_before_the_next_is_made() -> None:
    """The app makes event i+1 only once the client has read event i: nothing is held back for a fuller
    buffer (TCP_NODELAY, a write per event)."""
    read: dict[int, asyncio.Event] = {}
    loop_box: list[asyncio.AbstractEventLoop] = []

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        loop_box.append(asyncio.get_running_loop())
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/event-stream")]})
        for i in range(30):
            read[i] = asyncio.Event()
            await send({"type": "http.response.body", "body": f"data: {i}\n\n".encode(), "more_body": True})
            await asyncio.wait_for(read[i].wait(), 10)  # the client has it: only then the next one
        await send({"type": "http.response.body", "body": b""})

    sock = bind_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    server = serve.Background(app, sock).start()
    try:
        client = socket.create_connection(("127.0.0.1", port), timeout=10)
        client.sendall(b"GET /s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        buf = b""
        for i in range(30):
            buf = read_until(client, f"data: {i}\n".encode(), buf)
            loop_box[0].call_soon_threadsafe(read[i].set)
        client.close()
    finally:
        assert server.stop()


@pytest.fixture
def served(app: Flask) -> Iterator[LiveServer]:
    with LiveServer(app) as server:
        yield server


def test_shutdown_ends_open_streams_cleanly(app: Flask) -> None:
    table = app.test_client().post("/api/tables", json={"players": ["A", "B", "C"]}).get_json()
    server = LiveServer(app).__enter__()
    clients = []
    try:
        for path in (f"/t/{table['id']}/live", f"/api/tables/{table['id']}/events") * 3:
            client = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            client.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            read_until(client, b"event:")
            clients.append(client)
        deadline = time.monotonic() + 5  # registered a moment after the first event left
        while server.router.live.open_streams < 6 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert server.router.live.open_streams == 6
    finally:
        server.__exit__(None, None, None)
    assert not server.server.thread.is_alive()
    for client in clients:  # each stream was ended by the server: the last chunk, then the close
        with contextlib.suppress(ConnectionError):
            read_until(client, b"0\r\n\r\n")
        client.close()


def test_a_stream_refused_by_the_app_is_answered_as_any_request(served: LiveServer) -> None:
    client = socket.create_connection(("127.0.0.1", served.port), timeout=10)
    client.sendall(b"GET /api/tables/nosuchtable00000000000/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    answer = read_until(client, b"}")
    assert answer.startswith(b"HTTP/1.1 404") and b'"error":"not_found"' in answer.replace(b" ", b"")
    client.sendall(b"GET /api/tables/nosuchtable00000000000/events HTTP/1.1\r\nHost: evil.example\r\n\r\n")
    assert b'"bad_host"' in read_until(client, b"bad_host")  # the Host check runs before any stream starts
    client.close()


# --------------------------------------------------------------------------- the request log

def _run(app: Any, path: str = "/", method: str = "GET") -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": method, "path": path, "root_path": "", "headers": [],
             "query_string": b"secret=1", "client": ("127.0.0.1", 5)}
    asyncio.run(app(scope, receive, send))
    return sent


async def _json_404(scope: dict[str, Any], receive: Any, send: Any) -> None:
    await send({"type": "http.response.start", "status": 404, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": b"{}"})


async def _sse(scope: dict[str, Any], receive: Any, send: Any) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/event-stream")]})
    for chunk in (b"event: state\ndata: {}\n\n", b": keep-alive\n\n", b": keep-alive\n\n"):
        await send({"type": "http.response.body", "body": chunk, "more_body": True})
    await send({"type": "http.response.body", "body": b""})


def test_request_log_one_line_per_request(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="companion.requests")
    sent = _run(RequestLog(_json_404), "/api/tables/Abcdefghijklmnopqrstuv")
    assert sent[-1]["body"] == b"{}"
    assert len(caplog.records) == 1
    line = caplog.records[0].getMessage()
    assert line.startswith("GET /api/tables/Abcd... 404 ") and line.endswith(" ms")
    assert "secret" not in line and "Abcdefghijklmnop" not in line


def test_a_stream_is_logged_once_when_it_ends(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="companion.requests")
    sent = _run(RequestLog(_sse, redact_ids=False, prefix="[worker 2] "), "/api/tables/Abcdefghijklmnopqrstuv/events")
    assert len(sent) == 5
    assert len(caplog.records) == 1  # keep-alives are never logged
    line = caplog.records[0].getMessage()
    assert line.startswith("[worker 2] GET /api/tables/Abcdefghijklmnopqrstuv/events 200 ")
    assert line.endswith("(stream)")


def test_redact() -> None:
    assert redact("/t/AbCdEfGhIjKlMnOpQrSt/x") == "/t/AbCd.../x"
    assert redact("/static/app.css") == "/static/app.css"


# --------------------------------------------------------------------------- binding and settings

def test_port_in_use_is_reported_and_the_next_free_one_found() -> None:
    blocker = bind_socket("127.0.0.1", 0)
    port = blocker.getsockname()[1]
    try:
        with pytest.raises(PortInUse):
            bind_socket("127.0.0.1", port)
        found = next_free_port("127.0.0.1", port)
        assert found is not None
        assert found.getsockname()[1] > port
        found.close()
    finally:
        blocker.close()


def test_settings_the_guarantees_stand_on() -> None:
    config = serve.hypercorn_config(99)
    assert config.bind == ["fd://99"]
    assert config.keep_alive_timeout == serve.IDLE_TIMEOUT == 10  # silent, slowloris, idle: closed after 10 s
    assert config.read_timeout is None  # a read deadline would cut every stream: its phone sends nothing
    assert config.h11_max_incomplete_size == 64 * 1024  # the parser's backstop behind the guard's 32 KiB
    options = socket_options()
    assert (socket.IPPROTO_TCP, socket.TCP_NODELAY, 1) in options
    with contextlib.suppress(AttributeError):
        assert (socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, 30_000) in options


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's inheritance of socket options")
def test_connections_inherit_the_listening_sockets_keepalive_options() -> None:
    listener = bind_socket("127.0.0.1", 0)
    client = socket.create_connection(listener.getsockname(), timeout=5)
    conn, _ = listener.accept()
    try:
        assert conn.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE) == 1
        assert conn.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE) == 30
        assert conn.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT) == 30_000
    finally:
        conn.close()
        client.close()
        listener.close()


def test_serve_options() -> None:
    args = cli.parse_args(["serve", "--threads", "8", "--workers", "3"])
    assert (args.threads, args.workers) == (8, 3)
    assert cli.parse_args([]).workers == 1
    for bad in (["--workers", "0"], ["--threads", "2"], ["--workers", "x"]):
        with pytest.raises(SystemExit):
            cli.parse_args(["serve", *bad])


def test_workers_say_so_where_there_is_no_fork(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(workers, "supported", lambda: False)
    assert cli.main(["serve", "--workers", "2", "--port", "0", "--host", "127.0.0.1", "--qr", "off"]) == 2
    assert "--workers needs a POSIX system" in capsys.readouterr().out
