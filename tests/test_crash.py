"""Crash safety, on SQLite and on PostgreSQL: the real server in a subprocess, killed with SIGKILL at random
moments while a client streams actions, restarted on the same database. Every action that got a 200 must be
in the log at the version its answer gave, the state must equal the engine's replay of the log, and a SQLite
file must pass ``PRAGMA integrity_check``. A request whose answer was lost is retried with the same
``action_id``. The last test kills one of two processes on one database while twenty tables play across both."""

from __future__ import annotations

import http.client
import random
import sqlite3
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "api"))
from api_harness import (  # noqa: E402
    NAMES,
    HttpCaller,
    Reference,
    Walker,
    canon,
    check_invariants,
    create_table,
    expected_view,
    view_of,
)
from server_process import Server  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.both_stores]

KILLS = 5
TIME_BUDGET = 30.0  # seconds for the whole test

@pytest.fixture
def server(db_location, tmp_path):
    srv = Server(db_location, tmp_path)
    yield srv
    srv.kill()


def check_integrity(db: str) -> None:
    """A SQLite file passes its integrity check (PostgreSQL itself is not the one killed here)."""
    if db.endswith(".db"):
        conn = sqlite3.connect(db)
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.close()


def test_kill_dash_nine_loses_no_acknowledged_action(server, tmp_path):
    rng = random.Random(20240607)
    began = time.monotonic()
    acked: dict[str, list[tuple[int, dict[str, Any]]]] = {}  # table -> [(version, action as sent)]
    caller = server.start()
    pending: dict[str, Any] | None = None  # a request sent whose answer may have been lost
    seq = 0
    tid = ""
    state: dict[str, Any] = {"over": True}
    walker = Walker(rng)
    for _ in range(KILLS):
        killer = threading.Timer(rng.uniform(0.1, 0.8), server.kill)  # lands mid-request or between
        killer.start()
        try:
            while True:
                if state["over"]:
                    created = create_table(caller, 3 + rng.randrange(3), 0)
                    tid, state = created["id"], created["state"]
                    acked[tid] = []
                if pending is None:
                    seq += 1
                    body: dict[str, Any] = {"version": state["version"], "action_id": f"crash-{seq:06d}"}
                    if rng.random() < 0.1 and state["version"] > 0:
                        pending = {"path": f"/api/tables/{tid}/undo", "body": body}
                    else:
                        pending = {"path": f"/api/tables/{tid}/actions",
                                   "body": {**body, "action": walker.legal_action(state)}}
                status, answer = caller.call("POST", pending["path"], pending["body"])
                if status == 409 and answer["error"] == "nothing_to_undo":
                    pending = None
                    continue
                assert status == 200, (pending, status, answer)
                acked[tid].append((answer["state"]["version"], pending["body"].get("action", {"type": "undo"})))
                state = answer["state"]
                pending = None
        except (OSError, http.client.HTTPException):
            pass  # the server is gone; `pending` is retried after the restart
        killer.join()
        assert server.proc.poll() is not None
        caller = server.start()
        if tid:
            # the device reloads the table; the loop then retries a lost request with the same action_id
            status, state = caller.call("GET", f"/api/tables/{tid}")
            assert status == 200
        if time.monotonic() - began > TIME_BUDGET - 8:
            break

    # a last retry of a lost answer, then a clean look at everything
    if pending is not None:
        status, body = caller.call("POST", pending["path"], pending["body"])
        assert status in (200, 409), body
    server.kill()
    assert server.starts >= 3

    check_integrity(server.db)
    caller = server.start()
    total_acked = 0
    for table_id, acks in acked.items():
        status, state = caller.call("GET", f"/api/tables/{table_id}")
        assert status == 200
        events = caller.call("GET", f"/api/tables/{table_id}/log")[1]["events"]
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        assert state["version"] == len(events)
        by_seq = {e["seq"]: e["action"] for e in events}
        for version, action in acks:
            logged = by_seq.get(version)
            assert logged is not None, f"acknowledged version {version} lost"
            assert canon(logged) == canon(action), (version, logged, action)
        total_acked += len(acks)
        players = [p["name"] for p in state["players"]]
        assert players == NAMES[:len(players)]
        ref = Reference.from_log(players, 0, events)
        assert view_of(state) == expected_view(ref.state)
        check_invariants(state)
    server.kill()
    assert total_acked > 0


TABLES = 20


def _verify(caller: HttpCaller, acked: dict[str, list[tuple[int, dict[str, Any]]]]) -> int:
    """Every acknowledged action is in its table's log at the version its answer gave; states replay."""
    total = 0
    for table_id, acks in acked.items():
        status, state = caller.call("GET", f"/api/tables/{table_id}")
        assert status == 200
        events = caller.call("GET", f"/api/tables/{table_id}/log")[1]["events"]
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        assert state["version"] == len(events)
        by_seq = {e["seq"]: e["action"] for e in events}
        for version, action in acks:
            logged = by_seq.get(version)
            assert logged is not None, f"acknowledged version {version} of {table_id[:4]} lost"
            assert canon(logged) == canon(action), (version, logged, action)
        total += len(acks)
        players = [p["name"] for p in state["players"]]
        ref = Reference.from_log(players, 0, events)
        assert view_of(state) == expected_view(ref.state)
        check_invariants(state)
    return total


def test_kill_dash_nine_while_twenty_tables_play_loses_no_acknowledged_action(server):
    """Issue 13: 20 tables play at once, each from its own thread (device), and the server is killed with
    SIGKILL three times mid-play; every action any of them saw acknowledged survives."""
    rng = random.Random(13)
    caller = server.start()
    tables: dict[str, dict[str, Any]] = {}
    for i in range(TABLES):
        created = create_table(caller, 3 + i % 3, 0)
        tables[created["id"]] = {"state": created["state"], "acked": [], "pending": None, "seq": 0,
                                 "walker": Walker(random.Random(rng.random()))}
    failures: list[str] = []

    def play(tid: str, port: int) -> None:
        t = tables[tid]
        device = HttpCaller(port, timeout=5)
        try:
            while not t["state"]["over"]:
                if t["pending"] is None:
                    t["seq"] += 1
                    body: dict[str, Any] = {"version": t["state"]["version"], "action_id": f"{tid[:6]}-{t['seq']}"}
                    if t["walker"].rng.random() < 0.1 and t["state"]["version"] > 0:
                        t["pending"] = {"path": f"/api/tables/{tid}/undo", "body": body}
                    else:
                        t["pending"] = {"path": f"/api/tables/{tid}/actions",
                                        "body": {**body, "action": t["walker"].legal_action(t["state"])}}
                status, answer = device.call("POST", t["pending"]["path"], t["pending"]["body"])
                if status == 429:  # twenty devices on one address: over its budget of requests in flight
                    time.sleep(0.05)
                    continue
                if status == 409 and answer["error"] == "nothing_to_undo":
                    t["pending"] = None
                    continue
                if status != 200:
                    failures.append(f"{status} {answer}")
                    return
                t["acked"].append((answer["state"]["version"], t["pending"]["body"].get("action", {"type": "undo"})))
                t["state"] = answer["state"]
                t["pending"] = None
        except (OSError, http.client.HTTPException):
            pass  # killed: `pending` is retried after the restart

    for _ in range(3):
        players = [threading.Thread(target=play, args=(tid, server.port), daemon=True) for tid in tables]
        for th in players:
            th.start()
        time.sleep(rng.uniform(0.6, 1.5))
        server.kill()
        for th in players:
            th.join(10)
        assert not failures, failures[:3]
        caller = server.start()
        for tid, t in tables.items():  # every device reloads its table
            status, t["state"] = caller.call("GET", f"/api/tables/{tid}")
            assert status == 200
    for t in tables.values():  # a last retry of each lost answer (same action_id)
        if t["pending"] is not None:
            status, body = caller.call("POST", t["pending"]["path"], t["pending"]["body"])
            assert status in (200, 409), body
            if status == 200:
                t["acked"].append((body["state"]["version"], t["pending"]["body"].get("action", {"type": "undo"})))
    server.kill()
    check_integrity(server.db)
    caller = server.start()
    total = _verify(caller, {tid: t["acked"] for tid, t in tables.items()})
    server.kill()
    assert total > 3 * TABLES, f"only {total} actions acknowledged: the tables hardly played"


@pytest.fixture
def servers(db_location, tmp_path):
    """Two server processes on one database (issue 18)."""
    pair = [Server(db_location, tmp_path, name) for name in ("a", "b")]
    yield pair
    for srv in pair:
        srv.kill()


def test_kill_dash_nine_of_one_of_two_processes_while_twenty_tables_play_across_both_loses_nothing(servers):
    """Twenty devices each play a table, sending their requests to both processes in turn; one process is killed
    with SIGKILL mid-play (twice, a different one each time). A request whose answer was lost is sent again to
    the process still up, with the same action id; every acknowledged action survives, once."""
    rng = random.Random(18)
    ports = {server.name: server.start().port for server in servers}
    tables: dict[str, dict[str, Any]] = {}
    caller = HttpCaller(ports["a"])
    for i in range(TABLES):
        created = create_table(caller, 3 + i % 3, 0)
        tables[created["id"]] = {"state": created["state"], "acked": [], "pending": None, "seq": 0, "turn": i,
                                 "walker": Walker(random.Random(rng.random()))}
    failures: list[str] = []
    stop = threading.Event()

    def play(tid: str, targets: list[int]) -> None:
        t = tables[tid]
        devices = [HttpCaller(port, timeout=5) for port in targets]
        while not t["state"]["over"] and not stop.is_set():
            if t["pending"] is None:
                t["seq"] += 1
                body: dict[str, Any] = {"version": t["state"]["version"], "action_id": f"{tid[:6]}-{t['seq']}"}
                if t["walker"].rng.random() < 0.1 and t["state"]["version"] > 0:
                    t["pending"] = {"path": f"/api/tables/{tid}/undo", "body": body}
                else:
                    t["pending"] = {"path": f"/api/tables/{tid}/actions",
                                    "body": {**body, "action": t["walker"].legal_action(t["state"])}}
            t["turn"] += 1
            device = devices[t["turn"] % len(devices)]
            try:
                status, answer = device.call("POST", t["pending"]["path"], t["pending"]["body"])
            except (OSError, http.client.HTTPException):
                if len(devices) == 1:
                    return
                devices = [d for d in devices if d is not device]  # that process is gone: the other one
                continue
            if status == 429:
                time.sleep(0.05)
                continue
            if status == 409 and answer["error"] == "nothing_to_undo":
                t["pending"] = None
                continue
            if status != 200:
                failures.append(f"{status} {answer}")
                return
            t["acked"].append((answer["state"]["version"], t["pending"]["body"].get("action", {"type": "undo"})))
            t["state"] = answer["state"]
            t["pending"] = None

    for victim in servers:
        players = [threading.Thread(target=play, args=(tid, list(ports.values())), daemon=True) for tid in tables]
        for th in players:
            th.start()
        time.sleep(rng.uniform(0.8, 1.5))
        victim.kill()
        time.sleep(rng.uniform(0.5, 1.0))  # the other process carries every table alone meanwhile
        stop.set()
        for th in players:
            th.join(15)
        stop.clear()
        assert not failures, failures[:3]
        ports[victim.name] = victim.start().port
        survivor = HttpCaller(ports[victim.name])
        for tid, t in tables.items():  # every device reloads its table (through the restarted process)
            status, t["state"] = survivor.call("GET", f"/api/tables/{tid}")
            assert status == 200
    for t in tables.values():  # a last retry of each lost answer (same action id), through either process
        if t["pending"] is not None:
            status, body = HttpCaller(ports["b" if t["turn"] % 2 else "a"]).call(
                "POST", t["pending"]["path"], t["pending"]["body"])
            assert status in (200, 409), body
            if status == 200:
                t["acked"].append((body["state"]["version"], t["pending"]["body"].get("action", {"type": "undo"})))
    acked = {tid: t["acked"] for tid, t in tables.items()}
    total = _verify(HttpCaller(ports["a"]), acked)
    assert _verify(HttpCaller(ports["b"]), acked) == total
    assert total > 2 * TABLES, f"only {total} actions acknowledged: the tables hardly played"
