"""Behind a reverse proxy (``--behind-proxy``, ``--trusted-proxy``; companion/server/proxy.py): the device's address
and scheme come from the proxy's headers only when the connection comes from a trusted proxy — never from anyone
else who sends the same headers — and reach the app: behind a TLS proxy a browser's ``Origin: https://…`` matches
the request's own origin, so forms and API writes pass the cross-site check; sent by an untrusted peer the same
headers change nothing."""

from __future__ import annotations

import json
import socket
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from companion.server import cli
from companion.server.asgi import build_app
from companion.server.guard import client_of
from companion.server.proxy import TrustedProxies
from companion.server.serve import Background
from companion.server.sockets import bind_socket
from companion.web import create_app


def scope(peer: str, *headers: tuple[bytes, bytes]) -> dict[str, Any]:
    return {"type": "http", "client": (peer, 4321), "scheme": "http", "headers": list(headers)}


def test_forwarding_headers_are_believed_from_a_trusted_proxy_only() -> None:
    trusted = TrustedProxies(["10.0.0.0/24", "::1"])
    s = scope("10.0.0.7", (b"x-forwarded-for", b"198.51.100.1, 203.0.113.9"), (b"x-forwarded-proto", b"https"))
    assert client_of(s, trusted) == "203.0.113.9"  # the last entry: the one the proxy itself wrote
    assert s["client"] == ("203.0.113.9", 0) and s["scheme"] == "https" and s["companion.forwarded"] == "203.0.113.9"
    s = scope("10.0.1.7", (b"x-forwarded-for", b"203.0.113.9"), (b"x-forwarded-proto", b"https"))
    assert client_of(s, trusted) == "10.0.1.7"  # not a proxy we trust: its headers are anyone's
    assert s["client"] == ("10.0.1.7", 4321) and s["scheme"] == "http" and "companion.forwarded" not in s
    assert client_of(scope("::ffff:10.0.0.8", (b"x-real-ip", b"203.0.113.4")), trusted) == "203.0.113.4"
    assert client_of(scope("::1", (b"x-forwarded-for", b"2001:db8::5")), trusted) == "2001:db8::5"
    s = scope("10.0.0.7", (b"x-forwarded-for", b"<script>"), (b"x-forwarded-proto", b"gopher"))
    assert client_of(s, trusted) == "10.0.0.7" and s["scheme"] == "http"  # not an address, not a scheme: ignored
    assert client_of(scope("127.0.0.1", (b"x-forwarded-for", b"203.0.113.9")), False) == "127.0.0.1"
    assert client_of(scope("127.0.0.1", (b"x-forwarded-for", b"203.0.113.9")), True) == "203.0.113.9"  # this machine
    assert client_of(scope("127.0.0.2", (b"x-forwarded-for", b"203.0.113.9")), TrustedProxies(["127.0.0.1"])) \
        == "127.0.0.2"


def test_the_command_line_names_trusted_proxies() -> None:
    args = cli.parse_args(["serve", "--trusted-proxy", "172.30.0.0/24", "--trusted-proxy", "::1"])
    assert args.trusted_proxy == ["172.30.0.0/24", "::1/128"] and not args.behind_proxy  # implied at start
    with pytest.raises(SystemExit):
        cli.parse_args(["serve", "--trusted-proxy", "the-proxy"])


@pytest.fixture
def served(tmp_path) -> Iterator[int]:
    """The real app behind the real server, trusting 127.0.0.1 alone as its proxy."""
    app = create_app(str(tmp_path / "t.db"), secret_key="test", public_url="https://127.0.0.1")
    app.config["BEHIND_PROXY"] = True
    asgi, router, _ = build_app(app, threads=4, trust_proxy=TrustedProxies(["127.0.0.1"]))
    sock = bind_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    server = Background(asgi, sock, before_stop=router.live.close).start()
    yield port
    assert server.stop()
    router.live.stop()
    service = app.extensions["companion"]
    service.close()
    service.store.close()


def post(port: int, source: str, headers: dict[str, str]) -> tuple[int, dict[str, Any]]:
    body = json.dumps({"players": ["Ann", "Ben", "Cy"]}).encode()
    head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0)) as sock:
        sock.sendall(f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {len(body)}\r\nConnection: close\r\n{head}\r\n".encode() + body)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    status = int(answer.split(b" ", 2)[1])
    return status, json.loads(answer.split(b"\r\n\r\n", 1)[1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs 127.0.0.x source addresses")
def test_behind_a_tls_proxy_a_browsers_https_origin_is_its_own(served: int) -> None:
    origin = {"Origin": f"https://127.0.0.1:{served}"}
    forwarded = {"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"}
    status, body = post(served, "127.0.0.1", {**origin, **forwarded})  # the proxy, which ended TLS
    assert status == 201, body
    status, body = post(served, "127.0.0.1", origin)  # the proxy saying nothing of https: another origin
    assert (status, body["error"]) == (403, "cross_site")
    status, body = post(served, "127.0.0.5", {**origin, **forwarded})  # not the proxy: its word counts for nothing
    assert (status, body["error"]) == (403, "cross_site") and body["message_ja"]
