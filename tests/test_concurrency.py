"""Simultaneous devices over real HTTP (the production server on 127.0.0.1), on SQLite and on PostgreSQL: one
winner per version, the rest told ``stale``; retries with one ``action_id`` store one event; never a 5xx or
"database is locked". Two server processes on one database: tests/test_processes.py."""

from __future__ import annotations

import sys
import threading
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "api"))
from api_harness import HttpCaller, LiveServer, create_table  # noqa: E402

from companion.web import create_app  # noqa: E402

pytestmark = pytest.mark.both_stores
N = 24
RESEARCH = {"type": "research", "from": "deck"}


@pytest.fixture
def app(db_location):
    app = create_app(db_location)
    yield app
    app.extensions["companion"].store.close()


def burst(callers: list[HttpCaller], requests: list[tuple[str, str, Any]]) -> list[tuple[int, Any]]:
    """Send every request at the same moment from its own thread (and connection)."""
    barrier = threading.Barrier(len(requests))
    results: list[tuple[int, Any] | BaseException | None] = [None] * len(requests)

    def go(i: int) -> None:
        method, path, body = requests[i]
        try:
            barrier.wait(10)
            results[i] = callers[i % len(callers)].call(method, path, body)
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            results[i] = exc

    threads = [threading.Thread(target=go, args=(i,)) for i in range(len(requests))]
    for th in threads:
        th.start()
    for th in threads:
        th.join(30)
    for r in results:
        assert isinstance(r, tuple), f"request failed: {r!r}"
    for status, body in results:  # type: ignore[misc]
        assert status < 500, body
        assert "locked" not in str(body)
    return results  # type: ignore[return-value]


def test_same_version_one_wins_the_rest_are_stale(app):
    with LiveServer(app) as live:
        caller = live.caller()
        tid = create_table(caller)["id"]
        for round_ in range(3):
            version = caller.call("GET", f"/api/tables/{tid}")[1]["version"]
            results = burst([caller], [("POST", f"/api/tables/{tid}/actions", {"action": RESEARCH, "version": version})
                                       for _ in range(N)])
            statuses = Counter(s for s, _ in results)
            assert statuses == {200: 1, 409: N - 1}, (round_, statuses)
            assert all(b["error"] == "stale" for s, b in results if s == 409)
            (winner,) = [b for s, b in results if s == 200]
            assert winner["state"]["version"] == version + 1
            assert caller.call("GET", f"/api/tables/{tid}")[1]["version"] == version + 1
        assert len(caller.call("GET", f"/api/tables/{tid}/log")[1]["events"]) == 3


def test_same_action_id_stores_one_event(app):
    with LiveServer(app) as live:
        caller = live.caller()
        tid = create_table(caller)["id"]
        results = burst([caller], [("POST", f"/api/tables/{tid}/actions",
                                    {"action": RESEARCH, "action_id": "double-tap-0001"}) for _ in range(N)])
        assert all(s == 200 for s, _ in results)
        bodies = [b for _, b in results]
        assert all(b == bodies[0] for b in bodies)  # the one stored answer, every time
        assert bodies[0]["state"]["version"] == 1
        assert len(caller.call("GET", f"/api/tables/{tid}/log")[1]["events"]) == 1
        assert caller.call("GET", f"/api/tables/{tid}")[1]["version"] == 1


def test_distinct_actions_without_version_are_serialised(app):
    with LiveServer(app) as live:
        caller = live.caller()
        tid = create_table(caller)["id"]
        results = burst([caller], [("POST", f"/api/tables/{tid}/actions",
                                    {"action": RESEARCH, "action_id": f"device-{i:04d}-x"}) for i in range(N)])
        assert all(s == 200 for s, _ in results)
        assert sorted(b["state"]["version"] for _, b in results) == list(range(1, N + 1))
        events = caller.call("GET", f"/api/tables/{tid}/log")[1]["events"]
        assert [e["seq"] for e in events] == list(range(1, N + 1))
        # seats rotate in log order whatever order the requests arrived in
        assert [e["seat"] for e in events] == [i % 3 for i in range(N)]
        state = caller.call("GET", f"/api/tables/{tid}")[1]
        assert state["deck"] + state["discard"] == 40 - N


def test_reads_and_writes_mixed(app):
    with LiveServer(app) as live:
        caller = live.caller()
        tid = create_table(caller)["id"]
        requests = []
        for i in range(N):
            if i % 3 == 0:
                requests.append(("POST", f"/api/tables/{tid}/actions", {"action": RESEARCH}))
            elif i % 3 == 1:
                requests.append(("GET", f"/api/tables/{tid}", None))
            else:
                requests.append(("POST", f"/api/tables/{tid}/melds", {"cards": ["heart-7", "book-7", "coin-7"]}))
        results = burst([caller], requests)
        assert all(s == 200 for s, _ in results)
        assert caller.call("GET", f"/api/tables/{tid}")[1]["version"] == N // 3


def test_two_servers_on_one_file(db_location):
    """Two apps (as two server processes) on one database: still exactly one winner, no locking errors."""
    app_a, app_b = create_app(db_location), create_app(db_location)
    with LiveServer(app_a) as a, LiveServer(app_b) as b:
        tid = create_table(a.caller())["id"]
        assert b.caller().call("GET", f"/api/tables/{tid}")[1]["version"] == 0  # b's cache warm at 0
        results = burst([a.caller(), b.caller()],
                        [("POST", f"/api/tables/{tid}/actions", {"action": RESEARCH, "version": 0})
                         for _ in range(N)])
        statuses = Counter(s for s, _ in results)
        assert statuses == {200: 1, 409: N - 1}
        events = a.caller().call("GET", f"/api/tables/{tid}/log")[1]["events"]
        assert len(events) == 1
    for app in (app_a, app_b):
        app.extensions["companion"].store.close()
