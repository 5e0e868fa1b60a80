"""Long Seat's actions as JSON (docs/api.md), read by the platform from their declarations: parse and back
round-trip, and anything else is bad_request (400)."""

from __future__ import annotations

import pytest
from ls_helpers import game, parse

from companion.games.base import BadRequest
from companion.games.long_seat import GAME, Lay, Stop


@pytest.mark.parametrize("raw, action", [
    ({"type": "lay", "card": 7}, Lay(7)),
    ({"type": "lay", "card": 1, "player": 1}, Lay(1, player=1)),
    ({"type": "stop"}, Stop()),
    ({"type": "stop", "player": 0}, Stop(player=0)),
    ({"type": "stop", "player": None}, Stop()),
])
def test_actions_round_trip(raw, action) -> None:
    assert parse(raw, game()) == action
    again = GAME.dump(action)
    assert parse(again, game()) == action
    assert again == {k: v for k, v in raw.items() if v is not None}


@pytest.mark.parametrize("raw", [
    None, [], "lay", 7, {}, {"type": "draw"}, {"type": "LAY", "card": 3}, {"type": "lay"},
    {"type": "lay", "card": 0}, {"type": "lay", "card": 11}, {"type": "lay", "card": "7"},
    {"type": "lay", "card": 7.0}, {"type": "lay", "card": True}, {"type": "lay", "card": None},
    {"type": "lay", "card": [7]}, {"type": "lay", "card": 10**40}, {"type": "lay", "card": -1},
    {"type": "lay", "card": 3, "cards": [3]}, {"type": "stop", "card": 3},
    {"type": "stop", "player": 2}, {"type": "stop", "player": -1}, {"type": "stop", "player": "0"},
    {"type": "stop", "player": True}, {"type": ["lay"]},
])
def test_anything_else_is_a_bad_request(raw) -> None:
    with pytest.raises(BadRequest) as info:
        parse(raw, game(2))
    assert info.value.code == "bad_request" and info.value.malformed
    assert info.value.message("ja") and info.value.message("en")


def test_a_seat_is_checked_against_the_table_size() -> None:
    assert parse({"type": "stop", "player": 5}, game(6)) == Stop(player=5)
    with pytest.raises(BadRequest):
        parse({"type": "stop", "player": 6}, game(6))
