"""Public mode (``companion serve --public``, issue 18 part 5): a hosted instance anyone may open is not a LAN.

* The start page lists only the tables this browser joined — never anyone else's, not even their view links —
  and nobody is "the host machine" (no full link handed out for coming from loopback).
* The plays record (pages, JSON, CSV, BG Stats) shows a browser its own tables only.
* A table idle past ``close_idle_after`` is closed: every write is refused with 409 ``table_closed`` in both
  languages and changes nothing; reads, exports and its play stay; its page says so; its streams answer 204
  (an EventSource stops reconnecting). Idle is judged on the latest log: a write through another process keeps
  the table open (both stores).
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games.laminate import Research
from companion.service import ServiceError, TableService
from companion.store import TableRecord, open_store
from companion.web import create_app

LOOPBACK = {"REMOTE_ADDR": "127.0.0.1"}
RESEARCH = {"type": "research", "from": "deck"}
HOUR = 3600.0


@pytest.fixture
def public(app: Flask) -> Flask:
    app.config["PUBLIC_MODE"] = True
    return app


def created(client: FlaskClient, players: list[str]) -> dict:
    answer = client.post("/api/tables", json={"players": players})
    assert answer.status_code == 201
    return answer.get_json()


def joined(app: Flask, players: list[str]) -> tuple[FlaskClient, dict]:
    """A browser that made a table and opened it (as the start page's form does)."""
    browser = app.test_client()
    table = created(browser, players)
    assert browser.get(f"/t/{table['id']}", environ_base=LOOPBACK).status_code == 200
    return browser, table


def test_the_start_page_lists_only_this_browsers_tables(public: Flask) -> None:
    ann, mine = joined(public, ["Ann", "Ben", "Cy"])
    dora, theirs = joined(public, ["Dora", "Emil", "Fay"])
    html = ann.get("/", environ_base=LOOPBACK).get_data(as_text=True)
    assert f"/t/{mine['id']}" in html and "Your tables" in html
    for leak in (theirs["id"], theirs["view_id"], "Dora", "Emil"):
        assert leak not in html  # from loopback with a loopback name, too: nobody is the host machine
    stranger = public.test_client().get("/", environ_base=LOOPBACK, headers={"Accept-Language": "ja"})
    page = stranger.get_data(as_text=True)
    assert mine["view_id"] not in page and theirs["view_id"] not in page and "あなたの卓" in page


def test_on_a_lan_the_start_page_still_lists_every_table(app: Flask) -> None:
    _, table = joined(app, ["Ann", "Ben", "Cy"])
    html = app.test_client().get("/", environ_base={"REMOTE_ADDR": "192.168.1.9"}).get_data(as_text=True)
    assert f"/v/{table['view_id']}" in html and "Tables on this server" in html


def test_the_plays_record_shows_a_browser_its_own_tables_only(public: Flask) -> None:
    ann, mine = joined(public, ["Ann", "Ben", "Cy"])
    _, theirs = joined(public, ["Dora", "Emil", "Fay"])
    stranger = public.test_client()
    for path in ("/plays", "/players", "/api/plays", "/api/players", "/api/plays/export.csv",
                 "/api/plays/bgstats.json"):
        own = ann.get(path).get_data(as_text=True)
        other = stranger.get(path).get_data(as_text=True)
        for leak in (theirs["view_id"], "Dora", "Emil"):
            assert leak not in own and leak not in other, path
        assert "Ann" not in other and mine["view_id"] not in other, path
    assert [p["table"] for p in ann.get("/api/plays").get_json()["plays"]] == [mine["view_id"]]


@pytest.fixture
def later(public: Flask) -> Iterator[list[float]]:
    """Tables close after an hour idle; the service's clock runs ``offset[0]`` seconds ahead of the wall."""
    service: TableService = public.extensions["companion"]
    offset = [0.0]
    service.close_idle_after = HOUR
    service.clock = lambda: time.time() + offset[0]
    yield offset


def test_a_table_idle_past_the_limit_is_closed_and_keeps_its_play(public: Flask, later: list[float]) -> None:
    ann, table = joined(public, ["Ann", "Ben", "Cy"])
    tid, vid = table["id"], table["view_id"]
    assert ann.post(f"/api/tables/{tid}/actions", json={"action": RESEARCH}).status_code == 200
    later[0] = 0.9 * HOUR
    assert ann.post(f"/api/tables/{tid}/actions", json={"action": RESEARCH}).status_code == 200  # a move: still open
    later[0] = 2.1 * HOUR  # 1.2 h after that move
    before = ann.get(f"/api/tables/{tid}/log").get_json()
    writes = [("/actions", {"action": RESEARCH}), ("/undo", {}), ("/settings", {"hints": False}),
              ("/seats/0/claim", {}), ("/actions", {"action": RESEARCH, "dry_run": True})]
    for path, body in writes:
        answer = ann.post(f"/api/tables/{tid}{path}", json=body)
        error = answer.get_json()
        if path == "/seats/0/claim" and answer.status_code == 409 and error["error"] == "no_seat_claims":
            continue  # Laminate has no seat claims: refused for that before the table is looked at
        if body.get("dry_run"):
            assert answer.status_code == 200  # a dry run changes nothing: a read, answered as one
            continue
        assert (answer.status_code, error["error"]) == (409, "table_closed"), (path, error)
        assert "Plays" in error["message_en"] and "プレイ記録" in error["message_ja"]
    assert ann.get(f"/api/tables/{tid}/log").get_json() == before
    assert ann.get(f"/api/tables/{tid}").get_json()["version"] == 2  # reads go on
    assert ann.get(f"/t/{tid}/log.csv").status_code == 200
    page = ann.get(f"/t/{tid}").get_data(as_text=True)
    assert "closed after 1 h without a move" in page
    assert "closed" in ann.get("/", environ_base=LOOPBACK).get_data(as_text=True)
    for stream in (f"/t/{tid}/live", f"/v/{vid}/live", f"/api/tables/{tid}/events"):
        assert ann.get(stream).status_code == 204, stream  # EventSource: stop reconnecting
    plays = ann.get("/api/plays").get_json()["plays"]
    assert [(p["table"], p["version"]) for p in plays] == [(vid, 2)]  # the play is kept


def test_a_closed_unfinished_table_is_closed_in_the_plays_record_not_running(public: Flask,
                                                                             later: list[float]) -> None:
    ann, table = joined(public, ["Ann", "Ben", "Cy"])
    vid = table["view_id"]
    assert ann.post(f"/api/tables/{table['id']}/actions", json={"action": RESEARCH}).status_code == 200
    assert [p["status"] for p in ann.get("/api/plays").get_json()["plays"]] == ["running"]
    later[0] = 2 * HOUR  # no new version: the play turns closed as time passes
    plays = ann.get("/api/plays").get_json()["plays"]
    assert [(p["table"], p["status"]) for p in plays] == [(vid, "closed")]
    assert ann.get("/api/plays?status=closed").get_json()["plays"][0]["table"] == vid
    assert ann.get("/api/plays?status=running").get_json()["plays"] == []
    page = ann.get("/plays").get_data(as_text=True)
    assert 'class="play-status closed">Closed unfinished<' in page and "play-status running" not in page
    assert "Continue" not in page.split('class="play closed"', 1)[1].split("</li>", 1)[0]
    assert ann.get("/api/players").get_json()["players"] == []  # an unfinished play counts for no one
    csv_rows = ann.get("/api/plays/export.csv").get_data(as_text=True).splitlines()[1:]
    assert csv_rows and all(",closed," in row for row in csv_rows)
    later[0] = 0  # the clock back: judged at each read, from the stored play
    assert [p["status"] for p in ann.get("/api/plays").get_json()["plays"]] == ["running"]


def test_play_again_and_page_forms_on_a_closed_table_are_refused(public: Flask, later: list[float]) -> None:
    ann, table = joined(public, ["Ann", "Ben", "Cy"])
    later[0] = 2 * HOUR
    answer = ann.post(f"/api/tables/{table['id']}/again", json={})
    assert answer.status_code == 409 and answer.get_json()["error"] in ("table_closed", "game_not_over")
    with pytest.raises(ServiceError) as refused:
        public.extensions["companion"].act(table["id"], Research("deck"))
    assert refused.value.code == "table_closed"


def test_without_public_mode_tables_never_close(app: Flask) -> None:
    service: TableService = app.extensions["companion"]
    service.clock = lambda: time.time() + 10 * 365 * 24 * HOUR
    client = app.test_client()
    table = created(client, ["Ann", "Ben", "Cy"])
    assert client.post(f"/api/tables/{table['id']}/actions", json={"action": RESEARCH}).status_code == 200


@pytest.mark.both_stores
def test_idle_is_judged_on_the_latest_log_a_write_through_another_process_keeps_it_open(db_location: str) -> None:
    """A process whose cache last saw the table long ago must not refuse a write because of it: another process
    may have moved the table a moment ago."""
    a, b = (TableService(open_store(db_location)) for _ in range(2))
    try:
        a.close_idle_after = HOUR  # b serves without a limit (its clock is the wall's)
        record = TableRecord("Idle-table-000000000001", "Idle-view-0000000000001", ("Ann", "Ben", "Cy"), 0,
                             "2020-01-01T00:00:00.000Z", "laminate", {})
        a.store.create_table(record)
        assert a.snapshot(record.id).version == 0 and a.is_closed(record.id)  # made years ago, untouched
        b.act(record.id, Research("deck"))  # a phone through the other process, just now
        assert a.act(record.id, Research("deck")).snapshot.version == 2  # judged on the latest: open
        assert not a.is_closed(record.id)
        a.clock = lambda: time.time() + 2 * HOUR
        with pytest.raises(ServiceError) as refused:
            a.act(record.id, Research("deck"))
        assert (refused.value.status, refused.value.code) == (409, "table_closed")
        assert b.version(record.id) == 2
    finally:
        for service in (a, b):
            service.close()
            service.store.close()


def test_the_command_line_offers_public_mode() -> None:
    from companion.server import cli

    args = cli.parse_args(["serve", "--public", "--close-idle-after", "6"])
    assert args.public and args.close_idle_after == 6.0
    assert cli.parse_args(["serve"]).public is False and cli.parse_args(["serve"]).close_idle_after is None
    for bad in ("0", "-1", "nan", "soon"):
        with pytest.raises(SystemExit):
            cli.parse_args(["serve", "--close-idle-after", bad])


def test_create_app_is_a_lan_by_default(tmp_path) -> None:
    app = create_app(str(tmp_path / "x.db"), secret_key="k")
    try:
        assert not app.config.get("PUBLIC_MODE") and app.extensions["companion"].close_idle_after is None
    finally:
        app.extensions["companion"].close()
        app.extensions["companion"].store.close()
