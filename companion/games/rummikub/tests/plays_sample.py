"""A finished play of Rummikub for the shared BG Stats export test (tests/test_plays_bgstats.py): ``SHEET``, how
BG Stats reads its result (cooperative, highestWins, noPoints), and ``play(app, client)``, which finishes one
game through the JSON API."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from test_plays import NAMES, rummikub_game

SHEET = (False, True, False)  # RK12: the match's totals, highest wins


def play(app: Flask, client: FlaskClient) -> None:
    rummikub_game(client, NAMES, 2)
