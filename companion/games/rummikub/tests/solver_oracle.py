"""Brute-force reference for the Rummikub solver: exact cover by depth-first search, independent of the solver.

On a ``joker_sets_locked`` table (RK8a) each set holding a joker stays whole and may only grow; the oracle
enumerates its growths of any length directly from the rule (the solver's model needs only 0–2 per side).

A set is valid when its tiles can be ordered as a run (one colour, consecutive numbers inside 1–13, jokers
filling gaps) or a group (one number, distinct colours, 3–4 tiles). Runs longer than 5 need not be searched:
any run splits into runs of 3–5 with the same joker numbers. Laid jokers are worth the best joker slots.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product

COLOURS = "bryk"


def parse(tile: str) -> tuple[str, int] | None:
    return None if tile == "J" else (tile[0], int(tile[1:]))


def joker_placements(tiles: list[str]) -> list[tuple[int, ...]]:
    """Every way the jokers of a multiset can stand (their numbers), or [] when it is no valid set."""
    real = [parse(t) for t in tiles if t != "J"]
    jokers = len(tiles) - len(real)
    out: list[tuple[int, ...]] = []
    if not real or len(tiles) < 3 or jokers > 2:
        return out
    nums = [n for _, n in real]
    if len({c for c, _ in real}) == 1 and len(set(nums)) == len(nums):
        for start in range(1, 15 - len(tiles)):
            span = set(range(start, start + len(tiles)))
            if set(nums) <= span:
                out.append(tuple(sorted(span - set(nums))))
    if len(tiles) <= 4 and len(set(nums)) == 1 and len({c for c, _ in real}) == len(real):
        out.append((nums[0],) * jokers)
    return out


def valid_ordered(tiles: list[str]) -> bool:
    """An ordered set as laid: ascending run (jokers at their positions) or group of distinct colours."""
    real = [(p, parse(t)) for p, t in enumerate(tiles) if t != "J"]
    if len(tiles) < 3 or not real:
        return False
    p0, (c0, n0) = real[0]
    start = n0 - p0
    if len(tiles) <= 13 and start >= 1 and start + len(tiles) - 1 <= 13 and all(
            c == c0 and n == start + p for p, (c, n) in real):
        return True
    cs = [c for _, (c, _) in real]
    return len(tiles) <= 4 and len({n for _, (_, n) in real}) == 1 and len(set(cs)) == len(cs)


def stand_numbers(tiles: list[str], kind: str) -> list[int]:
    """What each joker of a set lying on the table stands for: a run read in its order, a group its number."""
    p0, (_, n0) = next((p, parse(t)) for p, t in enumerate(tiles) if t != "J")
    if kind == "group":
        return [n0 for t in tiles if t == "J"]
    return [n0 - p0 + p for p, t in enumerate(tiles) if t == "J"]


def growths(tiles: list[str], kind: str, pool: Counter) -> list[tuple[Counter, list[int]]]:
    """RK8a read directly: every way a locked set may grow and stay whole — a run by any stretch of its colour
    at either end (real tiles or jokers), a group of 3 by a tile of a missing colour or a joker — as (tiles
    added, numbers the added jokers stand for), within ``pool``."""
    real = [parse(t) for t in tiles if t != "J"]
    out: list[tuple[Counter, list[int]]] = [(Counter(), [])]
    if kind == "group":
        if len(tiles) == 3:
            num = real[0][1]
            out += [(Counter([f"{c}{num}"]), []) for c in COLOURS
                    if c not in {col for col, _ in real} and pool[f"{c}{num}"]]
            if pool["J"] and tiles.count("J") < 2:
                out.append((Counter(["J"]), [num]))
        return out
    colour = real[0][0]
    p0, (_, n0) = next((p, parse(t)) for p, t in enumerate(tiles) if t != "J")
    lo, hi = n0 - p0, n0 - p0 + len(tiles) - 1
    for below in range(lo):
        for above in range(14 - hi):
            numbers = list(range(lo - below, lo)) + list(range(hi + 1, hi + 1 + above))
            for pattern in product((False, True), repeat=len(numbers)):
                added = Counter("J" if j else f"{colour}{n}" for j, n in zip(pattern, numbers))
                if numbers and not added - pool:
                    out.append((added, [n for j, n in zip(pattern, numbers) if j]))
    return out


def best(table: list[str], rack: list[str], *, initial: bool = False, initial_min: int = 30,
         locked: list[tuple[list[str], str]] = ()) -> dict[str, tuple]:
    """The best (tiles, value) and (value, tiles) over every legal play; {} when none exists. ``locked``: the
    sets of a joker_sets_locked table that hold a joker (their tiles are not in ``table``)."""
    pool = Counter(rack if initial else table + rack)
    need = Counter() if initial else Counter(table)
    rack_c = Counter(rack)
    results: set[tuple[int, int]] = set()
    fixed = [n for tiles, kind in locked for n in stand_numbers(tiles, kind)]

    def cover(pool: Counter, added: Counter, slots: list[int]) -> None:
        def finish(sets: list[list[str]]) -> None:
            used = Counter(t for s in sets for t in s) + added
            laid = used - need
            if (laid & rack_c) != laid or not laid:
                return
            real_value = sum(parse(t)[1] for t in laid.elements() if t != "J")
            joker_sets = [joker_placements(s) for s in sets if "J" in s]
            best_j = 0
            for combo in product(*joker_sets):
                ranked = sorted([v for c in combo for v in c] + slots, reverse=True)
                best_j = max(best_j, sum(ranked[: laid["J"]]))
            value = real_value + best_j
            if initial and value < initial_min:
                return
            results.add((sum(laid.values()), value))

        def dfs(rest: Counter, aside: Counter, sets: list[list[str]]) -> None:
            kinds = sorted((k for k in rest if rest[k] > 0), key=lambda k: (k == "J", k))
            if not kinds:
                finish(sets)
                return
            k = kinds[0]
            if aside[k] < rack_c[k]:  # the rack may keep this copy back; table copies must be covered
                dfs(rest - Counter([k]), aside + Counter([k]), sets)
            if k == "J":
                return  # jokers alone never make a set; a joker is covered together with a real tile
            c, n = parse(k)
            partners = [t for t in rest.elements() if t == "J" or parse(t)[0] == c or parse(t)[1] == n]
            partners.remove(k)
            seen: set[tuple[str, ...]] = set()
            for size in (2, 3, 4):
                for combo in combinations(partners, size):
                    key = tuple(sorted(combo))
                    if key in seen:
                        continue
                    seen.add(key)
                    s = [k, *key]
                    if joker_placements(s):
                        dfs(rest - Counter(s), aside, sets + [s])

        dfs(pool, Counter(), [])

    # every combination of the locked sets' growths, the rest covered freely
    options = [growths(tiles, kind, pool) for tiles, kind in locked]
    for combo in product(*options):
        added = sum((a for a, _ in combo), Counter())
        if added - pool:
            continue
        # a table tile used to grow a locked set still counts as covered; the rack pays for the rest
        cover(pool - added, added, fixed + [n for _, js in combo for n in js])
    if not results:
        return {}
    return {"tiles": max(results), "value": max((v, t) for t, v in results)}
