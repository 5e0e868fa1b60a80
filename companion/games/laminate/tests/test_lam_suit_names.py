"""R1 during play: the table page renames the suits of the table's own deck (the ``suit_names`` setting,
through the frame's ``POST /t/<id>/setting``), every page and the API follow, the history says so, a blank
field gives a suit its deck name back, and bad or hostile input changes nothing."""

from __future__ import annotations

import copy
import re
from typing import Any

from flask.testing import FlaskClient

from companion.games.laminate.deck import BUILTIN_V1

NAMES = ["Hilbert", "Noether", "Banach"]
HOSTILE = "<b>x</b>"


def new_table(client: FlaskClient, options: dict[str, Any] | None = None) -> str:
    resp = client.post("/api/tables", json={"players": NAMES, "options": options or {}})
    assert resp.status_code in (200, 201), resp.get_json()
    return resp.get_json()["id"]


def page(client: FlaskClient, path: str, lang: str = "en") -> str:
    resp = client.get(path, headers={"Accept-Language": lang})
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def post_names(client: FlaskClient, tid: str, fields: dict[str, str], htmx: bool = False, name: str = "suit_names"):
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page(client, f"/t/{tid}")).group(1)
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/t/{tid}/setting", data={"csrf_token": csrf, "name": name, **fields}, headers=headers)


def api_names(client: FlaskClient, tid: str) -> dict[str, str]:
    return client.get(f"/api/tables/{tid}").get_json()["suit_names"]


def version(client: FlaskClient, tid: str) -> int:
    return client.get(f"/api/tables/{tid}").get_json()["version"]


def test_r1_the_table_page_offers_every_suit_of_the_table_deck_for_renaming(client: FlaskClient) -> None:
    spec = copy.deepcopy(BUILTIN_V1)
    spec["suits"][5].update(id="moon", en="Moon", ja="ムーン")
    tid = new_table(client, {"deck": spec})
    html = page(client, f"/t/{tid}")
    assert 'id="setting-suit_names"' in html and 'action="/t/' in html
    fields = re.findall(r'name="suit-([a-z0-9]+)"', html)
    assert fields == [s["id"] for s in spec["suits"]]  # the table's deck, in its order (moon, not suit6)
    assert 'placeholder="Moon"' in html
    assert "スートの呼び名" in page(client, f"/t/{tid}", "ja")


def test_r1_renaming_on_the_page_reaches_the_api_the_picker_and_the_history(client: FlaskClient) -> None:
    tid = new_table(client)
    before = version(client, tid)
    resp = post_names(client, tid, {"suit-suit6": "  Star ", "suit-suit7": "Crown", "suit-heart": ""})
    assert resp.status_code == 303 and resp.headers["Location"].endswith("#setting-suit_names")
    assert api_names(client, tid) == {"suit6": "Star", "suit7": "Crown"}
    assert version(client, tid) == before + 1  # every phone refreshes
    html = page(client, f"/t/{tid}?picker=open")
    assert "Star" in html and "Crown" in html
    assert 'value="Star"' in html and "renamed" in html
    log = client.get(f"/t/{tid}/log.json").get_json()["events"]
    assert log[-1]["text"] == "The table named its suits: Star and Crown."
    assert "スートの呼び名を決めました：Star・Crown。" in page(client, f"/t/{tid}", "ja")  # suits are not さん


def test_r1_a_blank_field_or_the_deck_name_gives_the_suit_its_deck_name_back(client: FlaskClient) -> None:
    tid = new_table(client)
    post_names(client, tid, {"suit-suit6": "Star"})
    post_names(client, tid, {"suit-suit6": "", "suit-suit7": "Suit 7"})
    assert api_names(client, tid) == {}
    assert client.get(f"/t/{tid}/log.json").get_json()["events"][-1]["text"] == \
        "The suits have their deck names again."


def test_the_same_names_again_change_nothing_and_say_nothing(client: FlaskClient) -> None:
    tid = new_table(client)
    post_names(client, tid, {"suit-suit6": "Star"})
    before = version(client, tid)
    resp = post_names(client, tid, {"suit-suit6": "Star"}, htmx=True)
    assert resp.status_code == 200 and 'id="table"' in resp.get_data(as_text=True)
    assert version(client, tid) == before
    assert 'class="notice"' not in resp.get_data(as_text=True)


def test_with_htmx_the_answer_is_the_fragment_with_the_notice(client: FlaskClient) -> None:
    tid = new_table(client)
    html = post_names(client, tid, {"suit-suit6": "Star"}, htmx=True).get_data(as_text=True)
    assert html.lstrip().startswith("<div id=\"table\"")
    assert re.search(r'class="notice"[^>]*>[^<]*The table named its suits: Star', html)


def test_bad_names_are_refused_in_place_and_change_nothing(client: FlaskClient) -> None:
    tid = new_table(client)
    before = version(client, tid)
    for bad in ("x" * 21, "tab\there", "bell\x07"):
        html = post_names(client, tid, {"suit-suit6": bad}, htmx=True).get_data(as_text=True)
        assert 'id="err-suit-names"' in html, bad
        assert "<details class=\"suit-names\" id=\"setting-suit_names\" open>" in html
    assert version(client, tid) == before and api_names(client, tid) == {}


def test_a_suit_name_is_text_never_html(client: FlaskClient) -> None:
    tid = new_table(client)
    post_names(client, tid, {"suit-suit6": HOSTILE})
    assert api_names(client, tid) == {"suit6": HOSTILE}
    for path in (f"/t/{tid}?picker=open", f"/t/{tid}/fragment"):
        html = page(client, path)
        assert HOSTILE not in html and "&lt;b&gt;x&lt;/b&gt;" in html


def test_fields_for_suits_the_deck_lacks_and_unknown_settings_are_ignored(client: FlaskClient) -> None:
    tid = new_table(client)
    before = version(client, tid)
    assert post_names(client, tid, {"suit-dragon": "Dragon"}).status_code == 303
    assert post_names(client, tid, {"suit-suit6": "Star"}, name="hints").status_code == 303  # not a custom form
    assert post_names(client, tid, {"suit-suit6": "Star"}, name="deck").status_code == 303  # fixed at set-up
    assert version(client, tid) == before and api_names(client, tid) == {}


def test_the_read_only_view_has_no_form_and_cannot_post(client: FlaskClient) -> None:
    tid = new_table(client)
    vid = client.get(f"/api/tables/{tid}").get_json()["view_id"]
    html = page(client, f"/v/{vid}")
    assert "setting-suit_names" not in html and 'name="suit-' not in html
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page(client, f"/t/{tid}")).group(1)
    resp = client.post(f"/t/{vid}/setting", data={"csrf_token": csrf, "name": "suit_names", "suit-suit6": "Star"})
    assert resp.status_code in (403, 404)
    assert api_names(client, tid) == {}


def test_without_the_form_token_nothing_changes(client: FlaskClient) -> None:
    tid = new_table(client)
    resp = client.post(f"/t/{tid}/setting", data={"name": "suit_names", "suit-suit6": "Star"})
    assert 400 <= resp.status_code < 500
    assert api_names(client, tid) == {}


def test_a_stale_version_is_refused(client: FlaskClient) -> None:
    tid = new_table(client)
    resp = post_names(client, tid, {"suit-suit6": "Star", "version": "99"}, htmx=True)
    assert "changed" in resp.get_data(as_text=True).lower() or "stale" in resp.get_data(as_text=True).lower()
    assert api_names(client, tid) == {}
