"""How many tables do 1 and 2 workers carry at the same goals? (issue 18: two workers on PostgreSQL should carry
at least 1.5 times the tables of one.) Steps ``bench_cafe.py`` through growing table counts for each worker count,
one after the other in this one run, with the same load — five phones per table, each its own address, page
streams, one action per table every 2 s, and with ``--seats`` every phone naming its seat — on a PostgreSQL
schema of each run's own. A worker count stops at the first table count that misses a goal (bench_cafe's: action
and push p95 ≤ 100 ms, page ≤ 250 ms, join ≤ 2 s, 0 missed, 0 errors).

    python benchmarks/bench_workers.py --db postgresql://USER:PASSWORD@HOST:PORT/DB [--seats]
        [--workers 1,2] [--tables 20,30,40,50,70,100,130] [--duration 30] [--keep-going]

Loopback only; Linux. Every run prints its machine load: on a shared machine, compare the rows of one run.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_cafe  # noqa: E402


def numbers(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def tables_before(steps: list[int], tables: int) -> int:
    """The step before ``tables`` (0 for the first)."""
    index = steps.index(tables)
    return steps[index - 1] if index else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", required=True, metavar="URL", help="a PostgreSQL server (each run: a new schema)")
    parser.add_argument("--workers", type=numbers, default=[1, 2], help="worker counts (default 1,2)")
    parser.add_argument("--tables", type=numbers, default=[20, 30, 40, 50, 70, 100, 130],
                        help="table counts to step through, ascending")
    parser.add_argument("--seats", action="store_true", help="every phone names its seat (the issue's load)")
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--interval", type=float, default=2.0)
    parser.add_argument("--keep-going", action="store_true",
                        help="run every table count even after a miss (a loaded machine: compare the rows)")
    args = parser.parse_args()
    bench_cafe.raise_file_limit()
    rows: list[dict[str, Any]] = []
    carried: dict[int, int] = {}
    for workers in args.workers:
        carried[workers] = 0
        for tables in args.tables:
            cafe = [f"--tables={tables}", f"--duration={args.duration:g}", f"--interval={args.interval:g}",
                    f"--db={args.db}", f"--server-arg=--workers={workers}"] + (["--seats"] if args.seats else [])
            print(f"\n=== {workers} worker(s), {tables} tables", flush=True)
            summary: dict[str, Any] = {}
            bench_cafe.run(bench_cafe.parse_args(cafe), summary)
            rows.append({"workers": workers, **summary})
            if not summary.get("ok"):
                if args.keep_going:
                    continue
                break
            if carried[workers] == tables_before(args.tables, tables):  # every smaller count met the goals too
                carried[workers] = tables
    print("\nworkers  tables  goals  action p95  push p95  join p95  CPU (cores)  RSS MiB  load")
    for r in rows:
        join = f"{r['join_p95']:8.0f}" if r.get("join_p95") is not None else "       –"
        print(f"{r['workers']:>7}  {r['tables']:>6}  {'met' if r['ok'] else 'MISS':>5}  {r['action_p95']:10.0f}"
              f"  {r['push_p95']:8.0f}  {join}  {r['cpu']:11.2f}  {r['rss_mib']:7.0f}  {r['load']:4.1f}")
    print("carried at every goal: " + ", ".join(f"{w} worker(s): {t or 'fewer than ' + str(args.tables[0])} tables"
                                                for w, t in carried.items()))
    if len(carried) > 1 and carried[min(carried)]:
        base = carried[min(carried)]
        print("ratio: " + ", ".join(f"{w} workers {t / base:.2f}x" for w, t in carried.items() if w != min(carried)))
    print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
