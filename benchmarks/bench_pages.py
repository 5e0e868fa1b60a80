"""Page benchmark: the table fragment every phone fetches after each change, at 20 and at 2,000 events.

Before the history came from the service's own entries, the pages replayed the whole log a second time to
draw it, so the fragment cost 9 ms early in a game and 94 ms at 2,000 events (10×). Now each entry's
sentence is made once and kept; what still grows with the log is only the list the template prints.
Measures ``GET /t/{id}/fragment`` (full link, a seat chosen) and ``GET /v/{view_id}/fragment`` through the
Flask test client, per game. Medians and p95 of single-call timings; nothing is asserted.

    python benchmarks/bench_pages.py [--reads 300] [--sizes 20 2000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.web import create_app  # noqa: E402

ACTIONS = {
    "laminate": ({"game": "laminate", "players": ["A", "B", "C"]}, {"type": "research", "from": "deck"}),
    "rummikub": ({"game": "rummikub", "players": ["A", "B", "C"]}, {"type": "draw"}),
}


def timings(fn, n: int) -> tuple[float, float]:
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))]


def fill(client, tid: str, action: dict, events: int) -> None:
    """A few real turns, then action + undo pairs up to exactly ``events`` events (the game stays open)."""
    version = 0
    for _ in range(min(events, 10 if events % 2 == 0 else 9)):
        version = client.post(f"/api/tables/{tid}/actions", json={"action": action}).get_json()["state"]["version"]
    while version < events:
        client.post(f"/api/tables/{tid}/actions", json={"action": action})
        version = client.post(f"/api/tables/{tid}/undo", json={}).get_json()["state"]["version"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reads", type=int, default=300)
    parser.add_argument("--sizes", type=int, nargs="+", default=[20, 2000])
    parser.add_argument("--games", nargs="+", default=list(ACTIONS))
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(str(Path(tmp) / "bench.db"), secret_key="bench")
        client = app.test_client()
        print(f"{'game':<10} {'events':>7} {'fragment p50':>13} {'p95':>8} {'view p50':>9} {'p95':>8}")
        for game in args.games:
            body, action = ACTIONS[game]
            base = None
            for size in args.sizes:
                created = client.post("/api/tables", json=body).get_json()
                tid, vid = created["id"], created["view_id"]
                fill(client, tid, action, size)
                client.set_cookie("me", "0", path=f"/t/{tid}")
                full = timings(lambda tid=tid: client.get(f"/t/{tid}/fragment"), args.reads)
                view = timings(lambda vid=vid: client.get(f"/v/{vid}/fragment"), args.reads)
                base = base or full[0]
                print(f"{game:<10} {size:>7} {full[0] * 1e3:>10.2f} ms {full[1] * 1e3:>5.2f} ms "
                      f"{view[0] * 1e3:>6.2f} ms {view[1] * 1e3:>5.2f} ms   ×{full[0] / base:.2f}")
        app.extensions["companion"].close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
