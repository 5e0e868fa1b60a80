"""A finished play of Long Seat for the shared BG Stats export test (tests/test_plays_bgstats.py): ``SHEET``, how
BG Stats reads its result (cooperative, highestWins, noPoints), and ``play(app, client)``, which finishes one
game through the JSON API. check(pairs) adds what this game's export must show."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from test_plays import NAMES, act, create

SHEET = (False, True, False)  # LS9: points, highest wins


def play(app: Flask, client: FlaskClient) -> None:
    """LS5, LS8 on a four-card deck: Aki takes a pair (3 7 3 face up: −3), Ben stops on the last card (0)."""
    deck = {str(v): 0 for v in range(1, 11)} | {"3": 2, "7": 1, "9": 1}
    table = create(client, "long-seat", NAMES[:2], 0, deck=deck)
    for card in (3, 7, 3, 9):
        state = act(client, table["id"], {"type": "lay", "card": card})
    assert state["over"] and state["winners"] == [1]


def check(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> None:
    ((play, _),) = pairs
    assert [(r["score"], r["rank"], r["winner"]) for r in play["playerScores"]] == [
        ("-3", 2, False), ("0", 1, True)]  # LS9: points as text, the rules' places as ranks
