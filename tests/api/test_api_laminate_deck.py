"""R1: a table's own deck, through the JSON API — given at creation, checked, stored with the table (record,
export, replay), reported in STATE, used by every rule and question; a table without one keeps the deck it
was created with, even when deck.json changes later; tables stored before tables had a deck replay against
the built-in deck of version 1."""

from __future__ import annotations

import copy
import json
import random
import sqlite3

import pytest
from api_harness import NAMES, Reference, Walker, check_invariants, close_app, expected_view, make_app, view_of

from companion.games.laminate import actions as actions_module
from companion.games.laminate import deck as deck_module
from companion.games.laminate import deckspec
from companion.games.laminate.deck import BUILTIN_V1, Deck
from companion.games.laminate.deckspec import DEFAULT_SPEC, clean_deck, deck_of


def custom_spec() -> dict:
    """Heart holds 3–9 instead of A–7 and suit7 A–7 instead of 7–K: heart-9 exists, heart-1 and any K do not."""
    spec = copy.deepcopy(BUILTIN_V1)
    spec["name"] = {"en": "Our Seven", "ja": "うちのセブン"}
    spec["suits"][0]["ranks"] = [3, 4, 5, 6, 7, 8, 9]
    spec["suits"][6].update(ranks=[1, 2, 3, 4, 5, 6, 7], en="Star", ja="スター", symbol="☆")
    return spec


NO_DECK = object()


def create(client, deck=NO_DECK, n=3, **extra):
    body = {"players": NAMES[:n], **extra}
    if deck is not NO_DECK:
        body["options"] = {"deck": deck}
    return client.post("/api/tables", json=body)


# --- checking a deck (R1: 7 suits, 49 cards, ranks 1-13, no card twice) ---------------------------------------


def broken(change) -> dict:
    spec = custom_spec()
    change(spec)
    return spec


@pytest.mark.parametrize("spec", [
    broken(lambda s: s["suits"][0]["ranks"].pop()),  # 48 cards
    broken(lambda s: s["suits"][0]["ranks"].append(10)),  # 50 cards
    broken(lambda s: s["suits"].pop()),  # 6 suits
    broken(lambda s: s["suits"][1].update(ranks=[1, 1, 2, 3, 4, 5, 6])),  # a card twice
    broken(lambda s: s["suits"][1].update(ranks=[2, 3, 4, 5, 6, 7, 14])),  # rank 14
    broken(lambda s: s["suits"][1].update(ranks=[True, 3, 4, 5, 6, 7, 8])),  # a bool is no rank
    broken(lambda s: s["suits"][1].update(ranks="2345678")),
    broken(lambda s: s["suits"][1].update(id="heart")),  # two suits share an id
    broken(lambda s: s["suits"][1].update(id="Bad-Id")),  # ids are lower-case letters and digits
    broken(lambda s: s["suits"][1].update(en="x" * 21)),
    broken(lambda s: s["suits"][1].update(ja="\u0007")),
    broken(lambda s: s.update(extra=1)),
    broken(lambda s: s.update(name={"en": "only english"})),
    [], "seven", None, 7,
], ids=lambda s: json.dumps(s, ensure_ascii=False)[:30])
def test_r1_a_deck_that_is_not_a_seven_deck_is_refused_with_400_and_nothing_is_stored(client, spec):
    before = len(client.get("/api/games").get_json()["games"])  # the server keeps answering
    resp = create(client, spec)
    assert resp.status_code == 400, resp.get_json()
    body = resp.get_json()
    assert body["error"] == "bad_request" and "deck" in body["message_en"] and "デッキ" in body["message_ja"]
    assert len(client.get("/api/games").get_json()["games"]) == before


def test_r1_the_48_card_refusal_says_how_many_cards_the_suits_hold(client):
    spec = broken(lambda s: s["suits"][0]["ranks"].pop())
    body = create(client, spec).get_json()
    assert "48" in body["message_en"] and "49" in body["message_en"]


def test_r1_a_deck_is_stored_in_canonical_form():
    spec = custom_spec()
    spec["suits"][0]["ranks"] = [9, 3, 8, 4, 7, 5, 6]
    spec["suits"][0]["en"] = "  Heart  "
    del spec["suits"][1]["symbol"]
    clean = clean_deck(spec)
    assert clean["suits"][0]["ranks"] == [3, 4, 5, 6, 7, 8, 9] and clean["suits"][0]["en"] == "Heart"
    assert clean["suits"][1]["symbol"] == ""
    assert clean_deck(clean) == clean


# --- a table plays with its own deck ---------------------------------------------------------------------------


def test_r1_state_reports_the_tables_deck_and_the_rules_follow_it(client):
    resp = create(client, custom_spec())
    assert resp.status_code == 201, resp.get_json()
    table = resp.get_json()
    state = table["state"]
    assert state["card_deck"] == clean_deck(custom_spec())
    check_invariants(state)
    tid = table["id"]
    # heart-9 exists at this table (not in the default deck); heart-1 and suit7-13 do not
    ok = client.post(f"/api/tables/{tid}/melds", json={"cards": ["heart-9", "book-8", "coin-9"]})
    assert ok.status_code == 200, ok.get_json()
    for card in ("heart-1", "suit7-13", "suit7-K"):
        bad = client.post(f"/api/tables/{tid}/melds", json={"cards": [card]})
        assert bad.status_code == 400 and bad.get_json()["error"] == "bad_card", card
    hint = client.post(f"/api/tables/{tid}/hints", json={"player": 0, "hand": ["suit7-1", "heart-3", "book-2"]})
    assert hint.status_code == 200, hint.get_json()
    assert client.post(f"/api/tables/{tid}/hints", json={"player": 0, "hand": ["heart-1"]}).status_code == 400
    # an action naming a card this deck lacks is bad_card, one it has is judged by the rules
    act = client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "publish", "paper": "kind3",
                                                                     "cards": ["heart-1", "book-1", "coin-1"]}})
    assert act.status_code == 400 and act.get_json()["error"] == "bad_card"
    act = client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "publish", "paper": "kind3",
                                                                     "cards": ["heart-9", "coin-9", "onion-9"]}})
    assert act.status_code == 200, act.get_json()


def test_r1_rank_copies_follow_the_tables_deck():
    deck = deck_of({"deck": clean_deck(custom_spec())})
    assert deck.rank_copies.get(13, 0) == 0 and deck.rank_copies[1] == 1 and sum(deck.rank_copies.values()) == 49
    assert Deck(BUILTIN_V1).rank_copies[13] == 1


def test_r1_a_table_created_without_a_deck_stores_the_servers_deck(app, client):
    table = create(client).get_json()
    record = app.extensions["companion"].snapshot(table["id"]).record
    assert record.options["deck"] == DEFAULT_SPEC
    assert table["state"]["card_deck"] == DEFAULT_SPEC


def test_r1_the_deck_is_in_the_export_and_api_games_lists_it(client):
    table = create(client, custom_spec()).get_json()
    games = client.get("/api/games").get_json()["games"]
    lam = next(g for g in games if g["id"] == "laminate")
    assert lam["options"]["deck"]["type"] == "custom" and lam["options"]["deck"]["default"] == DEFAULT_SPEC
    assert lam["options"]["deck"]["schema"]["properties"]["suits"]["minItems"] == 7
    export = client.get(f"/t/{table['id']}/log.json")
    assert export.status_code == 200
    doc = json.loads(export.data)
    assert doc["table"]["options"]["deck"] == clean_deck(custom_spec())
    assert doc["state"]["card_deck"] == clean_deck(custom_spec())


def test_openapi_describes_the_deck_option_and_does_not_pin_cards_to_the_default_deck(client):
    doc = client.get("/api/openapi.json").get_json()
    text = json.dumps(doc)
    assert "The table's own deck" in text
    assert "heart-9" in text or "CardOut" in text
    card_out = _component(doc, "CardOut")
    assert card_out is not None and "enum" not in card_out, card_out


def _component(doc, name):
    for key, schema in doc.get("components", {}).get("schemas", {}).items():
        if key == name or key.endswith(name) and key.lower().startswith("laminate"):
            return schema
    return None


# --- stored tables replay against their own deck ----------------------------------------------------------------


def test_r1_editing_deck_json_later_does_not_change_a_stored_table(tmp_path, monkeypatch):
    path = str(tmp_path / "c.db")
    app = make_app(path)
    client = app.test_client()
    table = create(client).get_json()  # the server's deck, stored with the table
    tid = table["id"]
    assert client.post(f"/api/tables/{tid}/actions", json={"action": {
        "type": "publish", "paper": "kind3", "cards": ["heart-7", "book-7", "coin-7"]}}).status_code == 200
    close_app(app)
    # the server's deck file now says something else: new tables get it, the old table does not
    other = clean_deck(custom_spec())
    monkeypatch.setattr(deckspec, "DEFAULT_SPEC", other)
    monkeypatch.setattr(deck_module, "DEFAULT_DECK", Deck(other))
    monkeypatch.setattr(actions_module, "DEFAULT_DECK", Deck(other))
    app = make_app(path)
    client = app.test_client()
    state = client.get(f"/api/tables/{tid}").get_json()
    assert state["card_deck"] == clean_deck(BUILTIN_V1) and len(state["papers"]) == 1
    close_app(app)


def test_r1_a_table_stored_before_tables_had_a_deck_replays_against_the_builtin_deck(tmp_path):
    path = str(tmp_path / "old.db")
    app = make_app(path)
    client = app.test_client()
    tid = create(client).get_json()["id"]
    assert client.post(f"/api/tables/{tid}/actions", json={"action": {
        "type": "publish", "paper": "kind3", "cards": ["heart-7", "book-7", "coin-7"]}}).status_code == 200
    close_app(app)
    conn = sqlite3.connect(path)
    (raw,) = conn.execute("SELECT options FROM tables WHERE id = ?", (tid,)).fetchone()
    options = json.loads(raw)
    del options["deck"]  # as a table written by an older version has it
    conn.execute("UPDATE tables SET options = ? WHERE id = ?", (json.dumps(options), tid))
    conn.commit()
    conn.close()
    app = make_app(path)
    client = app.test_client()
    state = client.get(f"/api/tables/{tid}").get_json()
    assert state["card_deck"] == clean_deck(BUILTIN_V1)
    assert [c for p in state["papers"] for c in p["cards"]] == ["heart-7", "book-7", "coin-7"]
    assert client.post(f"/api/tables/{tid}/melds", json={"cards": ["heart-9"]}).status_code == 400
    close_app(app)


# --- a whole game with a deck that differs ----------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "n"), [(21, 3), (22, 4), (23, 5)])
def test_r1_a_whole_game_with_a_deck_that_differs(client, seed, n):
    """Every accepted action is legal for the engine on the table's deck; the walker plays heart-9 and
    A–7 of suit7 (cards the default deck lacks) whenever it likes, and the game ends."""
    rng = random.Random(seed)
    deck = deck_of({"deck": clean_deck(custom_spec())})
    walker = Walker(rng, deck=deck)
    start = rng.randrange(n)
    table = create(client, custom_spec(), n=n, start=start).get_json()
    tid, state = table["id"], table["state"]
    ref = Reference(NAMES[:n], start, deck)
    played: set[str] = set()
    for _ in range(1500):
        if state["over"]:
            break
        action = walker.legal_action(state)
        assert ref.refusal(action) is None, action
        resp = client.post(f"/api/tables/{tid}/actions", json={"action": action, "version": state["version"]})
        assert resp.status_code == 200, (action, resp.get_json())
        ref.act(action)
        state = resp.get_json()["state"]
        assert view_of(state) == expected_view(ref.state)
        played.update(c for p in state["papers"] for c in p["cards"])
    assert state["over"] and state["winners"]
    assert played & {"heart-8", "heart-9", "suit7-1", "suit7-2", "suit7-3"}, "the deck's own cards were played"
    assert not any(c.endswith("-13") for c in played)
