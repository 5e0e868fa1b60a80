"""The Host check: only this server's own names and addresses are answered, so a DNS-rebinding page
(attacker.example resolving to this machine) never reaches a table; the refusal comes before anything else."""

from __future__ import annotations

import http.client
import json
import socket
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from security_harness import NAMES

from companion.server.netinfo import lan_address
from companion.web import create_app
from companion.web.security import REFUSALS


def _own_names() -> list[str]:
    hostname = socket.gethostname().lower()
    short = hostname.split(".")[0]
    names = ["localhost", "LOCALHOST", "localhost.", "localhost:5000", "127.0.0.1", "127.0.0.1:8765",
             "127.1.2.3", "[::1]", "[::1]:8765", hostname, f"{hostname}:8765", f"{short}.local",
             f"{short}.local:8765"]
    lan = lan_address()
    if lan:
        names += [lan, f"{lan}:8765"]
    return names


FOREIGN = ["attacker.example", "attacker.example:8765", "localhost.attacker.example", "127.0.0.1.nip.io",
           "192.0.2.1", "192.0.2.1:8765", "8.8.8.8", "0.0.0.0", "0.0.0.0:8765", "[::]", "224.0.0.1", "[2001:db8::1]",
           "", "local host", "a/b", "localhost@attacker.example", "attacker.example, localhost", "[::1",
           "localhost:abc", "x" * 300, "*",
           f"{socket.gethostname()}.attacker.example"]


@pytest.mark.parametrize("host", _own_names())
def test_own_names_and_addresses_are_answered(client: FlaskClient, table: dict[str, Any], host: str) -> None:
    resp = client.get(f"/api/tables/{table['view_id']}", headers={"Host": host})
    assert resp.status_code == 200, (host, resp.get_data(as_text=True))


def test_configured_names_are_answered(tmp_path) -> None:
    app = create_app(str(tmp_path / "c.db"), public_url="http://table.example:8000/")
    app.config["ALLOWED_HOSTS"] = ["games.lan", "Other.Example:9000"]
    client = app.test_client()
    for host in ("table.example", "table.example:8000", "games.lan", "other.example", "other.example:1"):
        assert client.get("/api/openapi.json", headers={"Host": host}).status_code == 200, host
    assert client.get("/api/openapi.json", headers={"Host": "attacker.example"}).status_code == 400


@pytest.mark.parametrize("host", FOREIGN)
def test_foreign_hosts_are_refused_on_the_api(client: FlaskClient, table: dict[str, Any], host: str) -> None:
    resp = client.get(f"/api/tables/{table['id']}", headers={"Host": host})
    assert resp.status_code == 400
    assert resp.headers["Content-Type"] == "application/json; charset=utf-8"
    body = resp.get_json()
    assert body["error"] == "bad_host" and body["message"]
    assert table["id"] not in resp.get_data(as_text=True)


@pytest.mark.parametrize("path", ["/", "/rules", "/static/app.css", "/t/x", "/manifest.webmanifest"])
def test_foreign_hosts_are_refused_on_pages(client: FlaskClient, path: str) -> None:
    resp = client.get(path, headers={"Host": "attacker.example"})
    assert resp.status_code == 400
    assert resp.headers["Content-Type"] in ("text/plain; charset=utf-8", "text/html; charset=utf-8")
    assert REFUSALS["bad_host"][1].say("en") in resp.get_data(as_text=True)


def test_refusal_comes_before_anything_is_touched(app: Flask, client: FlaskClient, table: dict[str, Any],
                                                  monkeypatch) -> None:
    service = app.extensions["companion"]

    def untouchable(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("reached the service")

    for name in ("resolve", "snapshot", "act", "undo", "create_table", "recent", "update_settings"):
        monkeypatch.setattr(service, name, untouchable)
    evil = {"Host": "attacker.example"}
    tid = table["id"]
    answers = [
        client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "pass"}}, headers=evil),
        client.post(f"/api/tables/{tid}/undo", headers=evil),
        client.post("/api/tables", json={"players": NAMES[:3]}, headers=evil),
        client.get(f"/api/tables/{tid}/events", headers=evil),
        client.get(f"/t/{tid}", headers=evil),
        client.post(f"/t/{tid}/act", data={"type": "pass"}, headers=evil),
        client.post(f"/t/{tid}/undo", headers=evil),
        client.post("/", data={"name0": "a", "name1": "b", "name2": "c"}, headers=evil),
        client.get("/", headers=evil),
    ]
    assert [r.status_code for r in answers] == [400] * len(answers)
    monkeypatch.undo()
    assert client.get(f"/api/tables/{tid}").get_json() == table["state"]


def test_trust_any_host_switches_the_check_off(app: Flask, client: FlaskClient, table: dict[str, Any]) -> None:
    app.config["TRUST_ANY_HOST"] = True
    assert client.get(f"/api/tables/{table['id']}", headers={"Host": "anything.example"}).status_code == 200
    assert client.get(f"/api/tables/{table['id']}", headers={"Host": "bad host!"}).status_code == 400


def _raw_get(port: int, path: str, host: str | None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        if host is not None:
            conn.putheader("Host", host)
        conn.endheaders()
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def test_dns_rebinding_over_a_real_socket(live: Any, client: FlaskClient) -> None:
    """What a rebinding page sends: this server's address on the wire, the attacker's name in Host."""
    created = client.post("/api/tables", json={"players": NAMES[:3]}).get_json()
    path = f"/api/tables/{created['id']}"
    status, body = _raw_get(live.port, path, f"attacker.example:{live.port}")
    assert status == 400 and json.loads(body)["error"] == "bad_host"
    assert created["id"].encode() not in body
    odd_hosts = ("localhost:99999999", "localhost:-1", "[::1]:x", "attacker.example.", "127.0.0.1:80:80",
                 "\u00e9.local")
    for odd in odd_hosts:
        status, body = _raw_get(live.port, path, odd)
        assert status == 400 and json.loads(body)["error"] == "bad_host", odd
    # HTTP/1.1 without Host is no browser's request (so no rebinding either); the server refuses it as the
    # standard says (RFC 9112 3.2: 400), before the app
    assert _raw_get(live.port, path, None)[0] == 400
    assert _raw_get(live.port, path, f"127.0.0.1:{live.port}")[0] == 200
    assert _raw_get(live.port, path, f"localhost:{live.port}")[0] == 200
