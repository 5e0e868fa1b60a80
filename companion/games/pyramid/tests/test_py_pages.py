"""Pyramid's pages through Flask's test client: every phase renders in both languages, the forms act without
JavaScript (a number tapped, stop, a card chosen, a slot tapped), refusals are shown in place, the read-only
view carries no form and never the full id, names are escaped, no inline script or style, the history says
what happened, the exports carry Pyramid's columns, the rules page renders. PY numbers: docs/rules-pyramid.md."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

HOSTILE = "<img src=x onerror=alert(1)>"


def new_table(client: FlaskClient, names: list[str] | None = None, **options: Any) -> tuple[str, str]:
    resp = client.post("/api/tables", json={"game": "pyramid", "players": names or ["Ann", "Bo"], "start": 0,
                                            "options": options})
    assert resp.status_code == 201, resp.get_data(as_text=True)
    return resp.get_json()["id"], resp.get_json()["view_id"]


def state(client: FlaskClient, tid: str) -> dict[str, Any]:
    return client.get(f"/api/tables/{tid}").get_json()


def api_act(client: FlaskClient, tid: str, *actions: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for action in actions:
        resp = client.post(f"/api/tables/{tid}/actions", json={"action": action})
        assert resp.status_code == 200, resp.get_data(as_text=True)
        out = resp.get_json()["state"]
    return out


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


def turns(*cards: int) -> list[dict[str, Any]]:
    return [{"type": "turn", "card": c} for c in cards]


def building_table(client: FlaskClient) -> str:
    """Ann has 9 6 3 8 in the bottom row; Bo busted; Ann turned 3 and 2 and stopped."""
    tid, _ = new_table(client)
    api_act(client, tid, *turns(9, 6, 3, 8), {"type": "stop"},
            *({"type": "place", "card": c, "row": 1, "x": x} for x, c in enumerate((9, 6, 3, 8))))
    api_act(client, tid, *turns(7, 7), *turns(3, 2), {"type": "stop"})
    return tid


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_phase_renders_in_both_languages(client: FlaskClient, lang: str) -> None:
    tid, vid = new_table(client)
    html = page(client, f"/t/{tid}", lang)
    assert ("めくったカードの数字は？" if lang == "ja" else "Which number did the card show?") in html
    api_act(client, tid, *turns(5, 7))
    html = page(client, f"/t/{tid}", lang)
    assert ("10 in 53" if lang == "en" else "53枚中10枚") in html and 'max="53" value="10"' in html
    tid = building_table(client)
    html = page(client, f"/t/{tid}", lang)
    assert ("獲得したカードを置く" if lang == "ja" else "Place the cards") in html
    assert html.count('name="slot"') == 5  # 3 fits at both ends and over 9·6, 6·3 and 3·8 (PY7a, PY7b)
    small = {str(v): 0 for v in range(1, 11)} | {"4": 2}
    over, over_view = new_table(client, deck=small)
    api_act(client, over, *turns(4, 4))
    html = page(client, f"/t/{over}", lang)
    assert ("ゲーム終了" if lang == "ja" else "Game over") in html
    assert ("勝利を分かち合" if lang == "ja" else "share the win") in html
    assert page(client, f"/v/{over_view}", lang)
    assert page(client, "/rules/pyramid", lang).count('class="py-cell py-slot"') == 3


def test_py4_a_tapped_number_turns_a_card_without_script(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    resp = act(client, tid, version="0", type="turn", card="7")
    assert resp.status_code == 303
    assert state(client, tid)["turned"] == [7]
    html = page(client, f"/t/{tid}")
    assert "Ann turned a 7." in html
    assert re.search(r'<button type="submit" class="pd-pick" name="card" value="1"\s*>', html)  # the only 1 is left


def test_pd4_a_used_up_number_is_disabled_and_refused_in_place(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    api_act(client, tid, *turns(1))
    html = page(client, f"/t/{tid}")
    assert re.search(r'name="card" value="1"\s+disabled', html)
    act(client, tid, type="turn", card="1")
    html = page(client, f"/t/{tid}")
    assert 'id="err-picker"' in html and "Every 1 of this deck is already face up" in html
    assert state(client, tid)["turned"] == [1]


def test_py5_a_bust_is_detected_and_said(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    api_act(client, tid, *turns(4, 9))
    act(client, tid, type="turn", card="9")
    s = state(client, tid)
    assert s["active"] == 1 and s["discard"] == [4, 9, 9]
    html = page(client, f"/t/{tid}")
    assert "Ann turned a second 9: out! 4, 9, 9 go to the discard pile." in html
    assert 'class="py-last bust"' in html
    assert "Ann turned a second 9: out. Discarded: 4, 9, 9." in html  # the announcement


def test_py6_stop_then_choose_a_card_and_a_slot_without_script(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    api_act(client, tid, *turns(6, 2))
    resp = act(client, tid, type="stop")
    assert resp.status_code == 303 and state(client, tid)["phase"] == "building"
    html = page(client, f"/t/{tid}")
    assert 'name="card" value="6"' in html  # the biggest card is chosen first
    html = page(client, f"/t/{tid}?pick=2")
    assert 'name="card" value="2"' in html and 'aria-current="true"' in html
    act(client, tid, type="place", card="6", slot="1:0")
    resp = act(client, tid, type="place", card="2", slot="1:1")
    assert resp.status_code == 303
    s = state(client, tid)
    assert s["active"] == 1 and s["players"][0]["pyramid"] == [{"row": 1, "x": 0, "card": 6},
                                                                {"row": 1, "x": 1, "card": 2}]


def test_py7b_a_refused_slot_is_explained_in_place(client: FlaskClient) -> None:
    tid = building_table(client)
    act(client, tid, type="place", card="3", slot="2:0")  # over 9 and 6: fine
    act(client, tid, type="place", card="2", slot="3:1")  # no support
    html = page(client, f"/t/{tid}")
    assert 'id="err-build"' in html and "needs two cards side by side" in html
    act(client, tid, type="place", card="2", slot="banana")
    assert "Tap one of the dashed slots" in page(client, f"/t/{tid}")
    assert state(client, tid)["to_place"] == [2]


def test_the_read_only_view_has_no_form_and_no_full_id(client: FlaskClient) -> None:
    tid = building_table(client)
    vid = state(client, tid)["view_id"]
    html = page(client, f"/v/{vid}")
    assert tid not in html and "<form" not in html and 'name="slot"' not in html
    assert page(client, f"/v/{vid}/fragment").startswith('<div id="table"')


def test_names_are_text_and_pages_have_no_inline_code(client: FlaskClient) -> None:
    tid, _ = new_table(client, names=[HOSTILE, "Bo"])
    api_act(client, tid, *turns(3, 3))
    html = page(client, f"/t/{tid}")
    assert HOSTILE not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert not re.search(r"<script(?![^>]*\bsrc=)", html) and " style=" not in html and "onclick" not in html


def test_exports_carry_pyramids_columns(client: FlaskClient) -> None:
    tid = building_table(client)
    rows = list(csv.reader(io.StringIO(client.get(f"/t/{tid}/log.csv").get_data(as_text=True).lstrip("\ufeff"))))
    header = rows[0]
    for column in ("type", "card", "row", "x"):
        assert column in header
    place = next(r for r in rows[1:] if r[header.index("type")] == "place")
    assert place[header.index("row")] == "1" and place[-1].startswith("Ann placed")
    assert client.get(f"/t/{tid}/log.json").get_json()["table"]["game"] == "pyramid"


def test_the_risk_setting_shows_in_history_and_hides_the_meter(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    api_act(client, tid, *turns(5))
    assert 'class="py-meter"' in page(client, f"/t/{tid}")
    client.post(f"/api/tables/{tid}/settings", json={"risk": False})
    html = page(client, f"/t/{tid}")
    assert 'class="py-meter"' not in html and "The risk of the next card is hidden." in html
    assert 'data-risk-switch data-on="0"' in html


def test_undo_takes_back_a_placement(client: FlaskClient) -> None:
    tid = building_table(client)
    act(client, tid, type="place", card="3", slot="1:4")
    version = state(client, tid)["version"]
    resp = client.post(f"/t/{tid}/undo", data={"csrf_token": token(client, tid), "version": str(version)})
    assert resp.status_code == 303 and state(client, tid)["to_place"] == [3, 2]


@pytest.mark.parametrize("fields", [
    {"type": "turn", "card": "abc"}, {"type": "turn", "card": "٣"}, {"type": "turn", "card": "99999999999999"},
    {"type": "turn", "card": "-1"}, {"type": "turn"}, {"type": "dance"}, {"type": "x" * 5000},
    {"type": "place", "card": "3", "slot": "1:x"}, {"type": "place", "card": "3", "slot": "9999999:1"},
    {"type": "place", "card": "3"}, {"type": "place", "card": "11", "slot": "1:0"},
    {"type": "place", "card": "3", "slot": "1:0"},
])
def test_hostile_forms_are_refused_in_place_and_change_nothing(client: FlaskClient, fields: dict[str, str]) -> None:
    tid, _ = new_table(client)
    api_act(client, tid, *turns(5))
    before = state(client, tid)
    resp = act(client, tid, **fields)
    assert resp.status_code == 303
    html = page(client, f"/t/{tid}")
    assert "Not accepted" in html
    assert state(client, tid) == before


def centre_section(html: str) -> str:
    """The table-centre view's part of a page (pyramid/_centre.html: one section, no section inside it)."""
    start = html.index('<section class="cv py-cv"')
    return html[start:html.index("</section>", start)]


def test_centre_view_draws_the_builders_pyramid_without_slots(client: FlaskClient) -> None:
    """The centre of the table shows every pyramid as it lies: while Ann builds, her phone page offers the
    chosen card's slots and the centre view draws the same four cards with no slot to tap (no control needs
    a seat there); both pyramids are drawn at the widest one's scale."""
    tid = building_table(client)
    html = page(client, f"/t/{tid}")
    centre = centre_section(html)
    assert 'class="py-cell py-slot"' in html  # the phone page's slots (the positive control)
    assert "py-slot" not in centre and "<button" not in centre and "<form" not in centre
    # Ann's bottom row, the discard pile (Bo's bust: 7 7) and this turn's 3 and 2 still to place
    assert centre.count("pd-card pd-v") == 4 + 2 + 2
    assert 'class="cv-pyramids n-2 c-4"' in centre
