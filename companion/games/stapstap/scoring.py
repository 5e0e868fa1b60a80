"""ST14 and ST16: the score of one game, the two-game total, the winners, and the plays record's scores."""

from __future__ import annotations

from .state import State, Step


def game_scores(state: State) -> tuple[int, ...]:
    """ST14: points for each card die by the table, the full-cards bonus, the triple bonus, 0 when out."""
    out: list[int] = []
    for p in state.players:
        if p.out:  # ST14d
            out.append(0)
            continue
        score = sum(state.points[s.card - 1][s.face - 1] for s in p.slots if s.face is not None)  # ST14a
        if p.full:
            score += 5 * p.dice + p.coins  # ST14b
            if len({s.face for s in p.slots}) == 1:
                score += 25  # ST14c
        out.append(score)
    return tuple(out)


def breakdown(state: State, seat: int) -> dict[str, int]:
    """The parts of one player's running score (for the pages)."""
    p = state.players[seat]
    cards = sum(state.points[s.card - 1][s.face - 1] for s in p.slots if s.face is not None)
    leftover = 5 * p.dice + p.coins if p.full else 0
    triple = 25 if p.full and len({s.face for s in p.slots}) == 1 else 0
    return {"cards": 0 if p.out else cards, "leftover": 0 if p.out else leftover,
            "triple": 0 if p.out else triple}


def totals(state: State) -> tuple[int, ...]:
    """ST16: the sum of the finished games (the running game is not included)."""
    return tuple(sum(g[i] for g in state.scores) for i in range(state.n))


def winners(state: State) -> tuple[int, ...]:
    """ST16a: every seat with the highest two-game total."""
    if not state.over:
        return ()
    t = totals(state)
    best = max(t)
    return tuple(i for i, x in enumerate(t) if x == best)


def ranking(state: State) -> tuple[int, ...]:
    """Seats by two-game total, best first (ties in seat order)."""
    t = totals(state)
    return tuple(sorted(range(state.n), key=lambda i: (-t[i], i)))


def scores(state: State) -> tuple[int, ...]:
    """The plays record: the two-game total so far, the running game included while it is played."""
    done = totals(state)
    if state.step in (Step.SETUP, Step.SCORED, Step.OVER):
        return done
    return tuple(a + b for a, b in zip(done, game_scores(state), strict=True))
