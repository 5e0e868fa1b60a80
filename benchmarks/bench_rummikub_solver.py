"""Benchmark of the Rummikub best-play solver (companion.games.rummikub.solver).

    python benchmarks/bench_rummikub_solver.py [--positions N] [--seed S] [--table T]

Random reachable positions: a table of about ``T`` (default 40) tiles made of valid sets drawn from a shuffled
106-tile bag, both jokers in play (on the table, or else in the rack), a rack of 14 and of 25 tiles from the
rest. For each size: p50 / p95 / max of one ``best_play`` call for objective "tiles", "value" and the initial
meld, and the same positions through the plain full model (all 1,173 sets, ``reduce=False``) for comparison
— the ratio is full / tuned at the same percentile. Goal: p95 ≤ 50 ms (14 tiles), ≤ 150 ms (25 tiles).
Timings use time.perf_counter; nothing here asserts a time; the tuned and full results must agree.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.games.rummikub.solver import best_play  # noqa: E402

COLOURS = "bryk"


def bag() -> list[str]:
    return [f"{c}{n}" for c in COLOURS for n in range(1, 14) for _ in range(2)] + ["J", "J"]


def random_set(rng: random.Random, pool: list[str]) -> list[str] | None:
    """A random run (3–6) or group (3–4) taken from ``pool``; a missing tile may be a joker from the pool."""
    if rng.random() < 0.55:
        colour, length = rng.choice(COLOURS), rng.randint(3, 6)
        start = rng.randint(1, 14 - length)
        wanted = [f"{colour}{n}" for n in range(start, start + length)]
    else:
        num = rng.randint(1, 13)
        wanted = [f"{c}{num}" for c in rng.sample(COLOURS, rng.randint(3, 4))]
    taken, left = [], list(pool)
    for tile in wanted:
        if tile in left and rng.random() > 0.08:  # now and then a joker stands in even when the tile is free
            left.remove(tile)
            taken.append(tile)
        elif "J" in left and taken.count("J") < 2 and rng.random() < 0.6:
            left.remove("J")
            taken.append("J")
        else:
            return None
    if all(t == "J" for t in taken):
        return None
    pool[:] = left
    return taken


def position(rng: random.Random, table_tiles: int, rack_size: int) -> tuple[list[list[str]], list[str]]:
    pool = bag()
    rng.shuffle(pool)
    table: list[list[str]] = []
    while sum(map(len, table)) < table_tiles:
        s = random_set(rng, pool)
        if s is not None:
            table.append(s)
    jokers = [t for t in pool if t == "J"]
    rest = [t for t in pool if t != "J"]
    rack = jokers + rest[: rack_size - len(jokers)]  # both jokers in play: the ones not on the table are held
    rng.shuffle(rack)
    return table, rack


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def timed(table: list[list[str]], rack: list[str], **kw: object) -> tuple[float, object]:
    t0 = time.perf_counter()
    play = best_play(table, rack, **kw)  # type: ignore[arg-type]
    return time.perf_counter() - t0, play


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--table", type=int, default=40)
    args = ap.parse_args()
    best_play([], ["b1", "b2", "b3"])  # build the set family and import HiGHS outside the timings
    modes = {"tiles": {"objective": "tiles"}, "value": {"objective": "value"},
             "initial": {"objective": "tiles", "initial": True}}
    print(f"{'rack':>4} {'mode':>8} {'n':>4} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} | {'full p50':>8} "
          f"{'full p95':>8} {'full max':>8} | {'ratio p95':>9}")
    for size in (14, 25):
        rng = random.Random(args.seed + size)
        positions = [position(rng, args.table, size) for _ in range(args.positions)]
        for mode, kw in modes.items():
            fast, full = [], []
            for table, rack in positions:
                dt, play = timed(table, rack, **kw)
                dt_full, play_full = timed(table, rack, reduce=False, **kw)
                fast.append(dt)
                full.append(dt_full)
                score = None if play is None else (play.tiles, play.value, play.kept)
                score_full = None if play_full is None else (play_full.tiles, play_full.value, play_full.kept)
                if score != score_full:
                    print(f"MISMATCH {mode} {table} {rack}: {score} vs full {score_full}")
            p = [percentile(fast, q) * 1000 for q in (50, 95, 100)]
            f = [percentile(full, q) * 1000 for q in (50, 95, 100)]
            print(f"{size:>4} {mode:>8} {len(fast):>4} {p[0]:8.1f} {p[1]:8.1f} {p[2]:8.1f} | {f[0]:8.1f} "
                  f"{f[1]:8.1f} {f[2]:8.1f} | {f[1] / p[1]:8.2f}x")


if __name__ == "__main__":
    main()
