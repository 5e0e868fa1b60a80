"""Laminate on the game contract, through the real app: the platform reads its actions from their declarations
(unknown fields, seats that are no integer seat of the table: 400, naming the field; cards against the table's
own deck), refuses what every game shares (not_your_turn, game_over) before the rules, and reads the pages'
forms — the publish picker's "check without publishing" (dry_run) included — with nothing stored by a check."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.games.laminate.deck import BUILTIN_V1

sys.path.insert(0, str(Path(__file__).resolve().parents[4] / "tests" / "browser"))  # game_driver

NAMES = ["Hilbert", "Noether", "Banach"]
KIND3 = ["heart-7", "book-7", "coin-7"]


def new_table(client: FlaskClient, **extra: Any) -> str:
    return client.post("/api/tables", json={"players": NAMES, **extra}).get_json()["id"]


def act(client: FlaskClient, tid: str, action: dict[str, Any]) -> Any:
    return client.post(f"/api/tables/{tid}/actions", json={"action": action})


def version(client: FlaskClient, tid: str) -> int:
    return client.get(f"/api/tables/{tid}").get_json()["version"]


# --- the JSON API -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("action", "field"), [
    ({"type": "research", "from": "deck", "evil": 1}, "evil"),
    ({"type": "publish", "paper": "kind3", "cards": KIND3, "cites": [1]}, "cites"),  # a misspelled cite
    ({"type": "pass", "card": "heart-7"}, "card"),
    ({"type": "research", "from": "deck", "player": "0"}, "player"),  # a seat is a JSON integer
    ({"type": "research", "from": "deck", "player": 3}, "player"),  # and a seat of this table
    ({"type": "review", "paper": "1", "card": "heart-7"}, "paper"),
])
def test_what_is_no_laminate_action_is_400_naming_the_field_and_changes_nothing(
        client: FlaskClient, action: dict[str, Any], field: str) -> None:
    tid = new_table(client)
    resp = act(client, tid, action)
    body = resp.get_json()
    assert resp.status_code == 400 and body["error"] == "bad_request"
    assert f"“{field}”" in body["message_en"] and f"「{field}」" in body["message_ja"]
    assert version(client, tid) == 0


def test_the_platform_refuses_another_seat_and_any_action_after_the_end(client: FlaskClient) -> None:
    tid = new_table(client)
    resp = act(client, tid, {"type": "research", "from": "deck", "player": 1})
    assert resp.status_code == 422 and resp.get_json()["error"] == "not_your_turn"
    assert "Hilbert" in resp.get_json()["message_en"] and "Noether" in resp.get_json()["message_en"]
    assert act(client, tid, {"type": "research", "from": "deck", "player": 0}).status_code == 200
    log = client.get(f"/api/tables/{tid}/log").get_json()["events"]
    assert log[0]["action"] == {"type": "research", "from": "deck", "player": 0} and log[0]["seat"] == 0


def test_r12_r18_after_the_end_every_action_is_game_over(client: FlaskClient, app) -> None:
    tid = new_table(client)
    service = app.extensions["companion"]
    while not service.answer(service.snapshot(tid))["over"]:  # research the deck dry, then everyone passes
        state = service.answer(service.snapshot(tid))
        action = {"type": "pass"} if state["can"]["pass"] else {
            "type": "research", "from": "deck" if state["can"]["research_deck"] else "discard"}
        assert act(client, tid, action).status_code == 200
    resp = act(client, tid, {"type": "research", "from": "deck"})
    assert resp.status_code == 422 and resp.get_json()["error"] == "game_over"
    melds = client.post(f"/api/tables/{tid}/melds", json={"cards": KIND3}).get_json()["matches"]
    assert melds and all(m["error"] == "game_over" and not m["legal"] for m in melds)


def test_r1_cards_are_the_tables_own_decks(client: FlaskClient) -> None:
    suits = [{**s, "ranks": [2, 3, 4, 5, 6, 7, 8, 9]} if s["id"] == "heart" else
             {**s, "ranks": s["ranks"][1:]} if s["id"] == "book" else s for s in BUILTIN_V1["suits"]]
    nine = new_table(client, deck={"suits": suits})
    plain = new_table(client)
    for tid, status in ((plain, 400), (nine, 200)):
        resp = act(client, tid, {"type": "publish", "paper": "kind3", "cards": ["heart-9", "coin-9", "onion-9"]})
        assert resp.status_code == status, resp.get_json()
    assert act(client, plain, {"type": "endflag", "card": "heart-9"}).get_json()["error"] == "bad_card"


def test_cite_may_be_left_out_or_null_and_the_log_keeps_it_as_sent(client: FlaskClient) -> None:
    tid = new_table(client)
    assert act(client, tid, {"type": "publish", "paper": "kind3", "cards": KIND3, "cite": []}).status_code == 200
    assert act(client, tid, {"type": "research", "from": "deck"}).status_code == 200
    assert act(client, tid, {"type": "publish", "paper": "kind3", "cards": ["onion-8", "coffin-8", "suit6-8"],
                             "cite": None}).status_code == 200
    log = [e["action"] for e in client.get(f"/api/tables/{tid}/log").get_json()["events"]]
    assert log[0] == {"type": "publish", "paper": "kind3", "cards": KIND3, "cite": []}
    assert log[2] == {"type": "publish", "paper": "kind3", "cards": ["onion-8", "coffin-8", "suit6-8"]}


# --- the pages' forms -------------------------------------------------------------------------------------------


def csrf(client: FlaskClient, tid: str) -> str:
    html = client.get(f"/t/{tid}").get_data(as_text=True)
    found = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert found
    return found.group(1)


def post(client: FlaskClient, tid: str, **fields: Any) -> tuple[Any, str]:
    resp = client.post(f"/t/{tid}/act", data={"csrf_token": csrf(client, tid), **fields})
    assert resp.status_code == 303
    return resp, client.get(resp.headers["Location"]).get_data(as_text=True)


def field_error(html: str, where: str) -> str | None:
    found = re.search(rf'<p class="field-error" id="err-{where}"[^>]*>(.*?)</p>', html, re.S)
    return re.sub(r"<[^>]+>", "", found.group(1)).strip() if found else None


def test_check_without_a_paper_shows_what_the_cards_make_and_refuses_nothing(client: FlaskClient) -> None:
    tid = new_table(client)
    resp, html = post(client, tid, type="publish", cards=KIND3, dry_run="1")
    assert resp.headers["Location"] == f"/t/{tid}?picker=open#picker"  # reloads keep the picker open
    assert re.search(r'<span class="match-chip">Three of a Kind</span>', html)
    assert not re.search(r'class="(field-error|alert)"', html)
    assert all(re.search(rf'value="{c}" data-keep[^>]*checked', html) for c in KIND3)
    assert version(client, tid) == 0


def test_check_with_a_paper_is_a_dry_run_with_the_refusal_in_place(client: FlaskClient) -> None:
    tid = new_table(client)
    _, html = post(client, tid, type="publish", paper="kind5", cards=KIND3, dry_run="1")
    said = "Not accepted: These cards do not make Five of a Kind: it needs 5 cards, not 3."
    assert field_error(html, "paper") == said
    _, html = post(client, tid, type="publish", paper="kind3", cards=KIND3, dry_run="1")
    assert field_error(html, "paper") is None and 'id="picker"' in html
    assert version(client, tid) == 0  # a check stores nothing, refused or not
    _, html = post(client, tid, type="publish", paper="kind3", cards=KIND3)
    assert version(client, tid) == 1 and "Hilbert published Three of a Kind (#1)" in html


@pytest.mark.parametrize(("fields", "where", "sentence"), [
    ({"paper": "kind3"}, "cards", "Pick at least one card from the hand."),
    ({"paper": "kind3", "dry_run": "1"}, "cards", "Pick at least one card from the hand."),
    ({"cards": KIND3}, "paper", "Choose which paper to claim."),
    ({"paper": "kind3", "cards": ["heart-9", "book-7", "coin-7"]}, "cards", "“heart-9” is not a card of this deck."),
    # a crafted citation (the picker posts ids): said by the paper, where a publish's refusal goes by default
    ({"paper": "kind3", "cards": KIND3, "cite": "x"}, "paper", "“x” is not a paper id from 1 to 2147483648."),
])
def test_a_publish_form_says_what_it_lacks_next_to_that_part_of_the_picker(
        client: FlaskClient, fields: dict[str, Any], where: str, sentence: str) -> None:
    tid = new_table(client)
    _, html = post(client, tid, type="publish", **fields)
    assert field_error(html, where) == f"Not accepted: {sentence}"
    assert version(client, tid) == 0


def test_r16_the_end_flag_form_asks_for_a_card_in_its_step(client: FlaskClient, app) -> None:
    from game_driver import drive, service_driver

    tid = new_table(client)
    state = drive(*service_driver(app.extensions["companion"], tid), lambda st: st["pending"] == "endflag")
    assert state["pending"] == "endflag"
    before = version(client, tid)
    _, html = post(client, tid, type="endflag")
    assert field_error(html, "endflag") == "Not accepted: Choose a card."
    on_table = state["papers"][0]["cards"][0]
    _, html = post(client, tid, type="endflag", card=on_table)
    assert (field_error(html, "endflag") or "").startswith("Not accepted: ") and "already lies in a paper" in html
    assert version(client, tid) == before
