"""API benchmark: an action's round trip through the JSON API, in process (Flask test client) and over
real HTTP to the production server (as `companion serve` runs it) on 127.0.0.1 (one keep-alive connection,
like one phone).

Measured per request, medians of ``time.perf_counter`` single-request timings:

* ``POST …/actions`` research (a durable write: WAL + synchronous=FULL commit before the answer);
* ``POST …/undo`` (also a durable write);
* ``POST …/actions`` with ``dry_run`` (the same work without the write);
* ``GET /api/tables/{id}`` (a cached read).

Research and undo alternate, so the table never runs out of cards. Nothing is asserted.

    python benchmarks/bench_api.py [--n 300]
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.server.asgi import serve_in_thread  # noqa: E402
from companion.web import create_app  # noqa: E402

HOST = "127.0.0.1"  # the only address this script connects to
RESEARCH = {"action": {"type": "research", "from": "deck"}}
DRY = {"action": {"type": "research", "from": "deck"}, "dry_run": True}


class FlaskSide:
    def __init__(self, app: Any) -> None:
        self.client = app.test_client()

    def call(self, method: str, path: str, body: Any = None) -> int:
        resp = self.client.open(path, method=method, json=body) if body is not None else \
            self.client.open(path, method=method)
        resp.get_data()
        return resp.status_code


class HttpSide:
    """One persistent HTTP/1.1 connection to the server on loopback."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection(HOST, port, timeout=10)

    def call(self, method: str, path: str, body: Any = None) -> int:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        data = json.dumps(body).encode() if body is not None else None
        self.conn.request(method, path, body=data, headers=headers)
        resp = self.conn.getresponse()
        resp.read()
        return resp.status


def measure(sides: dict[str, tuple[Any, str]], n: int) -> dict[str, dict[str, float]]:
    """Rounds alternate between the sides, so both meet the same disk and WAL conditions."""
    times: dict[str, dict[str, list[float]]] = {
        name: {"action": [], "undo": [], "dry_run": [], "get": []} for name in sides}

    for _ in range(n):
        for name, (side, tid) in sides.items():
            for key, method, path, body in (("action", "POST", f"/api/tables/{tid}/actions", RESEARCH),
                                            ("undo", "POST", f"/api/tables/{tid}/undo", None),
                                            ("dry_run", "POST", f"/api/tables/{tid}/actions", DRY),
                                            ("get", "GET", f"/api/tables/{tid}", None)):
                t0 = time.perf_counter()
                status = side.call(method, path, body)
                times[name][key].append(time.perf_counter() - t0)
                assert status == 200, (name, key, status)
    return {name: {k: statistics.median(v) for k, v in keys.items()} for name, keys in times.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=300, help="rounds (each: action, undo, dry run, read)")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(str(Path(tmp) / "api.db"))
        service = app.extensions["companion"]
        server, port = serve_in_thread(app, HOST, 0, threads=8)
        try:
            flask_side = FlaskSide(app)
            http_side = HttpSide(port)
            sides = {}
            for name, side in (("Flask test client", flask_side), ("HTTP → the server", http_side)):
                tid = app.test_client().post("/api/tables", json={"players": ["A", "B", "C"]}).get_json()["id"]
                sides[name] = (side, tid)
            measure(sides, 300)  # warm up, and let the WAL reach its steady size (a checkpoint cycle)
            results = measure(sides, args.n)
            http_side.conn.close()
        finally:
            service.close()
            server.stop()
            service.store.close()

    keys = [("action", "POST action (write)"), ("undo", "POST undo (write)"), ("dry_run", "POST dry run"),
            ("get", "GET state")]
    names = list(results)
    print(f"{'median ms per request':<24}" + "".join(f"{n:>20}" for n in names))
    print("-" * (24 + 20 * len(names)))
    for key, label in keys:
        print(f"{label:<24}" + "".join(f"{results[n][key] * 1e3:>20.3f}" for n in names))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
