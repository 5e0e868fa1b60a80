"""Store benchmark: SQLite and PostgreSQL back to back, through the store and through the table service.

Measured per operation (``time.perf_counter`` single-operation timings; p50 and p95):

* append: one durable write transaction as the service makes it (the table's lock, the log's end checked,
  the event inserted, PostgreSQL's NOTIFY, commit: WAL + synchronous=FULL / synchronous_commit=on);
* check: what a cached read pays to know that no other process moved the table (``Store.changes``);
* read: ``TableService.snapshot`` of a cached table (the check included) and ``events`` of a 300-event log;
* act: ``TableService.act`` (rules, append, cache) on a table whose cache is current;
* catch-up: a second service (another process) whose cache is k events behind serves the table again (k = 1,
  10, 100), against replaying the whole log of that table from nothing (what the cache had to do before);
* notice: a write through one store until another store's listener hears it (PostgreSQL: LISTEN/NOTIFY;
  SQLite: the data_version watcher, every 15 ms).

PostgreSQL: ``--postgres URL``, else ``COMPANION_TEST_POSTGRES``, else a throwaway cluster started here with
PostgreSQL's durable defaults (fsync on). Nothing is asserted.

    python benchmarks/bench_store.py [--n 300] [--postgres postgresql://…]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "tests"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import postgres_server  # noqa: E402

from companion.games.laminate import Research  # noqa: E402
from companion.service import TableService  # noqa: E402
from companion.store import EventRow, TableRecord, now_iso, open_store  # noqa: E402

RESEARCH = Research("deck")


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def timed(fn: Callable[[], object], n: int) -> list[float]:
    out = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def row(name: str, samples: list[float]) -> str:
    return f"{name:<44} {statistics.median(samples):9.3f} {pct(samples, 0.95):9.3f}   (n={len(samples)})"


def record(i: int) -> TableRecord:
    return TableRecord(f"bench-table-{i:010d}", f"bench-view-{i:010d}", ("A", "B", "C"), 0, now_iso(), "laminate",
                       {"hints": True})


def bench(kind: str, location: str, n: int) -> list[str]:
    lines = [f"--- {kind} ({'a file' if kind == 'sqlite' else postgres_server_display(location)})",
             f"{'ms per operation':<44} {'p50':>9} {'p95':>9}"]
    store = open_store(location)
    rec = record(1)
    store.create_table(rec)
    seq = [0]

    def append() -> None:
        seq[0] += 1
        event = EventRow(seq[0], "action", seq[0] % 3, {"type": "research", "from": "deck"}, None,
                         f"bench-{seq[0]:08d}", now_iso())
        with store.write(rec.id) as tx:
            if tx.last_seq(rec.id) != seq[0] - 1:
                raise AssertionError("the log moved")
            tx.append(rec.id, event, '{"state": {}}')

    lines.append(row("append (durable write transaction)", timed(append, n)))
    lines.append(row("check before a cached read (changes)", timed(lambda: store.changes(rec.id), n * 3)))
    lines.append(row(f"events of a {seq[0]}-event log", timed(lambda: store.events(rec.id), 30)))

    service = TableService(store)
    tid = service.create_table(["A", "B", "C"]).record.id
    lines.append(row("service act (rules + append + cache)",
                     timed(lambda: service.act(tid, RESEARCH) if service.version(tid) % 2 == 0
                           else service.undo(tid), n)))
    lines.append(row("service snapshot of a cached table", timed(lambda: service.snapshot(tid), n * 3)))

    # catch-up: another service (process) k events behind; its listener is stopped so that it does not catch up
    # in the background while the k events are written (what is timed is the read that finds it behind)
    other = TableService(open_store(location))
    other._stop_listening()
    for k in (1, 10, 100):
        samples = []
        for _ in range(5 if k == 100 else 15):
            other.snapshot(tid)  # current
            for _ in range(k):
                service.act(tid, RESEARCH) if service.version(tid) % 2 == 0 else service.undo(tid)
            t = time.perf_counter()
            other.snapshot(tid)
            samples.append((time.perf_counter() - t) * 1000)
        lines.append(row(f"catch-up of {k} event{'s' if k > 1 else ''} (another process)", samples))
    length = service.version(tid)
    lines.append(row(f"whole replay of the same {length}-event log",
                     timed(lambda: other._rebuild(tid), 10)))

    # notice: a write through one store until another's listener hears it
    heard: dict[int, float] = {}
    got = threading.Event()

    def deliver(changes) -> None:
        for table_id, s in changes:
            if table_id == rec.id:
                heard[s] = time.perf_counter()
                got.set()

    listener = open_store(location)
    stop = listener.listen(deliver)
    time.sleep(0.3)
    samples = []
    for _ in range(min(n, 100)):
        got.clear()
        t = time.perf_counter()
        append()
        got.wait(5)
        if seq[0] in heard:
            samples.append((heard[seq[0]] - t) * 1000)
        time.sleep(0.003)
    lines.append(row("write -> another store's listener hears it", samples))
    stop()
    for svc in (service, other):
        svc.close()
    for s in (listener, other.store, store):
        s.close()
    return lines


def postgres_server_display(url: str) -> str:
    from companion.store.postgres import redact

    return redact(url).split("?")[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=300)
    parser.add_argument("--postgres", help="a PostgreSQL URL (default: COMPANION_TEST_POSTGRES or a new cluster)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for line in bench("sqlite", str(Path(folder) / "bench.db"), args.n):
            print(line, flush=True)
    url = args.postgres or postgres_server.server_url(durable=True)
    if url is None:
        print(f"--- postgresql: not measured ({postgres_server.reason()})")
        return
    schema = postgres_server.fresh_schema(url)
    try:
        for line in bench("postgresql", schema, args.n):
            print(line, flush=True)
    finally:
        postgres_server.drop_schema(url, schema)


if __name__ == "__main__":
    main()
