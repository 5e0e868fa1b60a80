"""The BG Stats export, game by game (issue 20): every game declares how its result reads on a score sheet
(cooperative or not, highest or lowest wins, whether its scores are points), and a finished play of each game
is exported the way BG Stats itself writes such a play — a cooperative game with every player's shared win or
loss and no ranks, a game whose scores are no points (Pyramid's height) with empty scores and its places as
ranks, the others with their points as text — in a file valid against the format's documented shape (the
OpenAPI document's schema of /api/plays/bgstats.json, written from BG Stats' own sources: docs/api.md)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from types import ModuleType
from typing import Any

import pytest
from catalog_files import texts_from
from flask import Flask
from flask.testing import FlaskClient
from game_folders import plays_sample
from jsonschema import Draft202012Validator
from test_plays import NAMES, RACE, act, create

from companion import games
from companion.games.base import Outcome
from companion.web.openapi import document


def sample(game_id: str) -> ModuleType:
    """The game's own ``tests/plays_sample.py``: ``SHEET``, how its result reads as BG Stats' game fields
    (cooperative, highestWins, noPoints); ``play(app, client)``, a finished play; optionally
    ``check(pairs)``, what its export must show besides."""
    game = games.get(game_id)
    assert game is not None, game_id
    return plays_sample(game)


def bgstats_schema() -> dict[str, Any]:
    doc = document()
    content = doc["paths"]["/api/plays/bgstats.json"]["get"]["responses"]["200"]["content"]
    return {**content["application/json"]["schema"], "components": doc["components"]}


def exported(client: FlaskClient, game: str) -> dict[str, Any]:
    """The game's finished plays as a BG Stats file, checked against the documented shape."""
    resp = client.get("/api/plays/bgstats.json", query_string={"game": game})
    assert resp.status_code == 200
    data = resp.get_json()
    errors = sorted(Draft202012Validator(bgstats_schema()).iter_errors(data), key=str)
    assert not errors, f"{errors[0].message} at {list(errors[0].path)}"
    return data


def finished(client: FlaskClient, game: str) -> list[dict[str, Any]]:
    """Our own record of the game's finished plays, oldest first (the export's order)."""
    plays = client.get("/api/plays", query_string={"game": game, "status": "finished"}).get_json()["plays"]
    return sorted(plays, key=lambda p: p["created_at"])


def check_against_the_record(client: FlaskClient, game_id: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Every exported play of the game says what the record says, read as the game declares; returns the
    (exported play, recorded play) pairs."""
    data, ours = exported(client, game_id), finished(client, game_id)
    (game,) = data["games"]
    sheet = sample(game_id).SHEET
    cooperative, highest, no_points = sheet
    assert (game["cooperative"], game["highestWins"], game["noPoints"]) == sheet
    assert game["sourceGameId"] == game_id and game["bggId"] == games.get(game_id).bgg_id
    names = {p["id"]: p["name"] for p in data["players"]}
    assert len(data["plays"]) == len(ours) > 0
    pairs = list(zip(data["plays"], ours, strict=True))
    for play, mine in pairs:
        rows = play["playerScores"]
        assert play["gameRefId"] == game["id"]
        assert [names[r["playerRefId"]] for r in rows] == [p["name"] for p in mine["players"]]
        assert [r["winner"] for r in rows] == [p["winner"] for p in mine["players"]]
        assert [r["seatOrder"] for r in rows] == [p["seat"] + 1 for p in mine["players"]]
        assert [r["startPlayer"] for r in rows] == [p["start"] for p in mine["players"]]
        if cooperative:  # the team's result for everyone, and no ranks (as BG Stats writes a cooperative play)
            assert len({r["winner"] for r in rows}) == 1 and all(r["rank"] == 0 for r in rows)
            assert play["manualWinner"] == rows[0]["winner"]
        else:
            assert [r["rank"] for r in rows] == [p["place"] for p in mine["players"]]
            assert any(r["rank"] == 1 and r["winner"] for r in rows)
        if no_points:
            assert all(r["score"] == "" for r in rows)
            assert play["manualWinner"] == any(r["winner"] for r in rows)
        else:
            assert [r["score"] for r in rows] == [str(p["score"]) for p in mine["players"]]
            scores = [int(r["score"]) for r in rows]
            best = max(scores) if highest else min(scores)
            by_score = [s == best for s in scores]
            assert play["manualWinner"] == ([r["winner"] for r in rows] != by_score)
    return pairs


# --- a finished play of each game, from the game's own folder ---------------------------------------------------

#: The games on offer at import (a game registered later by a test brings its own play).
OFFERED = sorted(g.id for g in games.all_games())


def plays() -> dict[str, Callable[[Flask, FlaskClient], None]]:
    """Every offered game's sample play (the frame pages' accessibility walk plays them all)."""
    return {gid: sample(gid).play for gid in OFFERED}


@pytest.mark.parametrize("game_id", OFFERED)
def test_every_game_declares_how_its_result_reads(game_id: str) -> None:
    """A game brings its play and its sheet in its own folder; the test names the file a new game lacks."""
    game = games.get(game_id)
    assert game is not None
    points = game.scores is not None and game.scores_are_points
    assert (game.cooperative, game.highest_wins, not points) == sample(game_id).SHEET, game_id


def test_a_game_without_a_sample_play_is_told_which_file_to_add() -> None:
    lonely = replace(RACE, id="lonely", package="companion.games.pairs")  # a package with no tests/ folder
    with pytest.raises(AssertionError, match=r"add companion/games/pairs/tests/plays_sample\.py with SHEET"):
        plays_sample(lonely)


@pytest.mark.parametrize("game_id", OFFERED)
def test_each_game_exports_its_play_as_bg_stats_reads_that_game(app: Flask, client: FlaskClient,
                                                                 game_id: str) -> None:
    module = sample(game_id)
    module.play(app, client)
    pairs = check_against_the_record(client, game_id)
    if hasattr(module, "check"):
        module.check(pairs)


def test_a_tie_the_rules_broke_is_a_manual_winner(app: Flask, client: FlaskClient) -> None:
    """Long Seat LS9: level on points, the player with more face-down cards wins; BG Stats, which would crown
    both, is told the winner was chosen (manualWinner) and gets the places the rules gave."""
    deck = {str(v): 0 for v in range(1, 11)} | {"5": 2, "6": 1, "8": 1, "9": 1}
    table = create(client, "long-seat", NAMES[:2], 0, deck=deck)
    state: dict[str, Any] = {}
    # Aki lays 5 and stops; Ben pairs the 5 (two face up); Aki lays 6, stops; Ben lays 8, stops (one turned
    # face down: 0 points, one card down); Aki lays the last card, 9 (a forced stop, nothing to turn: 0 points)
    for action in ({"type": "lay", "card": 5}, {"type": "stop"}, {"type": "lay", "card": 5},
                   {"type": "lay", "card": 6}, {"type": "stop"}, {"type": "lay", "card": 8}, {"type": "stop"},
                   {"type": "lay", "card": 9}):
        state = act(client, table["id"], action)
    assert state["over"] and [p["score"] for p in state["players"]] == [0, 0] and state["winners"] == [1]
    (play,) = exported(client, "long-seat")["plays"]
    assert play["manualWinner"] is True
    assert [(r["score"], r["rank"], r["winner"]) for r in play["playerScores"]] == [("0", 2, False), ("0", 1, True)]


def golf_outcome(s: Any) -> Outcome | None:
    order = sorted(range(len(s.names)), key=lambda i: (i != s.winner, s.cheers.count(i), i))
    return None if s.winner is None else Outcome((s.winner,), tuple(order), "target")


#: A game whose lowest score is best: the race to N, scored by cheers (fewest best).
GOLF_NAME = texts_from("golf", {"en": {"game_name": "Golf"}, "ja": {"game_name": "ゴルフ"}}).msg("game_name")
GOLF = replace(RACE, id="golf", name=GOLF_NAME, highest_wins=False, outcome=golf_outcome,
               scores=lambda s: tuple(s.cheers.count(i) for i in range(len(s.names))))


def test_a_game_whose_lowest_score_wins(app: Flask, client: FlaskClient) -> None:
    """``highest_wins=False``: BG Stats is told the lowest wins, the Players page's best is the lowest score,
    and a winner who is not the lowest (the race decided it) is a manual winner."""
    games.register(GOLF)
    try:
        for cheers in ((0, 0), (0,), (1, 1, 1)):  # Aki cheers twice, once; Ben three times
            table = create(client, "golf", ["Aki", "Ben"], 1, target=3)
            for seat in cheers:
                act(client, table["id"], {"type": "cheer", "seat": seat})
            for _ in range(3):  # Ben, Aki, Ben: Ben reaches 3 and wins
                state = act(client, table["id"], {"type": "add", "n": 1})
            assert state["winner"] == 1
        data = exported(client, "golf")
        assert data["games"][0]["highestWins"] is False and data["games"][0]["noPoints"] is False
        rows = [[(r["score"], r["rank"], r["winner"]) for r in p["playerScores"]] for p in data["plays"]]
        assert rows == [[("2", 2, False), ("0", 1, True)], [("1", 2, False), ("0", 1, True)],
                        [("0", 2, False), ("3", 1, True)]]
        assert [p["manualWinner"] for p in data["plays"]] == [False, False, True]
        people = {p["name"]: p for p in client.get("/api/players").get_json()["players"]}
        (aki,) = people["Aki"]["games"]
        assert (aki["best"], aki["average"]) == (0, 1.0)  # the lowest of 2, 1, 0
    finally:
        games.unregister("golf")


def test_the_documented_shape_names_every_field_bg_stats_reads() -> None:
    """The schema the exports are checked against carries the fields of BG Stats' sources (its page on plays
    pushed from other apps, and a file the app exported; docs/api.md): none left out, none misspelt."""
    props = bgstats_schema()["properties"]
    game = props["games"]["items"]
    play = props["plays"]["items"]
    score = play["properties"]["playerScores"]["items"]
    assert {"cooperative", "highestWins", "noPoints", "bggId", "name", "usesTeams"} <= set(game["required"])
    assert {"playDate", "durationMin", "gameRefId", "manualWinner", "playerScores"} <= set(play["required"])
    assert {"playerRefId", "score", "winner", "rank", "startPlayer", "seatOrder"} <= set(score["required"])
    assert score["properties"]["score"]["type"] == "string"  # text, "" without points, as the app writes it
