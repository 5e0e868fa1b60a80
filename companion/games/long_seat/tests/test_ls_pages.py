"""Long Seat's pages through Flask's test client: every state renders in both languages, the forms act without
JavaScript (a number from the picker, stop), refusals are shown in place, the read-only view carries no form
and never the full id, names are escaped, no inline script or style, the history says what happened, the end
screen explains the tie-break, the start page and the rules page offer the game, and the exports carry its
columns. Rule numbers: docs/rules-long-seat.md."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

HOSTILE = "<img src=x onerror=alert(1)>"


def new_table(client: FlaskClient, names: list[str] | None = None, **options: Any) -> tuple[str, str]:
    resp = client.post("/api/tables", json={"game": "long-seat", "players": names or ["Aki", "Ben", "Chie"],
                                            "start": 0, "options": options})
    assert resp.status_code == 201, resp.get_data(as_text=True)
    body = resp.get_json()
    return body["id"], body["view_id"]


def state(client: FlaskClient, tid: str) -> dict[str, Any]:
    return client.get(f"/api/tables/{tid}").get_json()


def api_lay(client: FlaskClient, tid: str, *cards: int) -> None:
    for card in cards:
        resp = client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "lay", "card": card}})
        assert resp.status_code == 200, resp.get_json()


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


def no_inline(html: str) -> None:
    assert " style=" not in html and "<script>" not in html and not re.search(r"<script(?![^>]*\bsrc=)", html)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ls_pages_render_every_state_in_both_languages(client: FlaskClient, lang: str) -> None:
    tid, vid = new_table(client)
    for html in (page(client, f"/t/{tid}", lang), page(client, f"/v/{vid}", lang)):
        no_inline(html)
        assert 'class="table pd ls' in html and "/static/games/long_seat/long-seat.css" in html
        assert "/static/games/pairs/pairs.css" in html
    api_lay(client, tid, 4, 9, 4, 6)  # Aki takes 4 9 4; Ben lays a 6
    html = page(client, f"/t/{tid}", lang)
    assert ("Chance of a pair: 5/51 (9.8%)" in html) if lang == "en" else ("ペアになる確率：5/51（9.8%）" in html)
    assert 'class="pd-card pd-v6 is-new"' in html  # laid this turn
    html = page(client, f"/t/{tid}/fragment", lang)
    assert html.lstrip().startswith('<div id="table"')


def test_ls_forms_lay_and_stop_without_javascript(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    resp = act(client, tid, type="lay", card="7")
    assert resp.status_code == 303 and resp.headers["Location"].startswith(f"/t/{tid}")
    assert state(client, tid)["row"] == [7]
    act(client, tid, type="lay", card="3")
    resp = act(client, tid, type="stop")
    assert resp.status_code == 303
    s = state(client, tid)
    assert s["active"] == 1 and s["last_end"]["kind"] == "stop" and s["last_end"]["laid"] == 2
    html = page(client, f"/t/{tid}")
    assert "Aki stopped after 2 cards; no face-up card to turn." in html
    act(client, tid, type="lay", card="3")  # LS5: Ben pairs the 3
    html = page(client, f"/t/{tid}")
    assert "Ben turned a 3: a pair! Ben takes 2 cards face up (3 3)." in html
    assert state(client, tid)["players"][1]["up"] == [3, 3]


def test_ls_htmx_form_answers_the_fragment(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    resp = client.post(f"/t/{tid}/act", data={"csrf_token": token(client, tid), "type": "lay", "card": "5"},
                       headers={"HX-Request": "true"})
    assert resp.status_code == 200 and resp.get_data(as_text=True).lstrip().startswith('<div id="table"')
    assert state(client, tid)["row"] == [5]


@pytest.mark.parametrize("fields, shown", [
    ({"type": "stop"}, "Lay at least one card before you stop"),
    ({"type": "lay", "card": "1"}, "No 1 is left in the deck"),
    ({"type": "lay", "card": "11"}, "“11” is not a card number from 1 to 10."),
    ({"type": "lay", "card": "x"}, "“x” is not a card number from 1 to 10."),
    ({"type": "lay"}, None),
    ({"type": "fly"}, None),
])
def test_ls_refusals_are_shown_in_place_and_change_nothing(client: FlaskClient, fields: dict[str, str],
                                                           shown: str | None) -> None:
    tid, _ = new_table(client)
    api_lay(client, tid, 1, 2, 2)  # the only 1 is out; Aki took 1? no: 2 2 pair takes 2 2, 1 stays
    before = state(client, tid)
    resp = act(client, tid, **fields)
    assert resp.status_code == 303
    html = page(client, f"/t/{tid}")
    assert 'role="alert"' in html
    if shown:
        assert shown in html
    assert state(client, tid) == before


def test_ls_a_lay_refusal_sits_by_the_picker(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    api_lay(client, tid, 1)
    resp = client.post(f"/t/{tid}/act", data={"csrf_token": token(client, tid), "type": "lay", "card": "1"},
                       headers={"HX-Request": "true"})
    html = resp.get_data(as_text=True)
    assert 'id="err-lay"' in html and "No 1 is left in the deck" in html


def test_ls_read_only_view_has_no_form_and_no_full_id(client: FlaskClient) -> None:
    tid, vid = new_table(client)
    api_lay(client, tid, 8, 2)
    html = page(client, f"/v/{vid}")
    assert tid not in html and "/act" not in html and 'name="card"' not in html
    assert "Chance of a pair" in html  # the risk is public


def test_ls_names_are_text_never_html(client: FlaskClient) -> None:
    tid, vid = new_table(client, [HOSTILE, "Ben"])
    api_lay(client, tid, 5, 5)
    for html in (page(client, f"/t/{tid}"), page(client, f"/v/{vid}")):
        assert HOSTILE not in html and "&lt;img src=x onerror=alert(1)&gt;" in html


def test_ls_risk_off_hides_the_risk_and_the_counts(client: FlaskClient) -> None:
    tid, _ = new_table(client, risk=False)
    api_lay(client, tid, 9)
    html = page(client, f"/t/{tid}")
    assert "Chance of a pair" not in html and "The risk display is off" in html
    assert 'class="pd-left"' not in html and "8 left" not in html
    client.post(f"/api/tables/{tid}/settings", json={"risk": True})
    html = page(client, f"/t/{tid}")
    assert "Chance of a pair: 8/54 (14.8%)" not in html and "Chance of a pair: 4/27 (14.8%)" in html
    assert "The risk display was turned back on." in html  # the switch is in the history (LS10)


def test_ls_the_end_screen_ranks_and_explains_the_tie_break(client: FlaskClient) -> None:
    deck = {str(v): 0 for v in range(1, 11)} | {"1": 1, "2": 1, "4": 2}
    tid, vid = new_table(client, ["Aki", "Ben"], deck=deck)
    api_lay(client, tid, 4, 4, 1)
    client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "stop"}})
    api_lay(client, tid, 2)  # LS8: Aki's last card turns one 4 face down: 0 with one face-down card
    for lang, words in (("en", "Tied on score: more face-down cards wins (LS9)."),
                        ("ja", "同点のため、裏向きのカードが多い人の勝ちです（LS9）。")):
        html = page(client, f"/t/{tid}", lang)
        assert words in html and 'class="ranking"' in html and 'name="card"' not in html
    html = page(client, f"/v/{vid}")
    assert "Aki wins!" in html and "That was the last card: the game is over." in html


def test_ls_exports_carry_its_columns(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    api_lay(client, tid, 6, 7)
    csv_text = client.get(f"/t/{tid}/log.csv").get_data(as_text=True)
    assert "card" in csv_text.splitlines()[0] and "lay" in csv_text
    log = client.get(f"/t/{tid}/log.json").get_json()
    assert log is not None


def test_ls_start_page_and_rules_page_offer_the_game(client: FlaskClient) -> None:
    html = page(client, "/")
    assert 'value="long-seat"' in html and "/static/games/long_seat/icon.svg" in html and "g-long-seat" in html
    assert 'name="opt-long-seat-risk"' in html
    for lang, title in (("en", "Long Seat: the rules"), ("ja", "ロングシートのルール")):
        html = page(client, "/rules/long-seat", lang)
        assert title in html and "LS10" in html
        no_inline(html)


def test_ls_the_start_page_creates_a_table(client: FlaskClient) -> None:
    html = page(client, "/")
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    resp = client.post("/", data={"csrf_token": csrf, "game": "long-seat", "name0": "Aki", "name1": "Ben",
                                  "name2": "Chie", "start": "1", "opt-long-seat-risk": "off"})
    assert resp.status_code == 303, resp.get_data(as_text=True)[:500]
    tid = resp.headers["Location"].rsplit("/", 1)[1]
    s = state(client, tid)
    assert s["game"] == "long-seat" and s["active"] == 1 and s["options"] == {"risk": False}


def start_form(client: FlaskClient, **deck: str) -> dict[str, str]:
    html = page(client, "/")
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    fields = {f"opt-long-seat-deck-{v}": str(v) for v in range(1, 11)}
    fields.update({f"opt-long-seat-deck-{k[1:]}": v for k, v in deck.items()})
    return {"csrf_token": csrf, "game": "long-seat", "name0": "Aki", "name1": "Ben", "start": "0", **fields}


def test_ls_start_page_deck_editor_sets_the_tables_deck(client: FlaskClient) -> None:
    """PD5: a deck that lost a 10 and holds a spare 1, entered on the start page."""
    html = page(client, "/")
    assert 'name="opt-long-seat-deck-10"' in html and "The table&#39;s deck: the standard 55 cards" in html
    resp = client.post("/", data=start_form(client, n10="9", n1="2"))
    assert resp.status_code == 303
    s = state(client, resp.headers["Location"].rsplit("/", 1)[1])
    assert s["deck"]["total"] == 55 and s["deck"]["copies"]["10"] == 9 and s["deck"]["copies"]["1"] == 2
    resp = client.post("/", data=start_form(client))  # the standard counts: the default deck
    assert state(client, resp.headers["Location"].rsplit("/", 1)[1])["deck"]["total"] == 55


@pytest.mark.parametrize("bad", ["x", "21", "-1", "1.5", "９"])
def test_ls_start_page_deck_editor_refuses_nonsense(client: FlaskClient, bad: str) -> None:
    resp = client.post("/", data=start_form(client, n3=bad))
    assert resp.status_code == 400
    html = resp.get_data(as_text=True)
    assert 'role="alert"' in html and "copies of 3" in html
    assert 'name="opt-long-seat-deck-3"' in html  # the editor is back, open, with what was typed


def test_ls_start_page_deck_editor_refuses_an_empty_deck(client: FlaskClient) -> None:
    resp = client.post("/", data=start_form(client, **{f"n{v}": "0" for v in range(1, 11)}))
    assert resp.status_code == 400 and "at least one card" in resp.get_data(as_text=True)


def test_ls_history_reads_well(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    api_lay(client, tid, 8, 7, 8)
    html = page(client, f"/t/{tid}")
    assert "Aki turned an 8: a pair! Aki takes 3 cards face up (8 7 8)." in html and "Aki turned a 7." in html
    assert "Akiさんが8をめくりペア成立！" in page(client, f"/t/{tid}", "ja")
