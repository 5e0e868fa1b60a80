"""GET …/events: a real Server-Sent Events stream from the production server on 127.0.0.1."""

from __future__ import annotations

import http.client
import json
import threading
import time

import pytest
from api_harness import LiveServer, close_app, create_table, make_app

from companion.web import sse

RESEARCH = {"type": "research", "from": "deck"}


@pytest.fixture
def app(db_location):
    """A fresh app per test: stopping a live server closes its service (that ends the open streams)."""
    app = make_app(db_location)
    yield app
    close_app(app)


class Stream:
    def __init__(self, port: int, path: str, timeout: float = 5.0) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        self.conn.request("GET", path, headers={"Accept": "text/event-stream"})
        self.resp = self.conn.getresponse()

    def next_block(self) -> list[str]:
        """The lines of the next block (up to a blank line)."""
        lines = []
        while True:
            raw = self.resp.readline()
            if not raw:
                raise EOFError("stream closed")
            line = raw.decode().rstrip("\r\n")
            if line == "":
                if lines:
                    return lines
                continue
            lines.append(line)

    def next_event(self) -> tuple[str, dict]:
        """The next ``event:``/``data:`` pair, skipping comments and ``retry:``."""
        while True:
            fields = {}
            for line in self.next_block():
                if line.startswith(":"):
                    continue
                name, _, value = line.partition(":")
                fields[name] = value.removeprefix(" ")
            if "data" in fields:
                return fields.get("event", "message"), json.loads(fields["data"])

    def close(self) -> None:
        self.conn.close()


def test_stream_headers_and_first_event(live):
    caller = live.caller()
    table = create_table(caller)
    for any_id in (table["id"], table["view_id"]):
        s = Stream(live.port, f"/api/tables/{any_id}/events")
        assert s.resp.status == 200
        assert s.resp.getheader("Content-Type").startswith("text/event-stream")
        assert s.next_event() == ("state", {"version": 0})
        s.close()


def test_stream_first_event_carries_the_current_version(live):
    caller = live.caller()
    table = create_table(caller)
    for _ in range(3):
        assert caller.call("POST", f"/api/tables/{table['id']}/actions", {"action": RESEARCH})[0] == 200
    s = Stream(live.port, f"/api/tables/{table['id']}/events")
    assert s.next_event() == ("state", {"version": 3})
    s.close()


def test_event_after_each_change_including_undo(live):
    caller = live.caller()
    table = create_table(caller)
    tid = table["id"]
    s = Stream(live.port, f"/api/tables/{table['view_id']}/events")
    assert s.next_event() == ("state", {"version": 0})
    assert caller.call("POST", f"/api/tables/{tid}/actions", {"action": RESEARCH})[0] == 200
    assert s.next_event() == ("state", {"version": 1})
    assert caller.call("POST", f"/api/tables/{tid}/undo", None)[0] == 200
    assert s.next_event() == ("state", {"version": 2})
    # a dry run or a refusal is not a change: the next event is the next real change
    assert caller.call("POST", f"/api/tables/{tid}/actions", {"action": RESEARCH, "dry_run": True})[0] == 200
    assert caller.call("POST", f"/api/tables/{tid}/actions", {"action": {"type": "pass"}})[0] == 422
    assert caller.call("POST", f"/api/tables/{tid}/actions", {"action": RESEARCH})[0] == 200
    assert s.next_event() == ("state", {"version": 3})
    s.close()


def test_other_tables_changes_do_not_confuse_a_stream(live):
    caller = live.caller()
    a, b = create_table(caller), create_table(caller)
    s = Stream(live.port, f"/api/tables/{a['id']}/events")
    assert s.next_event() == ("state", {"version": 0})
    assert caller.call("POST", f"/api/tables/{b['id']}/actions", {"action": RESEARCH})[0] == 200
    assert caller.call("POST", f"/api/tables/{a['id']}/actions", {"action": RESEARCH})[0] == 200
    assert s.next_event() == ("state", {"version": 1})
    s.close()


def test_keep_alive_comment(live, monkeypatch):
    monkeypatch.setattr(sse, "KEEPALIVE_SECONDS", 0.3)
    caller = live.caller()
    table = create_table(caller)
    s = Stream(live.port, f"/api/tables/{table['id']}/events")
    s.next_event()
    assert s.next_block() == [": keep-alive"]
    s.close()


def test_keep_alive_interval_is_at_most_15_seconds():
    assert 0 < sse.KEEPALIVE_SECONDS <= 15


def test_unknown_table_stream_is_404(live):
    status, body = live.caller().call("GET", "/api/tables/" + "Q" * 24 + "/events")
    assert status == 404 and body["error"]


def test_thirty_streams_follow_a_game(app):
    """Many devices hold the stream while play goes on: every one sees every version."""
    with LiveServer(app, threads=48) as live:
        caller = live.caller()
        table = create_table(caller)
        tid = table["id"]
        streams = [Stream(live.port, f"/api/tables/{table['view_id'] if i % 2 else tid}/events")
                   for i in range(30)]
        for s in streams:
            assert s.next_event() == ("state", {"version": 0})
        seen: dict[int, list[int]] = {i: [] for i in range(len(streams))}

        def follow(i: int, s: Stream) -> None:
            while True:
                _, data = s.next_event()
                seen[i].append(data["version"])
                if data["version"] >= 5:
                    return

        threads = [threading.Thread(target=follow, args=(i, s), daemon=True) for i, s in enumerate(streams)]
        for th in threads:
            th.start()
        for _ in range(5):
            assert caller.call("POST", f"/api/tables/{tid}/actions", {"action": RESEARCH})[0] == 200
            time.sleep(0.05)
        for th in threads:
            th.join(10)
        for s in streams:
            s.close()
        # versions may coalesce if two changes land between wake-ups, but they only go up and end at 5
        for versions in seen.values():
            assert versions == sorted(versions) and versions[-1] == 5


@pytest.mark.parametrize("path", ["/api/tables/{id}/events"])
def test_stream_ends_when_the_service_closes(app, path):
    with LiveServer(app) as live:
        table = create_table(live.caller())
        s = Stream(live.port, path.format(id=table["id"]))
        s.next_event()
        app.extensions["companion"].close()
        with pytest.raises((EOFError, http.client.IncompleteRead, TimeoutError, ConnectionError)):
            for _ in range(5):
                s.next_block()
        s.close()
