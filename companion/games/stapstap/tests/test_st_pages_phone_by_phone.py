"""すたっぷすたっぷ with real dice, phone by phone (issue 20): each phone says which player it is (the frame's
`me` choice), the phone of the player who acts shows that player's controls directly, every other phone says
who acts now and keeps the same controls one deliberate step away ("answer for …"), and a phone with no seat
runs the table as before. The phone box keeps its own claim flow: a `me` cookie grants nothing there (ST4).
Also the counts in words: "1 die", "1 coin", "1 pt" (English plurals)."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games.stapstap.texts import ST, tn

NAMES = ("Aki", "Ben", "Cho")



def phone(app: Flask, tid: str, seat: int | None) -> FlaskClient:
    """A phone at the table that said which player it is (None: it said nothing)."""
    client = app.test_client()
    if seat is not None:
        client.set_cookie("me", str(seat), path=f"/t/{tid}")
    return client


def new_table(app: Flask, mode: str = "dice") -> str:
    resp = app.test_client().post("/api/tables", json={"game": "stapstap", "players": list(NAMES),
                                                         "options": {"mode": mode}})
    assert resp.status_code == 201
    return resp.get_json()["id"]


def act(app: Flask, tid: str, **action: Any) -> dict[str, Any]:
    resp = app.test_client().post(f"/api/tables/{tid}/actions", json={"action": action})
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()["state"]


def state(app: Flask, tid: str) -> dict[str, Any]:
    return app.test_client().get(f"/api/tables/{tid}").get_json()


def html_of(client: FlaskClient, tid: str, lang: str = "en") -> str:
    resp = client.get(f"/t/{tid}", headers={"Accept-Language": lang})
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def actions_part(html: str) -> str:
    found = re.search(r'<section class="st-actions.*?</section>', html, re.S)
    assert found, "no actions section"
    return found.group(0)


def direct_and_behind(html: str) -> tuple[str, str]:
    """The actions section split into what shows at once and what waits behind the act-for step."""
    part = actions_part(html)
    behind = re.search(r'<details class="st-act-for".*?</details>', part, re.S)
    if behind is None:
        return part, ""
    return part.replace(behind.group(0), ""), behind.group(0)


def to_challenge(app: Flask, tid: str) -> int:
    act(app, tid, type="deal")
    act(app, tid, type="begin")
    act(app, tid, type="roll")
    card = state(app, tid)["players"][0]["cards"][0]["card"]
    act(app, tid, type="declare", face=4, card=card)
    return card


def test_real_dice_table_asks_which_player_this_device_is(app):
    tid = new_table(app)
    html = html_of(phone(app, tid, None), tid)
    assert f'action="/t/{tid}/me"' in html and "Which player is this device?" in html
    for seat, name in enumerate(NAMES):
        assert f'name="seat" value="{seat}">{name}</button>' in html
    assert "この端末はどのプレイヤーですか？" in html_of(phone(app, tid, None), tid, "ja")
    chosen = html_of(phone(app, tid, 1), tid)  # once chosen, the page says it and offers to change it
    assert "This device: Ben" in chosen and "Which player is this device?" not in chosen.split("</summary>")[0]


def test_phone_box_table_keeps_its_seat_claim_and_no_me_choice(app):
    tid = new_table(app, mode="box")
    html = html_of(phone(app, tid, None), tid)
    assert f"/t/{tid}/seat" in html and f'action="/t/{tid}/me"' not in html


def test_st6_the_asked_player_answers_first_on_their_own_phone(app):
    tid = new_table(app)
    to_challenge(app, tid)
    html = html_of(phone(app, tid, 1), tid)
    direct, behind = direct_and_behind(html)
    assert behind == ""
    assert 'value="pass"' in direct and 'value="doubt"' in direct
    assert "Your answer, Ben: pass or doubt?" in direct
    assert re.search(r'class="st-actions live mine"', html)
    assert 'data-my-turn="1"' in html
    ja = html_of(phone(app, tid, 1), tid, "ja")
    assert "Benさん、パスかダウトか答えてください" in ja


@pytest.mark.parametrize("seat", [0, 2])
def test_st6_other_phones_say_who_answers_and_answer_for_them_only_by_a_deliberate_step(app, seat):
    tid = new_table(app)
    to_challenge(app, tid)
    html = html_of(phone(app, tid, seat), tid)
    direct, behind = direct_and_behind(html)
    assert "Ben is answering: pass or doubt" in direct
    assert 'value="pass"' not in direct and 'value="doubt"' not in direct
    assert "Answer for Ben…" in behind and 'value="pass"' in behind and 'value="doubt"' in behind
    assert f"This is {NAMES[seat]}'s phone" in unescape(behind)
    assert 'data-my-turn="0"' in html and "st-actions live" not in html
    # Cho is asked after Ben: her phone says so; Aki (the parent) is never asked
    assert ("You are asked after them." in direct) == (seat == 2)
    ja = html_of(phone(app, tid, seat), tid, "ja")
    assert "Benさんの代わりに答える…" in ja and "Benさんがパスかダウトを答えています" in ja


def test_st6_an_answer_made_for_another_player_counts_as_theirs_and_the_history_says_from_where(app):
    tid = new_table(app)
    to_challenge(app, tid)
    cho = phone(app, tid, 2)
    html = html_of(cho, tid)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    resp = cho.post(f"/t/{tid}/act", data={"csrf_token": token, "version": str(state(app, tid)["version"]),
                                           "action_id": "for-ben-1", "type": "pass", "player": "1"})
    assert resp.status_code in (200, 303)
    s = state(app, tid)
    assert s["to_ask"] == [2] and s["players"][1]["answer"] == "pass"
    page = html_of(cho, tid)
    assert re.search(r"Ben passes\.\s*<span class=\"hist-by\">· on Cho's phone", unescape(page))
    # now it is Cho's own question: her phone shows it at once
    direct, behind = direct_and_behind(page)
    assert behind == "" and 'value="doubt"' in direct and "Your answer, Cho" in direct


def test_a_phone_with_no_seat_runs_the_table_for_whoever_acts(app):
    tid = new_table(app)
    to_challenge(app, tid)
    direct, behind = direct_and_behind(html_of(phone(app, tid, None), tid))
    assert behind == "" and 'value="pass"' in direct and "For Ben" in direct


@pytest.mark.parametrize(("step", "actor"), [("start", 0), ("rolled", 0), ("pay", 2)])
def test_every_step_with_one_player_acting_is_theirs_on_their_phone(app, step, actor):
    tid = new_table(app)
    act(app, tid, type="deal")
    act(app, tid, type="begin")
    if step != "start":
        act(app, tid, type="roll")
    if step == "pay":
        card = state(app, tid)["players"][0]["cards"][0]["card"]
        act(app, tid, type="declare", face=4, card=card)
        act(app, tid, type="pass", player=1)
        act(app, tid, type="doubt", player=2)
        act(app, tid, type="reveal", face=4)  # the truth: Cho pays
    assert state(app, tid)["step"] == step
    kind = {"start": "roll", "rolled": "declare", "pay": "pay"}[step]
    for seat in range(3):
        direct, behind = direct_and_behind(html_of(phone(app, tid, seat), tid))
        if seat == actor:
            assert f'value="{kind}"' in direct and behind == "", (step, seat)
        else:
            assert f'value="{kind}"' not in direct and f'value="{kind}"' in behind, (step, seat)
            assert f"Act for {NAMES[actor]}…" in behind and f"Waiting for {NAMES[actor]}" in direct


def test_reveal_is_for_any_phone(app):
    """ST7 with real dice: whoever sees the opened box types the face in; no phone waits behind a step."""
    tid = new_table(app)
    to_challenge(app, tid)
    act(app, tid, type="doubt", player=1)
    for seat in (None, 0, 1, 2):
        direct, behind = direct_and_behind(html_of(phone(app, tid, seat), tid))
        assert 'value="reveal"' in direct and behind == ""


def test_phone_box_a_me_cookie_grants_no_controls_and_no_face(app):
    """ST4: in box mode a phone is the seat it proved; saying "I am Aki" without her token shows nothing."""
    tid = new_table(app, mode="box")
    aki = app.test_client()
    claimed = aki.post(f"/api/tables/{tid}/seats/0/claim", json={})
    assert claimed.status_code == 200
    aki.set_cookie(f"seat_{tid[:16]}", claimed.get_json()["token"])
    act_as_aki = {"X-Seat-Token": claimed.get_json()["token"]}
    for raw in ({"type": "deal"}, {"type": "begin"}, {"type": "roll"}):
        assert aki.post(f"/api/tables/{tid}/actions", json={"action": raw}, headers=act_as_aki).status_code == 200
    pretender = phone(app, tid, 0)
    html = html_of(pretender, tid)
    assert "in-box" not in html and "st-act-for" not in html and 'value="declare"' not in html
    assert "Waiting for Aki" in html
    assert "in-box" in html_of(aki, tid)  # her own phone still shows her die


# --- counts in words -------------------------------------------------------------------------------------


def test_every_count_text_has_its_singular_and_plural_in_both_languages():
    bases = {k for k in ST.own if ST.is_plural(k)}
    assert {"dice", "coins", "pts", "extra_short"} <= bases
    for base in bases:
        for lang in ("en", "ja"):
            for n in (0, 1, 2, 21):
                said = tn(base, n, lang)
                assert str(n) in said, (base, n, lang)
    assert tn("dice", 1, "en") == "1 die" and tn("dice", 2, "en") == "2 dice" and tn("dice", 0, "en") == "0 dice"
    assert tn("coins", 1, "en") == "1 coin" and tn("coins", 2, "en") == "2 coins"
    assert tn("pts", 1, "en") == "1 pt" and tn("pts", 2, "en") == "2 pts" and tn("pts", 0, "en") == "0 pts"
    assert "1 eliminated player starts" in tn("extra_short", 1, "en")
    assert "2 eliminated players start" in tn("extra_short", 2, "en")
    assert tn("dice", 1, "ja") == "ダイス1個" and tn("coins", 2, "ja") == "コイン2枚"


SINGULAR_SLIPS = re.compile(r"\b1 (dice|coins|pts|points|players|cards)\b")


def test_pages_say_one_die_one_coin_one_pt(app):
    """A table where Aki keeps one die, everyone one coin, and a card worth 1 point: the page says so."""
    tid = new_table(app)
    act(app, tid, type="points", table=[[1] * 6 for _ in range(6)])
    act(app, tid, type="deal")
    act(app, tid, type="begin")
    for parent in range(3):  # everyone rolls once and everyone else passes: 2 dice left each
        act(app, tid, type="roll")
        card = state(app, tid)["players"][parent]["cards"][0]["card"]
        act(app, tid, type="declare", face=4, card=card)
        for other in (1, 2, 0)[parent:] + (1, 2, 0)[:parent]:
            if other != parent and state(app, tid)["step"] == "challenge":
                act(app, tid, type="pass", player=other)
    act(app, tid, type="roll")  # Aki's second roll: one die left in her materials
    assert state(app, tid)["players"][0]["dice"] == 1
    html = html_of(phone(app, tid, None), tid)
    assert "Materials: 1 die, 1 coin" in html
    assert re.search(r"Task card \d: a 4 \(1 pt\)", html)
    assert "Bank: 12 dice, 3 coins" in html
    assert not SINGULAR_SLIPS.search(html), SINGULAR_SLIPS.search(html)
    ja = html_of(phone(app, tid, None), tid, "ja")
    assert "材料: ダイス1個, コイン1枚" in ja and "（1点）" in ja
