"""The home page lists the server's tables, but hands out a table's full (acting) link only to a browser
that already had it, or to the host machine itself; any other device on the Wi-Fi gets the watch link."""

from __future__ import annotations

from flask import Flask

LAN = {"REMOTE_ADDR": "192.168.1.50"}


def _create(app: Flask) -> dict:
    answer = app.test_client().post("/api/tables", json={"players": ["Ann", "Ben", "Cy"]})
    assert answer.status_code == 201
    return answer.get_json()


def test_another_device_on_the_wifi_sees_only_the_watch_link(app: Flask) -> None:
    made = _create(app)
    stranger = app.test_client()
    html = stranger.get("/", environ_base=LAN).get_data(as_text=True)
    assert made["id"] not in html
    assert f"/v/{made['view_id']}" in html


def test_a_browser_that_opened_the_table_gets_its_rejoin_link(app: Flask) -> None:
    made = _create(app)
    player = app.test_client()
    assert player.get(f"/t/{made['id']}", environ_base=LAN).status_code == 200
    html = player.get("/", environ_base=LAN).get_data(as_text=True)
    assert f"/t/{made['id']}" in html


def test_the_host_machine_itself_gets_every_rejoin_link(app: Flask) -> None:
    made = _create(app)
    html = app.test_client().get("/", environ_base={"REMOTE_ADDR": "127.0.0.1"}).get_data(as_text=True)
    assert f"/t/{made['id']}" in html


def test_a_request_forwarded_by_a_proxy_on_the_host_is_not_the_host_machine(app: Flask) -> None:
    """Behind a reverse proxy every visitor connects from 127.0.0.1: a proxy header, or a Host that is not a
    loopback name, means the browser is elsewhere (issue 13)."""
    made = _create(app)
    loopback = {"REMOTE_ADDR": "127.0.0.1"}
    client = app.test_client()
    for headers in ({"X-Forwarded-For": "203.0.113.9"}, {"Forwarded": "for=203.0.113.9"}, {"X-Real-IP": "203.0.113.9"},
                    {"Via": "1.1 proxy"}, {"Host": "games.example.org"}):
        app.config["ALLOWED_HOSTS"] = ["games.example.org"]
        html = client.get("/", environ_base=loopback, headers=headers).get_data(as_text=True)
        assert made["id"] not in html, headers
        assert f"/v/{made['view_id']}" in html
    for host in ("localhost:8000", "127.0.0.1:8000", "[::1]:8000"):
        html = client.get("/", environ_base=loopback, headers={"Host": host}).get_data(as_text=True)
        assert f"/t/{made['id']}" in html, host
    html = client.get("/", environ_base={"REMOTE_ADDR": "::1"}, headers={"Host": "[::1]:8000"}).get_data(as_text=True)
    assert f"/t/{made['id']}" in html


def test_behind_proxy_nobody_is_the_host_machine(app: Flask) -> None:
    made = _create(app)
    app.config["BEHIND_PROXY"] = True
    html = app.test_client().get("/", environ_base={"REMOTE_ADDR": "127.0.0.1"}).get_data(as_text=True)
    assert made["id"] not in html
    assert f"/v/{made['view_id']}" in html
