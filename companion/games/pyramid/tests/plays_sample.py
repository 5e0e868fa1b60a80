"""A finished play of Pyramid for the shared BG Stats export test (tests/test_plays_bgstats.py): ``SHEET``, how
BG Stats reads its result (cooperative, highestWins, noPoints), and ``play(app, client)``, which finishes one
game through the JSON API. check(pairs) adds what this game's export must show."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from test_plays import act, create

SHEET = (False, True, True)  # PY9: ranked by height then row by row: a height is no points


def play(app: Flask, client: FlaskClient) -> None:
    """PY9 with four one-row pyramids of 3, 2, 1 and 0 cards: equal heights, yet four places (the platform
    must not share places on a height)."""
    deck = {str(v): 0 for v in range(1, 11)} | {"1": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 2}
    table = create(client, "pyramid", ["Aki", "Ben", "Chie", "Dan"], 0, deck=deck)
    for cards in ((1, 2, 3), (4, 5), (6,)):
        for card in cards:
            act(client, table["id"], {"type": "turn", "card": card})
        act(client, table["id"], {"type": "stop"})
        for x, card in enumerate(cards):
            state = act(client, table["id"], {"type": "place", "card": card, "row": 1, "x": x})
    act(client, table["id"], {"type": "turn", "card": 7})
    state = act(client, table["id"], {"type": "turn", "card": 7})  # PY5 bust on the last card: PY8, the end
    assert state["over"] and state["winners"] == [0]


def check(pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> None:
    """Heights stay in our record (1, 1, 1, 0) but are exported as places, no points."""
    ((play, ours),) = pairs
    assert [p["score"] for p in ours["players"]] == [1, 1, 1, 0]
    assert [r["rank"] for r in play["playerScores"]] == [1, 2, 3, 4]
    assert [p["place"] for p in ours["players"]] == [1, 2, 3, 4]
