"""The Pairs' pages through Flask's test client: every step renders in both languages, the forms act without
JavaScript (a card onto a pile, onto the place, the place card onto a pile, the draw, pass, "I cannot play"),
refusals are shown in place, the read-only view carries no form, names are escaped, no inline script or style,
the history says what happened, and the exports carry The Pairs' columns. TP numbers: docs/rules-the-pairs.md."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

HOSTILE = "<img src=x onerror=alert(1)>"


def new_table(client: FlaskClient, names: list[str] | None = None) -> tuple[str, str]:
    resp = client.post("/api/tables", json={"game": "the-pairs", "players": names or ["Ann", "Bo", "Chie"],
                                            "start": 0})
    assert resp.status_code == 201, resp.get_data(as_text=True)
    return resp.get_json()["id"], resp.get_json()["view_id"]


def state(client: FlaskClient, tid: str) -> dict[str, Any]:
    return client.get(f"/api/tables/{tid}").get_json()


def api_act(client: FlaskClient, tid: str, action: dict[str, Any]) -> dict[str, Any]:
    resp = client.post(f"/api/tables/{tid}/actions", json={"action": action})
    assert resp.status_code == 200, resp.get_data(as_text=True)
    return resp.get_json()["state"]


def token(client: FlaskClient, tid: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', client.get(f"/t/{tid}").get_data(as_text=True))
    assert found
    return found.group(1)


def act(client: FlaskClient, tid: str, **fields: Any) -> Any:
    return client.post(f"/t/{tid}/act", data={"csrf_token": token(client, tid), **fields})


def page(client: FlaskClient, path: str, lang: str = "en") -> str:
    resp = client.get(path, headers={"Accept-Language": lang})
    assert resp.status_code == 200, (path, resp.status_code)
    return resp.get_data(as_text=True)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_step_renders(client: FlaskClient, lang: str) -> None:
    tid, vid = new_table(client)
    html = page(client, f"/t/{tid}", lang)
    assert ("Which card, and where?" if lang == "en" else "どのカードをどこに出しますか？") in html
    assert 'class="pd-felt tp-felt"' in html and 'value="the-pairs"' not in html
    assert html.count('<li class="tp-seat') == 3
    api_act(client, tid, {"type": "play", "card": 6, "to": "place"})
    html = page(client, f"/t/{tid}", lang)
    assert ("From the deck" if lang == "en" else "山札から") in html
    assert ("placed this turn" if lang == "en" else "この手番に置いたので不可") in html  # TP9
    api_act(client, tid, {"type": "draw", "from": "deck"})
    api_act(client, tid, {"type": "play", "card": 4, "to": "a"})
    html = page(client, f"/t/{tid}", lang)
    assert 'aria-label="' + ("Pile A: 1 card, 4" if lang == "en" else "捨て札A：1枚、一番上は4") in html
    region = html.split('id="table"', 1)[1]
    assert "{" not in region and "}" not in region  # every placeholder filled


def test_tp6_tp9_a_whole_turn_through_forms_without_script(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    resp = act(client, tid, version="0", type="play", to="a", card="5")
    assert resp.status_code == 303
    s = state(client, tid)
    assert s["piles"]["a"] == [5] and s["step"] == "draw"
    html = page(client, f"/t/{tid}")
    assert "Ann played a 5 onto pile A." in html
    assert act(client, tid, version="1", type="draw", **{"from": "deck"}).status_code == 303
    s = state(client, tid)
    assert s["active"] == 1 and s["players"][0]["hand"] == 4
    act(client, tid, version="2", type="play", to="place", card="9")
    act(client, tid, version="3", type="draw", **{"from": "deck"})
    act(client, tid, version="4", type="play", to="b", card="2")
    act(client, tid, version="5", type="draw", **{"from": "deck"})
    assert state(client, tid)["players"][1]["place"] == 9
    act(client, tid, version="6", type="play", to="a", card="6")
    act(client, tid, version="7", type="draw", **{"from": "deck"})
    html = page(client, f"/t/{tid}")  # Bo's turn: the place card 9 fits neither 6 nor 2
    assert "Your place card 9 fits neither pile." in html


def test_a_refusal_is_shown_in_place_in_both_languages(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    api_act(client, tid, {"type": "play", "card": 5, "to": "a"})
    api_act(client, tid, {"type": "draw", "from": "deck"})
    client.set_cookie("lang", "ja")
    resp = act(client, tid, version="2", type="play", to="a", card="9")
    assert resp.status_code == 303
    html = client.get(f"/t/{tid}").get_data(as_text=True)
    assert 'id="err-play"' in html and "捨て札Aに出せるのは今4・5・6だけです" in html
    assert state(client, tid)["version"] == 2


def test_htmx_posts_get_the_fragment(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    resp = client.post(f"/t/{tid}/act", data={"csrf_token": token(client, tid), "version": "0", "type": "play",
                                              "to": "b", "card": "10"}, headers={"HX-Request": "true"})
    assert resp.status_code == 200 and resp.get_data(as_text=True).startswith('<div id="table"')


def test_tp8_cannot_play_form_checks_the_shown_hand(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    for action in ({"type": "play", "card": 2, "to": "place"}, {"type": "draw", "from": "deck"},
                   {"type": "play", "card": 9, "to": "a"}, {"type": "draw", "from": "deck"},
                   {"type": "play", "card": 8, "to": "b"}, {"type": "draw", "from": "deck"}):
        api_act(client, tid, action)
    html = page(client, f"/t/{tid}")  # Ann: place 2, piles 9 and 8: "I cannot play" is offered
    assert 'id="stuck"' in html
    act(client, tid, type="stuck", hand="3 x")
    html = page(client, f"/t/{tid}")
    assert "“x” is not a card number" in html and 'value="3 x"' in html
    act(client, tid, type="stuck", hand="3 8 4 1")
    assert "The 8 in the hand fits pile A" in page(client, f"/t/{tid}")
    act(client, tid, type="stuck", hand="3 3 4 1")
    s = state(client, tid)
    assert s["result"] == "lost" and s["revealed"] == [3, 3, 4, 1]
    html = page(client, f"/t/{tid}")
    assert "The team lost" in html and "Ann could not play and fell out." in html and "tp-controls" not in html


def test_tp8_a_cannot_play_refused_where_its_panel_is_gone_is_shown_at_the_top(client: FlaskClient) -> None:
    """A page that showed "I cannot play" before the table moved on (another phone played) posts it: the panel
    is not drawn now, so the refusal stands at the top of the table instead of being lost."""
    tid, _ = new_table(client)
    api_act(client, tid, {"type": "play", "card": 9, "to": "place"})
    api_act(client, tid, {"type": "draw", "from": "deck"})
    html = page(client, f"/t/{tid}")
    assert 'id="stuck"' not in html  # Ben can still play: no panel
    assert act(client, tid, type="stuck", hand="4 5 6 8").status_code == 303
    html = page(client, f"/t/{tid}")
    assert '<p class="alert" role="alert"><strong>Not accepted:</strong> Bo&#39;s place is empty' in html
    assert state(client, tid)["version"] == 2


def test_pass_is_offered_only_when_allowed(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    html = page(client, f"/t/{tid}")
    assert 'name="type" value="pass"' not in html
    resp = act(client, tid, type="pass")
    assert resp.status_code == 303
    assert "hand, their place and the deck are all empty" in page(client, f"/t/{tid}")


def test_the_read_only_view_has_no_forms_and_no_full_id(client: FlaskClient) -> None:
    tid, vid = new_table(client)
    html = page(client, f"/v/{vid}")
    assert "<form" not in html.split('id="table"', 1)[1] and tid not in html
    assert 'class="pd-felt tp-felt"' in html


def test_names_are_text_never_html(client: FlaskClient) -> None:
    tid, _ = new_table(client, [HOSTILE, "Bo", "Chie"])
    html = page(client, f"/t/{tid}")
    assert HOSTILE not in html and "&lt;img src=x onerror=alert(1)&gt;" in html


def test_no_inline_script_or_style(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    html = page(client, f"/t/{tid}")
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html) and " style=" not in html and "<style" not in html
    for sheet in ("/static/games/the_pairs/the-pairs.css", "/static/games/pairs/pairs.css"):  # its own, the kit's
        assert sheet + "?v=" in html
        served = client.get(sheet)
        assert served.status_code == 200 and served.mimetype == "text/css" and b".pd" in served.data


def test_exports_carry_the_pairs_columns(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    api_act(client, tid, {"type": "play", "card": 5, "to": "b"})
    api_act(client, tid, {"type": "draw", "from": "deck"})
    rows = list(csv.reader(io.StringIO(client.get(f"/t/{tid}/log.csv").get_data(as_text=True).lstrip("\ufeff"))))
    header = rows[0]
    assert {"card", "from", "to", "hand"} <= set(header)
    first = dict(zip(header, rows[1], strict=False))
    assert first["type"] == "play" and first["card"] == "5" and first["to"] == "b"
    assert client.get(f"/t/{tid}/log.json").get_json()["table"]["game"] == "the-pairs"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_page(client: FlaskClient, lang: str) -> None:
    html = page(client, "/rules/the-pairs", lang)
    assert ("The Pairs: the rules" if lang == "en" else "ザ・ペアーズのルール") in html and "TP7" in html


def test_the_start_page_offers_the_game_with_its_picture(client: FlaskClient) -> None:
    html = page(client, "/")
    assert 'value="the-pairs"' in html and "/static/games/the_pairs/icon.svg?v=" in html and "The Pairs" in html
    assert client.get("/static/games/the_pairs/icon.svg").status_code == 200  # from the game's own folder


def test_a_table_created_from_the_start_page(client: FlaskClient) -> None:
    home = page(client, "/")
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', home).group(1)
    resp = client.post("/", data={"csrf_token": csrf, "game": "the-pairs", "name0": "Ann", "name1": "Bo",
                                  "name2": "Chie", "start": "1"})
    assert resp.status_code == 303
    tid = resp.headers["Location"].rsplit("/", 1)[-1]
    s = state(client, tid)
    assert s["game"] == "the-pairs" and s["active"] == 1 and s["deck"] == 43
