"""Read benchmark: reading a table must cost the same at 2,000 events as at 20 (reads are cached per
version, DESIGN.md). Measures, for a table with 20 and with 2,000 events:

* ``service.snapshot`` + ``service.answer`` + ``json.dumps`` (the service's part of a read);
* ``GET /api/tables/{id}`` through the Flask test client (the whole request);
* for contrast, a cold rebuild (a fresh service replaying the log), which does grow with the log.

The 2,000 events are 1,000 research + undo pairs after a few real turns, so the log is long while the
game stays open. Figures are medians of single-call timings (``time.perf_counter``); nothing is asserted.

    python benchmarks/bench_reads.py [--reads 2000]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.games.laminate import Research  # noqa: E402
from companion.service import TableService  # noqa: E402
from companion.store import open_store  # noqa: E402
from companion.web import create_app  # noqa: E402


def median_time(fn: Callable[[], object], n: int) -> float:
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def fill(service: TableService, table_id: str, events: int) -> None:
    """Bring the table to exactly ``events`` events: some research turns, then research + undo pairs."""
    real = min(events, 10 if events % 2 == 0 else 9)
    for _ in range(real):
        service.act(table_id, Research("deck"))
    while service.version(table_id) < events:
        service.act(table_id, Research("deck"))
        service.undo(table_id)
    assert service.version(table_id) == events


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reads", type=int, default=2000)
    parser.add_argument("--sizes", type=int, nargs="+", default=[20, 2000])
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "reads.db")
        app = create_app(db)
        service: TableService = app.extensions["companion"]
        client = app.test_client()
        rows = []
        for size in args.sizes:
            tid = service.create_table(["Hilbert", "Banach", "Noether"]).record.id
            t0 = time.perf_counter()
            fill(service, tid, size)
            fill_s = time.perf_counter() - t0

            def read(tid: str = tid) -> str:
                return json.dumps(service.answer(service.snapshot(tid)))

            def get(tid: str = tid) -> object:
                resp = client.get(f"/api/tables/{tid}")
                assert resp.status_code == 200
                return resp.data

            read()
            get()
            svc_t = median_time(read, args.reads)
            get_t = median_time(get, args.reads)

            def cold(tid: str = tid) -> object:
                fresh = TableService(open_store(db))
                try:
                    return fresh.snapshot(tid)
                finally:
                    fresh.store.close()

            cold_t = median_time(cold, 15)
            rows.append((size, svc_t, get_t, cold_t, fill_s))
        service.store.close()

    print(f"{'events':>7}  {'snapshot+JSON µs':>16}  {'GET test client µs':>18}  {'cold rebuild ms':>15}")
    print("-" * 64)
    for size, svc_t, get_t, cold_t, _ in rows:
        print(f"{size:>7}  {svc_t * 1e6:>16.1f}  {get_t * 1e6:>18.1f}  {cold_t * 1e3:>15.2f}")
    if len(rows) >= 2:
        (a, sa, ga, ca, _), (b, sb, gb, cb, _) = rows[0], rows[-1]
        print("-" * 64)
        print(f"{f'{b}/{a}':>7}  {sb / sa:>16.2f}  {gb / ga:>18.2f}  {cb / ca:>15.2f}   (ratio; cached reads ≈ 1)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
