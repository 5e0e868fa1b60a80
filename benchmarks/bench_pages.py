"""Page benchmark: the table fragment every phone gets after each change, early and late in a long game.

Before the history came from the service's own entries, the pages replayed the whole log a second time to
draw it, so the fragment cost 9 ms early in a game and 94 ms at 2,000 events (10×). Issue 20: the readable
log is now made once per version from the previous version's (only the new entries), the real-card
instructions take the state the service kept, so a fragment should cost the same at 40 and at 2,000 events.

Per game and log size, through the Flask test client (one process, nothing served):

* **after a change** (the figure that matters): before each timed call one change is made (an action, then
  its undo, in turn: the log grows by one event per call, the table stays in play) and the fragment of the
  new version is asked for — by a phone that names its seat (``/t/{id}/fragment``, "me" cookie seat 0), and
  in the next round by the read-only link (``/v/{view_id}/fragment``). Nothing is shared yet at a new version:
  each call renders. The log size printed is the one in the middle of the seat phone's calls;
* **shared**: the same fragment asked again at the same version (what the other phones of a table get).

Medians and p95 of single calls; nothing is asserted. ``--root`` measures another checkout (e.g. main's, for a
before/after) with this script:

    python benchmarks/bench_pages.py [--reads 40] [--sizes 20 2040] [--games laminate] [--root ../main]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ACTIONS = {
    "laminate": ({"game": "laminate", "players": ["A", "B", "C"]}, {"type": "research", "from": "deck"}),
    "rummikub": ({"game": "rummikub", "players": ["A", "B", "C"]}, {"type": "draw"}),
}


def summary(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times), times[int(0.95 * (len(times) - 1))]


def timings(fn: Callable[[], Any], n: int) -> tuple[float, float]:
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return summary(times)


def fill(client: Any, tid: str, action: dict[str, Any], events: int) -> None:
    """A few real turns, then action + undo pairs up to exactly ``events`` events (the game stays open)."""
    version = 0
    for _ in range(min(events, 10 if events % 2 == 0 else 9)):
        version = client.post(f"/api/tables/{tid}/actions", json={"action": action}).get_json()["state"]["version"]
    while version < events:
        client.post(f"/api/tables/{tid}/actions", json={"action": action})
        version = client.post(f"/api/tables/{tid}/undo", json={}).get_json()["state"]["version"]


def after_changes(client: Any, tid: str, action: dict[str, Any], path: str, reads: int) -> tuple[float, float]:
    """The fragment at ``path`` right after each of ``reads`` changes (action and undo in turn), timed alone."""
    times = []
    for n in range(reads):
        if n % 2 == 0:
            client.post(f"/api/tables/{tid}/actions", json={"action": action})
        else:
            client.post(f"/api/tables/{tid}/undo", json={})
        t0 = time.perf_counter()
        resp = client.get(path)
        times.append(time.perf_counter() - t0)
        assert resp.status_code == 200, resp.status_code
    return summary(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--reads", type=int, default=40, help="timed calls per figure (each after a change)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[20, 2040])
    parser.add_argument("--games", nargs="+", default=list(ACTIONS))
    parser.add_argument("--root", help="the checkout to measure (default: this one)")
    args = parser.parse_args(argv)
    root = Path(args.root).resolve() if args.root else Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root))
    from companion.web import create_app  # the checkout's own

    print(f"checkout: {root}")
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(str(Path(tmp) / "bench.db"), secret_key="bench")
        client = app.test_client()
        print(f"{'game':<10} {'events':>7}   after a change: {'seat p50':>8} {'p95':>8} {'view p50':>9} {'p95':>8}"
              f"   shared: {'seat p50':>8} {'p95':>8}")
        for game in args.games:
            body, action = ACTIONS[game]
            base = None
            for size in args.sizes:
                created = client.post("/api/tables", json=body).get_json()
                tid, vid = created["id"], created["view_id"]
                fill(client, tid, action, size)
                client.set_cookie("me", "0", path=f"/t/{tid}")
                full = after_changes(client, tid, action, f"/t/{tid}/fragment", args.reads)
                view = after_changes(client, tid, action, f"/v/{vid}/fragment", args.reads)
                hit = timings(lambda tid=tid: client.get(f"/t/{tid}/fragment"), args.reads)
                base = base or full[0]
                middle = size + args.reads // 2  # the log size in the middle of the seat phone's calls
                print(f"{game:<10} {middle:>7}   {'':>15} {full[0] * 1e3:>5.2f} ms {full[1] * 1e3:>5.2f} ms "
                      f"{view[0] * 1e3:>6.2f} ms {view[1] * 1e3:>5.2f} ms   {'':>7} {hit[0] * 1e3:>5.2f} ms "
                      f"{hit[1] * 1e3:>5.2f} ms   ×{full[0] / base:.2f}")
        app.extensions["companion"].close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
