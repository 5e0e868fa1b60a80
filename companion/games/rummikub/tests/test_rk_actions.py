"""Actions' JSON form as the platform reads and logs it (``GAME.parse``, ``GAME.dump``: parse and back),
malformed requests (400), and the Game interface."""

from __future__ import annotations

import re

import pytest
from rk_helpers import board, game, parse, proposal

from companion.games.base import BadRequest, Viewer, clean_options
from companion.games.rummikub import (
    GAME,
    OPTIONS,
    Draw,
    NextRound,
    Pass,
    Play,
    Rack,
    Timeout,
    actor,
)

ROUND_TRIP = [
    {"type": "draw"}, {"type": "draw", "player": 2}, {"type": "pass"}, {"type": "pass", "player": 0},
    {"type": "timeout"}, {"type": "timeout", "player": 1}, {"type": "next_round"},
    {"type": "rack", "seat": 1, "tiles": ["r5", "J"]}, {"type": "rack", "seat": 0, "tiles": []},
    {"type": "play", "table": [["r9", "J", "r11"], {"tiles": ["J", "J", "r5"], "kind": "group"}]},
    {"type": "play", "table": [], "player": 0},
]


@pytest.mark.parametrize("raw", ROUND_TRIP)
def test_action_round_trip(raw: dict) -> None:
    action = parse(raw, game())
    assert GAME.dump(action) == raw
    assert parse(GAME.dump(action), game()) == action


def test_parse_canonicalises_tiles() -> None:
    action = parse({"type": "play", "table": [["R9", "j", "r11"], {"tiles": ["b1"], "kind": None}]})
    assert action == Play(((("r9", "J", "r11"), None), (("b1",), None)))
    assert GAME.dump(parse({"type": "rack", "seat": 0, "tiles": ["K13"]}))["tiles"] == ["k13"]


@pytest.mark.parametrize("raw", [
    None, [], "draw", {}, {"type": "fly"}, {"type": 3}, {"type": "draw", "extra": 1},
    {"type": "draw", "player": "0"}, {"type": "draw", "player": True}, {"type": "draw", "player": 3},
    {"type": "draw", "player": -1}, {"type": "play"}, {"type": "play", "table": "r1 r2 r3"},
    {"type": "play", "table": [["r1", 2]]}, {"type": "play", "table": [{"tiles": ["r1"], "kind": "pair"}]},
    {"type": "play", "table": [{"kind": "run"}]}, {"type": "play", "table": [{"tiles": [], "colour": "r"}]},
    {"type": "play", "table": [["r1"]] * 107}, {"type": "play", "table": [["r1"] * 60, ["r2"] * 60]},
    {"type": "rack", "seat": 0}, {"type": "rack", "tiles": []}, {"type": "rack", "seat": 5, "tiles": []},
    {"type": "rack", "seat": 0, "tiles": "r1"}, {"type": "play", "table": [["x1", "r2", "r3"]]},
])
def test_malformed_actions_are_400(raw: object) -> None:
    with pytest.raises(BadRequest) as caught:
        parse(raw, game())
    assert caught.value.malformed and caught.value.code in ("bad_request", "bad_tile")
    for lang in ("en", "ja"):
        assert not re.search(r"\{[a-z_]+\}", caught.value.message(lang))


def test_actor() -> None:
    state = game(start=2)
    assert actor(state, Draw()) == 2 and actor(state, Play(())) == 2 and actor(state, Pass()) == 2
    assert actor(state, Timeout()) == 2 and actor(state, Rack(1, ())) == 1 and actor(state, NextRound()) is None


def test_game_interface() -> None:
    assert GAME.id == "rummikub" and (GAME.label("en"), GAME.label("ja")) == ("Rummikub", "ラミーキューブ")
    assert (GAME.min_players, GAME.max_players) == (2, 4) and GAME.options == OPTIONS
    options = clean_options(GAME.options, {"joker_penalty": 30})
    assert options == {"initial_meld_min": 30, "joker_penalty": 30, "turn_timer": 60, "timeout_penalty_tiles": 3,
                       "joker_sets_locked": False, "blocked_scoring": "difference", "hints": True, "rounds": 3}
    for bad in ({"joker_penalty": 40}, {"rounds": 0}, {"initial_meld_min": 101}, {"turn_timer": 45},
                {"joker_sets_locked": 1}, {"blocked_scoring": "x"}, {"timeout_penalty_tiles": 6}):
        with pytest.raises(BadRequest):
            clean_options(GAME.options, bad)
    for option in GAME.options:
        assert option.help is not None
        for lang in ("en", "ja"):
            assert option.label.say(lang) and option.help.say(lang)
    state = GAME.new_game(("a", "b"), 1, options)
    assert state.pool == 78 and state.active == 1
    assert GAME.state_to_json(state, Viewer.spectator(), options) == GAME.state_to_json(state, Viewer(), options)
    assert GAME.outcome(state) is None and not GAME.over(state)
    assert "not_your_turn" in GAME.codes and "bad_tile" in GAME.codes
    GAME.to_json()


def test_new_game_checks_players_and_start() -> None:
    for players, start in ((("a",), 0), (("a", "b", "c", "d", "e"), 0), (("a", "b"), 2), (("a", "b"), True)):
        with pytest.raises(BadRequest):
            GAME.new_game(players, start, {})


def test_check_query() -> None:
    query = GAME.queries["check"]
    state = board("r5 r6 r7")
    answer = query.answer(state, {"table": proposal("r5 r6 r7 r8")}, {}, "en")
    assert answer["legal"] and answer["added"] == ["r8"] and answer["goes_out"] is False
    assert not query.private
    for body in ({}, {"table": "x"}, {"table": [["r5", "zz"]]}, []):
        with pytest.raises(BadRequest):
            query.answer(state, body, {}, "en")  # type: ignore[arg-type]


def test_new_game_checks_option_values() -> None:
    with pytest.raises(BadRequest):
        GAME.new_game(("a", "b"), 0, {"joker_penalty": 40})
    assert GAME.new_game(("a", "b"), 0, {"unknown": 1}).option("rounds") == 3
