"""The ACTION objects of docs/api.md, as the platform reads them from their declarations (``GAME.parse``):
parsing, refusing malformed ones (400) and the canonical JSON form the log keeps (``GAME.dump``)."""

from __future__ import annotations

import pytest
from laminate_helpers import C, cards, new_game, parse

from companion.games.base import RuleError
from companion.games.fields import Context
from companion.games.laminate import GAME, Deck, EndFlag, Pass, Publish, Research, Review
from companion.games.laminate.deck import BUILTIN_V1

TABLE = new_game(("Hilbert", "Banach", "Noether", "Gauss", "Euler"))  # five seats: every player below is one


def parse_action(raw: object) -> object:
    return parse(raw, TABLE)


def action_to_json(action: object) -> dict:
    return GAME.dump(action)


@pytest.mark.parametrize(
    ("obj", "action"),
    [
        ({"type": "research", "from": "deck"}, Research("deck")),
        ({"type": "research", "from": "discard", "player": 2}, Research("discard", player=2)),
        ({"type": "publish", "paper": "kind3", "cards": ["heart-7", "book-7"], "cite": [3]},
         Publish("kind3", cards("heart-7 book-7"), (3,))),
        ({"type": "publish", "paper": "ak", "cards": ["heart-A", "SUIT7-k"]}, Publish("ak", cards("heart-1 suit7-13"))),
        ({"type": "publish", "paper": "ak", "cards": ["heart-1"], "cite": None}, Publish("ak", cards("heart-1"))),
        ({"type": "review", "paper": 4, "card": "coin-7"}, Review(4, C("coin-7"))),
        ({"type": "pass"}, Pass()),
        ({"type": "pass", "player": 0}, Pass(player=0)),
        ({"type": "endflag", "card": "onion-10", "player": 4}, EndFlag(C("onion-10"), player=4)),
    ],
)
def test_api_action_parsing(obj, action):
    assert parse_action(obj) == action


@pytest.mark.parametrize(
    "action",
    [Research("deck"), Research("discard", player=1), Publish("kind3", cards("heart-7 book-7"), (3, 1)),
     Publish("ak", cards("heart-1 suit7-13"), (), player=0), Publish("ak", cards("heart-1")),
     Review(4, C("coin-7"), player=2), Pass(), Pass(player=3), EndFlag(C("onion-10")), EndFlag(C("heart-1"), player=1)],
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
        ({"type": "review", "paper": 1}, "bad_request"),  # a missing card is no card string at all
        ({"type": "review", "paper": 1, "card": "joker-1"}, "bad_card"),
        ({"type": "endflag"}, "bad_request"),
        ({"type": "endflag", "card": "coin-14"}, "bad_card"),
        ({"type": "endflag", "card": None}, "bad_card"),
        # unknown fields are refused, a misspelled one too (it would be lost silently)
        ({"type": "research", "from": "deck", "evil": 1}, "bad_request"),
        ({"type": "publish", "paper": "kind3", "cards": ["heart-7"], "cites": [1]}, "bad_request"),
        ({"type": "pass", "paper": 1}, "bad_request"),
        # a seat is a seat of this table (five here), written as a JSON integer
        ({"type": "research", "from": "deck", "player": 5}, "bad_request"),
        ({"type": "research", "from": "deck", "player": 1.0}, "bad_request"),
    ],
)
def test_api_malformed_actions_are_400(obj, code):
    with pytest.raises(RuleError) as info:
        parse_action(obj)
    assert info.value.code == code
    assert info.value.malformed  # the web layer answers 400
    assert info.value.message("en") and info.value.message("ja")


def test_api_an_unknown_or_misspelled_field_is_named_in_both_languages():
    with pytest.raises(RuleError) as info:
        parse_action({"type": "publish", "paper": "kind3", "cards": ["heart-7"], "cites": [1]})
    assert "“cites”" in info.value.message("en") and "「cites」" in info.value.message("ja")


def test_api_cards_are_read_against_the_tables_own_deck():
    """R1: a table's deck decides which strings are cards; without a table, the deck a new table gets."""
    heart9 = {"name": {"en": "Nine", "ja": "ナイン"},
              "suits": [{**s, "ranks": [2, 3, 4, 5, 6, 7, 8, 9]} if s["id"] == "heart" else
                        {**s, "ranks": s["ranks"][1:]} if s["id"] == "book" else s for s in BUILTIN_V1["suits"]]}
    table = new_game(("A", "B", "C"), 0, Deck(heart9))
    raw = {"type": "endflag", "card": "heart-9"}
    assert parse(raw, table) == EndFlag(table.card_deck.parse("heart-9"))
    with pytest.raises(RuleError) as info:
        parse(raw)
    assert info.value.code == "bad_card"
    assert GAME.parse(raw, Context(None, 3, {"deck": heart9})).card.rank == 9  # the option, before a state


def test_api_parse_does_not_judge_the_rules():
    """Legality is the engine's job: parse accepts duplicates, the endflag type and citations alike."""
    assert parse_action({"type": "publish", "paper": "endflag", "cards": ["heart-7"]}).paper == "endflag"
    assert parse_action({"type": "publish", "paper": "kind3", "cards": ["heart-7", "heart-7"], "cite": [1, 1]}) \
        == Publish("kind3", cards("heart-7 heart-7"), (1, 1))
    assert parse_action({"type": "publish", "paper": "kind3", "cards": []}) == Publish("kind3", ())
