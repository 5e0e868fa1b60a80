"""R1 on the pages: the start page shows the deck a new table will play with and lets the players change it
(ranks per suit, names, symbol), refuses a deck that is not a Seven deck in the page's language, offers the
last table's deck again, and every page of the table — its picker, history, rules page — follows its deck."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.games.laminate.deck import BUILTIN_V1
from companion.games.laminate.deckspec import DEFAULT_SPEC, clean_deck

NAMES = ["Hilbert", "Banach", "Noether"]
P = "opt-laminate-deck"


def token(client: FlaskClient, path: str = "/") -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', client.get(path).get_data(as_text=True))
    assert found
    return found.group(1)


def deck_fields(spec: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = {f"{P}-name-en": spec["name"]["en"], f"{P}-name-ja": spec["name"]["ja"]}
    for i, s in enumerate(spec["suits"]):
        data.update({f"{P}-{i}-id": s["id"], f"{P}-{i}-en": s["en"], f"{P}-{i}-ja": s["ja"],
                     f"{P}-{i}-symbol": s["symbol"], f"{P}-{i}-ranks": [str(r) for r in s["ranks"]]})
    return data


def create(client: FlaskClient, extra: dict[str, Any], lang: str = "en"):
    data = {"csrf_token": token(client), "start": "0", "game": "laminate", "lang": lang,
            **{f"name{i}": n for i, n in enumerate(NAMES)}, **extra}
    return client.post("/", data=data, headers={"Accept-Language": lang})


def custom() -> dict[str, Any]:
    spec = copy.deepcopy(BUILTIN_V1)
    spec["name"] = {"en": "Club deck", "ja": "部室のセブン"}
    spec["suits"][0]["ranks"] = [3, 4, 5, 6, 7, 8, 9]
    spec["suits"][6].update(ranks=[1, 2, 3, 4, 5, 6, 7], en="Star", ja="スター", symbol="☆")
    spec["suits"][5].update(en="Moon", ja="ムーン")
    return spec


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_r1_the_start_page_shows_the_deck_to_see_and_change(client: FlaskClient, lang: str) -> None:
    html = client.get("/", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert "data-deck-editor" in html and "/static/games/laminate/laminate-deck.css" in html
    assert "/static/games/laminate/laminate-deck.js" in html
    assert len(re.findall(rf'name="{P}-\d-ranks"', html)) == 7 * 13
    assert len(re.findall(rf'name="{P}-\d-ranks" value="\d+" aria-label="[^"]*" checked', html)) == 49
    assert ("49枚中49枚" if lang == "ja" else "49 of 49 cards") in html
    assert f'name="{P}-default"' not in html  # nothing to go back to yet


def test_r1_a_table_created_on_the_start_page_plays_with_the_deck_set_there(client: FlaskClient) -> None:
    resp = create(client, deck_fields(custom()))
    assert resp.status_code == 303, resp.get_data(as_text=True)[:2000]
    tid = resp.headers["Location"].rsplit("/", 1)[1]
    state = client.get(f"/api/tables/{tid}").get_json()
    assert state["card_deck"] == clean_deck(custom())
    table = client.get(f"/t/{tid}?picker=open").get_data(as_text=True)
    assert 'value="heart-9"' in table and 'value="heart-1"' not in table and 'value="suit7-13"' not in table
    assert "Moon" in table
    # a move with the deck's own card, in the history in its words
    client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "publish", "paper": "kind3",
                                                               "cards": ["heart-9", "coin-9", "onion-9"]}})
    assert "Heart 9" in client.get(f"/t/{tid}").get_data(as_text=True)


def test_r1_the_next_table_is_offered_the_last_tables_deck_and_can_go_back(client: FlaskClient) -> None:
    assert create(client, deck_fields(custom())).status_code == 303
    html = client.get("/").get_data(as_text=True)
    assert 'value="Club deck"' in html and 'value="Star"' in html
    assert re.search(rf'name="{P}-0-ranks" value="9" aria-label="[^"]*" checked', html)
    assert f'name="{P}-default"' in html
    # the same deck again, untouched
    resp = create(client, deck_fields(custom()))
    tid = resp.headers["Location"].rsplit("/", 1)[1]
    assert client.get(f"/api/tables/{tid}").get_json()["card_deck"] == clean_deck(custom())
    # "use this server's deck" wins over the fields shown
    resp = create(client, {**deck_fields(custom()), f"{P}-default": "on"})
    tid = resp.headers["Location"].rsplit("/", 1)[1]
    assert client.get(f"/api/tables/{tid}").get_json()["card_deck"] == DEFAULT_SPEC


@pytest.mark.parametrize(("lang", "words"), [("en", "48"), ("ja", "48枚")])
def test_r1_a_deck_of_48_cards_is_refused_on_the_page_and_the_edits_stay(client: FlaskClient, lang, words) -> None:
    spec = custom()
    spec["suits"][2]["ranks"].pop()
    resp = create(client, deck_fields(spec), lang)
    assert resp.status_code == 400
    html = resp.get_data(as_text=True)
    assert words in html and ("デッキ" if lang == "ja" else "deck") in html
    assert 'value="Club deck"' in html and "data-deck-editor open" in html.replace('"', '"')
    assert len(re.findall(rf'name="{P}-\d-ranks" value="\d+" aria-label="[^"]*" checked', html)) == 48


def test_r1_the_rules_page_of_a_table_shows_its_deck_and_leads_back(client: FlaskClient) -> None:
    resp = create(client, deck_fields(custom()))
    tid = resp.headers["Location"].rsplit("/", 1)[1]
    vid = client.get(f"/api/tables/{tid}").get_json()["view_id"]
    table = client.get(f"/t/{tid}").get_data(as_text=True)
    assert f"/rules/laminate?table={vid}" in table
    rules = client.get(f"/rules/laminate?table={vid}").get_data(as_text=True)
    assert "This table’s deck: Club deck" in rules and "Star" in rules and "3–9" in rules
    assert f'href="/t/{tid}"' in rules  # this browser joined the table: back to the acting page
    other = client.application.test_client()
    assert f'href="/v/{vid}"' in other.get(f"/rules/laminate?table={vid}").get_data(as_text=True)
    plain = client.get("/rules/laminate").get_data(as_text=True)
    assert "A–7" in plain and "Star" not in plain
    assert client.get("/rules/laminate?table=nosuchtable000000000000").status_code == 404
    assert client.get(f"/rules/rummikub?table={vid}").status_code == 404
