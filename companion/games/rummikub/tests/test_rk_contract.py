"""Rummikub on the game contract, through the real app: the platform reads its actions from their declarations
(unknown or missing fields, seats that are no integer seat of the table: 400, naming the field; a string that
is no tile keeps bad_tile), refuses what every game shares before the rules (not_your_turn from ``actor``: a
turn is the active seat's, a rack its seat's, the next round anyone's; game_over in Rummikub's own words), and
reads the pages' forms (a blank typed table or rack, a seat that is none) with nothing stored by a refusal."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

NAMES = ["Aki", "Ben", "Chie"]
RUN_14 = [["r1", "r2", "r3", "r4", "r5", "r6", "r7"], ["b1", "b2", "b3", "b4", "b5", "b6", "b7"]]
BEN_RACK = ["k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9", "k10", "k11", "k12", "k13", "J"]


def new_table(client: FlaskClient, names: list[str] = NAMES, **options: Any) -> str:
    body = {"game": "rummikub", "players": names, "start": 0, "options": {"turn_timer": 0, **options}}
    return client.post("/api/tables", json=body).get_json()["id"]


def act(client: FlaskClient, tid: str, action: dict[str, Any]) -> Any:
    return client.post(f"/api/tables/{tid}/actions", json={"action": action})


def version(client: FlaskClient, tid: str) -> int:
    return client.get(f"/api/tables/{tid}").get_json()["version"]


def went_out(client: FlaskClient, rounds: int = 1) -> str:
    """RK10: Aki lays all 14 tiles at once; Ben's rack is awaited."""
    tid = new_table(client, NAMES[:2], rounds=rounds)
    assert act(client, tid, {"type": "play", "table": RUN_14}).status_code == 200
    return tid


def logged(client: FlaskClient, tid: str) -> list[dict[str, Any]]:
    return [e["action"] for e in client.get(f"/api/tables/{tid}/log").get_json()["events"]]


# --- the JSON API -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("action", "field"), [
    ({"type": "draw", "evil": 1}, "evil"),
    ({"type": "play", "tables": [["r9", "J", "r11"]]}, "tables"),  # a misspelled table
    ({"type": "next_round", "seat": 0}, "seat"),
    ({"type": "draw", "player": "0"}, "player"),  # a seat is a JSON integer
    ({"type": "draw", "player": 3}, "player"),  # and a seat of this table
    ({"type": "rack", "seat": 3, "tiles": []}, "seat"),
    ({"type": "rack", "seat": 0}, "tiles"),  # a missing field is named too
    ({"type": "rack", "seat": 0, "tiles": "r1 r2"}, "tiles"),
])
def test_what_is_no_rummikub_action_is_400_naming_the_field_and_changes_nothing(
        client: FlaskClient, action: dict[str, Any], field: str) -> None:
    tid = new_table(client)
    resp = act(client, tid, action)
    body = resp.get_json()
    assert resp.status_code == 400 and body["error"] == "bad_request", body
    assert f"“{field}”" in body["message_en"] and f"「{field}」" in body["message_ja"], body
    assert version(client, tid) == 0


@pytest.mark.parametrize("action", [
    {"type": "play", "table": [["r9", "J", "x11"]]}, {"type": "rack", "seat": 0, "tiles": ["r14"]},
    {"type": "play", "table": [{"tiles": ["r9", 10, "r11"], "kind": "run"}]},
])
def test_a_string_that_is_no_tile_keeps_bad_tile_wherever_it_stands(client: FlaskClient,
                                                                    action: dict[str, Any]) -> None:
    tid = new_table(client)
    body = act(client, tid, action).get_json()
    assert body["error"] == "bad_tile" and "is not a tile" in body["message_en"], body
    assert version(client, tid) == 0


def test_rk3_a_turn_is_the_active_seats(client: FlaskClient) -> None:
    tid = new_table(client)
    resp = act(client, tid, {"type": "draw", "player": 1})
    body = resp.get_json()
    assert resp.status_code == 422 and body["error"] == "not_your_turn"
    assert body["message_en"] == "It is Aki's turn, not Ben's." and version(client, tid) == 0
    assert act(client, tid, {"type": "draw", "player": 0}).status_code == 200
    assert logged(client, tid) == [{"type": "draw", "player": 0}]


def test_rk10_a_rack_is_its_seats_and_the_next_round_anyones(client: FlaskClient) -> None:
    tid = went_out(client, rounds=2)
    other = act(client, tid, {"type": "rack", "seat": 1, "tiles": BEN_RACK, "player": 0})
    assert other.status_code == 422 and other.get_json()["error"] == "not_your_turn"
    assert act(client, tid, {"type": "rack", "seat": 1, "tiles": BEN_RACK, "player": 1}).status_code == 200
    assert act(client, tid, {"type": "next_round", "player": 0}).status_code == 200  # recorded, never compared
    log = client.get(f"/api/tables/{tid}/log").get_json()["events"]
    assert [(e["seat"], e["action"].get("player")) for e in log] == [(0, None), (1, 1), (None, 0)]


def test_rk12_after_the_match_every_action_is_game_over_in_rummikubs_words(client: FlaskClient) -> None:
    tid = went_out(client)
    assert act(client, tid, {"type": "rack", "seat": 1, "tiles": BEN_RACK}).status_code == 200
    for action in ({"type": "draw"}, {"type": "next_round"}, {"type": "rack", "seat": 1, "tiles": BEN_RACK},
                   {"type": "draw", "player": 1}):
        body = act(client, tid, action).get_json()
        assert body["error"] == "game_over", (action, body)
        assert body["message_en"] == "The match is over: no more actions."
        assert body["message_ja"] == "対戦は終了しています。これ以上の操作はできません。"


# --- the pages' forms -------------------------------------------------------------------------------------------


def form(client: FlaskClient, tid: str, lang: str = "en", **fields: str) -> str:
    page = client.get(f"/t/{tid}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token
    resp = client.post(f"/t/{tid}/act", data={"csrf_token": token.group(1), **fields},
                       headers={"Accept-Language": lang})  # the device's language: its refusal is said in it
    assert resp.status_code == 303
    return client.get(resp.headers["Location"], headers={"Accept-Language": lang}).get_data(as_text=True)


def test_a_blank_typed_table_asks_for_a_set(client: FlaskClient) -> None:
    tid = new_table(client)
    html = form(client, tid, type="play", table="  \n ")
    assert 'id="err-play"' in html and "Type at least one set." in html
    html = form(client, tid, "ja", type="play", table="group")  # a line with no tile on it
    assert 'id="err-play"' in html and "少なくとも1組は入力してください。" in html
    assert version(client, tid) == 0


def test_a_blank_rack_is_a_rack_of_no_tiles_for_the_rules(client: FlaskClient) -> None:
    tid = went_out(client)
    html = form(client, tid, type="rack", seat="1", tiles=" ")
    assert 'id="err-rack-1"' in html and "Ben should have 14 tiles left, but 0 were entered." in html
    html = form(client, tid, type="rack", seat="1", tiles="k1 k2 zz")
    assert 'id="err-rack-1"' in html and "“zz” is not a tile (write e.g. r9, b13 or J)." in html
    assert 'value="k1 k2 zz"' in html and version(client, tid) == 1


def test_a_rack_refusal_without_its_form_on_the_page_is_said_at_the_top(client: FlaskClient) -> None:
    """A seat that is none, or a rack already entered (Aki went out: no form), has no place of its own."""
    tid = went_out(client)
    html = form(client, tid, type="rack", seat="5", tiles=" ".join(BEN_RACK))
    assert '<p class="alert" role="alert">' in html and "“5” is not a seat from 0 to 1." in html
    html = form(client, tid, type="rack", seat="0", tiles="r1")
    assert '<p class="alert" role="alert">' in html and "Aki&#39;s rack is already entered." in html
    assert version(client, tid) == 1
