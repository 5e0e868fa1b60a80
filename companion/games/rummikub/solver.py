"""The best play of a Rummikub position, exactly, by integer linear programming (pure: no I/O, deterministic).

The model: the new table is the old sets kept as they lie plus new sets, and it must hold every table tile
and the tiles laid from the rack, y_i ∈ {0..r_i} of each kind i. The new sets are runs as flows along each
colour, groups per number and jokers as fills of single places (solver_flow: about 250 integer variables,
where a column per possible set — den Hertog & Hulshof, 2006, 1,173 sets of 3–5 tiles — gave every long run
several readings). What makes it fast (benchmarks/bench_rummikub_solver.py has the figures):

* the old table's own sets are extra columns worth a "kept" bonus, so one weighted objective,
  tiles·W_T + value·W_V + kept (weights larger than the range of what follows: provably lexicographic), gives
  the best play that changes the table least; an absolute gap below 1 on this integral objective is optimal;
* on a table with ``joker_sets_locked`` (RK8a) the old sets holding a joker are fixed blocks with a few
  extension columns each (solver_blocks): exact, and smaller than the free model;
* HiGHS's options below, chosen by measurement; the model goes to HiGHS as column-wise arrays.

A laid joker is worth the number it stands for; jokers being alike, the player's own jokers take the best
joker slots of the new table: per number v, u_v ≤ the slots worth v, Σ u_v = the jokers laid.

Why HiGHS through ``highspy``: a single small wheel (Linux, macOS, Windows) and the fastest open MIP solver
here; ``scipy.optimize.milp`` wraps the same HiGHS but pulls in all of SciPy (~35 MB) and converts the model
on every call; cvxpy (as used by PyPI ``rummikub-solver``) needs Python ≥ 3.11 and a modelling layer that
costs more than the solve. On Termux no highspy wheel exists: the import is lazy and ``available()`` says
whether the assistant can run, so the app still runs without it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .solver_blocks import Extension, extend, extensions
from .solver_flow import add_flow, read_flow
from .solver_sets import JK, JOKER, KINDS, Layout, interpret, join_runs, kind_of, number, set_order, tile_of

OBJECTIVES = ("tiles", "value")
# HiGHS options, chosen by measurement (benchmarks/bench_rummikub_solver.py, same optima throughout): its
# presolve spends up to seconds probing this model for nothing, and so do its feasibility-jump and
# root-reduced-cost heuristics; a smaller cut pool (150 rows, default 10,000) keeps the root's rounds of cuts
# short (p95 for a 25-tile rack about 30 % lower). The objective is integral, so an absolute gap below 1 proves
# optimality. One thread: HiGHS's scheduler is process-wide, and every Highs here must ask for the same.
_OPTIONS: dict[str, Any] = {"output_flag": False, "threads": 1, "random_seed": 0, "presolve": "off",
                            "mip_heuristic_run_feasibility_jump": False,
                            "mip_heuristic_run_root_reduced_cost": False, "mip_pool_soft_limit": 150,
                            "mip_rel_gap": 0.0, "mip_abs_gap": 0.999}
INF = float("inf")


def available() -> bool:
    """Whether the MIP solver (highspy) can be imported here."""
    try:
        import highspy  # noqa: F401
    except ImportError:
        return False
    return True


@dataclass(frozen=True)
class Play:
    """The new table (``sets`` with ``kinds`` and each joker's stand-in in ``stands``: a tile, also in a group)
    and what was laid. The assistant turns it into the table's own play action."""

    sets: list[list[str]]
    kinds: list[str]
    stands: list[list[str | None]]
    laid: list[str]
    tiles: int
    value: int
    kept: int
    optimal: bool = field(default=True, compare=False)  # False only when time_limit cut the search short


@dataclass
class _Model:
    """Column-wise MIP being assembled: columns with cost, bounds, integrality and (row, coef) entries."""

    cost: list[float] = field(default_factory=list)
    lo: list[float] = field(default_factory=list)
    hi: list[float] = field(default_factory=list)
    integer: list[bool] = field(default_factory=list)
    entries: list[list[tuple[int, float]]] = field(default_factory=list)
    row_lo: list[float] = field(default_factory=list)
    row_hi: list[float] = field(default_factory=list)

    def row(self, lo: float, hi: float) -> int:
        self.row_lo.append(lo)
        self.row_hi.append(hi)
        return len(self.row_lo) - 1

    def col(self, cost: float, lo: float, hi: float, integer: bool, entries: list[tuple[int, float]]) -> int:
        self.cost.append(cost)
        self.lo.append(lo)
        self.hi.append(hi)
        self.integer.append(integer)
        self.entries.append(entries)
        return len(self.cost) - 1

    def solve(self, time_limit: float) -> tuple[list[float] | None, bool]:
        import highspy

        lp = highspy.HighsLp()
        lp.num_col_, lp.num_row_ = len(self.cost), len(self.row_lo)
        lp.col_cost_, lp.col_lower_, lp.col_upper_ = self.cost, self.lo, self.hi
        lp.row_lower_, lp.row_upper_ = self.row_lo, self.row_hi
        lp.sense_ = highspy.ObjSense.kMaximize
        starts, index, value = [0], [], []
        for entries in self.entries:
            for r, v in entries:
                index.append(r)
                value.append(v)
            starts.append(len(index))
        lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
        lp.a_matrix_.start_, lp.a_matrix_.index_, lp.a_matrix_.value_ = starts, index, value
        lp.a_matrix_.num_col_, lp.a_matrix_.num_row_ = lp.num_col_, lp.num_row_
        integer, continuous = highspy.HighsVarType.kInteger, highspy.HighsVarType.kContinuous
        lp.integrality_ = [integer if i else continuous for i in self.integer]
        h = highspy.Highs()
        for name, val in _OPTIONS.items():
            h.setOptionValue(name, val)
        h.setOptionValue("time_limit", time_limit)
        h.passModel(lp)
        h.run()
        status = h.getModelStatus()
        if status == highspy.HighsModelStatus.kOptimal:
            return list(h.getSolution().col_value), True
        if h.getInfo().primal_solution_status == 2:  # time limit with a feasible incumbent
            return list(h.getSolution().col_value), False
        return None, False


def _counts(tiles: list[str]) -> list[int]:
    c = [0] * KINDS
    for t in tiles:
        c[kind_of(t)] += 1
    return c


def best_play(table: list[list[str]], rack: list[str], *, objective: str = "tiles", initial: bool = False,
              initial_min: int = 30, kinds: list[str | None] | None = None, locked: bool = False,
              time_limit: float = 5.0) -> Play | None:
    """The best legal play (most rack tiles, or most value; ties: the other, then most old sets kept), or
    None when the player must draw. ``kinds``: each table set's kind as it lies (settles J J r5; read from
    the tiles when None). ``initial``: the first meld, new sets of rack tiles only worth ``initial_min`` or
    more, table untouched. ``locked``: RK8a, a set holding a joker may only be extended (solver_blocks)."""
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {OBJECTIVES}")
    r = _counts(rack)
    if sum(r) == 0:
        return None
    old = [interpret(list(s), k) for s, k in zip(table, kinds or [None] * len(table))]
    pinned = locked and not initial
    blocks = [o for o in old if pinned and o is not None and JOKER in o.tiles]
    loose = [o for o in old if o is not None and not (pinned and JOKER in o.tiles)]
    t = [0] * KINDS if initial else _counts([x for s in table for x in s])
    for b in blocks:  # a locked set's own tiles never move: they are no part of the cover
        for x in b.tiles:
            t[kind_of(x)] -= 1
    avail = [a + b for a, b in zip(t, r)]
    old_keys = Counter(_identity(o) for o in old if o is not None)

    # weights: each term outranks everything after it (kept ≤ K, value ≤ V, tiles ≤ N)
    n_max, v_max, k_max = sum(r), sum(number(i) * r[i] for i in range(JK)) + 13 * r[JK], sum(old_keys.values())
    w_kept = 0 if initial else 1
    if objective == "tiles":
        w_val = k_max + 1
        w_tiles = (v_max + 1) * (k_max + 1)
    else:
        w_tiles = k_max + 1
        w_val = (n_max + 1) * w_tiles

    m = _Model()
    joker_row = m.row(t[JK], t[JK]) if avail[JK] else -1
    value_row = m.row(initial_min, INF) if initial else -1
    claims = bool(r[JK]) and not initial
    # the laid jokers claim joker slots: those of the sets laid here, and the fixed slots of locked sets
    fixed_slots = Counter(v for b in blocks for v in b.joker_values())
    slot_rows = {v: m.row(-INF, fixed_slots[v]) for v in range(1, 14)} if claims else {}
    flow = add_flow(m, t, avail, joker_row, slot_rows, value_row, w_val)
    rows = flow.place_row

    def uses(tiles: list[int], jokers: tuple[int, ...]) -> list[tuple[int, float]]:
        """A fixed set's entries: its real tiles, its jokers and the slots they offer."""
        entries = [(rows[k], float(c)) for k, c in Counter(tiles).items()]
        if jokers:
            entries.append((joker_row, float(len(jokers))))
            entries += [(slot_rows[v], -float(c)) for v, c in Counter(jokers).items() if slot_rows]
        return entries

    # the old sets as they lie (locked ones apart), each copy kept worth w_kept
    x_cols: list[tuple[Layout, int]] = []
    if not initial:
        for o in {_identity(o): o for o in loose}.values():
            need = Counter(kind_of(x) for x in o.tiles)
            ub = min(old_keys[_identity(o)], *(avail[k] // c for k, c in need.items()))
            if ub:
                real = [kind_of(x) for x in o.tiles if x != JOKER]
                x_cols.append((o, m.col(float(w_kept), 0, ub, True, uses(real, o.joker_values()))))
    ext_cols = _block_columns(m, blocks, avail, uses, w_kept)
    laid_row = -1 if initial else m.row(1, INF)
    y_cols: dict[int, int] = {}
    for i in range(KINDS):
        if r[i]:
            val = number(i) if i != JK else 0
            entries = [(rows[i] if i != JK else joker_row, -1.0)] + ([] if initial else [(laid_row, 1.0)])
            if initial and val:
                entries.append((value_row, float(val)))
            y_cols[i] = m.col(float(w_tiles + w_val * val), 0, r[i], True, entries)
    if slot_rows:  # the laid jokers claim the best joker slots: Σ u_v = y_J, u_v ≤ slots worth v
        sum_row = m.row(0, 0)
        m.entries[y_cols[JK]].append((sum_row, -1.0))
        for v, row in slot_rows.items():
            m.col(float(w_val * v), 0, 2, False, [(row, 1.0), (sum_row, 1.0)])

    sol, optimal = m.solve(time_limit)
    if sol is None:
        return None
    count = {c: round(v) for c, v in enumerate(sol) if round(v)}
    laid = {i: count.get(c, 0) for i, c in y_cols.items()}
    if sum(laid.values()) == 0:
        return None
    grown: dict[int, list[Extension]] = {}
    for which, ext, c in ext_cols:
        if count.get(c):
            grown.setdefault(which, []).append(ext)
    kept = [o for o, c in x_cols for _ in range(count.get(c, 0))]
    placed = [(b, extend(b, grown.get(i, []))) for i, b in enumerate(blocks)]
    return _layout_play(table, old, kept, read_flow(flow, count), placed, laid, initial, optimal)


Uses = Callable[[list[int], tuple[int, ...]], list[tuple[int, float]]]


def _block_columns(m: _Model, blocks: list[Layout], avail: list[int], uses: Uses,
                   w_kept: int) -> list[tuple[int, Extension, int]]:
    """RK8a: per locked set, its extensions (at most one per side) and a "changed" variable that costs the
    kept bonus once, however many sides grow."""
    cols = []
    for i, block in enumerate(blocks):
        exts = extensions(block, avail)
        if not exts:
            continue
        changed = m.col(-float(w_kept), 0, 1, True, [])
        side_rows: dict[str, int] = {}
        for ext in exts:
            if ext.side not in side_rows:  # Σ extensions on this side ≤ changed
                side_rows[ext.side] = m.row(-INF, 0)
                m.entries[changed].append((side_rows[ext.side], -1.0))
            entries = uses(list(ext.real), ext.jokers) + [(side_rows[ext.side], 1.0)]
            cols.append((i, ext, m.col(0.0, 0, 1, True, entries)))
    return cols


def _identity(layout: Layout) -> tuple[tuple[str, ...], str]:
    """What makes a set "the same set" on the table: its tiles in order and its kind (RK5d)."""
    return layout.tiles, layout.kind


def _layout_play(table: list[list[str]], old: list[Layout | None], kept: list[Layout], made: list[Layout],
                 placed: list[tuple[Layout, Layout]], laid: dict[int, int], initial: bool, optimal: bool) -> Play:
    """The new table: kept sets in their old order, then the new ones (runs that connect joined, runs by colour
    and start, then groups). ``placed``: each locked set and what it became (itself when it did not grow)."""
    new = join_runs(made + [now for b, now in placed if now != b])
    if initial:
        first = [o or Layout("run", tuple(s), (None,) * len(s)) for o, s in zip(old, table)]
    else:
        left = Counter(_identity(s) for s in kept + [b for b, now in placed if now == b])
        first = []
        for o in old:  # kept sets in their old places
            if o is not None and left[_identity(o)] > 0:
                left[_identity(o)] -= 1
                first.append(o)
    new.sort(key=set_order)
    sets = first + new
    laid_kinds = sorted((k for k, c in laid.items() for _ in range(c)), key=lambda k: (k == JK, k))
    # the player's jokers take the best joker slots (initial: only the new sets hold them)
    slots = sorted((v for s in (new if initial else sets) for v in s.joker_values()), reverse=True)
    value = sum(number(k) for k in laid_kinds if k != JK) + sum(slots[:laid.get(JK, 0)])
    old_keys = Counter(_identity(o) for o in old if o is not None)
    n_kept = len(table) if initial else sum((Counter(_identity(s) for s in sets) & old_keys).values())
    return Play(sets=[list(s.tiles) for s in sets], kinds=[s.kind for s in sets], stands=[list(s.stands) for s in sets],
                laid=[tile_of(k) for k in laid_kinds], tiles=len(laid_kinds), value=value, kept=n_kept,
                optimal=optimal)
