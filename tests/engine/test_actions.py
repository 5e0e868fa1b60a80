"""The ACTION objects of API.md: parsing, refusing malformed ones (400) and the canonical JSON form."""

from __future__ import annotations

import pytest
from laminate_helpers import C, cards

from companion.games.laminate import (
    EndFlag,
    Malformed,
    Pass,
    Publish,
    Research,
    Review,
    action_to_json,
    parse_action,
)


@pytest.mark.parametrize(
    ("obj", "action"),
    [
        ({"type": "research", "from": "deck"}, Research("deck")),
        ({"type": "research", "from": "discard", "player": 2}, Research("discard", 2)),
        ({"type": "publish", "paper": "kind3", "cards": ["heart-7", "book-7"], "cite": [3]},
         Publish("kind3", cards("heart-7 book-7"), (3,))),
        ({"type": "publish", "paper": "ak", "cards": ["heart-A", "SUIT7-k"]}, Publish("ak", cards("heart-1 suit7-13"))),
        ({"type": "publish", "paper": "ak", "cards": ["heart-1"], "cite": None}, Publish("ak", cards("heart-1"))),
        ({"type": "review", "paper": 4, "card": "coin-7"}, Review(4, C("coin-7"))),
        ({"type": "pass"}, Pass()),
        ({"type": "pass", "player": 0}, Pass(0)),
        ({"type": "endflag", "card": "onion-10", "player": 4}, EndFlag(C("onion-10"), 4)),
    ],
)
def test_api_action_parsing(obj, action):
    assert parse_action(obj) == action


@pytest.mark.parametrize(
    "action",
    [Research("deck"), Research("discard", 1), Publish("kind3", cards("heart-7 book-7"), (3, 1)),
     Publish("ak", cards("heart-1 suit7-13"), (), 0), Review(4, C("coin-7"), 2), Pass(), Pass(3),
     EndFlag(C("onion-10")), EndFlag(C("heart-1"), 1)],
)
def test_api_action_json_round_trips(action):
    out = action_to_json(action)
    assert parse_action(out) == action
    assert ("player" in out) == (action.player is not None)


def test_api_action_json_uses_number_notation_and_keeps_cite_as_sent():
    """The log shows an action as it was sent: numbers for ranks, "cite" only when the request had it."""
    assert action_to_json(parse_action({"type": "publish", "paper": "ak", "cards": ["heart-a", "suit7-K"]})) == {
        "type": "publish", "paper": "ak", "cards": ["heart-1", "suit7-13"]}
    assert action_to_json(parse_action({"type": "publish", "paper": "ak", "cards": ["heart-1"], "cite": []})) == {
        "type": "publish", "paper": "ak", "cards": ["heart-1"], "cite": []}
    assert action_to_json(Research("discard")) == {"type": "research", "from": "discard"}
    assert action_to_json(Review(2, C("suit6-Q"))) == {"type": "review", "paper": 2, "card": "suit6-12"}


@pytest.mark.parametrize(
    ("obj", "code"),
    [
        ([], "bad_request"),
        ("pass", "bad_request"),
        ({}, "bad_request"),
        ({"type": "draw"}, "bad_request"),
        ({"type": "research"}, "bad_request"),
        ({"type": "research", "from": "hand"}, "bad_request"),
        ({"type": "research", "from": "deck", "player": -1}, "bad_request"),
        ({"type": "research", "from": "deck", "player": True}, "bad_request"),
        ({"type": "research", "from": "deck", "player": "0"}, "bad_request"),
        ({"type": "publish", "cards": ["heart-7"]}, "bad_request"),
        ({"type": "publish", "paper": 3, "cards": ["heart-7"]}, "bad_request"),
        ({"type": "publish", "paper": "kind9", "cards": ["heart-7"]}, "unknown_paper"),
        ({"type": "publish", "paper": "kind3"}, "bad_request"),
        ({"type": "publish", "paper": "kind3", "cards": "heart-7"}, "bad_request"),
        ({"type": "publish", "paper": "kind3", "cards": ["heart-7"] * 50}, "bad_request"),
        ({"type": "publish", "paper": "kind3", "cards": ["heart-9"]}, "bad_card"),
        ({"type": "publish", "paper": "kind3", "cards": [7]}, "bad_card"),
        ({"type": "publish", "paper": "kind3", "cards": ["heart-7"], "cite": 1}, "bad_request"),
        ({"type": "publish", "paper": "kind3", "cards": ["heart-7"], "cite": [0]}, "bad_request"),
        ({"type": "publish", "paper": "kind3", "cards": ["heart-7"], "cite": ["1"]}, "bad_request"),
        ({"type": "publish", "paper": "kind3", "cards": ["heart-7"], "cite": [1.0]}, "bad_request"),
        ({"type": "publish", "paper": "kind3", "cards": ["heart-7"], "cite": list(range(1, 70))}, "bad_request"),
        ({"type": "review", "card": "heart-7"}, "bad_request"),
        ({"type": "review", "paper": 0, "card": "heart-7"}, "bad_request"),
        ({"type": "review", "paper": 1}, "bad_card"),
        ({"type": "review", "paper": 1, "card": "joker-1"}, "bad_card"),
        ({"type": "endflag"}, "bad_card"),
        ({"type": "endflag", "card": "coin-14"}, "bad_card"),
    ],
)
def test_api_malformed_actions_are_400(obj, code):
    with pytest.raises(Malformed) as info:
        parse_action(obj)
    assert info.value.code == code
    assert info.value.malformed  # the web layer answers 400
    assert info.value.message("en") and info.value.message("ja")


def test_api_any_seat_number_parses_and_is_judged_by_the_engine():
    """A seat that is not active is not_your_turn (422), not a malformed request."""
    assert parse_action({"type": "research", "from": "deck", "player": 5}) == Research("deck", 5)


def test_api_parse_does_not_judge_the_rules():
    """Legality is the engine's job: parse accepts duplicates, the endflag type and citations alike."""
    assert parse_action({"type": "publish", "paper": "endflag", "cards": ["heart-7"]}).paper == "endflag"
    assert parse_action({"type": "publish", "paper": "kind3", "cards": ["heart-7", "heart-7"], "cite": [1, 1]}) \
        == Publish("kind3", cards("heart-7 heart-7"), (1, 1))
    assert parse_action({"type": "publish", "paper": "kind3", "cards": []}) == Publish("kind3", ())
