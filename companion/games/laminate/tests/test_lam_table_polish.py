"""Issue 12 on Laminate's pages (Flask test client): what to do with the real cards (R7-R9, R16), the
turn-aware action bar, which device acted, Undo offered in the notice, a stale refusal that says what
changed, the speech data, the gift lists with commas, and the --port help."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.games.laminate.texts import t, tn

sys.path.insert(0, str(Path(__file__).resolve().parents[4] / "tests" / "browser"))  # game_driver

NAMES = ["Hilbert", "Noether", "Banach"]

#: Hilbert's and Noether's Three of a Kind reviewed down to one card each (complete: heart-7, coffin-7).
TWO_COMPLETE = [
    {"type": "publish", "paper": "kind3", "cards": ["heart-7", "onion-7", "suit6-7"]},
    {"type": "review", "paper": 1, "card": "suit6-7"},
    {"type": "review", "paper": 1, "card": "onion-7"},
    {"type": "research", "from": "deck"},
    {"type": "publish", "paper": "kind3", "cards": ["coffin-7", "onion-7", "suit6-7"]},
    {"type": "review", "paper": 2, "card": "onion-7"},
    {"type": "review", "paper": 2, "card": "suit6-7"},
    {"type": "research", "from": "deck"},
]  # then it is Banach's turn


def table(client: FlaskClient, actions: list[dict[str, Any]], names: list[str] = NAMES) -> str:
    body = client.post("/api/tables", json={"players": names}).get_json()
    for action in actions:
        resp = client.post(f"/api/tables/{body['id']}/actions", json={"action": action})
        assert resp.status_code == 200, (action, resp.get_json())
    return body["id"]


def page(client: FlaskClient, tid: str, seat: int | None, lang: str = "en") -> str:
    if seat is None:
        client.delete_cookie("me")
    else:
        client.set_cookie("me", str(seat))
    resp = client.get(f"/t/{tid}", headers={"Accept-Language": lang})
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def todo_lines(html: str) -> list[str]:
    return [re.sub(r"\s+", " ", m).strip() for m in re.findall(r'<p class="todo-line">(.*?)</p>', html, re.S)]


def csrf(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


# --- with the real cards (R7-R9) ------------------------------------------------------------------------------


def test_r8_the_mover_is_told_to_draw_2_keep_1_discard_1(client: FlaskClient) -> None:
    tid = table(client, [{"type": "research", "from": "deck"}])
    assert todo_lines(page(client, tid, 0)) == [t("todo_draw2", "en")]
    assert todo_lines(page(client, tid, 0, "ja")) == [t("todo_draw2", "ja")]
    assert todo_lines(page(client, tid, 1)) == []  # not Noether's cards
    assert todo_lines(page(client, tid, None)) == [f"Hilbert: {t('todo_draw2', 'en')}"]  # the shared tablet


def test_r7_gifts_are_spelled_out_for_the_author_and_each_recipient(client: FlaskClient) -> None:
    publish = {"type": "publish", "paper": "kind3", "cards": ["book-7"], "cite": [1, 2]}
    tid = table(client, [*TWO_COMPLETE, publish])
    author = todo_lines(page(client, tid, 2))
    assert author[0].startswith("Lay Book 7 in a row under the Three of a Kind paper (#3)")
    assert author[1] == "Give 1 card each from your hand to Hilbert and Noether."
    assert todo_lines(page(client, tid, 0)) == ["Banach gives you 1 card from their hand (a citation)."]
    assert todo_lines(page(client, tid, 1, "ja")) == ["Banachさんから手札を1枚受け取ります（引用）。"]
    assert "Hilbertさん、Noetherさん" not in " ".join(todo_lines(page(client, tid, 2, "ja")))
    assert "HilbertさんとNoetherさんに1枚ずつ" in " ".join(todo_lines(page(client, tid, 2, "ja")))


def test_r9_an_empty_deck_says_shuffle_the_discards(client: FlaskClient, app) -> None:
    tid = table(client, [])
    service = app.extensions["companion"]
    from game_driver import service_driver

    act, state = service_driver(service, tid)
    st = state()
    for _ in range(200):  # research from the deck until it is empty, passing the discard pile's growth
        if st["deck"] == 0 and st["discard"] >= 2 and st["pending"] is None and not st["over"]:
            break
        st = act({"type": "research", "from": "deck"})
    assert st["deck"] == 0
    discards = st["discard"]
    mover = st["active"]
    act({"type": "research", "from": "deck"})
    assert todo_lines(page(client, tid, mover)) == [tn("todo_reshuffle", discards, "en")]
    assert f"{discards}" in todo_lines(page(client, tid, mover, "ja"))[0]


def test_r10_a_review_tells_the_reviewer_and_the_author(client: FlaskClient) -> None:
    tid = table(client, TWO_COMPLETE[:2])
    assert todo_lines(page(client, tid, 1)) == ["Take Suit 6 7 from Hilbert’s paper #1 into your hand."]
    assert todo_lines(page(client, tid, 0)) == ["Noether takes Suit 6 7 from your paper #1."]


def test_after_an_undo_there_is_nothing_to_do(client: FlaskClient) -> None:
    tid = table(client, [{"type": "research", "from": "deck"}])
    assert client.post(f"/api/tables/{tid}/undo", json={}).status_code == 200
    assert todo_lines(page(client, tid, 0)) == []


# --- the turn-aware bar, the device that acted, Undo in the notice -------------------------------------------


def test_the_bar_acts_on_the_active_phone_and_asks_act_for_on_others(client: FlaskClient) -> None:
    tid = table(client, [])
    mine = page(client, tid, 0)
    assert "act-for" not in mine and 'name="from" value="deck"' in mine
    other = page(client, tid, 1)
    assert "Hilbert is playing" in other and '<details class="act-for"' in other and "Act for Hilbert" in other
    bar = other[other.index('<details class="act-for"'):]
    assert 'name="from" value="deck"' in bar  # the buttons are inside the deliberate step
    assert "not-mine" in other and "not-mine" not in mine
    nobody = page(client, tid, None)
    assert "act-for" not in nobody  # a device with no seat (the tablet) acts directly


def test_a_move_made_on_another_phone_is_marked_in_the_history_and_the_notice_offers_undo(
        client: FlaskClient) -> None:
    tid = table(client, [])
    html = page(client, tid, 1)
    resp = client.post(f"/t/{tid}/act", data={"csrf_token": csrf(html), "version": "0", "type": "research",
                                              "from": "deck"})
    assert resp.status_code == 303
    after = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert 'class="btn small ghost undo notice-undo"' in after
    assert "on Noether&#39;s phone" in after  # Hilbert's move, made on Noether's phone
    mine = page(client, tid, 0)
    assert "· on Noether&#39;s phone" in mine


def test_a_stale_form_says_what_changed(client: FlaskClient) -> None:
    tid = table(client, [])
    html = page(client, tid, 0)
    table_api = client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "research", "from": "deck"}})
    assert table_api.status_code == 200
    resp = client.post(f"/t/{tid}/act", data={"csrf_token": csrf(html), "version": "0", "type": "research",
                                              "from": "deck"})
    after = client.get(resp.headers["Location"]).get_data(as_text=True) if resp.status_code == 303 else \
        resp.get_data(as_text=True)
    assert "Latest move: Hilbert researched from the deck" in after


# --- speech and the banner -------------------------------------------------------------------------------------


def test_each_turn_carries_its_spoken_line_and_the_news_goes_to_its_strip_under_the_banner(
        client: FlaskClient, app) -> None:
    from game_driver import drive, service_driver

    tid = table(client, [])
    html = page(client, tid, 1)
    assert 'data-speak-turn="turn-1-0-">Hilbert’s turn.</span>' in html
    assert 'id="announcer"' not in html and "popover" not in html  # no box to dismiss, on any game (issue 20)
    act, state = service_driver(app.extensions["companion"], tid)
    st = drive(act, state, lambda s: s["end"] is not None and s["pending"] is None)
    html = page(client, tid, 1, "ja")
    left, name = st["end"]["turns_left"], st["players"][st["active"]]["name"]
    assert f"最終ラウンド、残り{left}ターン。 {name}さんの番です。" in html
    assert 'class="lam-banner has-countdown"' in html and 'id="lam-news"' in html
    assert 'data-news' in html  # the frame's news (static/js/news.js) uses Laminate's strip under the banner
    assert "data-speak-toggle" in html


# --- smaller points ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_gift_lists_read_as_one_sentence(lang: str) -> None:
    """'… to Hilbert, 1 card to Gauss and 1 card to Noether' (the scripts join with js_sep, js_last_sep)."""
    parts = ["A", "B", "C"]
    joined = t("js_sep", lang).join(parts[:-1]) + t("js_last_sep", lang) + parts[-1]
    assert joined == ("A, B and C" if lang == "en" else "A、B、C")


def test_port_help_names_the_real_default(capsys) -> None:
    from companion.server import cli

    with pytest.raises(SystemExit):
        cli.main(["serve", "--help"])
    out = capsys.readouterr().out
    assert "default 8000" in out and "default None" not in out
