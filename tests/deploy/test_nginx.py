"""deploy/ as shipped (issue 18, part 4): a real nginx with deploy/nginx/companion.conf.template terminates TLS in
front of two ``companion serve --behind-proxy --public`` processes on one PostgreSQL, and phones — each its own
loopback address, HTTPS only — play a table through it:

* the phones' streams land on both workers, and every change, whichever worker took it, reaches every phone's
  stream (so a change made through one worker reaches the phones streaming from the other);
* the streams pass unbuffered: each small event of the API's stream arrives while the stream stays open, before
  the next change is made;
* the device's address reaches the app (the workers' request log names it), an address a client forges in
  ``X-Forwarded-For`` never does, and a worker believes the header only from its trusted proxy;
* 24 simultaneous actions on one version through the proxy: exactly one accepted;
* plain HTTP only redirects to HTTPS; cookies are ``Secure``.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import nginx_proxy  # noqa: E402
import postgres_server  # noqa: E402  (tests/, on the path through tests/conftest.py)

REPO = nginx_proxy.REPO
RESEARCH = {"type": "research", "from": "deck"}

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs 127.0.0.x source addresses")


@pytest.fixture(scope="module")
def nginx_binary() -> str:
    found = nginx_proxy.nginx_binary()
    if found is None:
        if nginx_proxy.required():
            pytest.fail("nginx is required here (COMPANION_REQUIRE_NGINX): apt-get install nginx")
        pytest.skip("nginx not found (apt-get install nginx)")
    return found


class Worker:
    """``companion serve`` behind the proxy, in a subprocess, logging each request (with the forwarded address)."""

    def __init__(self, name: str, db: str, folder: Path, url: str) -> None:
        self.name, self.port = name, nginx_proxy.free_port()
        self.log = folder / f"{name}.log"
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
               "XDG_DATA_HOME": str(folder / "data")}  # one secret for both: a session is good on either
        command = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--db", db, "--qr", "off", "--url", url, "--public", "--trusted-proxy", "127.0.0.1",
                   "--threads", "8"]
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                         env=env, cwd=str(REPO))

    def wait(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.text()
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
                conn.request("GET", "/api/games")
                if conn.getresponse().status == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise AssertionError(f"{self.name} did not come up: {self.text()[-2000:]}")

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(2)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture(scope="module")
def stack(nginx_binary: str, postgres_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    folder = tmp_path_factory.mktemp("deploy")
    db = postgres_server.fresh_schema(postgres_url)
    url = "https://127.0.0.1"  # its host is what the workers check (their Host and Origin checks ignore the port)
    workers = [Worker(name, db, folder, url) for name in ("a", "b")]
    proxy = None
    try:
        for w in workers:
            w.wait()
        proxy = nginx_proxy.Nginx([f"127.0.0.1:{w.port}" for w in workers]).start()
        yield {"workers": workers, "proxy": proxy}
    finally:
        if proxy is not None:
            proxy.stop()
        for w in workers:
            w.stop()
        postgres_server.drop_schema(postgres_url, db)


class Phone:
    """A browser on its own address: HTTPS through nginx, keeping the cookies it is given."""

    def __init__(self, proxy: nginx_proxy.Nginx, address: str) -> None:
        self.proxy, self.address = proxy, address
        self.context: ssl.SSLContext = proxy.tls()
        self.cookies: dict[str, str] = {}
        self.set_cookies: list[str] = []

    def connect(self, timeout: float = 15) -> http.client.HTTPSConnection:
        return http.client.HTTPSConnection("127.0.0.1", self.proxy.https_port, context=self.context, timeout=timeout,
                                           source_address=(self.address, 0))

    def headers(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        out = dict(extra or {})
        if self.cookies:
            out["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return out

    def keep(self, resp: http.client.HTTPResponse) -> None:
        for raw in resp.headers.get_all("Set-Cookie") or ():
            self.set_cookies.append(raw)
            name, _, value = raw.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()

    def call(self, method: str, path: str, body: Any = None,
             headers: dict[str, str] | None = None) -> tuple[int, Any]:
        conn = self.connect()
        try:
            data = None if body is None else json.dumps(body).encode()
            extra = dict(headers or {})
            if data is not None:
                extra["Content-Type"] = "application/json"
            conn.request(method, path, body=data, headers=self.headers(extra))
            resp = conn.getresponse()
            self.keep(resp)
            raw = resp.read()
            kind = resp.headers.get("Content-Type", "")
            return resp.status, (json.loads(raw) if kind.startswith("application/json") else raw)
        finally:
            conn.close()


class Stream:
    """An open SSE stream through nginx, read by a thread: the ``id:`` of every event, as it arrives."""

    def __init__(self, phone: Phone, path: str) -> None:
        raw = socket.create_connection(("127.0.0.1", phone.proxy.https_port), timeout=60,
                                       source_address=(phone.address, 0))
        self.sock = phone.context.wrap_socket(raw, server_hostname="127.0.0.1")
        head = "".join(f"{k}: {v}\r\n" for k, v in phone.headers({"Accept": "text/event-stream"}).items())
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{phone.proxy.https_port}\r\n{head}\r\n".encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            assert chunk, self.buffer
            self.buffer += chunk
        headers, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        assert headers.startswith(b"HTTP/1.1 200 "), headers
        assert b"transfer-encoding: chunked" in headers.lower(), headers
        self.ids: list[int] = []
        self.arrived = threading.Condition()
        self.ended = False
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        raw, text = self.buffer, b""
        try:
            while True:
                body, raw = dechunk(raw)
                text += body
                while b"\n\n" in text:
                    event, text = text.split(b"\n\n", 1)
                    found = re.search(rb"^id: (\d+)$", event, re.M)
                    if found:
                        with self.arrived:
                            self.ids.append(int(found.group(1)))
                            self.arrived.notify_all()
                chunk = self.sock.recv(65536)
                if not chunk:
                    break
                raw += chunk
        except (OSError, ValueError):  # closed under the reader
            pass
        finally:
            with self.arrived:
                self.ended = True
                self.arrived.notify_all()

    def wait_for(self, version: int, timeout: float = 20) -> bool:
        """Whether an event of ``version`` (or later) arrived while the stream was open (bounded wait)."""
        with self.arrived:
            self.arrived.wait_for(lambda: (self.ids and self.ids[-1] >= version) or self.ended, timeout)
            return bool(self.ids) and self.ids[-1] >= version and not self.ended

    def close(self) -> None:
        """Hang up at once (a phone leaving): the reader's blocked read ends with it."""
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.thread.join(10)
        self.sock.close()


def dechunk(raw: bytes) -> tuple[bytes, bytes]:
    """The complete chunks of an HTTP/1.1 chunked body: (their data, what is left for later)."""
    out = []
    while True:
        end = raw.find(b"\r\n")
        if end < 0:
            return b"".join(out), raw
        size = int(raw[:end].split(b";")[0] or b"0", 16)
        if len(raw) < end + 2 + size + 2:
            return b"".join(out), raw
        out.append(raw[end + 2:end + 2 + size])
        raw = raw[end + 2 + size + 2:]


def stream_lines(worker: Worker) -> list[str]:
    return [line for line in worker.text().splitlines() if "(stream)" in line]


def test_a_table_plays_through_nginx_with_phones_streaming_from_both_workers(stack: dict[str, Any]) -> None:
    proxy, workers = stack["proxy"], stack["workers"]
    host = Phone(proxy, "127.0.0.10")
    status, created = host.call("POST", "/api/tables", {"players": ["Ann", "Ben", "Cy"]},
                                headers={"X-Forwarded-For": "203.0.113.66"})  # forged: nginx overwrites it
    assert status == 201, created
    tid = created["id"]
    phones = [Phone(proxy, f"127.0.0.{21 + i}") for i in range(6)]
    for phone in phones:  # each loads the page first, as a browser does: its device and session cookies
        status, page = phone.call("GET", f"/t/{tid}")
        assert status == 200 and b'data-version="0"' in page
    # the page's own stream (carries the fragment) on five phones, the API's small version events on the sixth
    streams = [Stream(p, f"/t/{tid}/live") for p in phones[:5]] + [Stream(phones[5], f"/api/tables/{tid}/events")]
    try:
        for s in streams:
            assert s.wait_for(0)
        for version in range(1, 7):
            actor = phones[version % len(phones)]  # the acting phone's request lands on any worker
            status, answer = actor.call("POST", f"/api/tables/{tid}/actions",
                                        {"action": RESEARCH, "version": version - 1})
            assert status == 200, answer
            assert answer["state"]["version"] == version
            # every phone's stream shows it before the next change is made: nothing held back by the proxy
            missing = [i for i, s in enumerate(streams) if not s.wait_for(version)]
            assert not missing, (version, missing, [s.ids for s in streams])
        assert streams[5].ids == list(range(0, 7))  # the API stream: one small event per change, each on its own
    finally:
        for s in streams:
            s.close()
    # The streams' log lines (written as each ends): both workers held some, and each names its phone's address.
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and sum(len(stream_lines(w)) for w in workers) < len(streams):
        time.sleep(0.1)
    held = {w.name: stream_lines(w) for w in workers}
    assert all(held.values()), f"the streams all landed on one worker: {held}"
    addresses = {m.group(1) for lines in held.values() for line in lines if (m := re.search(r" for (\S+)$", line))}
    assert addresses == {p.address for p in phones}, addresses
    logs = "".join(w.text() for w in workers)
    assert "POST /api/tables 201" in logs and "for 127.0.0.10" in logs
    assert "203.0.113.66" not in logs  # what a client writes in X-Forwarded-For is never believed
    assert "Traceback" not in logs
    access = proxy.access_log()
    assert "127.0.0.21" in access and "POST" in access
    assert tid not in access and created["view_id"] not in access  # a table's ids are never in the proxy's log


def test_a_worker_believes_forwarding_headers_only_from_its_trusted_proxy(stack: dict[str, Any]) -> None:
    worker = stack["workers"][0]
    conn = http.client.HTTPConnection("127.0.0.1", worker.port, timeout=10, source_address=("127.0.0.9", 0))
    conn.request("GET", "/api/tables/" + "Q" * 24, headers={"X-Forwarded-For": "203.0.113.77",
                                                            "X-Forwarded-Proto": "https"})
    assert conn.getresponse().status == 404
    conn.close()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and "GET /api/tables/QQQQ... 404" not in worker.text():
        time.sleep(0.05)
    line = next(line for line in worker.text().splitlines() if "GET /api/tables/QQQQ... 404" in line)
    assert "203.0.113.77" not in line and " for " not in line  # 127.0.0.9 is no trusted proxy: it is the device


def test_twenty_four_simultaneous_actions_on_one_version_through_nginx_one_is_accepted(stack: dict[str, Any]) -> None:
    proxy = stack["proxy"]
    status, created = Phone(proxy, "127.0.0.30").call("POST", "/api/tables", {"players": ["Ann", "Ben", "Cy"]})
    assert status == 201
    tid = created["id"]
    phones = [Phone(proxy, f"127.0.1.{i + 1}") for i in range(24)]
    barrier = threading.Barrier(len(phones))

    def act(phone: Phone) -> tuple[int, Any]:
        barrier.wait(10)
        return phone.call("POST", f"/api/tables/{tid}/actions", {"action": RESEARCH, "version": 0})

    with ThreadPoolExecutor(len(phones)) as pool:
        results = list(pool.map(act, phones))
    assert Counter(s for s, _ in results) == {200: 1, 409: 23}, Counter(s for s, _ in results)
    assert all(body["error"] == "stale" for s, body in results if s == 409)
    status, log = phones[0].call("GET", f"/api/tables/{tid}/log")
    assert status == 200 and [e["seq"] for e in log["events"]] == [1]


def test_plain_http_only_redirects_and_every_cookie_is_secure(stack: dict[str, Any]) -> None:
    proxy = stack["proxy"]
    conn = http.client.HTTPConnection("127.0.0.1", proxy.http_port, timeout=10)
    conn.request("GET", "/t/abcdefgh12345678?x=1")
    resp = conn.getresponse()
    assert resp.status == 308
    assert resp.headers["Location"] == f"https://127.0.0.1:{proxy.https_port}/t/abcdefgh12345678?x=1"
    conn.close()
    phone = Phone(proxy, "127.0.0.40")
    status, page = phone.call("GET", "/")
    assert status == 200
    names = {c.split("=", 1)[0] for c in phone.set_cookies}
    assert {"companion_device", "session"} <= names, phone.set_cookies
    assert all("; Secure" in c for c in phone.set_cookies), phone.set_cookies
