"""A finished play of Laminate Rummy for the shared BG Stats export test (tests/test_plays_bgstats.py): ``SHEET``, how
BG Stats reads its result (cooperative, highestWins, noPoints), and ``play(app, client)``, which finishes one
game through the JSON API."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from test_plays import NAMES, laminate_game

SHEET = (False, True, False)  # R18: complete papers' points, highest total wins


def play(app: Flask, client: FlaskClient) -> None:
    laminate_game(app, client, NAMES, winner=1)
