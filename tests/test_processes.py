"""Two server processes on one database (issue 18), on SQLite and on PostgreSQL, driven like phones through the
JSON API of ``companion serve`` only: a version is won once whichever process each phone reached, a retried
action id is answered from the stored answer by either, a write through one is read at once through the other,
and a stream on one hears a write through the other. ``kill -9`` of one of two processes: tests/test_crash.py."""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "api"))
from api_harness import Walker, create_table  # noqa: E402
from server_process import Server  # noqa: E402
from test_api_sse import Stream  # noqa: E402
from test_concurrency import burst  # noqa: E402

pytestmark = pytest.mark.both_stores
N = 24
RESEARCH = {"type": "research", "from": "deck"}


@pytest.fixture
def servers(db_location, tmp_path):
    pair = [Server(db_location, tmp_path, name) for name in ("a", "b")]
    yield pair
    for server in pair:
        server.kill()


def test_one_version_is_won_once_across_two_processes(servers):
    a, b = (server.start() for server in servers)
    tid = create_table(a)["id"]
    assert b.call("GET", f"/api/tables/{tid}")[1]["version"] == 0  # b's cache is warm at 0
    for round_ in range(3):
        version = a.call("GET", f"/api/tables/{tid}")[1]["version"]
        results = burst([a, b], [("POST", f"/api/tables/{tid}/actions", {"action": RESEARCH, "version": version})
                                 for _ in range(N)])
        statuses = Counter(s for s, _ in results)
        assert statuses == {200: 1, 409: N - 1}, (round_, statuses)
        assert all(body["error"] == "stale" and body["message_ja"] for s, body in results if s == 409)
        for caller in (a, b):
            assert caller.call("GET", f"/api/tables/{tid}")[1]["version"] == version + 1
    # one action id sent 24 times, half to each process: one event, the stored answer every time
    results = burst([a, b], [("POST", f"/api/tables/{tid}/actions",
                              {"action": RESEARCH, "action_id": "double-tap-0001"}) for _ in range(N)])
    assert all(s == 200 for s, _ in results), Counter(s for s, _ in results)
    assert all(body == results[0][1] for _, body in results)
    assert results[0][1]["state"]["version"] == 4
    events = b.call("GET", f"/api/tables/{tid}/log")[1]["events"]
    assert [e["seq"] for e in events] == [1, 2, 3, 4]


def test_a_write_through_one_process_is_read_at_once_through_the_other(servers):
    a, b = (server.start() for server in servers)
    tid = create_table(a)["id"]
    callers = [a, b]
    walker = Walker(random.Random(18))
    state = b.call("GET", f"/api/tables/{tid}")[1]
    for i in range(20):
        writer, reader = callers[i % 2], callers[(i + 1) % 2]
        status, answer = writer.call("POST", f"/api/tables/{tid}/actions",
                                     {"action": walker.legal_action(state), "version": state["version"]})
        assert status == 200, answer
        # the same phone, its next request through the other process, at once: never the state before its write
        status, state = reader.call("GET", f"/api/tables/{tid}")
        assert status == 200 and state == answer["state"], i
        if state["over"]:
            break


def test_a_stream_on_one_process_hears_a_write_through_the_other(servers):
    a, b = (server.start() for server in servers)
    tid = create_table(a)["id"]
    stream = Stream(servers[1].port, f"/api/tables/{tid}/events", timeout=30)
    assert stream.next_event() == ("state", {"version": 0})
    for version in (1, 2, 3):
        assert a.call("POST", f"/api/tables/{tid}/actions", {"action": RESEARCH})[0] == 200
        assert stream.next_event() == ("state", {"version": version})
    stream.close()
