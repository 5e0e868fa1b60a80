"""One device cannot stop the table (issue 13): per-client connection caps, deadlines for a request's headers
and body, per-client stream caps and budgets, with a real waitress on 127.0.0.1 and tiny WSGI apps. Other
devices are other loopback addresses (127.0.0.2, ...), which Linux routes to lo."""

from __future__ import annotations

import json
import socket
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from waitress import wasyncore

from companion.server import wsgi as srv
from companion.server.guard import BUDGETS, Budget, expensive_kind

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs 127.0.0.x source addresses")


class Running:
    def __init__(self, app: Any, **guard: Any) -> None:
        sock = srv.bind_socket("127.0.0.1", 0)
        self.port = sock.getsockname()[1]
        self.server = srv.make_server(app, sock, guard=guard, **srv.waitress_settings(threads=16))
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while not self._stop.is_set():
            wasyncore.loop(timeout=0.05, map=self.server._map, use_poll=True, count=1)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)
        srv.shutdown(self.server, timeout=3)


def connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    return sock


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """True when the server closes the connection within ``seconds`` (reads and drops any answer)."""
    sock.settimeout(0.2)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            if sock.recv(65536) == b"":
                return True
        except TimeoutError:
            continue
        except OSError:
            return True
    return False


def get(port: int, path: str = "/", source: str = "127.0.0.1", headers: str = "") -> tuple[int, dict[str, str], bytes]:
    sock = connect(port, source)
    try:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n{headers}\r\n".encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    finally:
        sock.close()
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    fields = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), fields, body


def hello(environ: dict[str, Any], start_response: Any) -> list[bytes]:
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "2")])
    return [b"ok"]


def test_one_address_cannot_take_every_connection() -> None:
    running = Running(hello, max_client_connections=3)
    held = []
    try:
        held = [connect(running.port) for _ in range(3)]
        time.sleep(0.2)
        extra = connect(running.port)
        assert closed_within(extra, 2), "the fourth connection of one address must be closed at once"
        extra.close()
        assert get(running.port, source="127.0.0.2")[0] == 200  # another device is served meanwhile
        held.pop().close()
        time.sleep(0.3)
        assert get(running.port)[0] == 200  # below the cap again
    finally:
        for sock in held:
            sock.close()
        running.stop()


def test_silent_and_slowloris_connections_are_dropped_but_a_running_stream_is_not() -> None:
    stop = threading.Event()

    def app(environ: dict[str, Any], start_response: Any) -> Iterator[bytes]:
        if environ["PATH_INFO"] != "/events":
            return hello(environ, start_response)
        start_response("200 OK", [("Content-Type", "text/event-stream")])

        def body() -> Iterator[bytes]:
            while not stop.is_set():
                yield b": tick\n\n"
                time.sleep(0.2)
        return body()

    running = Running(app, first_byte_timeout=1.0, request_timeout=1.5, idle_timeout=2.0)
    try:
        silent = connect(running.port)
        slow = connect(running.port)
        slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        stream = connect(running.port)
        stream.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        began = time.monotonic()

        def drip() -> None:  # a header byte now and then: never finishes the request
            for _ in range(30):
                try:
                    slow.sendall(b"X")
                except OSError:
                    return
                time.sleep(0.2)

        threading.Thread(target=drip, daemon=True).start()
        assert closed_within(silent, 4), "a connection that sends nothing is closed"
        assert closed_within(slow, 5), "a request whose headers never end is dropped"
        assert time.monotonic() - began < 6
        stream.settimeout(2)
        time.sleep(1.0)
        assert b"tick" in stream.recv(65536), "the stream runs on past every deadline"
        stream.close()
    finally:
        stop.set()
        running.stop()


def test_idle_keep_alive_connections_are_closed() -> None:
    running = Running(hello, idle_timeout=1.0)
    try:
        sock = connect(running.port)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        sock.settimeout(2)
        assert sock.recv(65536).startswith(b"HTTP/1.1 200")
        assert closed_within(sock, 4)
    finally:
        running.stop()


def test_huge_headers_are_refused() -> None:
    running = Running(hello)
    try:
        many = "".join(f"X-H{i}: a\r\n" for i in range(20_000))  # 243 KB
        began = time.monotonic()
        try:
            status = get(running.port, headers=many)[0]
        except ConnectionResetError:  # answered 431 and closed while the rest was still on its way
            status = 431
        assert status == 431 and time.monotonic() - began < 2
        assert get(running.port)[0] == 200
    finally:
        running.stop()


def _sse(environ: dict[str, Any], start_response: Any) -> Iterator[bytes]:
    if environ["PATH_INFO"] != "/events":
        return iter(hello(environ, start_response))
    start_response("200 OK", [("Content-Type", "text/event-stream")])

    def body() -> Iterator[bytes]:
        yield b"data: {}\n\n"
        gone = environ.get("waitress.client_disconnected") or (lambda: False)
        while not gone():
            time.sleep(0.05)
    return body()


def test_one_device_cannot_take_every_stream() -> None:
    app = srv.RequestMiddleware(_sse, max_streams=10, max_client_streams=2)
    running = Running(app)
    opened = []
    try:
        for _ in range(2):
            sock = connect(running.port)
            sock.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            sock.settimeout(5)
            assert b" 200 " in sock.recv(4096).split(b"\r\n")[0]
            opened.append(sock)
        status, fields, _ = get(running.port, "/events")
        assert status == 503 and fields["retry-after"] == str(srv.STREAM_RETRY)
        other = connect(running.port, "127.0.0.3")
        other.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        other.settimeout(5)
        assert b" 200 " in other.recv(4096).split(b"\r\n")[0], "another device still gets its stream"
        opened.append(other)
        assert get(running.port, "/")[0] == 200  # and ordinary requests pass
    finally:
        for sock in opened:
            sock.close()
        running.stop()


def test_expensive_requests_have_a_budget_per_device() -> None:
    app = srv.RequestMiddleware(hello, budget=Budget({**BUDGETS, "query": (0.5, 3)}))
    running = Running(app)
    try:
        path = "/api/tables/abcdefghijkl/hints"
        assert [get(running.port, path)[0] for _ in range(3)] == [200, 200, 200]
        status, fields, body = get(running.port, path)
        assert status == 429 and int(fields["retry-after"]) >= 1
        assert json.loads(body)["error"] == "too_many_requests"
        assert get(running.port, path, source="127.0.0.4")[0] == 200  # another device has its own budget
        assert get(running.port, "/api/tables/abcdefghijkl")[0] == 200  # reading the table is not limited
    finally:
        running.stop()


def test_budget_refills_and_forgets_quiet_clients() -> None:
    budget = Budget({"x": (100.0, 2)}, max_clients=4)
    assert budget.take("a", "x") == 0 and budget.take("a", "x") == 0
    assert budget.take("a", "x") > 0
    time.sleep(0.03)
    assert budget.take("a", "x") == 0
    for n in range(10):
        budget.take(f"c{n}", "x")
    time.sleep(0.05)
    budget.take("z", "x")
    budget.take("z", "x")
    budget.take("z", "x")
    assert len(budget._buckets) <= 6


def test_expensive_kinds() -> None:
    def kind(method: str, path: str) -> str | None:
        return expensive_kind({"REQUEST_METHOD": method, "PATH_INFO": path})

    assert kind("POST", "/api/tables") == "create" and kind("POST", "/") == "create"
    assert kind("POST", "/api/tables/x/again") == "create"
    assert kind("GET", "/") is None and kind("GET", "/api/tables/x") is None
    assert kind("POST", "/api/tables/x/hints") == "query" and kind("POST", "/api/tables/x/actions") is None
    assert kind("GET", "/api/tables/x/events") is None
    assert kind("GET", "/t/x/qr.svg") == "qr" and kind("GET", "/v/x/log.csv") == "export"


def test_behind_a_proxy_the_device_is_the_forwarded_address() -> None:
    from companion.server import cli

    assert cli.parse_args(["serve", "--behind-proxy"]).behind_proxy is True
    assert cli.parse_args(["serve"]).behind_proxy is False
    direct = srv.RequestMiddleware(hello)
    proxied = srv.RequestMiddleware(hello, trust_proxy=True)
    environ = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "198.51.100.7, 203.0.113.9"}
    assert direct.client(environ) == "127.0.0.1"  # a header anyone can send is not trusted by default
    assert proxied.client(environ) == "203.0.113.9"  # the address the proxy itself added (the last one)
    assert proxied.client({"REMOTE_ADDR": "127.0.0.1"}) == "127.0.0.1"


def test_requests_in_flight_per_device_are_capped() -> None:
    release = threading.Event()

    def slow(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        release.wait(5)
        return hello(environ, start_response)

    app = srv.RequestMiddleware(slow, max_client_requests=2)
    running = Running(app)
    try:
        results: list[int] = []
        workers = [threading.Thread(target=lambda: results.append(get(running.port)[0])) for _ in range(2)]
        for w in workers:
            w.start()
        time.sleep(0.5)
        assert get(running.port)[0] == 429  # a third at once from the same device
        release.set()
        for w in workers:
            w.join(5)
        assert results == [200, 200]
        assert get(running.port)[0] == 200 and not app.client_requests
    finally:
        release.set()
        running.stop()
