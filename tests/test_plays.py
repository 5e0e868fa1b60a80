"""Plays remembered (issue 12, item 2), for every game: after several whole games of each game on the
platform, /api/plays records players, seats, start, options, scores, winners and duration; /api/players adds
them up per player and game; the exports (CSV, BG Stats JSON) carry the same; the cache never shows a play
that moved on; a restart loses nothing; names are matched as typed and never read as HTML."""

from __future__ import annotations

import csv
import io
import re
import sys
import unicodedata
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import games
from companion.web import create_app

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from game_driver import drive, service_driver  # noqa: E402  (tests/browser/game_driver.py)
from test_platform_fake_game import RACE  # noqa: E402  (a game without points, registered at run time)

NAMES = ["Aki", "Ben", "Chie"]
RK_OUT = [[f"r{i}" for i in range(1, 8)], [f"b{i}" for i in range(1, 8)]]  # 14 tiles, 56 points: goes out
RK_RACKS = [[f"k{i}" for i in range(1, 14)] + ["y1"], [f"y{i}" for i in range(2, 14)] + ["J", "k1"]]


def svc(app: Flask):
    return app.extensions["companion"]


def create(client: FlaskClient, game: str, players: list[str], start: int = 0, **options: Any) -> dict[str, Any]:
    resp = client.post("/api/tables", json={"game": game, "players": players, "start": start, "options": options})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def act(client: FlaskClient, tid: str, action: dict[str, Any]) -> dict[str, Any]:
    resp = client.post(f"/api/tables/{tid}/actions", json={"action": action})
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()["state"]


def laminate_game(app: Flask, client: FlaskClient, players: list[str], winner: int, start: int = 0,
                  **options: Any) -> dict[str, Any]:
    """A whole Laminate game through the service (game_driver): ``winner`` publishes 16 points."""
    table = create(client, "laminate", players, start, **options)
    act_, state = service_driver(svc(app), table["id"])
    final = drive(act_, state, lambda s: False, leader=winner)
    assert final["over"] and final["winners"] == [winner]
    return {**table, "final": final}


def rummikub_game(client: FlaskClient, players: list[str], start: int) -> dict[str, Any]:
    """A one-round Rummikub match: the start seat goes out at once (RK7), the others enter their racks."""
    table = create(client, "rummikub", players, start, rounds=1, turn_timer=0)
    act(client, table["id"], {"type": "play", "table": RK_OUT})
    others = [s for s in range(len(players)) if s != start]
    final = None
    for seat, rack in zip(others, RK_RACKS):
        final = act(client, table["id"], {"type": "rack", "seat": seat, "tiles": rack})
    assert final is not None and final["over"] and final["winners"] == [start]
    return {**table, "final": final}


def plays_by_table(client: FlaskClient, **query: str) -> dict[str, dict[str, Any]]:
    resp = client.get("/api/plays", query_string=query)
    assert resp.status_code == 200, resp.get_json()
    return {p["table"]: p for p in resp.get_json()["plays"]}


def finishing_at(client: FlaskClient, tid: str) -> str:
    """The time of the event that ended the game: the last action no undo took back."""
    events = client.get(f"/api/tables/{tid}/log").get_json()["events"]
    return [e for e in events if not e["undone"] and e["action"]["type"] not in ("undo", "settings", "next_table")
            ][-1]["at"]


def minutes(a: str, b: str) -> int:
    parse: Callable[[str], datetime] = lambda s: datetime.fromisoformat(s.replace("Z", "+00:00"))  # noqa: E731
    return round((parse(b) - parse(a)).total_seconds() / 60)


@pytest.fixture
def several(app: Flask, client: FlaskClient) -> dict[str, Any]:
    """Three Laminate games, three Rummikub matches and one unfinished table of each."""
    made = {
        "lam": [laminate_game(app, client, NAMES, winner=0), laminate_game(app, client, NAMES, winner=2, start=1),
                laminate_game(app, client, ["Aki", "Ben", "Chie", "Dan"], winner=0, start=3, hints=False)],
        "rk": [rummikub_game(client, NAMES, 0), rummikub_game(client, NAMES, 1), rummikub_game(client, NAMES[:2], 0)],
        "running": [create(client, "laminate", NAMES, 2), create(client, "rummikub", ["Ben", "Aki"], 1)],
    }
    act(client, made["running"][0]["id"], {"type": "research", "from": "deck"})
    return made


def test_every_finished_game_is_recorded_with_players_seats_scores_winner_and_duration(
        client: FlaskClient, several: dict[str, Any]) -> None:
    plays = plays_by_table(client)
    assert len(plays) == 8
    for table in several["lam"] + several["rk"]:
        play, final = plays[table["view_id"]], table["final"]
        assert play["status"] == "finished" and play["game"] == final["game"]
        assert play["start"] == final["start"] and play["winners"] == final["winners"]
        assert [p["name"] for p in play["players"]] == [p["name"] for p in final["players"]]
        assert [p["seat"] for p in play["players"]] == list(range(len(final["players"])))
        assert [p["start"] for p in play["players"]] == [s == final["start"] for s in range(len(final["players"]))]
        score_key = "score" if final["game"] == "laminate" else "total"
        assert [p["score"] for p in play["players"]] == [p[score_key] for p in final["players"]]
        assert [p["winner"] for p in play["players"]] == [s in final["winners"] for s in range(len(final["players"]))]
        assert play["ranking"] == final["ranking"] and play["players"][final["winners"][0]]["place"] == 1
        assert play["finished_at"] == finishing_at(client, table["id"])
        assert play["duration_min"] == minutes(play["created_at"], play["finished_at"])
        assert play["version"] == final["version"] and "id" not in play  # never the acting id
    assert plays[several["lam"][2]["view_id"]]["options"]["hints"] is False
    for table in several["running"]:
        play = plays[table["view_id"]]
        assert play["status"] == "running" and play["finished_at"] is None and play["duration_min"] is None
        assert play["winners"] == [] and all(p["place"] is None and not p["winner"] for p in play["players"])
    # newest first
    order = [p["created_at"] for p in client.get("/api/plays").get_json()["plays"]]
    assert order == sorted(order, reverse=True)


def test_players_page_data_adds_up_games_wins_average_and_best_per_game(client: FlaskClient,
                                                                         several: dict[str, Any]) -> None:
    people = {p["name"]: p for p in client.get("/api/players").get_json()["players"]}
    assert set(people) == {"Aki", "Ben", "Chie", "Dan"}  # the running tables count for nobody
    expected: dict[tuple[str, str], dict[str, Any]] = {}
    for table in several["lam"] + several["rk"]:
        final = table["final"]
        for p in final["players"]:
            row = expected.setdefault((p["name"], final["game"]), {"plays": 0, "wins": 0, "scores": []})
            row["plays"] += 1
            row["wins"] += p["seat"] in final["winners"]
            row["scores"].append(p["score"] if final["game"] == "laminate" else p["total"])
    for (name, game), want in expected.items():
        got = next(r for r in people[name]["games"] if r["game"] == game)
        assert (got["plays"], got["wins"]) == (want["plays"], want["wins"]), (name, game)
        assert got["best"] == max(want["scores"])
        assert got["average"] == round(sum(want["scores"]) / len(want["scores"]), 1)
    assert people["Aki"]["plays"] == 6 and people["Aki"]["wins"] == 4  # Laminate 0 and 2(seat 0), Rummikub 0, 2p
    assert people["Dan"]["plays"] == 1 and people["Dan"]["wins"] == 0
    assert [p["name"] for p in client.get("/api/players").get_json()["players"]][0] == "Aki"  # most plays first


def test_filters_by_game_status_and_player(client: FlaskClient, several: dict[str, Any]) -> None:
    assert len(plays_by_table(client, game="rummikub")) == 4
    assert len(plays_by_table(client, status="running")) == 2
    assert len(plays_by_table(client, status="finished", game="laminate")) == 3
    assert len(plays_by_table(client, player="Dan")) == 1
    assert len(plays_by_table(client, player="  Dan ")) == 1  # trimmed like a name typed at the table
    assert plays_by_table(client, player="dan") == {}  # but case counts: names are matched as typed
    for query in ({"game": "chess"}, {"status": "paused"}, {"player": "x" * 201}):
        resp = client.get("/api/plays", query_string=query)
        assert resp.status_code == 400 and resp.get_json()["error"] == "bad_request"


def test_names_are_matched_as_typed_nfc_and_trimmed(app: Flask, client: FlaskClient) -> None:
    composed, decomposed = "Zo\u00eb", unicodedata.normalize("NFD", "Zo\u00eb")
    rummikub_game(client, [composed, "Ben"], 0)
    rummikub_game(client, [" " + decomposed, "Ben"], 1)  # the same name as typed on another phone
    rummikub_game(client, ["zoë", "Ben"], 0)  # another player: case counts
    people = {p["name"]: p for p in client.get("/api/players").get_json()["players"]}
    assert people[composed]["plays"] == 2 and people[composed]["wins"] == 1 and people["zoë"]["plays"] == 1
    assert len(plays_by_table(client, player=decomposed)) == 2


def test_undo_after_the_end_reopens_the_play_and_the_cache_never_lies(app: Flask, client: FlaskClient) -> None:
    table = rummikub_game(client, NAMES, 0)
    assert plays_by_table(client)[table["view_id"]]["status"] == "finished"
    assert client.post(f"/api/tables/{table['id']}/undo").status_code == 200
    play = plays_by_table(client)[table["view_id"]]
    assert play["status"] == "running" and play["winners"] == [] and play["finished_at"] is None
    final = act(client, table["id"], {"type": "rack", "seat": 2, "tiles": RK_RACKS[1]})
    play = plays_by_table(client)[table["view_id"]]
    assert play["status"] == "finished" and play["version"] == final["version"]
    assert play["finished_at"] == finishing_at(client, table["id"])


def test_plays_come_from_the_cache_while_tables_stand_still(app: Flask, client: FlaskClient,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    first = rummikub_game(client, NAMES, 0)
    second = create(client, "laminate", NAMES)
    before = plays_by_table(client)
    calls: list[str] = []
    real_peek = svc(app).peek
    monkeypatch.setattr(svc(app), "peek", lambda tid: calls.append(tid) or real_peek(tid))
    assert plays_by_table(client) == before and calls == []  # nothing replayed: every play was cached
    act(client, second["id"], {"type": "research", "from": "deck"})
    after = plays_by_table(client)
    assert calls == [second["id"]] and after[first["view_id"]] == before[first["view_id"]]
    assert after[second["view_id"]]["version"] == 1


def test_a_restart_loses_no_play_and_an_unfinished_table_goes_on(tmp_path) -> None:
    path = str(tmp_path / "restart.db")
    app = create_app(path, secret_key="one")
    client = app.test_client()
    done = rummikub_game(client, NAMES, 1)
    going = create(client, "laminate", NAMES, 1)
    act(client, going["id"], {"type": "research", "from": "deck"})
    before = plays_by_table(client)
    svc(app).close()
    svc(app).store.close()

    again = create_app(path, secret_key="two")
    client = again.test_client()
    assert plays_by_table(client) == before
    assert before[done["view_id"]]["status"] == "finished" and before[going["view_id"]]["status"] == "running"
    # the host machine reopens the unfinished table from the Plays page, with its acting link
    page = client.get("/plays", environ_base={"REMOTE_ADDR": "127.0.0.1"}).get_data(as_text=True)
    assert f'href="/t/{going["id"]}"' in page
    state = act(client, going["id"], {"type": "research", "from": "deck"})
    assert state["version"] == 2
    svc(again).close()
    svc(again).store.close()


def test_a_game_without_points_is_recorded_with_its_winner(app: Flask, client: FlaskClient) -> None:
    games.register(RACE)
    try:
        table = create(client, "race", ["Aki", "Ben"], 1, target=3)
        for _ in range(3):
            state = act(client, table["id"], {"type": "add", "n": 1})
        assert state["over"] and state["winner"] == 1
        play = plays_by_table(client)[table["view_id"]]
        assert play["status"] == "finished" and play["winners"] == [1]
        assert [p["score"] for p in play["players"]] == [None, None]
        assert [p["place"] for p in play["players"]] == [None, 1]
        people = {p["name"]: p for p in client.get("/api/players").get_json()["players"]}
        assert people["Ben"]["games"] == [{"game": "race", "plays": 1, "wins": 1, "last": play["finished_at"],
                                           "average": None, "best": None}]
        exported = client.get("/api/plays/bgstats.json").get_json()
        assert exported["games"][0]["noPoints"] is True and exported["games"][0]["bggId"] == 0
        (only,) = exported["plays"]  # no points: empty scores, the place as rank, the winner as given
        assert [(s["score"], s["rank"], s["winner"]) for s in only["playerScores"]] == [("", 0, False), ("", 1, True)]
        assert only["manualWinner"] is True
    finally:
        games.unregister("race")
    # a table whose game is gone is left out, never an error
    assert client.get("/api/plays").status_code == 200
    assert table["view_id"] not in plays_by_table(client)


def test_every_game_on_the_platform_is_recorded_from_its_first_move(app: Flask, client: FlaskClient) -> None:
    """Each registered game (those being added too): a new table is a running play with its players in their
    seats and its start; a game's ``scores`` (if any) gives one score per seat."""
    made = {}
    for game in games.all_games():
        players = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen", "Hana"][:max(game.min_players, 2)]
        made[game.id] = create(client, game.id, players, len(players) - 1)
        snap = svc(app).snapshot(made[game.id]["id"])
        if game.scores is not None:
            scores = game.scores(snap.state)
            assert scores is None or len(scores) == len(players), game.id
    plays = plays_by_table(client)
    for game_id, table in made.items():
        play = plays[table["view_id"]]
        assert play["game"] == game_id and play["status"] == "running"
        assert play["start"] == len(play["players"]) - 1 and play["players"][-1]["start"]


# --- exports --------------------------------------------------------------------------------------------------

PLAY_DATE = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$")


def test_bgstats_export_follows_the_import_format(client: FlaskClient, several: dict[str, Any]) -> None:
    resp = client.get("/api/plays/bgstats.json")
    assert resp.status_code == 200 and "attachment" in resp.headers["Content-Disposition"]
    data = resp.get_json()
    assert set(data) >= {"about", "players", "locations", "games", "plays"}
    assert len(data["plays"]) == 6  # finished plays only
    players = {p["id"]: p["name"] for p in data["players"]}
    games_ = {g["id"]: g for g in data["games"]}
    assert {g["name"]: g["bggId"] for g in games_.values()} == {"Laminate Rummy": 0, "Rummikub": 811}
    assert all(g["highestWins"] and not g["noPoints"] and not g["cooperative"] for g in games_.values())
    assert sorted(players.values()) == ["Aki", "Ben", "Chie", "Dan"] and len(set(players)) == 4
    ours = plays_by_table(client, status="finished")
    for play in data["plays"]:
        assert PLAY_DATE.match(play["playDate"]) and isinstance(play["durationMin"], int)
        assert play["gameRefId"] in games_ and play["locationRefId"] == data["locations"][0]["id"]
        names = [players[s["playerRefId"]] for s in play["playerScores"]]
        match = [p for p in ours.values() if [x["name"] for x in p["players"]] == names
                 and p["created_at"][:10] == play["playDate"][:10]
                 and [str(x["score"]) for x in p["players"]] == [s["score"] for s in play["playerScores"]]]
        assert len(match) == 1, play
        mine = match[0]
        assert [s["winner"] for s in play["playerScores"]] == [x["winner"] for x in mine["players"]]
        assert [s["startPlayer"] for s in play["playerScores"]] == [x["start"] for x in mine["players"]]
        assert [s["seatOrder"] for s in play["playerScores"]] == [x["seat"] + 1 for x in mine["players"]]
        assert [s["rank"] for s in play["playerScores"]] == [x["place"] for x in mine["players"]]
        assert play["durationMin"] == mine["duration_min"]
    # stable: the same plays get the same UUIDs on a second export (a re-import updates, never duplicates)
    again = client.get("/api/plays/bgstats.json").get_json()
    assert [p["uuid"] for p in again["plays"]] == [p["uuid"] for p in data["plays"]]
    assert all(p["table"] not in resp.get_data(as_text=True) for p in ours.values())  # no table ids leak


def test_csv_export_has_a_row_per_seat_and_defuses_formulas(app: Flask, client: FlaskClient) -> None:
    rummikub_game(client, ["=HYPERLINK(\"x\")", "Ben"], 0)
    create(client, "laminate", NAMES)
    resp = client.get("/api/plays/export.csv")
    assert resp.status_code == 200 and resp.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(resp.get_data(as_text=True).lstrip("\ufeff"))))
    assert len(rows) == 5
    first = [r for r in rows if r["game"] == "rummikub"]
    assert first[0]["player"] == "'=HYPERLINK(\"x\")" and first[0]["winner"] == "yes" and first[0]["place"] == "1"
    assert first[0]["start_player"] == "yes" and first[1]["start_player"] == "" and first[1]["status"] == "finished"
    assert {r["status"] for r in rows if r["game"] == "laminate"} == {"running"}
    only = client.get("/api/plays/export.csv?game=laminate").get_data(as_text=True)
    assert "rummikub" not in only and only.count("\n") == 4
