"""The waitress set-up: immediate flushing of small chunks, vanished clients noticed, clean shutdown,
the request log and the cap on live streams. Tiny WSGI apps, a real waitress on 127.0.0.1."""

from __future__ import annotations

import contextlib
import logging
import socket
import statistics
import struct
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from waitress import wasyncore

from companion.server import wsgi as srv


class Running:
    """A waitress server driven by a background thread that can be stopped like the CLI's loop."""

    def __init__(self, app: Any) -> None:
        sock = srv.bind_socket("127.0.0.1", 0)
        self.port = sock.getsockname()[1]
        self.server = srv.make_server(app, sock, **srv.waitress_settings(threads=16))
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        adj = self.server.adj
        while not self._stop.is_set():
            wasyncore.loop(timeout=0.05, map=self.server._map, use_poll=adj.asyncore_use_poll, count=1)

    def stop(self, on_shutdown: Any = None) -> bool:
        self._stop.set()
        self._thread.join(5)
        return srv.shutdown(self.server, on_shutdown=on_shutdown, timeout=3)


def connect(port: int, path: str = "/events") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    return sock


def read_until(sock: socket.socket, marker: bytes, buf: bytes = b"") -> bytes:
    while marker not in buf:
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError("closed before " + marker.decode())
        buf += chunk
    return buf


def drop(sock: socket.socket) -> None:
    """Close abruptly (RST), like a phone that vanishes."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def test_small_chunks_reach_the_client_within_milliseconds() -> None:
    go = threading.Event()
    sent: dict[int, float] = {}

    def app(environ: dict[str, Any], start_response: Any) -> Iterator[bytes]:
        start_response("200 OK", [("Content-Type", "text/event-stream")])

        def body() -> Iterator[bytes]:
            yield b'event: state\ndata: {"version": 0}\n\n'
            for i in range(1, 31):
                go.wait(5)
                go.clear()
                sent[i] = time.perf_counter()
                yield f'event: state\ndata: {{"version": {i}}}\n\n'.encode()

        return body()

    running = Running(srv.RequestMiddleware(app))
    try:
        client = connect(running.port)
        buf = read_until(client, b'"version": 0}')
        latencies = []
        for i in range(1, 31):
            time.sleep(0.005)
            go.set()
            buf = read_until(client, f'"version": {i}}}'.encode(), buf)
            latencies.append((time.perf_counter() - sent[i]) * 1000)
        client.close()
    finally:
        running.stop()
    # Typically ~0.1 ms on loopback; generous bounds keep a busy CI quiet.
    assert statistics.median(latencies) < 20, latencies
    assert max(latencies) < 250, latencies


def _stream_until_gone(log: list[str], poll: float = 0.05) -> Any:
    def app(environ: dict[str, Any], start_response: Any) -> Iterator[bytes]:
        gone = environ.get("waitress.client_disconnected")
        assert gone is not None, "channel_request_lookahead must be > 0"
        start_response("200 OK", [("Content-Type", "text/event-stream")])

        def body() -> Iterator[bytes]:
            try:
                yield b'event: state\ndata: {"version": 0}\n\n'
                while not gone():
                    time.sleep(poll)
                log.append("noticed")
            finally:
                log.append("closed")

        return body()

    return app


def test_a_vanished_client_is_noticed_and_its_thread_freed() -> None:
    events: list[str] = []
    middleware = srv.RequestMiddleware(_stream_until_gone(events))
    running = Running(middleware)
    try:
        clients = [connect(running.port) for _ in range(5)]
        for c in clients:
            read_until(c, b"version")
        assert middleware.open_streams == 5
        for c in clients:
            drop(c)
        deadline = time.monotonic() + 3
        while middleware.open_streams and time.monotonic() < deadline:
            time.sleep(0.02)
        assert middleware.open_streams == 0
        assert events.count("noticed") == 5 and events.count("closed") == 5
        # every worker is free again: 16 new streams (the whole pool) are all served
        again = [connect(running.port) for _ in range(16)]
        for c in again:
            read_until(c, b"version")
        for c in again:
            c.close()
    finally:
        assert running.stop()


def test_shutdown_ends_open_streams_quickly() -> None:
    events: list[str] = []
    stopped: list[bool] = []
    middleware = srv.RequestMiddleware(_stream_until_gone(events))
    running = Running(middleware)
    clients = [connect(running.port) for _ in range(6)]
    for c in clients:
        read_until(c, b"version")
    started = time.monotonic()
    assert running.stop(on_shutdown=lambda: stopped.append(True)) is True
    assert time.monotonic() - started < 2.5
    assert stopped == [True]
    assert events.count("closed") == 6
    for c in clients:
        c.close()


def _environ(path: str, query: str = "") -> dict[str, Any]:
    return {"REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": query, "SCRIPT_NAME": ""}


def _sse_app(environ: dict[str, Any], start_response: Any) -> Iterator[bytes]:
    start_response("200 OK", [("Content-Type", "text/event-stream; charset=utf-8")])
    return iter([b"event: state\ndata: {}\n\n", b": keep-alive\n\n", b": keep-alive\n\n"])


def _json_app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
    start_response("404 NOT FOUND", [("Content-Type", "application/json"), ("Content-Length", "2")])
    return [b"{}"]


def test_request_log_one_line_per_request(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="companion.requests")
    app = srv.RequestMiddleware(_json_app)
    body = app(_environ("/api/tables/Abcdefghijklmnopqrstuv", "secret=1"), lambda s, h, e=None: None)
    assert len(body) == 1  # waitress can still set Content-Length from a one-chunk body
    assert b"".join(body) == b"{}"
    body.close()
    assert len(caplog.records) == 1
    line = caplog.records[0].getMessage()
    assert line.startswith("GET /api/tables/Abcd... 404 ") and line.endswith(" ms")
    assert "secret" not in line and "Abcdefghijklmnop" not in line


def test_a_stream_is_logged_once_when_it_ends(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="companion.requests")
    app = srv.RequestMiddleware(_sse_app, redact_ids=False)
    body = app(_environ("/api/tables/Abcdefghijklmnopqrstuv/events"), lambda s, h, e=None: None)
    assert app.open_streams == 1
    chunks = list(body)
    assert len(chunks) == 3 and not caplog.records  # keep-alives are never logged
    body.close()
    body.close()  # idempotent
    assert app.open_streams == 0
    assert len(caplog.records) == 1
    assert caplog.records[0].getMessage().startswith("GET /api/tables/Abcdefghijklmnopqrstuv/events 200 ")
    assert caplog.records[0].getMessage().endswith("(stream)")


def test_streams_beyond_the_cap_get_503_and_ordinary_requests_still_pass() -> None:
    app = srv.RequestMiddleware(lambda e, s: _json_app(e, s) if e["PATH_INFO"] == "/x" else _sse_app(e, s),
                                max_streams=2)
    statuses: list[str] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
        statuses.append(status)
        if status.startswith("503"):
            assert ("Retry-After", str(srv.STREAM_RETRY)) in headers

    first = app(_environ("/events"), start_response)
    second = app(_environ("/events"), start_response)
    third = app(_environ("/events"), start_response)
    assert statuses == ["200 OK", "200 OK", "503 Service Unavailable"]
    assert b"".join(third).startswith(b"Too many")
    app(_environ("/x"), start_response)
    assert statuses[-1].startswith("404")
    first.close()
    app(_environ("/events"), start_response)
    assert statuses[-1] == "200 OK"
    second.close()


def test_redact() -> None:
    assert srv.redact("/t/AbCdEfGhIjKlMnOpQrSt/x") == "/t/AbCd.../x"
    assert srv.redact("/static/app.css") == "/static/app.css"


def test_port_in_use_is_reported_and_the_next_free_one_found() -> None:
    blocker = srv.bind_socket("127.0.0.1", 0)
    port = blocker.getsockname()[1]
    try:
        with pytest.raises(srv.PortInUse):
            srv.bind_socket("127.0.0.1", port)
        found = srv.next_free_port("127.0.0.1", port)
        assert found is not None
        assert found.getsockname()[1] > port
        found.close()
    finally:
        blocker.close()


def test_settings() -> None:
    settings = srv.waitress_settings()
    # 500 phones (100 tables of five) hold their stream with the defaults, and actions keep their threads
    assert settings["threads"] - srv.reserved_threads(settings["threads"]) >= 500
    assert srv.reserved_threads(settings["threads"]) >= 8
    assert settings["max_request_header_size"] <= 64 * 1024
    assert settings["channel_request_lookahead"] > 0
    assert "send_bytes" not in settings  # deprecated; its default (1) already flushes every chunk
    options = srv.socket_options()
    assert (socket.IPPROTO_TCP, socket.TCP_NODELAY, 1) in options
    with contextlib.suppress(AttributeError):
        assert (socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, 30_000) in options
