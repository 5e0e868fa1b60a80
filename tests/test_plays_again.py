"""Play again (issue 12, item 3), for every game: from the end screen, a new table with the same players in
the same seats, the start moved on one seat, the same options and settings; the old table links to it (a
logged event, a version bump, ``next_table`` in its STATE and its live fragment) so every phone follows, the
read-only link to the new table's read-only link."""

from __future__ import annotations

import re
import threading
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from test_plays import NAMES, RACE, act, create, laminate_game, rummikub_game, svc

from companion import games


def csrf(client: FlaskClient, path: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', client.get(path).get_data(as_text=True))
    assert found, path
    return found.group(1)


def test_play_again_through_the_api_keeps_players_options_and_moves_the_start(client: FlaskClient) -> None:
    table = rummikub_game(client, NAMES, 2)
    tid, vid = table["id"], table["view_id"]
    assert client.post(f"/api/tables/{tid}/settings", json={"hints": False}).status_code == 200
    version = client.get(f"/api/tables/{tid}").get_json()["version"]
    resp = client.post(f"/api/tables/{tid}/again")
    assert resp.status_code == 201, resp.get_json()
    new = resp.get_json()
    state = new["state"]
    assert [p["name"] for p in state["players"]] == NAMES and state["start"] == 0  # (2 + 1) mod 3
    assert state["options"] == {**table["final"]["options"], "hints": False} and state["version"] == 0
    assert state["options"]["rounds"] == 1 and state["options"]["turn_timer"] == 0
    # asked again (a second phone, a double tap): the same table, nothing new
    twice = client.post(f"/api/tables/{tid}/again", json={})
    assert twice.status_code == 200 and twice.get_json()["id"] == new["id"]
    old = client.get(f"/api/tables/{tid}").get_json()
    assert old["next_table"] == {"id": new["id"], "view_id": new["view_id"]}
    assert old["version"] == version + 1  # exactly one change: every phone's stream sees it
    seen = client.get(f"/api/tables/{vid}").get_json()
    assert seen["next_table"] == {"id": None, "view_id": new["view_id"]}  # a watcher never gets the acting id
    last = client.get(f"/api/tables/{tid}/log").get_json()["events"][-1]
    assert last["action"] == {"type": "next_table"} and last["seat"] is None and not last["undone"]
    assert new["id"] not in client.get(f"/api/tables/{vid}/log").get_data(as_text=True)
    assert "next_table" not in client.get(f"/api/tables/{new['id']}").get_json()


def test_play_again_needs_a_finished_game_and_the_acting_link(client: FlaskClient) -> None:
    table = create(client, "rummikub", NAMES, 0, rounds=1)
    resp = client.post(f"/api/tables/{table['id']}/again")
    assert resp.status_code == 409 and resp.get_json()["error"] == "game_not_over"
    assert client.get(f"/api/tables/{table['id']}").get_json()["version"] == 0  # nothing changed
    done = rummikub_game(client, NAMES, 0)
    resp = client.post(f"/api/tables/{done['view_id']}/again")
    assert resp.status_code == 403 and resp.get_json()["error"] == "read_only"
    assert client.post("/api/tables/no-such-table-id/again").status_code == 404
    resp = client.post(f"/api/tables/{done['id']}/again", data="players=x",
                       content_type="application/x-www-form-urlencoded")
    assert resp.status_code == 415
    assert client.get(f"/api/tables/{done['id']}/again").status_code == 405
    assert "next_table" not in client.get(f"/api/tables/{done['id']}").get_json()
    assert client.get("/api/plays").get_json()["plays"][0]["table"] == done["view_id"]  # no new table made


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_start_goes_round_the_table_game_after_game(app: Flask, client: FlaskClient, n: int) -> None:
    players = ["Aki", "Ben", "Chie", "Dan"][:n]
    table = laminate_game(app, client, players if n >= 3 else ["Aki", "Ben", "Chie"], winner=0) if n >= 3 \
        else rummikub_game(client, players, 0)
    tid, starts = table["id"], [table["final"]["start"]]
    for _ in range(n):
        new = client.post(f"/api/tables/{tid}/again").get_json()
        starts.append(new["state"]["start"])
        tid = new["id"]
        if new["state"]["game"] == "laminate":
            laminate_game_on(app, tid, winner=new["state"]["start"])
        else:
            finish_rummikub(client, tid, new["state"]["start"], n)
    count = len(table["final"]["players"])
    assert starts == [(starts[0] + i) % count for i in range(n + 1)]
    people = {p["name"]: p for p in client.get("/api/players").get_json()["players"]}
    assert people["Aki"]["plays"] == n + 1  # every game of the chain is remembered


def laminate_game_on(app: Flask, tid: str, winner: int) -> None:
    from game_driver import drive, service_driver

    act_, state = service_driver(svc(app), tid)
    assert drive(act_, state, lambda s: False, leader=winner)["over"]


def finish_rummikub(client: FlaskClient, tid: str, start: int, n: int) -> None:
    from test_plays import RK_OUT, RK_RACKS

    act(client, tid, {"type": "play", "table": RK_OUT})
    for seat, rack in zip([s for s in range(n) if s != start], RK_RACKS):
        act(client, tid, {"type": "rack", "seat": seat, "tiles": rack})


def test_two_phones_asking_at_once_make_one_table(app: Flask) -> None:
    client = app.test_client()
    table = rummikub_game(client, NAMES, 0)
    answers: list[Any] = []

    def ask() -> None:
        answers.append(app.test_client().post(f"/api/tables/{table['id']}/again").get_json()["id"])

    threads = [threading.Thread(target=ask) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(answers)) == 1 and len(answers) == 6
    assert len(client.get("/api/plays").get_json()["plays"]) == 2


def test_the_old_tables_stream_wakes_up_when_the_next_table_is_made(app: Flask, client: FlaskClient) -> None:
    table = rummikub_game(client, NAMES, 0)
    service = svc(app)
    known = service.version(table["id"])
    woke: list[int] = []
    waiter = threading.Thread(target=lambda: woke.append(service.wait_for_change(table["id"], known, 5)))
    waiter.start()
    client.post(f"/api/tables/{table['id']}/again")
    waiter.join()
    assert woke == [known + 1]


def test_a_game_without_points_plays_again_too(app: Flask, client: FlaskClient) -> None:
    games.register(RACE)
    try:
        table = create(client, "race", ["Aki", "Ben", "Chie"], 2, target=4)
        for _ in range(2):
            act(client, table["id"], {"type": "add", "n": 2})
        new = client.post(f"/api/tables/{table['id']}/again").get_json()
        assert new["state"]["target"] == 4 and new["state"]["active"] == 0  # start 2 -> 0, option kept
        plays = {p["table"]: p for p in client.get("/api/plays").get_json()["plays"]}
        assert plays[new["view_id"]]["status"] == "running" and plays[table["view_id"]]["winners"] == [0]
    finally:
        games.unregister("race")


# --- the pages --------------------------------------------------------------------------------------------------


def test_end_screen_offers_play_again_and_every_phone_follows(app: Flask, client: FlaskClient) -> None:
    table = laminate_game(app, client, NAMES, winner=1, start=2)
    tid, vid = table["id"], table["view_id"]
    page = client.get(f"/t/{tid}").get_data(as_text=True)
    assert f'action="/t/{tid}/again"' in page and "Aki starts" in page  # start 2 -> seat 0
    watch = client.get(f"/v/{vid}").get_data(as_text=True)
    assert "/again" not in watch and 'id="play-again"' in watch  # the slot is there, empty, for the view
    running = create(client, "laminate", NAMES)
    assert "/again" not in client.get(f"/t/{running['id']}").get_data(as_text=True)

    # this phone is seat 1; it follows to the new table where it is seat 1 again
    client.post(f"/t/{tid}/me", data={"seat": "1", "csrf_token": csrf(client, f"/t/{tid}")})
    other = app.test_client()  # a second phone on the old table
    other.post(f"/t/{tid}/me", data={"seat": "2", "csrf_token": csrf(other, f"/t/{tid}")})
    resp = client.post(f"/t/{tid}/again", data={"csrf_token": csrf(client, f"/t/{tid}")})
    assert resp.status_code == 303
    new_id = resp.headers["Location"].rsplit("/", 1)[-1]
    new = client.get(f"/api/tables/{new_id}").get_json()
    assert new["start"] == 0 and [p["name"] for p in new["players"]] == NAMES
    assert client.get_cookie("me", path=f"/t/{new_id}").value == "1"
    # the other phone's live update: the fragment brings the slot out of band, with the way to follow
    fragment = other.get(f"/t/{tid}/fragment").get_data(as_text=True)
    slot = re.search(r'<section id="play-again"[^>]*>', fragment)
    assert slot and 'hx-swap-oob="true"' in slot.group(0) and f'data-next="/t/{tid}/next"' in slot.group(0)
    follow = other.get(f"/t/{tid}/next")
    assert follow.status_code == 303 and follow.headers["Location"].endswith(f"/t/{new_id}")
    assert other.get_cookie("me", path=f"/t/{new_id}").value == "2"
    # the read-only link follows to the new table's read-only link, never its acting one
    view_fragment = client.get(f"/v/{vid}/fragment").get_data(as_text=True)
    assert f'data-next="/v/{vid}/next"' in view_fragment and new_id not in view_fragment
    seen = client.get(f"/v/{vid}/next")
    assert seen.status_code == 303 and seen.headers["Location"].endswith(f"/v/{new['view_id']}")
    assert client.get(f"/t/{vid}/next").headers["Location"].endswith(f"/v/{new['view_id']}")
    # the history of the old table says what happened; a page opened on it later offers the way, not the button
    old_page = client.get(f"/t/{tid}").get_data(as_text=True)
    assert "Play again: a new table with the same players." in old_page
    assert f'action="/t/{tid}/again"' not in old_page and f'href="/t/{tid}/next"' in old_page


def test_follow_before_there_is_a_next_table_stays_put(client: FlaskClient) -> None:
    table = create(client, "laminate", NAMES)
    assert client.get(f"/t/{table['id']}/next").headers["Location"].endswith(f"/t/{table['id']}")
    assert client.get(f"/v/{table['view_id']}/next").headers["Location"].endswith(f"/v/{table['view_id']}")
    assert client.get("/t/no-such-table-id/next").status_code == 404


def test_play_again_form_needs_its_csrf_token_and_the_acting_link(client: FlaskClient) -> None:
    table = rummikub_game(client, NAMES, 0)
    assert client.post(f"/t/{table['id']}/again").status_code == 403
    assert client.post(f"/v/{table['view_id']}/again", data={}).status_code in (403, 404, 405)
    assert "next_table" not in client.get(f"/api/tables/{table['id']}").get_json()


def test_at_a_table_whose_phones_claim_seats_a_following_phone_keeps_its_seat(app: Flask, client: FlaskClient) -> None:
    """Games with secrets: a phone proves its seat with a token; following to the new table claims the same
    seat there for it (a phone that proved nothing claims nothing)."""
    from dataclasses import replace

    from companion.web.viewer import seat_cookie

    secret_race = replace(RACE, id="secret-race", private_seats=lambda options: True)
    games.register(secret_race)
    try:
        table = create(client, "secret-race", ["Aki", "Ben"], 0, target=3)
        tid = table["id"]
        token = client.post(f"/api/tables/{tid}/seats/1/claim").get_json()["token"]
        for _ in range(3):
            act(client, tid, {"type": "add", "n": 1})
        new = client.post(f"/api/tables/{tid}/again").get_json()
        stranger = app.test_client()
        assert stranger.get(f"/t/{tid}/next").status_code == 303
        assert svc(app).seats(new["id"]) == set()  # proved nothing: claimed nothing
        client.set_cookie(seat_cookie(tid), token)
        assert client.get(f"/t/{tid}/next").headers["Location"].endswith(f"/t/{new['id']}")
        assert svc(app).seats(new["id"]) == {1}
        fresh = client.get_cookie(seat_cookie(new["id"]))
        assert fresh is not None and svc(app).proven_seat(new["id"], fresh.value) == 1
        other = app.test_client()  # the seat is taken now: a second claim for it is not made behind its back
        other.set_cookie(seat_cookie(tid), token)
        other.get(f"/t/{tid}/next")
        assert svc(app).proven_seat(new["id"], fresh.value) == 1
    finally:
        games.unregister("secret-race")
