"""Cracker's pages through Flask's test client: every phase renders in both languages, every control is a
form that acts without JavaScript (draw, pair, pass, declare with the hand typed, end of round, highest number,
next round), refusals are shown in place, the read-only view carries no form and never the full id, names are
escaped, no inline script or style, the history says what happened, the rules page, and the exports carry
Cracker's columns. CR numbers: docs/rules-cracker.md."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.games.base import RuleError
from companion.games.cracker import GAME, Declare, new_game
from companion.games.fields import Context

HOSTILE = "<img src=x onerror=alert(1)>"
SHORT_3 = {**{str(v): v for v in range(1, 8)}, "8": 3, "9": 0, "10": 0}


def new_table(client: FlaskClient, names: list[str] | None = None, **options: Any) -> tuple[str, str]:
    resp = client.post("/api/tables", json={"game": "cracker", "players": names or ["Ann", "Bo", "Chie"],
                                            "start": 0, "options": options})
    assert resp.status_code == 201, resp.get_data(as_text=True)
    body = resp.get_json()
    return body["id"], body["view_id"]


def state(client: FlaskClient, tid: str) -> dict[str, Any]:
    return client.get(f"/api/tables/{tid}").get_json()


def api_act(client: FlaskClient, tid: str, *actions: dict[str, Any]) -> dict[str, Any]:
    for action in actions:
        resp = client.post(f"/api/tables/{tid}/actions", json={"action": action})
        assert resp.status_code == 200, resp.get_data(as_text=True)
    return state(client, tid)


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
    assert " style=" not in html and "<script>" not in html.replace("<script></script>", "")
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>\s*\S", html)
    assert not re.search(r"\son[a-z]+=", html)


# --- every phase, both languages -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_phase_renders(client: FlaskClient, lang: str) -> None:
    tid, vid = new_table(client, rounds=2, deck=SHORT_3)
    html = page(client, f"/t/{tid}", lang)
    no_inline(html)
    assert ("引いたカードは" if lang == "ja" else "Which card was drawn?") in html  # CR4
    api_act(client, tid, {"type": "draw", "card": 3})
    html = page(client, f"/t/{tid}", lang)
    assert ("3のペアを捨てる" if lang == "ja" else "Discard a pair of 3") in html  # CR5b
    assert ("Boさんに渡すカードは" if lang == "ja" else "Pass which card to Bo?") in html  # CR5c
    api_act(client, tid, {"type": "pass", "card": 5}, {"type": "pass", "card": 5})
    html = page(client, f"/t/{tid}", lang)
    assert ("5が3人中2人まで回りました" if lang == "ja" else "5 has gone 2 of 3 seats") in html  # CR8 streak
    api_act(client, tid, {"type": "pass", "card": 5})  # back at Ann with an empty deck: CR8a
    html = page(client, f"/t/{tid}", lang)
    assert ("全員が最大の数字を失点" if lang == "ja" else "everyone loses their highest number") in html
    api_act(client, tid, {"type": "end_round"})
    html = page(client, f"/t/{tid}", lang)
    assert ("山札切れ" if lang == "ja" else "The deck is empty") in html and 'name="max"' in html
    api_act(client, tid, {"type": "reveal", "seat": 0, "max": 7}, {"type": "reveal", "seat": 1, "max": 8},
            {"type": "reveal", "seat": 2, "max": 6})
    html = page(client, f"/t/{tid}", lang)
    assert ("第1ラウンドの得点" if lang == "ja" else "Round 1 scores") in html and "−8" in html
    assert ("第2ラウンドを始める" if lang == "ja" else "Start round 2") in html
    api_act(client, tid, {"type": "next_round"})
    assert state(client, tid)["dealer"] == 1  # CR10: the deal passes to the left
    api_act(client, tid, {"type": "draw", "card": 4}, {"type": "pass", "card": 5}, {"type": "pass", "card": 5},
            {"type": "pass", "card": 5}, {"type": "end_round"}, {"type": "reveal", "seat": 0, "max": 5},
            {"type": "reveal", "seat": 1, "max": 8}, {"type": "reveal", "seat": 2, "max": 7})
    html = page(client, f"/t/{tid}", lang)
    no_inline(html)
    assert ("最終順位" if lang == "ja" else "Final standings") in html
    assert ("Annさんの優勝です" if lang == "ja" else "Ann wins the match!") in html  # −12 beats −13 and −16
    view = page(client, f"/v/{vid}", lang)
    assert tid not in view and "<form" not in view.split('id="table"')[1]


# --- forms without script ----------------------------------------------------------------------------------------


def test_the_forms_play_a_round_without_script(client: FlaskClient) -> None:
    tid, _ = new_table(client, rounds=1)
    assert act(client, tid, type="draw", card="10", version="0").status_code == 303  # CR4
    assert state(client, tid)["received"] == 10
    assert act(client, tid, type="pair", version="1").status_code == 303  # CR5b
    assert state(client, tid)["discard"] == [10, 10]
    act(client, tid, type="pass", card="3", version="2")  # CR5c
    s = state(client, tid)
    assert s["active"] == 1 and s["received"] == 3
    html = page(client, f"/t/{tid}")
    assert "Ann passed a 3 to Bo" in html and "Ann discarded a pair of 10." in html
    assert 'id="declare-0"' in html and 'id="declare-1"' in html and 'id="declare-2"' not in html  # CR7c
    act(client, tid, type="declare", seat="0", hand="１０ 10,10、10 10 10 10 10", version="3")
    s = state(client, tid)
    assert s["phase"] == "reveal" and s["round_end"]["hand"] == [10] * 8
    act(client, tid, type="reveal", seat="1", max="9", version="4")
    act(client, tid, type="reveal", seat="2", max="3", version="5")  # ten cards of 1-3 cannot exist (CR11)
    assert "does not fit the cards everyone saw Chie" in page(client, f"/t/{tid}")
    act(client, tid, type="reveal", seat="2", max="9", version="5")  # every 10 is paired or in Ann's hand
    s = state(client, tid)
    assert s["over"] and [p["round_score"] for p in s["players"]] == [18, -9, -9]


def test_refusals_are_shown_where_they_belong(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    act(client, tid, type="pass", card="3", version="0")
    html = page(client, f"/t/{tid}")
    assert "Not now: Ann must first draw the top card" in html  # wrong_step, shown in the action panel
    act(client, tid, type="draw", card="1", version="0")
    act(client, tid, type="pair", version="1")
    assert "every copy of 1 is already accounted for" in page(client, f"/t/{tid}")
    act(client, tid, type="declare", seat="0", hand="3 4 4 5", version="1")
    html = page(client, f"/t/{tid}")
    assert 'id="err-declare-0"' in html and "3 4 4 5 is neither" in html and 'value="3 4 4 5"' in html
    act(client, tid, type="declare", seat="0", hand="3 x", version="1")
    assert "“x” is not a card number" in page(client, f"/t/{tid}")
    act(client, tid, type="declare", seat="1", hand="1", version="1")
    assert "Bo cannot declare now" in page(client, f"/t/{tid}")  # no form for Bo: shown at the top
    assert state(client, tid)["version"] == 1


def test_a_typed_hand_is_read_from_the_form() -> None:
    """CR7: the hand is typed as one text; a Japanese keyboard's digits and separators are read too."""
    ctx = Context(new_game(("Ann", "Bo", "Chie"), 0, {}), 3)

    def read(hand: str) -> Declare | str:
        try:
            action = GAME.read_form({"type": ["declare"], "seat": ["1"], "hand": [hand]}, ctx)
        except RuleError as exc:
            return exc.code
        assert isinstance(action, Declare)
        return action

    assert read("5 3,4、６") == Declare(1, (3, 4, 5, 6))
    assert read("  ") == "form_no_hand"
    assert read("3 0") == "form_bad_hand"
    assert read("11") == "form_bad_hand"
    assert read("٣") == "form_bad_hand"  # Arabic-Indic digits are not read as 3


def test_reveal_picker_offers_only_possible_highest_numbers(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    api_act(client, tid, {"type": "draw", "card": 8}, {"type": "pass", "card": 8},
            {"type": "declare", "seat": 0, "hand": [10] * 10})
    html = page(client, f"/t/{tid}")
    bo = html.split('id="reveal-1"')[1].split("</li>")[0]
    enabled = [int(x) for x in re.findall(r'name="max" value="(\d+)"\s*>', bo)]
    assert enabled == [8, 9]  # Bo holds the 8 (CR9), Ann holds every 10 (CR11)


def test_names_are_text_never_html(client: FlaskClient) -> None:
    tid, vid = new_table(client, [HOSTILE, "Bo", "Chie"])
    api_act(client, tid, {"type": "draw", "card": 4}, {"type": "pass", "card": 4})
    for path in (f"/t/{tid}", f"/v/{vid}", f"/t/{tid}/fragment"):
        html = page(client, path)
        assert HOSTILE not in html and "&lt;img src=x onerror=alert(1)&gt;" in html


def test_fragment_and_rules_and_exports(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    api_act(client, tid, {"type": "draw", "card": 4}, {"type": "pass", "card": 4})
    fragment = page(client, f"/t/{tid}/fragment")
    assert fragment.startswith('<div id="table"') and 'data-version="2"' in fragment
    assert "/static/games/cracker/cracker.css" in page(client, f"/t/{tid}")  # the package's own style sheet
    assert client.get("/static/games/cracker/cracker.css").status_code == 200
    rules = page(client, "/rules/cracker", "ja")
    assert "チェンジ" in rules and "CR8" in rules
    assert "Going out" in page(client, "/rules/cracker")
    rows = list(csv.reader(io.StringIO(client.get(f"/t/{tid}/log.csv").get_data(as_text=True).lstrip("\ufeff"))))
    header = rows[0]
    assert header[4:10] == ["type", "card", "seat", "hand", "max", "player"]
    assert rows[2][4:6] == ["pass", "4"] and rows[2][-1] == "Ann passed a 4 to Bo."
    exported = client.get(f"/t/{tid}/log.json").get_json()
    assert exported["table"]["game"] == "cracker" and exported["state"]["players"][1]["known"]["4"] == 1


def test_home_page_offers_cracker(client: FlaskClient) -> None:
    home = page(client, "/")
    assert 'value="cracker"' in home and "/static/games/cracker/icon.svg" in home
    found = re.search(r'name="csrf_token" value="([^"]+)"', home)
    assert found
    resp = client.post("/", data={"csrf_token": found.group(1), "game": "cracker", "name0": "Ann", "name1": "Bo",
                                  "name2": "Chie", "start": "1", "opt-cracker-rounds": "4"})
    assert resp.status_code == 303
    tid = resp.headers["Location"].rsplit("/", 1)[-1]
    s = state(client, tid)
    assert s["rounds"] == 4 and s["dealer"] == 1 and s["deck_total"] == 55


ODD_FORMS: list[dict[str, str]] = [
    {"type": "draw", "card": "abc"}, {"type": "draw", "card": "٣"}, {"type": "draw", "card": "9" * 40},
    {"type": "draw", "card": "-1"}, {"type": "pass"}, {"type": "pair", "card": "x"},
    {"type": "declare", "seat": "99", "hand": "1"}, {"type": "declare", "seat": "x", "hand": "1 2"},
    {"type": "declare", "seat": "0", "hand": "1 " * 5000}, {"type": "declare"},
    {"type": "reveal", "seat": "0", "max": "ten"}, {"type": "reveal", "seat": "7", "max": "3"},
    {"type": "end_round"}, {"type": "next_round"}, {"type": "x" * 10000}, {},
]


@pytest.mark.parametrize("htmx", [False, True])
def test_odd_form_posts_never_fail_with_5xx_and_change_nothing(client: FlaskClient, htmx: bool) -> None:
    tid, _ = new_table(client)
    csrf = token(client, tid)
    headers = {"HX-Request": "true"} if htmx else {}
    before = state(client, tid)
    for fields in ODD_FORMS:
        resp = client.post(f"/t/{tid}/act", data={"csrf_token": csrf, **fields}, headers=headers)
        assert resp.status_code < 500, fields
        assert client.get(f"/t/{tid}").status_code == 200, fields
    assert state(client, tid) == before


def test_setup_note_and_an_edited_deck_are_shown(client: FlaskClient) -> None:
    """CR2/PD3: the deal is explained before the first draw; PD5: a table deck of 54 cards says so."""
    tid, _ = new_table(client, deck={**{str(v): v for v in range(1, 11)}, "7": 6})
    html = page(client, f"/t/{tid}")
    assert "from the 54 number cards" in html and "the other 24 are the deck" in html
    assert "This table’s deck: 54 cards" in html
    api_act(client, tid, {"type": "draw", "card": 2})
    assert "from the 54 number cards" not in page(client, f"/t/{tid}")
    tid, _ = new_table(client)
    assert "This table’s deck" not in page(client, f"/t/{tid}", "en")


def test_rules_opened_from_a_table_show_its_deck_and_the_way_back(client: FlaskClient) -> None:
    tid, vid = new_table(client, rounds=5, deck={**{str(v): v for v in range(1, 11)}, "7": 6})
    html = page(client, f"/rules/cracker?table={vid}")
    assert "This table: 5 rounds, a deck of 54 cards" in html and "7×6" in html
    assert f"/v/{vid}" in html and tid not in html
