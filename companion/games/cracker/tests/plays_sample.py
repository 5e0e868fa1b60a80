"""A finished play of Cracker for the shared BG Stats export test (tests/test_plays_bgstats.py): ``SHEET``, how
BG Stats reads its result (cooperative, highestWins, noPoints), and ``play(app, client)``, which finishes one
game through the JSON API."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from test_cr_api import Match

SHEET = (False, True, False)  # CR10: the match's totals, highest wins


def play(app: Flask, client: FlaskClient) -> None:
    match = Match(client, 3, 11, rounds=1)
    match.play_match()
