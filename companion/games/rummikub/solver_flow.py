"""The new sets of a play as few integer variables: runs as flows along each colour, groups per number, and
jokers as fills of single places (colour, number). Pure: columns for ``solver._Model`` and their reading.

Runs: ``s[c, n]`` runs of colour c start at n, ``p[c, n]`` runs hold both n and n+1; the runs holding n are
``s[c, n] + p[c, n-1]``. Two rows per place make these exactly the multisets of runs of 3 or more:
``p[c, n] ≤ s[c, n] + p[c, n-1]`` (only runs that hold n go on) and ``s[c, n] + s[c, n-1] ≤ p[c, n]`` (a run
started at n or n-1 goes on past n). Unlike a column per run (den Hertog & Hulshof's 3–5 tile runs), a long
run has one reading, so the search meets no copies of the same table. Groups: ``g[n, S]`` for the colour
sets S of 3 or 4. A joker fills a place of a run or group: ``j[c, n]``, worth n, at most the places there.

Each place (colour, number) has a row: the places filled there, minus joker fills, plus what other columns
(old sets kept, locked sets' extensions) use of that tile, equals the table's copies plus those laid. Every
set keeps a real tile: sets have 3 or more places and there are only two jokers.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Protocol

from .solver_sets import JK, Layout, group_layout, number, run_layout

GROUP_COLOURS = ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3), (0, 1, 2, 3))
INF = float("inf")


class Model(Protocol):
    def row(self, lo: float, hi: float) -> int: ...
    def col(self, cost: float, lo: float, hi: float, integer: bool, entries: list[tuple[int, float]]) -> int: ...


@dataclass
class Flow:
    """The columns of the new sets and the rows they share with the rest of the model."""

    place_row: dict[int, int]  # tile kind -> its row (table copies + laid = places filled - fills + others)
    fill_row: dict[int, int] = field(default_factory=dict)  # kind -> row: joker fills ≤ places there
    starts: dict[tuple[int, int], int] = field(default_factory=dict)
    links: dict[tuple[int, int], int] = field(default_factory=dict)
    groups: dict[tuple[int, tuple[int, ...]], int] = field(default_factory=dict)
    fills: dict[int, int] = field(default_factory=dict)


def add_flow(m: Model, table: list[int], avail: list[int], joker_row: int, slot_rows: dict[int, int],
             value_row: int, w_val: int) -> Flow:
    """Rows and columns of the new sets. ``table``/``avail``: copies per kind on the table (to cover exactly)
    and in all; ``slot_rows``: per number, the row of joker slots the laid jokers may claim (none: jokers'
    places are worth nothing); ``value_row`` (≥ 0: a first meld) counts every joker where it stands."""
    jokers = avail[JK]
    room = [avail[k] + (jokers if _near_real(k, avail) else 0) for k in range(JK)]  # sets that may hold place k
    flow = Flow({k: m.row(table[k], table[k]) for k in range(JK) if room[k]})
    if jokers:
        flow.fill_row = {k: m.row(-INF, 0) for k in flow.place_row}

    def place(k: int) -> list[tuple[int, float]]:
        return [(flow.place_row[k], 1.0)] + ([(flow.fill_row[k], -1.0)] if jokers else [])

    for c in range(4):
        kinds = [13 * c + n - 1 for n in range(1, 14)]
        if not any(room[k] for k in kinds):
            continue
        go_on = _Rows(m)  # p[n] - s[n] - p[n-1] ≤ 0
        length = _Rows(m)  # s[n] + s[n-1] - p[n] ≤ 0
        for n in range(1, 12):
            held = kinds[n - 1:n + 2]
            if all(room[k] for k in held) and any(avail[k] for k in held):  # two jokers make no run alone
                entries = place(held[0]) + [(go_on[n], -1.0), (length[n], 1.0), (length[n + 1], 1.0)]
                flow.starts[c, n] = m.col(0.0, 0, min(room[k] for k in held), True, entries)
        for n in range(1, 13):
            a, b = kinds[n - 1], kinds[n]
            if room[a] and room[b]:
                entries = place(b) + [(go_on[n], 1.0), (length[n], -1.0)]
                if n < 12:
                    entries.append((go_on[n + 1], -1.0))
                flow.links[c, n] = m.col(0.0, 0, min(room[a], room[b]), True, entries)
    for n in range(1, 14):
        for colours in GROUP_COLOURS:
            kinds = [13 * c + n - 1 for c in colours]
            if all(room[k] for k in kinds) and any(avail[k] for k in kinds):
                flow.groups[n, colours] = m.col(0.0, 0, min(2, *(room[k] for k in kinds)), True,
                                                [e for k in kinds for e in place(k)])
    for k in flow.fill_row:
        v = number(k)
        entries = [(flow.place_row[k], -1.0), (flow.fill_row[k], 1.0), (joker_row, 1.0)]
        cost = 0.0
        if v in slot_rows:
            entries.append((slot_rows[v], -1.0))
        if value_row >= 0:
            entries.append((value_row, float(v)))
            cost = float(w_val * v)
        flow.fills[k] = m.col(cost, 0, min(2, jokers), True, entries)
    return flow


class _Rows(dict[int, int]):
    """Rows "≤ 0" made when a column first needs them (a rack alone leaves most of them empty)."""

    def __init__(self, m: Model) -> None:
        super().__init__()
        self.m = m

    def __missing__(self, n: int) -> int:
        self[n] = self.m.row(-INF, 0)
        return self[n]


def _near_real(k: int, avail: list[int]) -> bool:
    """Whether a joker may fill place k: its set needs a real tile, and with two jokers at most, a run's is at
    most two places away along the colour, a group's is the same number in another colour."""
    c, n = divmod(k, 13)
    along = [13 * c + m for m in range(max(0, n - 2), min(13, n + 3)) if m != n]
    across = [13 * d + n for d in range(4) if d != c]
    return any(avail[j] for j in along + across)


def read_flow(flow: Flow, count: dict[int, int]) -> list[Layout]:
    """The new sets of a solution (``count``: column -> its value): runs per colour, groups, jokers placed."""
    def of(col: int | None) -> int:
        return 0 if col is None else count.get(col, 0)

    spans: list[list[int]] = []  # [colour, start, length]
    for c in range(4):
        holding: list[list[int]] = []
        for n in range(1, 14):
            on = of(flow.links.get((c, n - 1)))
            holding.sort(key=lambda run: run[2] >= 3)  # runs shorter than 3 must go on
            spans += holding[on:]
            holding = holding[:on]
            for run in holding:
                run[2] += 1
            holding += [[c, n, 1] for _ in range(of(flow.starts.get((c, n))))]
        spans += holding
    fills = Counter({k: of(col) for k, col in flow.fills.items()})
    sets = []
    for c, start, size in spans:
        jokers = []
        for p in range(size):
            k = 13 * c + start + p - 1
            if fills[k]:
                fills[k] -= 1
                jokers.append(p)
        sets.append(run_layout(c, start, frozenset(jokers), size))
    for (n, colours), col in flow.groups.items():
        for _ in range(of(col)):
            real = []
            for c in colours:
                if fills[13 * c + n - 1]:
                    fills[13 * c + n - 1] -= 1
                else:
                    real.append(c)
            sets.append(group_layout(n, tuple(real), len(colours) - len(real)))
    return sets
