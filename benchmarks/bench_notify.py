"""What PostgreSQL's NOTIFY costs writers that commit together (docs/scaling.md, "10,000 tables"): every write of
the store sends ``pg_notify`` inside its transaction, and PostgreSQL serialises the commits of notifying
transactions on one lock (its notification queue), flush to disk included. Measured: commits per second of
``--writers`` connections, each appending rows to a table of its own as fast as it can, with and without a
notify in each transaction, for ``--seconds`` each. The store's own append (companion/store/postgres.py) is the
first form.

    python benchmarks/bench_notify.py [--writers 1,4,16] [--seconds 5] [--postgres postgresql://…]

PostgreSQL: ``--postgres URL``, else ``COMPANION_TEST_POSTGRES``, else a throwaway cluster started here with its
durable defaults (fsync on: without it the lock costs little, and the figure says nothing). A scratch schema of
the run's own, dropped at the end. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import postgres_server  # noqa: E402


def numbers(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def writers_run(url: str, schema: str, writers: int, seconds: float, notify: bool) -> float:
    """Commits per second of ``writers`` connections appending together."""
    import psycopg

    counts = [0] * writers
    start = threading.Barrier(writers + 1)
    stop = threading.Event()

    def write(n: int) -> None:
        with psycopg.connect(url) as conn:
            conn.execute(f"SET search_path TO {schema}")
            conn.commit()
            start.wait()
            seq = 0
            while not stop.is_set():
                seq += 1
                with conn.transaction():
                    conn.execute("INSERT INTO events (table_id, seq, body) VALUES (%s, %s, %s)",
                                 (f"w{writers}-{n}-{notify}", seq, "{}"))
                    if notify:
                        conn.execute("SELECT pg_notify(%s, %s)", (f"{schema}_changes", f"w{n} {seq}"))
                counts[n] += 1

    threads = [threading.Thread(target=write, args=(n,), daemon=True) for n in range(writers)]
    for t in threads:
        t.start()
    start.wait()
    began = time.perf_counter()
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join(30)
    return sum(counts) / (time.perf_counter() - began)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writers", type=numbers, default=[1, 4, 16])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--postgres", metavar="URL")
    args = parser.parse_args()
    url = args.postgres or postgres_server.server_url(durable=True)
    if url is None:
        raise SystemExit(postgres_server.reason())
    import psycopg

    schema = "notify_" + uuid.uuid4().hex[:12]
    with psycopg.connect(url, autocommit=True) as conn:
        fsync = conn.execute("SHOW fsync").fetchone()[0]  # type: ignore[index]
        conn.execute(f"CREATE SCHEMA {schema}")
        conn.execute(f"CREATE TABLE {schema}.events (table_id text, seq int, body text, PRIMARY KEY (table_id, seq))")
    print(f"PostgreSQL at {url.split('@')[-1]} (fsync {fsync}); {args.seconds:g} s per run")
    try:
        print("writers  commits/s without notify  with notify  ratio")
        for writers in args.writers:
            plain = writers_run(url, schema, writers, args.seconds, notify=False)
            notified = writers_run(url, schema, writers, args.seconds, notify=True)
            print(f"{writers:7}  {plain:24.0f}  {notified:11.0f}  {notified / plain:5.2f}", flush=True)
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    return 0


if __name__ == "__main__":
    sys.exit(main())
