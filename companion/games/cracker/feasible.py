"""CR11: is there a deal that explains everything the table saw? An exact check as a small flow problem.

Each seat was dealt exactly ``DEAL`` cards; for each seat q and number v the dealt count d(q, v) lies in
[lb, ub] (from the public flow, a declared hand, an entered highest number); for each number the seats' dealt
copies plus the copies drawn from the deck never exceed the deck's copies. Subtracting the lower bounds leaves
a bipartite transport (seats -> numbers) with capacities; it is feasible when a maximum flow saturates every
seat. With 5 seats and 10 numbers this is a few hundred operations.
"""

from __future__ import annotations

from .state import DEAL, State

Bounds = list[list[tuple[int, int]]]  # per seat, per number: (lb, ub) on the dealt count


def bounds(state: State, *, hand: tuple[int, int] | None = None, hands: dict[int, tuple[int, ...]] | None = None,
           maxima: dict[int, int] | None = None) -> Bounds:
    """The bounds on each seat's deal: ``low`` always; a shown hand fixes the row (d = hand - net); an
    entered highest number m means no card above m and at least one m."""
    shown: dict[int, tuple[int, ...]] = dict(hands or {})
    if state.end is not None and state.end.seat is not None:
        shown.setdefault(state.end.seat, state.end.hand)
    tops: dict[int, int] = {i: m for i, m in enumerate(state.maxima) if m is not None}
    tops.update(maxima or {})
    out: Bounds = []
    for q in range(state.n):
        net, low = state.net[q], state.low[q]
        row = [(low[i], state.copies[i]) for i in range(10)]
        if q in shown:
            counts = [0] * 10
            for v in shown[q]:
                counts[v - 1] += 1
            row = [(max(lo, counts[i] - net[i]), min(hi, counts[i] - net[i])) for i, (lo, hi) in enumerate(row)]
        elif q in tops:
            m = tops[q]
            for i in range(10):
                lo, hi = row[i]
                if i + 1 > m:
                    row[i] = (lo, min(hi, -net[i]))
                elif i + 1 == m:
                    row[i] = (max(lo, 1 - net[i]), hi)
        out.append(row)
    return out


def feasible(state: State, rows: Bounds | None = None, drawn: tuple[int, ...] | None = None) -> bool:
    rows = bounds(state) if rows is None else rows
    drawn = state.drawn if drawn is None else drawn
    need = []
    for row in rows:
        if any(lo > hi or lo < 0 for lo, hi in row):
            return False
        rest = DEAL - sum(lo for lo, _ in row)
        if rest < 0:
            return False
        need.append(rest)
    room = []
    for i in range(10):
        rest = state.copies[i] - drawn[i] - sum(row[i][0] for row in rows)
        if rest < 0:
            return False
        room.append(rest)
    cap = [[hi - lo for lo, hi in row] for row in rows]
    return _max_flow(need, cap, room) == sum(need)


def _max_flow(need: list[int], cap: list[list[int]], room: list[int]) -> int:
    """Source -> seat (need) -> number (cap) -> sink (room), by augmenting paths (tiny graph)."""
    n, m = len(need), len(room)
    size = n + m + 2
    src, sink = n + m, n + m + 1
    graph = [[0] * size for _ in range(size)]
    for q in range(n):
        graph[src][q] = need[q]
        for i in range(m):
            graph[q][n + i] = cap[q][i]
    for i in range(m):
        graph[n + i][sink] = room[i]
    flow = 0
    while True:
        parent = [-1] * size
        parent[src] = src
        queue = [src]
        for u in queue:
            for w in range(size):
                if parent[w] < 0 and graph[u][w] > 0:
                    parent[w] = u
                    queue.append(w)
        if parent[sink] < 0:
            return flow
        push, w = 10**9, sink
        while w != src:
            push = min(push, graph[parent[w]][w])
            w = parent[w]
        w = sink
        while w != src:
            graph[parent[w]][w] -= push
            graph[w][parent[w]] += push
            w = parent[w]
        flow += push


def most_held(state: State, seat: int, number: int) -> int:
    """The most copies of ``number`` this seat can hold now (during play, where only ``low`` bounds the deal):
    0 means a pass of it is impossible. Exact by CR11's argument (one row raised, the others at ``low``)."""
    i = number - 1
    others = sum(state.low[q][i] for q in range(state.n) if q != seat)
    by_number = state.copies[i] - state.drawn[i] - others
    by_deal = DEAL - sum(lo for j, lo in enumerate(state.low[seat]) if j != i)
    return max(0, min(by_number, by_deal) + state.net[seat][i])


def in_deck_at_most(state: State, number: int) -> int:
    """The most copies of ``number`` the deck can still hold (for the draw picker): the copies no player is
    known to have been dealt, and never more than the cards in the deck (CR12: a 5-player deck holds 5).
    Exact during play, where only ``low`` bounds the deal (CR11): from any possible deal, a player's v above
    their ``low`` can be swapped with a deck card of another number until the deck is all v or no such v is
    left, so both bounds are reached."""
    i = number - 1
    unclaimed = state.copies[i] - state.drawn[i] - sum(state.low[q][i] for q in range(state.n))
    return max(0, min(state.deck, unclaimed))
