"""Benchmark of the Rummikub best-play solver (companion.games.rummikub.solver).

    python benchmarks/bench_rummikub_solver.py [--positions N] [--seed S] [--table T] [--against REV]
                                               [--clock wall|cpu] [--modes tiles,value,initial,locked]

Random reachable positions: a table of about ``T`` (default 40) tiles made of valid sets drawn from a shuffled
106-tile bag, both jokers in play (on the table, or else in the rack), a rack of 14 and of 25 tiles from the
rest. For each rack size and mode (objective "tiles", "value", the initial meld, and "tiles" on a table with
``joker_sets_locked``): the median, p95 and max of one ``best_play`` call, in ms.

``--against REV`` loads the solver modules (``solver*.py``) as they were at git revision REV into a scratch
package and times both on the same positions, back to back (interleaved per position, in alternating order,
so a busy machine slows both alike); both are exact, so their (tiles, value, kept) must agree, and any
disagreement is printed. Goal: p95 ≤ 50 ms for a 14-tile rack. ``--clock cpu`` times with process_time
(steadier on a shared machine; HiGHS runs on one thread). Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.games.rummikub import solver  # noqa: E402

COLOURS = "bryk"
PACKAGE = "companion/games/rummikub"
MODES: dict[str, dict[str, object]] = {"tiles": {"objective": "tiles"}, "value": {"objective": "value"},
                                       "initial": {"objective": "tiles", "initial": True},
                                       "locked": {"objective": "tiles", "locked": True}}


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


def solver_at(rev: str) -> ModuleType:
    """The solver modules as they were at ``rev``, imported as a scratch package (they import nothing else)."""
    names = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "--name-only", rev, f"{PACKAGE}/"], check=True,
                           capture_output=True, text=True).stdout.split()
    scratch = Path(tempfile.mkdtemp(prefix="rk_solver_"))
    package = scratch / "rk_solver_before"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for path in names:
        if Path(path).name.startswith("solver"):
            text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"], check=True,
                                  capture_output=True, text=True).stdout
            (package / Path(path).name).write_text(text)
    sys.path.insert(0, str(scratch))
    return importlib.import_module("rk_solver_before.solver")


def runner(module: ModuleType, clock: Callable[[], float]) -> Callable[..., tuple[float, object]]:
    accepts = set(inspect.signature(module.best_play).parameters)

    def run(table: list[list[str]], rack: list[str], **kw: object) -> tuple[float, object]:
        t0 = clock()
        play = module.best_play(table, rack, **kw)
        return clock() - t0, play

    run.accepts = accepts  # type: ignore[attr-defined]
    return run


def score(play: object) -> tuple[int, int, int] | None:
    return None if play is None else (play.tiles, play.value, play.kept)  # type: ignore[attr-defined]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--table", type=int, default=40)
    ap.add_argument("--against", metavar="REV", help="git revision whose solver runs back to back with this one")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    ap.add_argument("--modes", default="tiles,value,initial,locked")
    args = ap.parse_args()
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    runs = {"now": runner(solver, clock)}
    if args.against:
        runs = {"before": runner(solver_at(args.against), clock), **runs}
    for run in runs.values():
        run([], ["b1", "b2", "b3"])  # import HiGHS and build any tables outside the timings
    label = f"{args.clock} ms"
    head = " | ".join(f"{name + ' p50':>10} {'p95':>6} {'max':>6}" for name in runs)
    print(f"{args.positions} positions, table ~{args.table} tiles, seed {args.seed}, {label}"
          + (f"; before = {args.against}" if args.against else ""))
    print(f"{'rack':>4} {'mode':>8} | {head}" + (" | p50 × p95 ×" if args.against else ""))
    for size in (14, 25):
        rng = random.Random(args.seed + size)
        positions = [position(rng, args.table, size) for _ in range(args.positions)]
        for mode in args.modes.split(","):
            kw = MODES[mode]
            times: dict[str, list[float]] = {name: [] for name in runs}
            able = {name: set(kw) - {"objective"} <= run.accepts for name, run in runs.items()}  # type: ignore[attr-defined]
            for i, (table, rack) in enumerate(positions):
                order = list(runs) if i % 2 == 0 else list(reversed(runs))
                scores, cut = {}, []
                for name in order:
                    if able[name]:
                        dt, play = runs[name](table, rack, **kw)
                        times[name].append(dt)
                        scores[name] = score(play)
                        if play is not None and not play.optimal:  # type: ignore[attr-defined]
                            cut.append(name)
                if len(set(scores.values())) > 1:
                    note = f" ({', '.join(cut)}: stopped by its time limit)" if cut else ""
                    print(f"MISMATCH {mode} {table} {rack}: {scores}{note}")
            cells = []
            for name in runs:
                t = times[name]
                p50, p95, top = (percentile(t, q) * 1000 for q in (50, 95, 100)) if t else (0.0, 0.0, 0.0)
                cells.append(f"{p50:10.1f} {p95:6.1f} {top:6.0f}" if t else f"{'n/a':>24}")
            line = f"{size:>4} {mode:>8} | " + " | ".join(cells)
            if args.against and all(times.values()):
                before, now = times["before"], times["now"]
                line += (f" | {percentile(before, 50) / percentile(now, 50):5.2f} "
                         f"{percentile(before, 95) / percentile(now, 95):5.2f}")
            print(line, flush=True)


if __name__ == "__main__":
    main()
