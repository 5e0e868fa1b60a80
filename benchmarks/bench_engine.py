"""Engine benchmark: meld matching (R3) per call on typical 2–11 card melds, and ``apply`` per action.

Each figure is the median over ``--repeat`` rounds of the mean time per call within one round
(``time.perf_counter``). No goals are asserted: this prints figures to compare between commits.

    python benchmarks/bench_engine.py [--repeat 15] [--calls 2000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.games.laminate import DEFAULT_DECK, Publish, Research, apply, new_game  # noqa: E402
from companion.games.laminate.melds import matches  # noqa: E402

# (label, cards) — typical melds of every size a table sees, matching and not
MELDS: list[tuple[str, str]] = [
    ("ak (2)", "heart-1 suit7-13"),
    ("kind3 (3)", "heart-7 book-7 coin-7"),
    ("flush4 (4)", "coin-5 coin-6 coin-7 coin-8"),
    ("straight5 (5)", "heart-3 book-4 coin-5 onion-6 coffin-7"),
    ("kind5 (5)", "heart-7 book-7 coin-7 onion-7 coffin-7"),
    ("pairs3 (6)", "heart-5 book-5 coin-6 onion-6 coffin-8 suit6-8"),
    ("evens (6)", "heart-2 heart-4 heart-6 book-8 onion-10 suit6-12"),
    ("straight7+sum49 (7)", "heart-4 heart-5 heart-6 heart-7 book-8 coin-9 onion-10"),
    ("pairs4 (8)", "heart-5 book-5 coin-6 onion-6 coffin-8 suit6-8 onion-9 coffin-9"),
    ("triple3 (9)", "heart-5 book-5 coin-5 heart-6 book-6 coin-6 onion-8 coffin-8 suit6-8"),
    ("straight9 (9)", "heart-1 book-2 coin-3 onion-4 coffin-5 suit6-6 suit7-7 coin-8 onion-9"),
    ("sum100 (9)", "suit7-13 suit7-12 suit6-12 suit7-11 suit6-11 coffin-11 suit7-10 suit6-10 coffin-10"),
    ("straight11 (11)", "heart-1 book-2 coin-3 onion-4 coffin-5 suit6-6 suit7-7 coin-8 onion-9 coffin-10 "
                        "suit6-11"),
    ("no match (4)", "heart-1 book-3 coin-5 onion-9"),
    ("no match (7)", "heart-1 book-3 coin-5 onion-9 coffin-11 suit6-12 suit7-13"),
]


def per_call(fn: Callable[[], object], calls: int, repeat: int) -> float:
    """Median over rounds of the mean seconds per call."""
    rounds = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        rounds.append((time.perf_counter() - t0) / calls)
    return statistics.median(rounds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--calls", type=int, default=2000)
    args = parser.parse_args(argv)

    rows: list[tuple[str, str, float]] = []
    all_times = []
    for label, text in MELDS:
        cards = [DEFAULT_DECK.parse(c) for c in text.split()]
        found = ",".join(matches(cards)) or "-"
        t = per_call(lambda cards=cards: matches(cards), args.calls, args.repeat)
        all_times.append(t)
        rows.append((f"matches {label}", found, t))

    # apply(): a research and a kind3 publication on a fresh table
    state = new_game(["A", "B", "C"], 0)
    research = Research("deck")
    kind3 = Publish("kind3", tuple(DEFAULT_DECK.parse(c) for c in ("heart-7", "book-7", "coin-7")))
    rows.append(("apply research", "", per_call(lambda: apply(state, research), args.calls, args.repeat)))
    rows.append(("apply publish kind3", "", per_call(lambda: apply(state, kind3), args.calls, args.repeat)))

    rng = random.Random(1)
    shuffled = [[DEFAULT_DECK.parse(c) for c in text.split()] for _, text in MELDS]
    mixed = lambda: matches(rng.choice(shuffled))  # noqa: E731
    rows.append(("matches, mixed sizes", "", per_call(mixed, args.calls, args.repeat)))

    width = max(len(r[0]) for r in rows)
    print(f"{'engine benchmark':<{width}}  {'median µs/call':>14}  matches")
    print("-" * (width + 40))
    for name, found, t in rows:
        print(f"{name:<{width}}  {t * 1e6:>14.2f}  {found}")
    print("-" * (width + 40))
    print(f"{'matches: median over melds':<{width}}  {statistics.median(all_times) * 1e6:>14.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
