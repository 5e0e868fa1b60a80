"""A finished play of The Pairs for the shared BG Stats export test (tests/test_plays_bgstats.py): ``SHEET``, how
BG Stats reads its result (cooperative, highestWins, noPoints), and ``play(app, client)``, which finishes one
game through the JSON API. check(pairs) adds what this game's export must show."""

from __future__ import annotations

import random
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from test_plays import NAMES, create, svc
from tp_helpers import World

SHEET = (True, True, True)  # TP10: the players win or lose together, no points

#: A small Pairs deck on which random truthful play sometimes clears the table (seed 7: the team wins) and
#: mostly does not (seed 0: someone falls out).
SMALL_DECK = {1: 1, 2: 2, 3: 2, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1, 10: 1}


def the_pairs_game(app: Flask, client: FlaskClient, seed: int) -> dict[str, Any]:
    """A whole game of The Pairs through the service, each player playing truthfully from a real hand."""
    table = create(client, "the-pairs", NAMES, 0, deck={str(v): c for v, c in SMALL_DECK.items()})
    service, tid = svc(app), table["id"]
    world = World(3, random.Random(seed), SMALL_DECK)
    for _ in range(500):
        before = service.snapshot(tid).state
        if before.over:
            return service.answer(service.snapshot(tid))
        action = world.choose(before)
        service.act(tid, service.parse(tid, action))
        world.follow(before, action)
    raise AssertionError("the game did not end")


def play(app: Flask, client: FlaskClient) -> None:
    won, lost = the_pairs_game(app, client, 7), the_pairs_game(app, client, 0)
    assert won["winners"] == [0, 1, 2] and lost["over"] and lost["winners"] == []


def check(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> None:
    """TP10: a win for all, a loss for all; the record places nobody on a loss."""
    (won, won_ours), (lost, lost_ours) = pairs
    assert [r["winner"] for r in won["playerScores"]] == [True] * 3 and won["manualWinner"] is True
    assert [r["winner"] for r in lost["playerScores"]] == [False] * 3 and lost["manualWinner"] is False
    assert [p["place"] for p in won_ours["players"]] == [1, 1, 1]
    assert [p["place"] for p in lost_ours["players"]] == [None, None, None]
