"""The best-play solver against an independent brute force (exact cover by DFS) and the known traps."""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from solver_oracle import best, valid_ordered  # noqa: E402

from companion.games.rummikub import check_set, solver  # noqa: E402
from companion.games.rummikub.play import broken_joker_sets  # noqa: E402

pytestmark = pytest.mark.skipif(not solver.available(), reason="highspy is not installed")
COLOURS = "bryk"


def tile_order(t: str) -> tuple[int, int]:
    return (4, 0) if t == "J" else (COLOURS.index(t[0]), int(t[1:]))


def norm(tiles: list[str]) -> tuple[str, ...]:
    """A set as the solver lays it out: a run as it lies, a group sorted b, r, y, k with jokers last."""
    real = [t for t in tiles if t != "J"]
    is_group = len({t[1:] for t in real}) == 1 and len({t[0] for t in real}) == len(real) and len(tiles) <= 4
    if is_group and not (len({t[0] for t in real}) == 1 and valid_ordered(tiles)):
        return tuple(sorted(tiles, key=tile_order))
    return tuple(tiles)


def check_play(table: list[list[str]], rack: list[str], play: solver.Play, *, initial: bool = False,
               initial_min: int = 30) -> None:
    """Every set valid, the new table is exactly old table + laid, laid ⊆ rack, counts and kept honest."""
    for tiles, kind, stands in zip(play.sets, play.kinds, play.stands):
        assert valid_ordered(tiles), tiles
        assert kind in ("run", "group") and len(stands) == len(tiles)
        assert all((s is None) == (t != "J") for t, s in zip(tiles, stands)), (tiles, stands)
    old = Counter(t for s in table for t in s)
    assert Counter(t for s in play.sets for t in s) == old + Counter(play.laid)
    assert not Counter(play.laid) - Counter(rack)
    assert play.tiles == len(play.laid) >= 1 and play.laid == sorted(play.laid, key=tile_order)
    assert play.kept == sum((Counter(map(tuple, play.sets)) & Counter(map(norm, table))).values())
    if initial:
        assert list(map(tuple, play.sets[: len(table)])) == list(map(norm, table))
        assert play.value >= initial_min


def random_position(rng: random.Random, table_max: int, rack_size: int) -> tuple[list[list[str]], list[str]]:
    """A small dense position: few colours and numbers so that sets interact; jokers now and then."""
    colours = COLOURS[: rng.randint(2, 4)]
    top = rng.randint(5, 8)
    pool = [f"{c}{n}" for c in colours for n in range(1, top + 1) for _ in range(2)] + ["J", "J"]
    rng.shuffle(pool)
    table: list[list[str]] = []
    for _ in range(40):
        if rng.random() < 0.6:
            c, length = rng.choice(colours), rng.randint(3, 5)
            start = rng.randint(1, top - length + 1)
            want = [f"{c}{n}" for n in range(start, start + length)]
        else:
            n = rng.randint(1, top)
            want = [f"{c}{n}" for c in rng.sample(colours, min(len(colours), rng.randint(3, 4)))]
            if len(want) < 3:
                continue
        if rng.random() < 0.3 and "J" in pool:
            want[rng.randrange(len(want))] = "J"
        if sum(map(len, table)) + len(want) > table_max or Counter(want) - Counter(pool):
            continue
        for t in want:
            pool.remove(t)
        table.append(sorted(want, key=lambda t: (t == "J", COLOURS.index(t[0]) if t != "J" else 0))
                     if want[0][1:] == want[-1][1:] else want)
    return table, pool[:rack_size]


def agree(table: list[list[str]], rack: list[str], *, initial: bool = False, locked: bool = False) -> None:
    as_laid = [check_set(s) for s in table]  # the engine's reading of each table set (kind, stands)
    pinned = [c.table_set for c in as_laid if locked and not initial and "J" in c.tiles]
    flat = [t for s in table for t in s if not (locked and not initial and "J" in s)]
    ref = best(flat, rack, initial=initial, locked=[(list(p.tiles), p.kind) for p in pinned if p])
    kinds = [c.table_set.kind if c.table_set else None for c in as_laid]
    for objective in ("tiles", "value"):
        play = solver.best_play(table, rack, objective=objective, initial=initial, kinds=kinds, locked=locked)
        if not ref:
            assert play is None, (table, rack, objective, play)
            continue
        assert play is not None, (table, rack, objective, ref)
        check_play(table, rack, play, initial=initial)
        if locked:  # RK8a as the table itself checks it
            new = [check_set(tiles, kind).table_set for tiles, kind in zip(play.sets, play.kinds)]
            assert all(new) and not broken_joker_sets(tuple(p for p in pinned if p), new), (table, rack, play)
        got = (play.tiles, play.value) if objective == "tiles" else (play.value, play.tiles)
        assert got == ref[objective], (table, rack, objective, got, ref)


@pytest.mark.parametrize("seed", range(240))
def test_agrees_with_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    table, rack = random_position(rng, 12, rng.randint(1, 7))
    agree(table, rack)


@pytest.mark.parametrize("seed", range(60))
def test_initial_agrees_with_brute_force(seed: int) -> None:
    rng = random.Random(1000 + seed)
    table, rack = random_position(rng, 9, rng.randint(3, 8))
    agree(table, rack, initial=True)


@pytest.mark.parametrize("seed", range(120))
def test_rk8a_locked_agrees_with_brute_force(seed: int) -> None:
    rng = random.Random(5000 + seed)
    table, rack = random_position(rng, 12, rng.randint(1, 7))
    agree(table, rack, locked=True)


@pytest.mark.parametrize(("table", "rack"), [
    ([["b7", "J", "b9"]], ["b8", "r1", "r2", "r3"]),  # the joker may not give way to b8
    ([["b7", "J", "b9"]], ["b6", "b10", "J"]),  # grown at both ends, the other joker too
    ([["b7", "J", "b9"]], ["b5", "b6", "b10", "b11", "b12"]),  # a long stretch stands apart
    ([["J", "J", "r5"]], ["r6", "r7", "r2"]),  # a run of two jokers read as r3 r4 r5
    ([["b5", "r5", "J"]], ["y5", "k5", "b6", "b7"]),  # a group of 3 takes one more
    ([["b5", "r5", "J"], ["k1", "J", "k3"]], ["y5", "k2", "k4", "k5"]),
    ([["r4", "r5", "r6", "J"], ["b7", "J", "b9"]], ["b8", "k2", "r3"]),
    ([["r1", "r2", "r3", "J"], ["r5", "r6", "r7"]], ["r4", "r8"]),
])
def test_rk8a_locked_traps(table: list[list[str]], rack: list[str]) -> None:
    agree(table, rack, locked=True)


@pytest.mark.parametrize(("table", "rack"), [
    ([["r4", "r5", "r6", "J"]], ["r7", "b1"]),  # redundant joker already on the table
    ([["r4", "r5", "r6", "J"]], ["b1"]),
    ([["r4", "r5", "r6", "J"], ["b7", "J", "b9"]], ["b8", "k2"]),  # both jokers freed
    ([["r4", "J", "J"]], ["r5", "r6"]),  # both jokers in one set
    ([["b5", "r5", "y5", "J"]], ["k5", "r6", "r7"]),  # joker in a group of 4
    ([["b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "b10", "b11", "b12", "b13"]], ["r1", "r2", "r3"]),
    ([["b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9"]], ["b10", "k3"]),  # long run re-joined
])
def test_traps(table: list[list[str]], rack: list[str]) -> None:
    agree(table, rack)


def test_long_run_rejoined_and_kept() -> None:
    long_run = [f"b{n}" for n in range(1, 10)]
    play = solver.best_play([long_run, ["r1", "r2", "r3"]], ["b10", "k3", "y3"])
    assert play is not None and play.laid == ["b10"] and play.kept == 1
    assert play.sets == [["r1", "r2", "r3"], [*long_run, "b10"]]
    play = solver.best_play([long_run, ["k5", "y5", "r5"]], ["k7", "k8", "k9"])
    assert play is not None and play.kept == 2 and play.sets[:2] == [long_run, ["r5", "y5", "k5"]]


def test_thirteen_run_and_none() -> None:
    full = [f"k{n}" for n in range(1, 14)]
    assert solver.best_play([full], ["r1"]) is None
    assert solver.best_play([full], ["k1"]) is None  # a 14th tile has nowhere to go
    play = solver.best_play([full], ["k1", "k2", "k3", "r5"])
    assert play is not None and play.tiles == 3 and play.kept == 1 and play.sets[0] == full


def test_initial_meld() -> None:
    table = [["r4", "r5", "r6", "J"]]
    assert solver.best_play(table, ["b1", "b2", "b3"], initial=True) is None  # 6 < 30
    play = solver.best_play(table, ["b10", "b11", "b12", "J", "r1"], initial=True, objective="value")
    assert play is not None and play.value == 46 and play.sets[0] == table[0] and play.kept == 1
    assert play.stands[1] == [None, None, None, "b13"]


def test_joker_value_and_layout() -> None:
    play = solver.best_play([], ["r11", "r12", "J"], initial=True, initial_min=0, objective="value")
    assert play is not None and play.value == 36 and play.sets == [["r11", "r12", "J"]]
    play = solver.best_play([], ["k13", "J", "J"], initial=True, initial_min=0, objective="value")
    assert play is not None and play.value == 39 and play.kinds == ["group"]
    assert play.stands == [[None, "b13", "r13"]]


def test_bad_input() -> None:
    with pytest.raises(ValueError):
        solver.best_play([], ["x1"])
    with pytest.raises(ValueError):
        solver.best_play([], ["r1"], objective="speed")
    assert solver.best_play([["r1", "r2", "r3"]], []) is None
