"""Plays benchmark: what the Plays and Players pages cost with many stored tables.

Builds N tables (default 500): half finished Laminate games (~55 events each, through the game driver), a
quarter finished one-round Rummikub matches, a quarter Laminate tables in progress. Then measures, on a
fresh server over the same database (so nothing is in the service's memory):

* the first ``plays()`` (cold: every table's log replayed once, the plays cached in the store);
* ``plays()`` again (warm: one SQL query for the versions, every play from memory);
* ``plays()`` as after a restart (memory empty: every play read from the store's cache, none replayed);
* ``GET /api/plays``, ``GET /players`` and ``GET /plays`` through the Flask test client (warm);
* after one action on one table, ``plays()`` (only that table is derived again);
* for contrast, deriving every play without the cache (what each page view would cost otherwise).

Figures are medians of single-call timings (``time.perf_counter``); nothing is asserted.

    python benchmarks/bench_plays.py [--tables 500] [--reads 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for extra in (ROOT, ROOT / "tests" / "browser"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

from game_driver import drive, service_driver  # noqa: E402

from companion import plays  # noqa: E402
from companion.service import TableService  # noqa: E402
from companion.store import open_store  # noqa: E402
from companion.web import create_app  # noqa: E402

NAMES = ["Aki", "Ben", "Chie", "Dan"]
RK_OUT = [[f"r{i}" for i in range(1, 8)], [f"b{i}" for i in range(1, 8)]]
RK_RACKS = [[f"k{i}" for i in range(1, 14)] + ["y1"], [f"y{i}" for i in range(2, 14)] + ["J", "k1"]]


def median_time(fn: Callable[[], object], n: int) -> float:
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def build(path: str, n: int) -> int:
    service = TableService(open_store(path))
    events = 0
    for i in range(n):
        players = NAMES[: 3 + i % 2]
        kind = i % 4
        if kind in (0, 1):  # a finished Laminate game
            snap = service.create_table(players, i % len(players))
            act, state = service_driver(service, snap.record.id)
            events += drive(act, state, lambda s: False, leader=i % len(players))["version"]
        elif kind == 2:  # a finished one-round Rummikub match (three players: the start goes out at once)
            start = i % 3
            snap = service.create_table(NAMES[:3], start, {"rounds": 1}, game="rummikub")
            tid = snap.record.id
            service.act(tid, service.parse(tid, {"type": "play", "table": RK_OUT}))
            for seat, rack in zip([s for s in range(3) if s != start], RK_RACKS):
                service.act(tid, service.parse(tid, {"type": "rack", "seat": seat, "tiles": rack}))
            events += service.version(tid)
        else:  # a Laminate table in progress
            snap = service.create_table(players, 0)
            act, state = service_driver(service, snap.record.id)
            events += drive(act, state, lambda s: s["version"] >= 20)["version"]
    service.close()
    service.store.close()
    return events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--reads", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "plays.db")
        t0 = time.perf_counter()
        events = build(path, args.tables)
        print(f"built {args.tables} tables, {events} events in {time.perf_counter() - t0:.1f} s")

        app = create_app(path, secret_key="bench")
        service = app.extensions["companion"]
        client = app.test_client()
        t0 = time.perf_counter()
        found = plays.plays(service)
        cold = time.perf_counter() - t0
        finished = sum(p["status"] == "finished" for p in found)
        print(f"plays: {len(found)} ({finished} finished)")
        print(f"cold plays() (every log replayed, then cached): {cold * 1000:8.1f} ms")
        warm = median_time(lambda: plays.plays(service), args.reads)
        print(f"warm plays() (from the cache):                   {warm * 1000:8.1f} ms")

        def restarted() -> None:  # a new process: nothing in memory, every play read from the store's cache
            plays._MEMORY.clear()
            plays.plays(service)
        print(f"after a restart (from the store, no replay):    {median_time(restarted, 5) * 1000:8.1f} ms")
        for path_ in ("/api/plays", "/api/players", "/plays", "/players"):
            ms = median_time(lambda p=path_: client.get(p), args.reads) * 1000
            print(f"GET {path_:<44} {ms:8.1f} ms")
        moving = next(p for p in found if p["status"] == "running")
        tid = moving["id"]

        def one_more() -> None:
            service.act(tid, service.parse(tid, {"type": "research", "from": "deck"}))
            plays.plays(service)
        print(f"one action, then plays() (one table derived):   {median_time(one_more, 5) * 1000:8.1f} ms")

        def uncached() -> None:
            for row in service.store.table_versions():
                plays.derive(service._rebuild(row["id"]).view(), row["last_at"])
        print(f"without the cache (every table replayed):        {median_time(uncached, 3) * 1000:8.1f} ms")
        service.close()
        service.store.close()


if __name__ == "__main__":
    main()
