"""The deck's card grids are remembered by their arguments (pages/frame.cached_macro, issue 13: a third of a
Laminate rendering) and must still show exactly what the table holds (R1's deck, the cards on the table
greyed and disabled, the suit names the table chose, the page's language)."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from companion.web.pages import frame

NAMES = ["Hilbert", "Noether", "Banach"]


def _cards_input(html: str, card: str) -> str:
    found = re.search(rf'<input type="checkbox" name="cards" value="{card}"[^>]*>', html)
    assert found, f"the picker offers {card}"
    return found.group(0)


def test_r1_the_grid_follows_the_cards_on_the_table_the_language_and_the_suit_names(client: FlaskClient) -> None:
    tid = client.post("/api/tables", json={"players": NAMES}).get_json()["id"]
    frame._MACROS.clear()
    before = client.get(f"/t/{tid}?picker=open").get_data(as_text=True)
    assert "disabled" not in _cards_input(before, "heart-7")
    again = client.get(f"/t/{tid}?picker=open").get_data(as_text=True)
    assert again.count('name="cards"') == before.count('name="cards"')
    assert frame._MACROS, "the grid was remembered"
    kept = len(frame._MACROS)
    client.get(f"/t/{tid}?picker=open")
    assert len(frame._MACROS) == kept, "the same table, version and language: the same grid, not a new one"

    for action in ({"type": "publish", "paper": "kind3", "cards": ["heart-7", "onion-7", "suit6-7"]},
                   {"type": "review", "paper": 1, "card": "suit6-7"}, {"type": "review", "paper": 1, "card": "onion-7"},
                   {"type": "research", "from": "deck"}):  # Heart 7 stays on the table; Noether's turn
        resp = client.post(f"/api/tables/{tid}/actions", json={"action": action})
        assert resp.status_code == 200, resp.get_json()
    after = client.get(f"/t/{tid}?picker=open").get_data(as_text=True)
    assert "disabled" in _cards_input(after, "heart-7"), "a card on the table is greyed and disabled"
    assert "disabled" not in _cards_input(after, "heart-6")

    client.get("/lang/ja")
    ja = client.get(f"/t/{tid}?picker=open").get_data(as_text=True)
    en_row = re.search(r'<div class="suit-row" role="group" aria-label="([^"]+)"', after)
    ja_row = re.search(r'<div class="suit-row" role="group" aria-label="([^"]+)"', ja)
    assert en_row and ja_row and en_row.group(1) != ja_row.group(1), "the grid is in the page's language"

    client.get("/lang/en")
    assert client.post(f"/api/tables/{tid}/settings", json={"suit_names": {"heart": "Star"}}).status_code == 200
    named = client.get(f"/t/{tid}?picker=open").get_data(as_text=True)
    assert 'aria-label="Star"' in named and 'aria-label="Star"' not in after, "the table's own suit name"


def test_a_remembered_grid_is_the_grid_the_macro_draws(client: FlaskClient) -> None:
    tid = client.post("/api/tables", json={"players": NAMES}).get_json()["id"]
    tokens = re.compile(r'value="[A-Za-z0-9_-]{16,}"')
    frame._MACROS.clear()
    drawn = tokens.sub("", client.get(f"/t/{tid}?picker=open").get_data(as_text=True))
    assert frame._MACROS, "the page drew its grid through the memory"
    remembered = tokens.sub("", client.get(f"/t/{tid}?picker=open").get_data(as_text=True))
    assert remembered == drawn
