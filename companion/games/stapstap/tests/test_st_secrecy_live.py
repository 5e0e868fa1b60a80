"""ST4 over the live layer: the page streams' later events are rendered by the server's event-loop layer
(companion/server/streams.py) in a request context made from each stream's own request, not by the stream's
request itself. The die in the box still reaches only the parent's proven phone: a roll made while three phones
and the read-only view hold their streams reaches the parent's stream with the die, every other without it."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from live_server import LiveServer
from st_api import Table

from companion.web import create_app


@pytest.fixture
def app(tmp_path) -> Iterator[Flask]:
    app = create_app(str(tmp_path / "st.db"), secret_key="test")
    app.config.update(TESTING=True)
    yield app
    app.extensions["companion"].close()
    app.extensions["companion"].store.close()


def open_stream(port: int, path: str, headers: dict[str, str]) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    extra = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}\r\n".encode())
    return sock


def read_until(sock: socket.socket, marker: bytes) -> bytes:
    got = b""
    while marker not in got:
        chunk = sock.recv(65536)
        assert chunk, "the stream closed"
        got += chunk
    return got


def event_of(sock: socket.socket, version: int) -> bytes:
    """The whole ``table`` event for ``version`` (its data lines never hold a blank line: it ends at one)."""
    got = read_until(sock, f"id: {version}\nevent: table".encode())
    start = got.index(f"id: {version}\n".encode())
    while b"\n\n" not in got[start:]:
        chunk = sock.recv(65536)
        assert chunk, "the stream closed"
        got += chunk
    return got[start:got.index(b"\n\n", start)]


def test_st4_the_live_layers_events_carry_the_die_only_to_the_parents_phone(app: Flask) -> None:
    client: FlaskClient = app.test_client()
    t = Table(client, 3, mode="box")
    t.claim_all()
    t.act({"type": "deal"})
    t.act({"type": "begin"})
    with LiveServer(app) as live:
        phones = {seat: open_stream(live.port, f"/t/{t.tid}/live", t.headers(seat)) for seat in (0, 1, 2)}
        phones["view"] = open_stream(live.port, f"/v/{t.vid}/live", {})
        phones["none"] = open_stream(live.port, f"/t/{t.tid}/live", {})
        try:
            version = t.state["version"]
            for sock in phones.values():
                read_until(sock, f'data-version="{version}"'.encode())
            resp = t.post({"type": "roll"}, 0, action_id="roll-action-live-1")
            assert resp.status_code == 200
            rolled = resp.get_json()["state"]["version"]
            raw = [e for e in app.extensions["companion"].log(t.tid) if e.action.get("type") == "roll"][-1].action
            salt = raw["salt"].encode()
            seen = {who: event_of(sock, rolled) for who, sock in phones.items()}
        finally:
            for sock in phones.values():
                sock.close()
    assert b"in-box" in seen[0]  # the parent's own phone (positive control: the test can fail)
    for who in (1, 2, "view", "none"):
        assert salt not in seen[who] and b"in-box" not in seen[who] and b"open-mine" not in seen[who], who
