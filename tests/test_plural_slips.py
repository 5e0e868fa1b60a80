"""Plural slips on the pages: tables of every game played to a state where a count is 1 (one move in the history,
one card in a row, one set on the table, one row of a pyramid…), their pages (the phone's and the table
centre's) read in English, and every number
before a noun checked: "1 cards", "Whole history (1 entries)", "3 tiles in 1 sets" are slips. Only the JSON API
and the pages are used, so the same test runs against any version of the app (the count before the texts moved
to catalogs: docs/translating.md)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

PLURALS = ("entries", "cards", "coins", "dice", "pts", "points", "tiles", "sets", "rows", "turns", "players",
           "papers", "moves", "places", "rounds", "seats", "discards", "lines", "copies", "ranks", "numbers",
           "values", "characters", "suits")
SLIP = re.compile(r"(?<![\d.,])\b1\s+(?:" + "|".join(PLURALS) + r")\b")
TAG = re.compile(r"<[^>]+>")


def text_of(page: str) -> str:
    """What a reader sees (and a screen reader hears: attribute labels too), tags gone, entities read."""
    labels = " ".join(re.findall(r'(?:aria-label|title|alt)="([^"]*)"', page))
    return html.unescape(TAG.sub(" ", page) + " " + labels)


def slips(page: str) -> list[str]:
    text = re.sub(r"\s+", " ", text_of(page))
    return [text[max(0, m.start() - 40):m.end() + 10] for m in SLIP.finditer(text)]


class Table:
    def __init__(self, client: FlaskClient, game: str, players: list[str], **options: Any) -> None:
        self.client = client
        made = client.post("/api/tables", json={"game": game, "players": players, **options})
        assert made.status_code == 201, made.get_json()
        self.tid = made.get_json()["id"]

    def act(self, action: dict[str, Any]) -> dict[str, Any]:
        done = self.client.post(f"/api/tables/{self.tid}/actions", json={"action": action})
        assert done.status_code == 200, (action, done.get_json())
        return done.get_json()["state"]

    def page(self) -> str:
        """The phone page and the table-centre view (a tablet in the middle of the table)."""
        return "".join(self.client.get(f"/t/{self.tid}?lang=en{mode}").get_data(as_text=True)
                       for mode in ("", "&centre=1"))


Scenario = Callable[[FlaskClient], Iterator[str]]


def long_seat(client: FlaskClient) -> Iterator[str]:
    """One card in the row, one move in the history; then a stop that turns one card face down."""
    table = Table(client, "long-seat", ["Ann", "Bo"])
    table.act({"type": "lay", "card": 3})
    yield table.page()
    table.act({"type": "lay", "card": 3})  # a pair: Ann takes 2 face up
    table.act({"type": "lay", "card": 5})
    yield table.page()
    table.act({"type": "stop"})
    yield table.page()


def pyramid(client: FlaskClient) -> Iterator[str]:
    """A pyramid of one row and one card."""
    table = Table(client, "pyramid", ["Ann", "Bo"])
    table.act({"type": "turn", "card": 5})
    yield table.page()
    table.act({"type": "stop"})
    yield table.page()
    table.act({"type": "place", "card": 5, "row": 1, "x": 0})
    yield table.page()


def rummikub(client: FlaskClient) -> Iterator[str]:
    """One set on the table."""
    table = Table(client, "rummikub", ["Ann", "Bo"])
    yield table.page()
    table.act({"type": "play", "table": [["r10", "r11", "r12"]]})
    yield table.page()


def the_pairs(client: FlaskClient) -> Iterator[str]:
    """A pile of one card."""
    table = Table(client, "the-pairs", ["Ann", "Bo", "Cy"])
    table.act({"type": "play", "card": 5, "to": "a"})
    yield table.page()


def cracker(client: FlaskClient) -> Iterator[str]:
    """The dealer's first draw: one move."""
    table = Table(client, "cracker", ["Ann", "Bo", "Cy"])
    table.act({"type": "draw", "card": 3})
    yield table.page()


def laminate(client: FlaskClient) -> Iterator[str]:
    """One research: one move in the history."""
    table = Table(client, "laminate", ["Ann", "Bo", "Cy"])
    table.act({"type": "research", "from": "deck"})
    yield table.page()


SCENARIOS: dict[str, Scenario] = {"long-seat": long_seat, "pyramid": pyramid, "rummikub": rummikub,
                                  "the-pairs": the_pairs, "cracker": cracker, "laminate": laminate}


def test_the_slip_finder_finds_slips_and_nothing_else() -> None:
    assert len(slips("<p>Whole history (1 entries)</p><p>4 tiles in 1 sets</p>")) == 2
    assert slips('<span aria-label="1 cards in the deck"></span>')
    assert not slips("<p>1 card · 2 cards · 11 cards · 0.1 points · 21 tiles</p>")


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_pages_with_a_count_of_1_say_it_in_the_singular(client: FlaskClient, game: str) -> None:
    found = [slip for page in SCENARIOS[game](client) for slip in slips(page)]
    assert found == [], f"{len(found)} plural slips: {found}"
