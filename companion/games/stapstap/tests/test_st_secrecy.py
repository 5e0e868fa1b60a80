"""ST4/ST8 secrecy of the phone box: the face of the die in the box reaches only the parent's proven phone.
Every output another seat, a phone that merely says it is the parent (the unverified "me" cookie), or the
read-only view can fetch is searched for the roll's secret salt and face: the table JSON, the log, the JSON
and CSV exports, the pages and fragments, the history, a retried request's stored answer, a dry run and the
live stream. Positive controls show the parent's own phone does see it (so the tests can fail)."""

from __future__ import annotations

import json

from flask.testing import FlaskClient
from st_api import Table


def rolled(app, client) -> tuple[Table, int, str]:
    t = Table(client, 3, mode="box")
    t.claim_all()
    t.act({"type": "deal"})
    t.act({"type": "begin"})
    resp = t.post({"type": "roll"}, 0, action_id="roll-action-0001")
    assert resp.status_code == 200
    t.state = resp.get_json()["state"]
    raw = [e for e in app.extensions["companion"].log(t.tid) if e.action.get("type") == "roll"][-1].action
    return t, raw["face"], raw["salt"]


def outputs(client: FlaskClient, t: Table, seat: int | None) -> dict[str, str]:
    """Everything a phone of ``seat`` (None: no seat) can read about the table, as text."""
    h = t.headers(seat)
    urls = [f"/api/tables/{t.tid}", f"/api/tables/{t.vid}", f"/api/tables/{t.tid}/log",
            f"/api/tables/{t.vid}/log", f"/t/{t.tid}", f"/t/{t.tid}/fragment", f"/v/{t.vid}",
            f"/v/{t.vid}/fragment", f"/t/{t.tid}/log.json", f"/t/{t.tid}/log.csv", f"/v/{t.vid}/log.json",
            f"/v/{t.vid}/log.csv", f"/api/tables/{t.tid}/seats"]
    out = {}
    for url in urls:
        resp = client.get(url, headers=h)
        assert resp.status_code == 200, url
        out[url] = resp.get_data(as_text=True)
    return out


def test_st4_only_the_parents_phone_sees_the_face(app, client):
    t, face, salt = rolled(app, client)
    assert t.state["box"]["face"] == face  # the parent's own answer (positive control)
    assert t.get(0)["box"]["face"] == face
    for seat in (1, 2, None):
        assert t.get(seat)["box"]["face"] is None
    assert t.get(view=True)["box"]["face"] is None


def test_st4_the_unverified_me_cookie_does_not_unlock_the_face(app, client):
    t, face, salt = rolled(app, client)
    client.set_cookie("me", "0", path=f"/t/{t.tid}")
    assert t.get()["box"]["face"] is None
    page = client.get(f"/t/{t.tid}").get_data(as_text=True)
    assert "in-box" not in page and salt not in page


def test_st4_no_output_of_another_seat_or_the_view_holds_the_secret(app, client):
    t, face, salt = rolled(app, client)
    for seat in (1, 2, None):
        client.delete_cookie("me", path=f"/t/{t.tid}")
        for url, text in outputs(client, t, seat).items():
            assert salt not in text, (seat, url)
            assert "in-box" not in text and "open-mine" not in text, (seat, url)
        for event in client.get(f"/api/tables/{t.tid}/log", headers=t.headers(seat)).get_json()["events"]:
            if event["action"]["type"] == "roll":
                assert set(event["action"]) <= {"type", "player", "commit"}
    own = client.get(f"/t/{t.tid}", headers=t.headers(0)).get_data(as_text=True)
    assert "in-box" in own  # positive control: the parent's page draws the die in the box


def test_st4_the_centre_view_keeps_the_box_closed_even_on_the_parents_phone(app, client):
    """The table-centre view (stapstap/_centre.html, shown by a device in table-centre mode) is a viewer like
    any other: its box is closed while the die is in it, on every phone, even the parent's own, whose phone
    page draws the face (the positive control)."""
    t, face, salt = rolled(app, client)
    for seat in (0, 1, None):
        html = client.get(f"/t/{t.tid}", headers=t.headers(seat)).get_data(as_text=True)
        start = html.index('<section class="cv st-cv"')
        centre = html[start:html.index("</section>", start)]
        assert '<span class="st-box-q">?</span>' in centre, seat
        assert salt not in centre and "in-box" not in centre and "open-mine" not in centre, seat
        assert ("in-box" in html) is (seat == 0)


def test_st4_a_retried_request_gets_the_public_answer(app, client):
    t, face, salt = rolled(app, client)
    body = {"action": {"type": "roll"}, "action_id": "roll-action-0001"}
    resp = client.post(f"/api/tables/{t.tid}/actions", json=body, headers=t.headers(1))
    assert resp.status_code in (200, 403)
    if resp.status_code == 200:
        body = resp.get_data(as_text=True)
        assert salt not in body and resp.get_json()["state"]["box"]["face"] is None


def test_st4_dry_runs_say_nothing_of_the_face(app, client):
    t, face, salt = rolled(app, client)
    t.act({"type": "declare", "face": 7 - face, "card": t.state["players"][0]["cards"][0]["card"]}, 0)
    for guess in range(1, 7):
        resp = t.post({"type": "doubt", "face": guess}, 1, dry_run=True)
        assert resp.status_code == 200 and resp.get_json()["legal"] is True
        assert salt not in resp.get_data(as_text=True)
        assert resp.get_json()["state"]["box"]["face"] is None


def test_st4_the_live_stream_carries_only_the_version(app, client):
    t, face, salt = rolled(app, client)
    resp = client.get(f"/api/tables/{t.tid}/events", headers=t.headers(1), buffered=False)
    first = next(iter(resp.response))
    resp.close()
    text = first.decode() if isinstance(first, bytes) else first
    data = [line for line in text.splitlines() if line.startswith("data:")]
    assert data and set(json.loads(data[0][5:])) == {"version"}


def test_st7_a_doubt_reveals_the_face_to_everyone_with_a_checkable_seal(app, client):
    import hashlib
    t, face, salt = rolled(app, client)
    commit = t.get(1)["box"]["commit"]
    card = t.state["players"][0]["cards"][0]["card"]
    t.act({"type": "declare", "face": face, "card": card}, 0)
    t.act({"type": "doubt"}, 1)
    for seat in (1, 2, None):
        d = t.get(seat)["doubt"]
        assert d["face"] == face and d["salt"] == salt and d["truth"] is True
        assert hashlib.sha256(f"{face}:{salt}".encode()).hexdigest() == d["commit"] == commit
    assert t.get(view=True)["doubt"]["face"] == face
    page = client.get(f"/v/{t.vid}").get_data(as_text=True)
    assert "st-result truth" in page


def test_st8_all_pass_never_reveals_the_face(app, client):
    t, face, salt = rolled(app, client)
    card = t.state["players"][0]["cards"][0]["card"]
    t.act({"type": "declare", "face": 6, "card": card}, 0)
    t.act({"type": "pass"}, 1)
    t.act({"type": "pass"}, 2)
    assert t.get(0)["box"] is None
    for seat in (0, 1, 2, None):
        for url, text in outputs(client, t, seat).items():
            assert salt not in text, (seat, url)


def first_chunks(client: FlaskClient, url: str, headers: dict[str, str]) -> str:
    resp = client.get(url, headers=headers, buffered=False)
    assert resp.status_code == 200, url
    chunk = next(iter(resp.response))
    resp.close()
    return chunk.decode() if isinstance(chunk, bytes) else chunk


def test_st4_the_page_stream_carries_the_face_only_to_the_parents_phone(app, client):
    """The page's own stream (/t/<id>/live) carries the fragment: another seat's, a seatless phone's and the
    read-only view's never hold the secret; the parent's proven phone does (positive control)."""
    t, face, salt = rolled(app, client)
    for seat in (1, 2, None):
        client.delete_cookie("me", path=f"/t/{t.tid}")
        for url in (f"/t/{t.tid}/live", f"/v/{t.vid}/live", f"/t/{t.vid}/live"):
            text = first_chunks(client, url, t.headers(seat))
            assert "event: table" in text, (seat, url)
            assert salt not in text and "in-box" not in text and "open-mine" not in text, (seat, url)
    assert "in-box" in first_chunks(client, f"/t/{t.tid}/live", t.headers(0))


def _csrf(client: FlaskClient, tid: str) -> str:
    import re

    found = re.search(r'name="csrf_token" value="([^"]+)"', client.get(f"/t/{tid}").get_data(as_text=True))
    assert found
    return found.group(1)


def _taker_sees_nothing(app, t: Table, taker: FlaskClient, salt: str, headers: dict[str, str]) -> None:
    """Everything the taking phone can read (JSON, log, exports, pages, fragments, both streams) holds no trace
    of the face in the box."""
    taker.delete_cookie("me", path=f"/t/{t.tid}")
    for url, text in outputs(taker, t, None).items():
        assert salt not in text and "in-box" not in text, url
    assert taker.get(f"/api/tables/{t.tid}", headers=headers).get_json()["box"]["face"] is None
    for url in (f"/t/{t.tid}/live", f"/api/tables/{t.tid}/events"):
        text = first_chunks(taker, url, headers)
        assert salt not in text and "in-box" not in text, url


def test_st4a_the_parents_seat_cannot_be_taken_over_while_the_die_is_in_the_box(app, client):
    """Another phone taking over the parent's seat mid-roll would be shown the die: refused with 409
    take_over_mid_roll (API and claim form), no token is given, the parent's phone keeps the seat and the
    face, and nothing the taker can read holds the secret — after the roll and after the declaration."""
    t, face, salt = rolled(app, client)
    taker = app.test_client()
    card = t.state["players"][0]["cards"][0]["card"]
    for step in ("rolled", "challenge"):
        if step == "challenge":
            t.act({"type": "declare", "face": 7 - face, "card": card}, 0)
        version = t.get(0)["version"]
        for headers in ({}, t.headers(1)):  # a fresh phone, and Ben's phone
            resp = taker.post(f"/api/tables/{t.tid}/seats/0/claim", json={"take_over": True}, headers=headers)
            assert resp.status_code == 409 and resp.get_json()["error"] == "take_over_mid_roll", step
            assert "token" not in resp.get_json() and salt not in resp.get_data(as_text=True)
            assert "Aki" in resp.get_json()["message_en"] and "Aki" in resp.get_json()["message_ja"]
        form = taker.post(f"/t/{t.tid}/seat?take_over=1", data={"seat": "0", "csrf_token": _csrf(taker, t.tid)})
        assert form.status_code == 303 and "seat_" not in form.headers.get("Set-Cookie", "")
        page = taker.get(form.headers["Location"]).get_data(as_text=True)
        assert "the die leaves the box" in page and salt not in page and "in-box" not in page  # said, not shown
        assert t.get(0)["version"] == version  # nothing logged
        assert t.get(0)["box"]["face"] == face and t.get(0)["proven"] == 0  # Aki's phone keeps seat and die
        _taker_sees_nothing(app, t, taker, salt, {})
        _taker_sees_nothing(app, t, taker, salt, t.headers(1))


def test_st4a_the_seat_moves_again_once_the_die_has_left_the_box(app, client):
    t, face, salt = rolled(app, client)
    resp = client.post(f"/api/tables/{t.tid}/seats/2/claim", json={"take_over": True})  # not the parent's
    assert resp.status_code == 200
    card = t.state["players"][0]["cards"][0]["card"]
    t.act({"type": "declare", "face": 6, "card": card}, 0)
    t.act({"type": "pass"}, 1)
    t.tokens[2] = resp.get_json()["token"]
    t.act({"type": "pass"}, 2)  # ST8: the die left the box unseen
    taken = client.post(f"/api/tables/{t.tid}/seats/0/claim", json={"take_over": True})
    assert taken.status_code == 200 and taken.get_json()["state"]["proven"] == 0
    assert salt not in taken.get_data(as_text=True)
    assert client.get(f"/api/tables/{t.tid}", headers=t.headers(0)).get_json()["proven"] is None  # old phone


def test_st4a_with_real_dice_there_is_nothing_to_take_over(client):
    t = Table(client, 3, mode="dice")
    resp = client.post(f"/api/tables/{t.tid}/seats/0/claim", json={"take_over": True})
    assert resp.status_code == 409 and resp.get_json()["error"] == "no_seat_claims"
