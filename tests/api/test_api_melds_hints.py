"""POST …/melds (every matching paper with legal/error) and POST …/hints (the private assistant)."""

from __future__ import annotations

import pytest
from api_harness import TableDriver

from companion.games.laminate import PAPERS


@pytest.fixture
def t(caller, table) -> TableDriver:
    return TableDriver(caller, table)


def melds(t: TableDriver, cards, cite=None, any_id=None):
    body = {"cards": cards} if cite is None else {"cards": cards, "cite": cite}
    return t.caller.call("POST", f"/api/tables/{any_id or t.id}/melds", body)


def test_a_meld_that_matches_several_papers_lists_them_all(t):
    # 4..10 is both straight7 and sum49 (R3); the active player holds 3 cards: too few for either
    run = ["heart-4", "heart-5", "heart-6", "heart-7", "book-8", "coin-9", "onion-10"]
    status, body = melds(t, run)
    assert status == 200
    assert body == {"matches": [{"paper": "straight7", "legal": False, "error": "hand_too_small"},
                                {"paper": "sum49", "legal": False, "error": "hand_too_small"}]}


def test_legal_match(t):
    status, body = melds(t, ["heart-7", "book-7", "coin-7"])
    assert (status, body) == (200, {"matches": [{"paper": "kind3", "legal": True, "error": None}]})
    assert t.get()["version"] == 0 and t.log() == []  # a question only


def test_no_match_is_an_empty_list(t):
    assert melds(t, ["heart-1", "heart-2"]) == (200, {"matches": []})
    assert melds(t, []) == (200, {"matches": []})


def test_every_type_can_be_reported(t):
    # flush4 is also straight… no: 4 cards make no straight paper; it is flush4 only
    assert melds(t, ["heart-1", "heart-2", "heart-3", "heart-4"])[1]["matches"] == [
        {"paper": "flush4", "legal": False, "error": "hand_too_small"}]
    assert [m["paper"] for m in melds(t, ["heart-1", "suit7-13"])[1]["matches"]] == ["ak"]
    evens = ["heart-2", "heart-4", "heart-6", "book-8", "onion-10", "suit6-12"]
    assert [m["paper"] for m in melds(t, evens)[1]["matches"]] == ["evens"]


def test_ownership_and_supply_show_as_errors(t):
    t.act({"type": "publish", "paper": "kind3", "cards": ["heart-7", "book-7", "coin-7"]})
    t.act({"type": "research", "from": "deck"})
    t.act({"type": "research", "from": "deck"})
    status, body = melds(t, ["heart-5", "book-5", "coin-5"])  # seat 0 owns a kind3 now
    assert body == {"matches": [{"paper": "kind3", "legal": False, "error": "already_owned"}]}
    status, body = melds(t, ["heart-7", "book-5", "coin-5"])
    assert status == 200 and body == {"matches": []}


def test_melds_with_a_citation(t):
    t.act({"type": "publish", "paper": "kind3", "cards": ["heart-7", "book-7", "coin-7"]})
    t.act({"type": "review", "paper": 1, "card": "heart-7"})
    t.act({"type": "review", "paper": 1, "card": "book-7"})  # paper 1 complete, shows coin-7
    status, body = melds(t, ["onion-7", "coffin-7"], [1])
    assert body == {"matches": [{"paper": "kind3", "legal": False, "error": "already_owned"}]}  # seat 0 owns one
    t.act({"type": "research", "from": "deck"})
    status, body = melds(t, ["onion-7", "coffin-7"], [1])  # seat 1: 2 cards + 1 gift <= 4
    assert body == {"matches": [{"paper": "kind3", "legal": True, "error": None}]}


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"cards": ["heart-9"]}, 400, "bad_card"),
    ({"cards": "heart-7"}, 400, None),
    ({"cards": ["heart-7"], "cite": "1"}, 400, None),
    ({"cards": ["heart-7"], "cite": [True]}, 400, None),
    ({"cards": ["heart-7", "book-7", "HEART-7"]}, 422, "duplicate_card"),
    ({"cards": ["heart-7", "book-7"], "cite": [4]}, 422, "cite_unknown"),
])
def test_melds_refusals(t, body, status, code):
    got, answer = t.caller.call("POST", f"/api/tables/{t.id}/melds", body)
    assert got == status, answer
    if code:
        assert answer["error"] == code


def test_melds_via_view_id_is_a_question(t):
    status, body = melds(t, ["heart-7", "book-7", "coin-7"], any_id=t.view_id)
    assert status == 200 and body["matches"][0]["paper"] == "kind3"


# --- hints --------------------------------------------------------------------------------------------

def hints(t: TableDriver, player, hand, any_id=None):
    return t.caller.call("POST", f"/api/tables/{any_id or t.id}/hints", {"player": player, "hand": hand})


def test_hints_answer_shape(t):
    status, body = hints(t, 0, ["heart-7", "book-7", "coin-7"])
    assert status == 200
    assert set(body) == {"options"}
    (kind3,) = [o for o in body["options"] if o["paper"] == "kind3"]
    assert kind3["points"] == PAPERS["kind3"].points
    assert sorted(kind3["cards"]) == ["book-7", "coin-7", "heart-7"]
    assert (kind3["cite"], kind3["gifts"], kind3["completes"]) == ([], 0, False)
    papers = [o["paper"] for o in body["options"]]
    assert len(papers) == len(set(papers))  # at most one option per paper type
    for o in body["options"]:
        assert {"paper", "points", "cards", "cite", "gifts", "completes"} <= set(o)


def test_hints_store_nothing(t):
    hints(t, 0, ["heart-7", "book-7", "coin-7"])
    assert t.get()["version"] == 0 and t.log() == []


def test_hints_disabled_is_403(client):
    tid = client.post("/api/tables", json={"players": ["A", "B", "C"], "hints": False}).get_json()["id"]
    resp = client.post(f"/api/tables/{tid}/hints", json={"player": 0, "hand": ["heart-7"]})
    assert resp.status_code == 403
    assert resp.get_json()["error"]


@pytest.mark.parametrize(("body", "code"), [
    ({"player": 0, "hand": ["heart-9"]}, "bad_card"),
    ({"player": 3, "hand": []}, None),
    ({"player": "0", "hand": []}, None),
    ({"player": 0, "hand": "heart-7"}, None),
    ({"hand": []}, None),
])
def test_hints_malformed_is_400(t, body, code):
    status, answer = t.caller.call("POST", f"/api/tables/{t.id}/hints", body)
    assert status == 400, answer
    if code:
        assert answer["error"] == code
