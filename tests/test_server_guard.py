"""One device cannot stop the table (docs/security.md): deadlines for a connection's request, limits on a
request's size, per-device caps on streams and requests in flight, budgets for expensive requests — the
production server (hypercorn, companion/server/serve.py) and its guard (companion/server/guard.py) on 127.0.0.1,
with tiny ASGI apps behind the guard. Other devices are other loopback addresses (127.0.0.2, ...), which Linux
routes to lo."""

from __future__ import annotations

import asyncio
import json
import socket
import sys
import threading
import time
from typing import Any

import pytest

from companion.server import serve
from companion.server.guard import BUDGETS, STREAM_RETRY, Budget, Guard, client_of, expensive_kind
from companion.server.sockets import bind_socket
from companion.server.streams import is_stream

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs 127.0.0.x source addresses")


async def lifespan(receive: Any, send: Any) -> None:
    while (await receive())["type"] != "lifespan.shutdown":
        await send({"type": "lifespan.startup.complete"})
    await send({"type": "lifespan.shutdown.complete"})


async def hello(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "lifespan":
        await lifespan(receive, send)
        return
    if scope["path"] == "/events" or is_stream(scope["method"], scope["path"]):
        await ticking(scope, receive, send)
        return
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"text/plain"), (b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


async def ticking(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """A stream: a comment every 0.2 s until its client goes."""
    gone = asyncio.Event()

    async def watch() -> None:
        while (await receive())["type"] != "http.disconnect":
            pass
        gone.set()

    watcher = asyncio.get_running_loop().create_task(watch())
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/event-stream")]})
    while not gone.is_set():
        await send({"type": "http.response.body", "body": b": tick\n\n", "more_body": True})
        await asyncio.sleep(0.2)
    watcher.cancel()


class Running:
    """The guard around ``app``, served as ``companion serve`` serves (hypercorn on a socket bound by us)."""

    def __init__(self, app: Any = hello, **guard: Any) -> None:
        guard.setdefault("budget", None)
        self.guard = Guard(app, **guard)
        sock = bind_socket("127.0.0.1", 0)
        self.port = sock.getsockname()[1]
        self.server = serve.Background(self.guard, sock).start()

    def stop(self) -> None:
        assert self.server.stop()


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's idle deadline at 1 s instead of 10, for the test's sake."""
    monkeypatch.setattr(serve, "IDLE_TIMEOUT", 1.0)


def connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))


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


def parse(data: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    fields = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), fields, body


def get(port: int, path: str = "/", source: str = "127.0.0.1", headers: str = "", method: str = "GET",
        body: bytes = b"") -> tuple[int, dict[str, str], bytes]:
    sock = connect(port, source)
    try:
        sock.sendall(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n{headers}\r\n".encode()
                     + body)
        data = b""
        try:
            while chunk := sock.recv(65536):
                data += chunk
        except ConnectionResetError:  # answered and closed while the rest of the request was on its way
            pass
    finally:
        sock.close()
    return parse(data)


def assert_json_error(body: bytes, code: str) -> None:
    answer = json.loads(body)
    assert answer["error"] == code and set(answer) == {"error", "message", "message_en", "message_ja"}
    assert answer["message_en"] and answer["message_ja"] and answer["message_en"] != answer["message_ja"]


def test_silent_and_slowloris_connections_are_dropped_but_a_running_stream_is_not(quick: None) -> None:
    running = Running()
    try:
        silent = connect(running.port)
        slow = connect(running.port)
        slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        stream = connect(running.port)
        stream.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")

        def drip() -> None:  # a header byte now and then: never finishes the request
            for _ in range(40):
                try:
                    slow.sendall(b"X")
                except OSError:
                    return
                time.sleep(0.1)

        threading.Thread(target=drip, daemon=True).start()
        assert closed_within(silent, 5), "a connection that sends nothing is closed"
        assert closed_within(slow, 5), "a request whose headers never end is dropped, however it drips"
        stream.settimeout(2)
        got = b""
        while got.count(b"tick") < 15:  # 3 s of ticks: past every deadline
            chunk = stream.recv(65536)
            assert chunk, "the stream runs on past every deadline"
            got += chunk
        stream.close()
    finally:
        running.stop()


def test_idle_keep_alive_connections_are_closed(quick: None) -> None:
    running = Running()
    try:
        sock = connect(running.port)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        sock.settimeout(2)
        assert sock.recv(65536).startswith(b"HTTP/1.1 200")
        assert closed_within(sock, 5)
    finally:
        running.stop()


def test_one_device_with_many_idle_connections_leaves_others_served(quick: None) -> None:
    """No cap at accept on supported ground: the idle sockets cost little and are closed by the deadline."""
    running = Running()
    held = []
    try:
        held = [connect(running.port, "127.0.0.2") for _ in range(300)]
        assert get(running.port, source="127.0.0.3")[0] == 200
        assert all(closed_within(sock, 5) for sock in held[:20])
    finally:
        for sock in held:
            sock.close()
        running.stop()


def test_huge_headers_are_refused_in_the_documented_shape() -> None:
    running = Running()
    try:
        some = "".join(f"X-H{i}: a\r\n" for i in range(4_000))  # ~44 KB: the guard's JSON answer
        status, fields, body = get(running.port, headers=some)
        assert status == 431 and fields["content-type"].startswith("application/json")
        assert_json_error(body, "headers_too_large")
        assert fields["x-content-type-options"] == "nosniff" and fields["connection"] == "close"
        many = "".join(f"X-H{i}: a\r\n" for i in range(20_000))  # 243 KB: the HTTP parser stops at 64 KiB
        assert get(running.port, headers=many)[0] == 431
        assert get(running.port)[0] == 200  # and the server goes on
    finally:
        running.stop()


def test_large_bodies_are_refused_before_they_are_read() -> None:
    running = Running(max_body_bytes=1000)
    try:
        status, fields, body = get(running.port, method="POST", headers="Content-Length: 5000000\r\n")
        assert status == 413 and fields["connection"] == "close"  # not one byte of it was sent or read
        assert_json_error(body, "too_large")
        chunks = b"".join(b"100\r\n" + b"a" * 256 + b"\r\n" for _ in range(8)) + b"0\r\n\r\n"
        status, _, body = get(running.port, method="POST", headers="Transfer-Encoding: chunked\r\n", body=chunks)
        assert status == 413
        assert_json_error(body, "too_large")
        assert get(running.port, method="POST", headers="Content-Length: 10\r\n", body=b"x" * 10)[0] == 200
    finally:
        running.stop()


def test_a_body_that_never_ends_is_refused_after_its_deadline() -> None:
    running = Running(body_timeout=0.5)
    try:
        sock = connect(running.port)
        sock.sendall(b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nabc")
        sock.settimeout(5)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
        status, _, body = parse(data)
        assert status == 408
        assert_json_error(body, "request_timeout")
    finally:
        running.stop()


def test_one_device_cannot_take_every_stream() -> None:
    running = Running(max_streams=10, max_client_streams=2)
    opened = []
    try:
        for _ in range(2):
            sock = connect(running.port)
            sock.sendall(b"GET /t/abcdefgh/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            sock.settimeout(5)
            assert b" 200 " in sock.recv(4096).split(b"\r\n")[0] + b" "
            opened.append(sock)
        status, fields, body = get(running.port, "/api/tables/abcdefgh/events")
        assert status == 503 and fields["retry-after"] == str(STREAM_RETRY)
        assert_json_error(body, "busy")
        other = connect(running.port, "127.0.0.3")
        other.sendall(b"GET /t/abcdefgh/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        other.settimeout(5)
        assert b" 200 " in other.recv(4096).split(b"\r\n")[0] + b" ", "another device still gets its stream"
        opened.append(other)
        assert get(running.port, "/")[0] == 200  # and ordinary requests pass
        assert running.guard.open_streams == 3
        for sock in opened:
            sock.close()
        deadline = time.monotonic() + 5
        while running.guard.open_streams and time.monotonic() < deadline:
            time.sleep(0.02)
        assert running.guard.open_streams == 0 and not running.guard.client_streams
    finally:
        for sock in opened:
            sock.close()
        running.stop()


def test_total_stream_cap() -> None:
    running = Running(max_streams=2, max_client_streams=None)
    opened = []
    try:
        for source in ("127.0.0.2", "127.0.0.3"):
            sock = connect(running.port, source)
            sock.sendall(b"GET /t/abcdefgh/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            sock.settimeout(5)
            assert b" 200 " in sock.recv(4096).split(b"\r\n")[0] + b" "
            opened.append(sock)
        assert get(running.port, "/t/abcdefgh/live", source="127.0.0.4")[0] == 503
    finally:
        for sock in opened:
            sock.close()
        running.stop()


def test_expensive_requests_have_a_budget_per_device() -> None:
    running = Running(budget=Budget({**BUDGETS, "query": (0.5, 3)}))
    try:
        path = "/api/tables/abcdefghijkl/hints"
        assert [get(running.port, path)[0] for _ in range(3)] == [200, 200, 200]
        status, fields, body = get(running.port, path)
        assert status == 429 and int(fields["retry-after"]) >= 1
        assert_json_error(body, "too_many_requests")
        assert get(running.port, path, source="127.0.0.4")[0] == 200  # another device has its own budget
        assert get(running.port, "/api/tables/abcdefghijkl")[0] == 200  # reading the table is not limited
    finally:
        running.stop()


def test_requests_in_flight_per_device_are_capped() -> None:
    release = threading.Event()

    async def slow(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            await asyncio.get_running_loop().run_in_executor(None, release.wait, 5)
        await hello(scope, receive, send)

    running = Running(slow, max_client_requests=2)
    try:
        results: list[int] = []
        workers = [threading.Thread(target=lambda: results.append(get(running.port)[0])) for _ in range(2)]
        for w in workers:
            w.start()
        deadline = time.monotonic() + 5
        while sum(running.guard.client_requests.values()) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        status, _, body = get(running.port)  # a third at once from the same device
        assert status == 429
        assert_json_error(body, "too_many_requests")
        release.set()
        for w in workers:
            w.join(5)
        assert results == [200, 200]
        assert get(running.port)[0] == 200
        deadline = time.monotonic() + 5  # the count drops when the app returns, a moment after the answer
        while running.guard.client_requests and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not running.guard.client_requests
    finally:
        release.set()
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
    assert budget.buckets() <= 6


def test_expensive_kinds() -> None:
    assert expensive_kind("POST", "/api/tables") == "create" and expensive_kind("POST", "/") == "create"
    assert expensive_kind("POST", "/api/tables/x/again") == "create"
    assert expensive_kind("GET", "/") is None and expensive_kind("GET", "/api/tables/x") is None
    assert expensive_kind("POST", "/api/tables/x/hints") == "query"
    assert expensive_kind("POST", "/api/tables/x/actions") is None
    assert expensive_kind("GET", "/api/tables/x/events") is None
    assert expensive_kind("GET", "/t/x/qr.svg") == "qr" and expensive_kind("GET", "/v/x/log.csv") == "export"


def test_behind_a_proxy_the_device_is_the_forwarded_address() -> None:
    from companion.server import cli

    assert cli.parse_args(["serve", "--behind-proxy"]).behind_proxy is True
    assert cli.parse_args(["serve"]).behind_proxy is False
    scope = {"client": ("127.0.0.1", 5), "headers": [(b"x-forwarded-for", b"198.51.100.7, 203.0.113.9")]}
    assert client_of(scope, trust_proxy=False) == "127.0.0.1"  # a header anyone can send is not trusted
    assert client_of(scope, trust_proxy=True) == "203.0.113.9"  # the address the proxy itself added (the last)
    assert client_of({"client": ("127.0.0.1", 5), "headers": []}, trust_proxy=True) == "127.0.0.1"


def test_behind_a_proxy_the_caps_count_the_forwarded_devices() -> None:
    running = Running(max_client_streams=1, trust_proxy=True)
    opened = []
    try:
        for device in ("203.0.113.1", "203.0.113.2"):  # two devices behind one proxy address
            sock = connect(running.port)
            sock.sendall(f"GET /t/abcdefgh/live HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: {device}\r\n\r\n"
                         .encode())
            sock.settimeout(5)
            assert b" 200 " in sock.recv(4096).split(b"\r\n")[0] + b" "
            opened.append(sock)
        status = get(running.port, "/t/abcdefgh/live", headers="X-Forwarded-For: 203.0.113.1\r\n")[0]
        assert status == 503  # the first device's second stream
    finally:
        for sock in opened:
            sock.close()
        running.stop()
