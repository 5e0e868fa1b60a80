"""Action parsing benchmark: what reading an action costs, per call, for the games on the declarative contract
(Laminate, Rummikub, The Pairs, Pyramid) — a JSON action parsed (the API, and every logged action on replay), an
action written back to JSON (the log), and a posted form read into an action (the pages).

Each figure is the median over ``--repeat`` rounds of the mean time per call within one round
(``time.perf_counter``). No goals are asserted: this prints figures to compare between commits.

    python benchmarks/bench_parse.py [--repeat 15] [--calls 5000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from werkzeug.datastructures import MultiDict  # noqa: E402

from companion import games  # noqa: E402

# (game id, players, JSON action, the form a page posts for it)
CASES: list[tuple[str, tuple[str, ...], dict[str, Any], dict[str, str]]] = [
    ("the-pairs", ("A", "B", "C"), {"type": "play", "card": 7, "to": "a"},
     {"type": "play", "to": "a", "card": "7"}),
    ("the-pairs", ("A", "B", "C"), {"type": "draw", "from": "deck", "player": 0},
     {"type": "draw", "from": "deck"}),
    ("the-pairs", ("A", "B", "C"), {"type": "stuck", "hand": [8, 8, 10, 10]},
     {"type": "stuck", "hand": "8 8 10 10"}),
    ("laminate", ("A", "B", "C"), {"type": "research", "from": "deck"}, {"type": "research", "from": "deck"}),
    ("laminate", ("A", "B", "C"), {"type": "publish", "paper": "kind3", "cards": ["heart-7", "book-7", "coin-7"],
                                   "cite": []},
     {"type": "publish", "paper": "kind3", "cards": ["heart-7", "book-7", "coin-7"]}),
    ("laminate", ("A", "B", "C"), {"type": "review", "paper": 1, "card": "coin-7"},
     {"type": "review", "paper": "1", "card": "coin-7"}),
    ("rummikub", ("A", "B", "C"), {"type": "draw", "player": 0}, {"type": "draw"}),
    ("rummikub", ("A", "B", "C"), {"type": "play", "table": [["r9", "J", "r11"], ["b10", "r10", "k10"],
                                                           {"tiles": ["J", "J", "b5"], "kind": "group"}]},
     {"type": "play", "table": "r9 J r11\nb10 r10 k10\nJ J b5 group"}),
    ("rummikub", ("A", "B", "C"), {"type": "rack", "seat": 1, "tiles": ["r5", "J", "k13"]},
     {"type": "rack", "seat": "1", "tiles": "r5 J k13"}),
    ("pyramid", ("A", "B"), {"type": "turn", "card": 7}, {"type": "turn", "card": "7"}),
    ("pyramid", ("A", "B"), {"type": "place", "card": 3, "row": 2, "x": -1},
     {"type": "place", "card": "3", "slot": "2:-1"}),
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


def readers(game: Any, players: tuple[str, ...]) -> tuple[Callable[..., Any], Callable[..., Any],
                                                            Callable[..., Any]]:
    """(parse JSON, dump, read a form) for this game, through whatever interface this checkout has."""
    state = game.new_game(players, 0, {})
    if getattr(game, "actions", None) is not None:  # the declarative contract
        from companion.games.fields import Context

        ctx = Context(state, len(players), {})
        return (lambda raw: game.parse(raw, ctx), game.dump,
                lambda form: game.read_form({key: form.getlist(key) for key in form}, ctx))  # as the page does
    ui = game.ui() if callable(game.ui) else game.ui  # before: a hand-written parser and form reader

    def read(form: Any) -> Any:
        return game.parse_action(ui.form_intent(form, state, {}).action, state)

    return (lambda raw: game.parse_action(raw, state), game.action_to_json, read)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--calls", type=int, default=5000)
    args = parser.parse_args(argv)
    rows: list[tuple[str, float, float, float]] = []
    for game_id, players, raw, fields in CASES:
        game = games.get(game_id)
        assert game is not None
        parse, dump, read = readers(game, players)
        action = parse(raw)
        form = MultiDict(fields)
        assert dump(action) == raw or game_id == "the-pairs", (dump(action), raw)
        rows.append((f"{game_id} {raw['type']}",
                     per_call(lambda parse=parse, raw=raw: parse(raw), args.calls, args.repeat),
                     per_call(lambda dump=dump, action=action: dump(action), args.calls, args.repeat),
                     per_call(lambda read=read, form=form: read(form), args.calls, args.repeat)))
    width = max(len(r[0]) for r in rows)
    print(f"{'action':<{width}}  {'parse µs':>9}  {'dump µs':>8}  {'form µs':>8}")
    for name, p, d, f in rows:
        print(f"{name:<{width}}  {p * 1e6:>9.2f}  {d * 1e6:>8.2f}  {f * 1e6:>8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
