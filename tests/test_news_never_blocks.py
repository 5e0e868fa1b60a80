"""Issue 20: the events that matter never open a box over a phone that did not ask for one. Every game's table
page carries the frame's news strip (a status line, no button to dismiss, taps go through it) and no popover;
the only dialogs on a page are the ones a tap on that phone opens (``data-dialog`` openers)."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from companion import games

NAMES = ["Aki", "Ben", "Chie", "Dai", "Emi", "Fumi"]


@pytest.mark.parametrize("game_id", [g.id for g in games.all_games()])
@pytest.mark.parametrize("path", ["t", "v"])
def test_every_game_page_has_the_news_strip_and_nothing_that_blocks(client: FlaskClient, game_id: str,
                                                                   path: str) -> None:
    game = games.get(game_id)
    assert game is not None
    made = client.post("/api/tables", json={"game": game_id, "players": NAMES[:game.min_players]})
    assert made.status_code == 201, made.get_json()
    body = made.get_json()
    html = client.get(f"/{path}/{body['id'] if path == 't' else body['view_id']}").get_data(as_text=True)
    strip = re.search(r'<p id="news" class="news" role="status"[^>]*hidden></p>', html)
    assert strip, "the frame's news strip, empty until the news script fills it"
    assert "popover" not in html and 'id="announcer"' not in html
    # each dialog has its opener on the page: a frame opener (data-dialog), Laminate's picker button, or the
    # Rummikub editor's buttons (their scripts open them on that tap only)
    openers = {"picker": "data-open-picker", "rk-editor": "data-open-editor"}
    for dialog in re.findall(r'<dialog id="([^"]+)"', html):
        assert f'data-dialog="{dialog}"' in html or openers.get(dialog, "-") in html, f"{dialog}: no opener"
    assert "open>" not in re.sub(r"<details[^>]*>", "", html).replace("<dialog open>", "X"), \
        "no dialog is rendered open"
