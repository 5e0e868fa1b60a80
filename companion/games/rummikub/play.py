"""RK6–RK8: a proposed new table against the old one, and the draft report the phone's editor shows live.

``examine`` lists every problem in the order ``apply`` checks them: the first is the refusal, the report
shows them all. The companion never sees a rack, so "added" means "new table minus old table".
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from .action_fields import SetSpec, parse_table
from .errors import RummikubError
from .sets import SetCheck, TableSet, check_set
from .state import Phase, State
from .tiles import JOKER, number, over_supply, sorted_tiles


@dataclass(frozen=True)
class Examination:
    checks: tuple[SetCheck, ...]
    errors: tuple[RummikubError, ...]  # in checking order; empty when the play is legal
    added: tuple[str, ...]
    removed: tuple[str, ...]
    rack: int
    initial: bool
    initial_sum: int | None

    @property
    def table(self) -> tuple[TableSet, ...]:
        return tuple(c.table_set for c in self.checks if c.table_set is not None)


def set_error(index: int, check: SetCheck) -> RummikubError:
    params: dict[str, Any] = {"set": index, "tiles": list(check.tiles)}
    if check.numbers:
        params["numbers"] = list(check.numbers)
    return RummikubError(check.code or "not_a_set", **params)


def examine(state: State, specs: tuple[SetSpec, ...]) -> Examination:
    errors: list[RummikubError] = []
    if state.phase == Phase.OVER:  # a question, not an action: the platform's checks do not run for it
        errors.append(RummikubError("game_over"))
    elif state.phase != Phase.PLAY:
        errors.append(RummikubError("round_over"))
    seat = state.active
    rack = 0 if seat is None else state.racks[seat]
    new_tiles = [t for tiles, _ in specs for t in tiles]
    errors += [RummikubError("tile_not_in_supply", tile=t, count=c) for t, c in over_supply(new_tiles)]
    # a set sent back exactly as it lies (same tiles, same order) keeps its kind: J J r5 stays a group
    kinds = {s.tiles: s.kind for s in state.table}
    checks = tuple(check_set(tiles, kind or kinds.get(tiles)) for tiles, kind in specs)
    errors += [set_error(i, c) for i, c in enumerate(checks, 1) if not c.valid]
    old, new = Counter(state.table_tiles), Counter(new_tiles)
    removed = tuple(sorted_tiles((old - new).elements()))
    added = tuple(sorted_tiles((new - old).elements()))
    if removed:
        errors.append(RummikubError("table_tile_removed", tiles=list(removed)))
    if not added:
        errors.append(RummikubError("no_rack_tile"))
    elif len(added) > rack:
        errors.append(RummikubError("rack_count_exceeded", added=len(added), rack=rack,
                                    player_name=_name(state, seat)))
    initial = seat is not None and not state.melded[seat]
    initial_sum = None
    valid = [c.table_set for c in checks if c.table_set is not None]
    if initial:
        kept = Counter(valid) & Counter(state.table)
        if kept != Counter(state.table):
            errors.append(RummikubError("initial_meld_uses_table"))
        # the new sets are every set but those kept; their sum is the sum of the values the report shows
        # (a set still invalid counts its real tiles), so the draft's figures always add up
        left = Counter(kept)
        initial_sum = 0
        for c in checks:
            if c.table_set is not None and left[c.table_set] > 0:
                left[c.table_set] -= 1
            else:
                initial_sum += c.value
        minimum = int(state.option("initial_meld_min"))
        if initial_sum < minimum:
            errors.append(RummikubError("initial_meld_too_low", total=initial_sum, minimum=minimum))
    if state.option("joker_sets_locked"):
        errors += [RummikubError("joker_set_broken", tiles=list(s.tiles)) for s in broken_joker_sets(state.table,
                                                                                                   valid)]
    return Examination(checks, tuple(errors), added, removed, rack, initial, initial_sum)


def _name(state: State, seat: int | None) -> str:
    return "?" if seat is None else state.names[seat]


def broken_joker_sets(old: tuple[TableSet, ...], new: list[TableSet]) -> list[TableSet]:
    """RK8 option: every old set holding a joker must lie whole in one new set — a run as an unbroken stretch
    with the same stand-ins, a group inside a group of the same number — each new tile used by one old set.
    The best assignment is searched (there are at most two such sets: two jokers), so the order of the sets
    on the new table never matters; the broken ones are those it leaves out."""
    locked = [o for o in old if JOKER in o.tiles]
    options = [[*_placements(o, new), None] for o in locked]
    best: tuple[int, ...] = ()
    best_placed = -1
    for pick in product(*(range(len(opts)) for opts in options)):
        spots = [options[i][p] for i, p in enumerate(pick)]
        taken = [spot for spot in spots if spot is not None]
        if any(a[0] == b[0] and a[1] & b[1] for a, b in combinations(taken, 2)):  # a tile used twice
            continue
        if len(taken) > best_placed:
            best, best_placed = pick, len(taken)
    return [o for o, i, opts in zip(locked, best, options) if opts[i] is None]


def _placements(old: TableSet, new: list[TableSet]) -> list[tuple[int, frozenset[int]]]:
    """Where ``old`` lies whole in the new table: (index of the new set, the places it takes there)."""
    out = []
    width = len(old.tiles)
    for i, s in enumerate(new):
        if s.kind != old.kind:
            continue
        if old.kind == "run":
            out += [(i, frozenset(range(k, k + width))) for k in range(len(s.tiles) - width + 1)
                    if s.tiles[k:k + width] == old.tiles and s.stands[k:k + width] == old.stands]
        elif _group_number(old) == _group_number(s) and not Counter(old.tiles) - Counter(s.tiles):
            out.append((i, frozenset(range(len(s.tiles)))))  # a group of 4 never holds two old groups
    return out


def _group_number(group: TableSet) -> int:
    return next(number(t) for t in group.tiles if t != JOKER)


def check_play(state: State, table_json: Any, lang: str = "en") -> dict[str, Any]:
    """The draft report: every problem of a proposed table, per set and as a whole. Raises only for garbage
    (400); ``legal`` is true exactly when ``apply`` would accept the play. Each refusal is said in ``lang``
    (``message``) and, as every refusal of the API, in English and Japanese."""
    exam = examine(state, parse_table(table_json))
    first = exam.errors[0] if exam.errors else None
    sets = []
    for i, c in enumerate(exam.checks, 1):
        err = None if c.valid else set_error(i, c)
        ts = c.table_set
        sets.append({"index": i, "tiles": list(c.tiles), "valid": c.valid, "kind": ts.kind if ts else None,
                     "stands": list(ts.stands) if ts else [None] * len(c.tiles), "value": c.value,
                     "error": err.code if err else None, "message": err.message(lang) if err else None,
                     "message_en": err.message("en") if err else None,
                     "message_ja": err.message("ja") if err else None})
    legal = first is None
    return {"legal": legal, "error": first.code if first else None,
            "message": first.message(lang) if first else None,
            "message_en": first.message("en") if first else None,
            "message_ja": first.message("ja") if first else None,
            "errors": [e.code for e in exam.errors], "sets": sets, "added": list(exam.added),
            "added_count": len(exam.added), "rack": exam.rack, "removed": list(exam.removed),
            "keeps_table": not exam.removed, "initial": exam.initial, "initial_sum": exam.initial_sum,
            "initial_min": int(state.option("initial_meld_min")), "goes_out": legal and len(exam.added) == exam.rack}
