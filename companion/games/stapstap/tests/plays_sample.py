"""A finished play of すたっぷすたっぷ for the shared BG Stats export test (tests/test_plays_bgstats.py): ``SHEET``, how
BG Stats reads its result (cooperative, highestWins, noPoints), and ``play(app, client)``, which finishes one
game through the JSON API."""

from __future__ import annotations

import random

from flask import Flask
from flask.testing import FlaskClient
from st_api import Table
from test_st_api_random import moves

SHEET = (False, True, False)  # ST16: the two games' sum, highest wins


def play(app: Flask, client: FlaskClient) -> None:
    """A whole game with real dice: random legal moves, nobody doubts (so it ends soon)."""
    rnd = random.Random(1)
    table = Table(client, 3, mode="dice", start=0)
    for _ in range(3000):
        if table.state["over"]:
            return
        for action in moves(table.state, rnd, 0.0):
            resp = table.post(action, table.actor())
            if resp.status_code == 200:
                table.state = resp.get_json()["state"]
                break
    raise AssertionError("the game did not end")
