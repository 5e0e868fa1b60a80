"""The Plays and Players pages (issue 12, item 2): every play listed with its players, scores and winner, an
unfinished table reopened (its acting link only for a browser that had it, or the host machine), each
player's record per game, in Japanese and English; names are text, never HTML; no inline style or script."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from test_plays import NAMES, create, laminate_game, rummikub_game

HOSTILE = "<img src=x onerror=alert(1)>"


def text(client: FlaskClient, path: str, **kw) -> str:
    resp = client.get(path, **kw)
    assert resp.status_code == 200, path
    return resp.get_data(as_text=True)


def test_plays_page_lists_each_play_with_scores_winner_and_a_way_back(app: Flask, client: FlaskClient) -> None:
    done = laminate_game(app, client, NAMES, winner=2)
    going = create(client, "rummikub", ["Ben", "Aki"], 1)
    other = app.test_client()  # a browser that never had the tables' acting links
    page = text(other, "/plays", environ_base={"REMOTE_ADDR": "192.168.1.20"})
    items = re.findall(r'<li class="play (finished|running)">(.*?)</ul>\s*</li>', page, re.S)
    assert [status for status, _ in items] == ["running", "finished"]  # newest first
    running, finished = items[0][1], items[1][1]
    assert f'href="/v/{going["view_id"]}"' in running and "Watch" in running and going["id"] not in page
    assert f'href="/v/{done["view_id"]}"' in finished
    won = re.findall(r'<li class="seat-chip won">(.*?)</li>', finished, re.S)
    assert len(won) == 1 and "Chie" in won[0] and "16 points" in won[0]
    assert finished.count("started") == 1 and "Laminate Rummy" in finished
    # a browser that opened the table (its session remembers it) gets the acting link
    client.get(f"/t/{going['id']}")
    mine = text(client, "/plays", environ_base={"REMOTE_ADDR": "192.168.1.21"})
    assert f'href="/t/{going["id"]}"' in mine and "Continue" in mine
    # exports, with the page's filters
    filtered = text(client, "/plays?game=rummikub&status=running")
    assert "/api/plays/export.csv?game=rummikub&amp;status=running" in filtered
    assert "/api/plays/bgstats.json?game=rummikub&amp;status=running" in filtered
    assert done["id"] not in filtered and done["view_id"] not in filtered and going["id"] in filtered  # host: acts


def test_plays_page_filters_by_player_and_survives_nonsense(client: FlaskClient) -> None:
    rummikub_game(client, ["Aki", "Ben"], 0)
    rummikub_game(client, ["Chie", "Ben"], 1)
    page = text(client, "/plays?player=Chie")
    assert page.count('<li class="play ') == 1 and "Plays of Chie" in page
    nothing = text(client, "/plays?player=Nobody&game=chess&status=x")
    assert '<li class="play ' not in nothing and "No plays match." in nothing


def test_empty_server_says_there_are_no_plays_yet(client: FlaskClient) -> None:
    assert "No plays yet." in text(client, "/plays")
    assert "No finished plays yet." in text(client, "/players")
    create(client, "laminate", NAMES)
    assert "No finished plays yet." in text(client, "/players")  # a running table is nobody's record yet


def test_players_page_shows_each_players_record_per_game(app: Flask, client: FlaskClient) -> None:
    laminate_game(app, client, NAMES, winner=0)
    laminate_game(app, client, NAMES, winner=0)
    rummikub_game(client, ["Aki", "Ben"], 1)
    page = text(client, "/players")
    cards = re.findall(r'<li class="player-card">(.*?)</li>', page, re.S)
    assert [re.search(r"<h2>(.*?)</h2>", c).group(1) for c in cards] == ["Aki", "Ben", "Chie"]
    aki = cards[0]
    assert "3 played · 2 won" in aki
    rows = re.findall(r'<tr><th scope="row">(.*?)</th><td>(\d+)</td><td>(\d+)</td><td>(.*?)</td><td>(.*?)</td></tr>',
                      aki)
    assert rows == [("Laminate Rummy", "2", "2", "16.0", "16"), ("Rummikub", "1", "0", "-92.0", "-92")]
    assert 'href="/plays?player=Aki"' in aki


def test_pages_speak_japanese(client: FlaskClient) -> None:
    rummikub_game(client, ["Aki", "Ben"], 0)
    client.set_cookie("lang", "ja")
    plays = text(client, "/plays")
    assert '<html lang="ja">' in plays and "プレイ記録" in plays and "ラミーキューブ" in plays and "終了" in plays
    players = text(client, "/players")
    assert "プレイヤー" in players and "1回 · 1勝" in players and "平均" in players
    home = text(client, "/")
    assert 'href="/plays"' in home and 'href="/players"' in home


def test_names_are_text_never_html(app: Flask, client: FlaskClient) -> None:
    table = rummikub_game(client, [HOSTILE, "Ben"], 0)
    client.post(f"/api/tables/{table['id']}/again")
    for path in ("/plays", "/players", f"/plays?player={HOSTILE}", f"/t/{table['id']}", "/"):
        page = text(client, path)
        assert HOSTILE not in page, path
        assert "&lt;img src=x onerror=alert(1)&gt;" in page, path


def test_no_inline_style_or_script_on_the_new_pages(app: Flask, client: FlaskClient) -> None:
    table = rummikub_game(client, NAMES, 0)
    for path in ("/plays", "/players", f"/t/{table['id']}"):
        page = text(client, path)
        assert not re.search(r"\sstyle=", page), path
        assert not re.search(r"<script(?![^>]*\ssrc=)[^>]*>", page), path
        assert not re.search(r"\son[a-z]+=", page), path
    assert client.get("/static/js/plays.js").status_code == 200
    assert client.get("/static/css/plays.css").status_code == 200


def test_plays_page_shows_the_latest_fifty_then_more(app: Flask, client: FlaskClient) -> None:
    service = app.extensions["companion"]
    for i in range(55):
        service.create_table(["Aki", f"P{i:02d}"], 0, game="rummikub")
    first = text(client, "/plays")
    assert first.count('<li class="play ') == 50 and "Plays: 55" in first
    assert 'href="/plays?n=100"' in first
    rest = text(client, "/plays?n=100")
    assert rest.count('<li class="play ') == 55 and "/plays?n=" not in rest
    assert text(client, "/plays?n=999999999999").count('<li class="play ') == 50  # nonsense: the first page
    filtered = text(client, "/plays?player=P03")
    assert filtered.count('<li class="play ') == 1 and "/plays?n=" not in filtered


def test_a_play_shows_points_only_where_the_game_has_points(app: Flask, client: FlaskClient) -> None:
    """Pyramid's height is no points: its play shows each player's place; The Pairs is cooperative: the team's
    trophies and its result in words, no points nor places (issue 20)."""
    from test_plays_bgstats import sample

    sample("pyramid").play(app, client)
    the_pairs_game = sample("the-pairs").the_pairs_game
    page = text(client, "/plays?game=pyramid")
    chips = re.findall(r'<li class="seat-chip[^"]*">(.*?)</li>', page, re.S)
    assert [re.findall(r">(#\d)<", c) for c in chips] == [["#1"], ["#2"], ["#3"], ["#4"]]
    assert "points" not in page.split('class="play-list"')[1].split("</ol>")[0]
    assert "4位" in text(client, "/plays?game=pyramid&lang=ja")
    the_pairs_game(app, client, 7)
    page = text(client, "/plays?game=the-pairs")
    chips = re.findall(r'<li class="seat-chip([^"]*)">(.*?)</li>', page, re.S)
    assert [cls for cls, _ in chips] == [" won"] * 3
    assert not any(re.search(r">#\d|points", c) for _, c in chips)
    assert '<span class="play-team won">Won together</span>' in page
    the_pairs_game(app, client, 0)  # a loss shows no trophy: the words say it
    page = text(client, "/plays?game=the-pairs&lang=ja")
    assert page.count('class="play-team') == 2 and '<span class="play-team lost">全員の負け</span>' in page
    assert 'class="play-team' not in text(client, "/plays?game=pyramid")  # only a cooperative game's
