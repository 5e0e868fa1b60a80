"""Rummikub's pages through Flask's test client: every phase renders in both languages, the forms act without
JavaScript (draw, pass, timeout, the typed play, rack entry, next round), refusals are shown in place, the
read-only view carries no form and never the full id, names are escaped, no inline script or style, the
history says what happened, and the exports carry Rummikub's columns. RK numbers: docs/rules-rummikub.md."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.games.rummikub import parse_table_text

HOSTILE = "<img src=x onerror=alert(1)>"
RUN_14 = [["r1", "r2", "r3", "r4", "r5", "r6", "r7"], ["b1", "b2", "b3", "b4", "b5", "b6", "b7"]]
BO_RACK = "k1 k2 k3 k4 k5 k6 k7 k8 k9 k10 k11 k12 k13 J"


def new_table(client: FlaskClient, names: list[str] | None = None, **options: Any) -> tuple[str, str]:
    resp = client.post("/api/tables", json={"game": "rummikub", "players": names or ["Ann", "Bo", "Chie"],
                                            "start": 0, "options": options})
    assert resp.status_code == 201, resp.get_data(as_text=True)
    body = resp.get_json()
    return body["id"], body["view_id"]


def state(client: FlaskClient, tid: str) -> dict[str, Any]:
    return client.get(f"/api/tables/{tid}").get_json()


def api_act(client: FlaskClient, tid: str, action: dict[str, Any]) -> dict[str, Any]:
    resp = client.post(f"/api/tables/{tid}/actions", json={"action": action, "version": state(client, tid)["version"]})
    assert resp.status_code == 200, resp.get_data(as_text=True)
    return resp.get_json()["state"]


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


def claim(client: FlaskClient, tid: str, seat: int) -> None:
    client.post(f"/t/{tid}/me", data={"csrf_token": token(client, tid), "seat": str(seat)})


def played_table(client: FlaskClient) -> tuple[str, str]:
    """Ann melds r9 J r11 + b10 r10 k10 (RK6, 60); Bo draws; Chie to play."""
    tid, vid = new_table(client)
    api_act(client, tid, {"type": "play", "table": [["r9", "J", "r11"], ["b10", "r10", "k10"]]})
    api_act(client, tid, {"type": "draw"})
    return tid, vid


def went_out(client: FlaskClient, rounds: int = 2) -> tuple[str, str]:
    """RK10: Ann lays all 14 tiles at once (two runs, 56), the round ends and Bo's rack is awaited."""
    tid, vid = new_table(client, ["Ann", "Bo"], rounds=rounds)
    api_act(client, tid, {"type": "play", "table": RUN_14})
    assert state(client, tid)["phase"] == "racks"
    return tid, vid


# --- every phase, both languages -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_play_phase_renders_with_editor_only_for_the_full_link(client: FlaskClient, lang: str) -> None:
    """RK5a: the joker shows what it stands for; the draft editor is on the players' page only."""
    tid, vid = played_table(client)
    full = page(client, f"/t/{tid}", lang)
    assert 'id="rk-editor"' in full and "data-js-owned" in full
    assert 'data-tile="J"' in full  # the editor's picker
    assert '<span class="stand c-r" aria-hidden="true">10</span>' in full
    assert ("Round 1 of 3" if lang == "en" else "第1ラウンド") in full
    assert ("Chie’s turn" if lang == "en" else "Chieさんの番") in full
    assert 'name="table"' in full  # the typed play form (no script)
    view = page(client, f"/v/{vid}", lang)
    assert 'id="rk-editor"' not in view and "<form" not in view
    fragment = page(client, f"/t/{tid}/fragment", lang)
    assert fragment.lstrip().startswith("<div id=\"table\"") and 'id="rk-editor"' in fragment


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_racks_scored_and_over_render(client: FlaskClient, lang: str) -> None:
    """RK10/RK12/RK13: rack entry, the round's scores, the final standings, in both languages."""
    tid, vid = went_out(client, rounds=1)
    racks = page(client, f"/t/{tid}", lang)
    assert 'name="tiles"' in racks and 'id="rk-editor"' not in racks
    assert ("Ann went out" if lang == "en" else "Annさんが上がりました") in racks
    api_act(client, tid, {"type": "rack", "seat": 1, "tiles": BO_RACK.split()})
    over = page(client, f"/t/{tid}", lang)
    assert ("Ann wins the match!" if lang == "en" else "Annさんの優勝です！") in over
    assert "+141" in over and "−141" in over  # k1..k13 = 91, joker 50 (RK10)
    assert 'name="tiles"' not in over and 'value="next_round"' not in over
    assert "Ann wins the match!" in page(client, f"/v/{vid}", "en")


def test_scored_round_offers_the_next_round(client: FlaskClient) -> None:
    tid, _ = went_out(client, rounds=2)
    api_act(client, tid, {"type": "rack", "seat": 1, "tiles": BO_RACK.split()})
    html = page(client, f"/t/{tid}")
    assert "Round 1 scores" in html and 'value="next_round"' in html and "Start round 2" in html


# --- forms without JavaScript ------------------------------------------------------------------------------------


def test_draw_form(client: FlaskClient) -> None:
    """RK3b: drawing takes one tile from the pool and passes the turn."""
    tid, _ = new_table(client)
    resp = act(client, tid, type="draw", version=str(state(client, tid)["version"]))
    assert resp.status_code == 303
    s = state(client, tid)
    assert s["pool"] == 63 and s["players"][0]["rack"] == 15 and s["active"] == 1
    assert "Ann drew a tile." in page(client, f"/t/{tid}")


def test_pass_only_when_the_pool_is_empty(client: FlaskClient) -> None:
    """RK3c/RK11: the bar offers Pass instead of Draw once the pool is empty, and the form passes."""
    tid, _ = new_table(client, ["Ann", "Bo"])
    assert 'value="pass"' not in page(client, f"/t/{tid}")
    for _ in range(78):
        api_act(client, tid, {"type": "draw"})
    html = page(client, f"/t/{tid}")
    assert 'value="pass"' in html and 'value="draw"' not in html
    assert "The pool is empty" in html  # announced (RK11)
    act(client, tid, type="pass", version=str(state(client, tid)["version"]))
    assert state(client, tid)["passes"] == 1
    assert "Ann passed." in page(client, f"/t/{tid}")


def test_typed_play_form_plays_the_initial_meld(client: FlaskClient) -> None:
    """RK6: the no-script form, one set per line, lays an initial meld of 30 (the seed's r9 J r11)."""
    tid, _ = new_table(client)
    resp = act(client, tid, type="play", table="r9 J r11\n", version=str(state(client, tid)["version"]))
    assert resp.status_code == 303
    s = state(client, tid)
    assert s["table"][0]["stands"] == [None, "r10", None] and s["players"][0]["melded"]
    assert "Ann laid 3 tiles: r9 J r11 (initial meld, 30)." in page(client, f"/t/{tid}")
    assert "Annさんが3枚出しました：r9 J r11（初回、30点）。" in page(client, f"/t/{tid}", "ja")


def test_typed_play_refusal_is_shown_in_place(client: FlaskClient) -> None:
    """RK6a: a first play under 30 is refused; the sentence sits by the form with the typed text kept."""
    tid, _ = new_table(client)
    v = state(client, tid)["version"]
    resp = act(client, tid, type="play", table="r1 r2 r3", version=str(v))
    assert resp.status_code == 303 and "play=text" in resp.headers["Location"]
    html = page(client, f"/t/{tid}?play=text")
    assert 'id="err-play"' in html and "at least 30" in html and ">r1 r2 r3</textarea>" in html
    assert state(client, tid)["version"] == v  # nothing changed
    act(client, tid, type="play", table="r9 x5 r11", version=str(v))
    html = page(client, f"/t/{tid}")
    assert 'id="err-play"' in html and "Line 1: “x5” is not a tile" in html


def test_typed_play_with_htmx_answers_the_fragment(client: FlaskClient) -> None:
    tid, _ = new_table(client)
    resp = client.post(f"/t/{tid}/act", headers={"HX-Request": "true"},
                       data={"csrf_token": token(client, tid), "type": "play", "table": "r1 r2 r3"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and 'id="err-play"' in html and "<html" not in html


def test_parse_table_text_reads_kinds_and_separators() -> None:
    """RK5d: “group” after J J r5 makes it a group; commas and Japanese separators are fine."""
    assert parse_table_text("J J r5 group\nb10, r10、k10\n\n") == [
        {"tiles": ["J", "J", "r5"], "kind": "group"}, ["b10", "r10", "k10"]]


def test_timeout_form(client: FlaskClient) -> None:
    """RK9: the timer is on every phone; a timeout draws the penalty (3) and passes the turn."""
    tid, _ = new_table(client)
    html = page(client, f"/t/{tid}")
    assert 'id="rk-timer"' in html and 'data-seconds="60"' in html
    assert "Time is up: take back your tiles and draw 3" in html
    act(client, tid, type="timeout", version=str(state(client, tid)["version"]))
    assert state(client, tid)["players"][0]["rack"] == 17
    assert "Ann ran out of time and drew 3 tiles." in page(client, f"/t/{tid}")


def test_no_timer_without_turn_timer(client: FlaskClient) -> None:
    tid, _ = new_table(client, turn_timer=0)
    html = page(client, f"/t/{tid}")
    assert 'id="rk-timer"' not in html and 'value="timeout"' not in html


def test_rack_entry_refusal_then_scores_then_next_round(client: FlaskClient) -> None:
    """RK13: a rack of the wrong size is refused in place; the right one scores the round (RK10); next round
    starts with the next seat (RK12)."""
    tid, _ = went_out(client, rounds=2)
    act(client, tid, type="rack", seat="1", tiles="k1 k2", version=str(state(client, tid)["version"]))
    html = page(client, f"/t/{tid}")
    assert 'id="err-rack-1"' in html and "should have 14 tiles left, but 2 were entered" in html
    assert 'value="k1 k2"' in html
    act(client, tid, type="rack", seat="1", tiles=BO_RACK, version=str(state(client, tid)["version"]))
    s = state(client, tid)
    assert s["phase"] == "scored" and s["players"][0]["total"] == 141
    html = page(client, f"/t/{tid}")
    assert "Bo’s rack: k1 k2 k3 k4 k5 k6 k7 k8 k9 k10 k11 k12 k13 J (141 points)." in html
    assert "Round 1 scores: Ann +141, Bo −141." in html
    act(client, tid, type="next_round", version=str(s["version"]))
    s = state(client, tid)
    assert s["round"] == 2 and s["active"] == 1
    assert "Round 2 begins; Bo starts." in page(client, f"/t/{tid}")


# --- the read-only view, escaping, CSP ---------------------------------------------------------------------------


@pytest.mark.parametrize("phase", ["play", "racks"])
def test_view_page_has_no_forms_and_never_the_full_id(client: FlaskClient, phase: str) -> None:
    tid, vid = played_table(client) if phase == "play" else went_out(client)
    for lang in ("en", "ja"):
        for path in (f"/v/{vid}", f"/v/{vid}/fragment"):
            html = page(client, path, lang)
            assert tid not in html
            assert "<form" not in html and "<textarea" not in html and 'id="assistant"' not in html
            assert 'data-full="0"' in html


def test_hostile_names_are_escaped(client: FlaskClient) -> None:
    tid, vid = new_table(client, [HOSTILE, "Bo"])
    api_act(client, tid, {"type": "draw"})
    for path in (f"/t/{tid}", f"/v/{vid}", f"/t/{tid}/fragment"):
        html = page(client, path)
        assert HOSTILE not in html and "&lt;img src=x onerror=alert(1)&gt;" in html


def test_no_inline_script_style_or_handlers(client: FlaskClient) -> None:
    tid, vid = played_table(client)
    claim(client, tid, 2)
    for path in (f"/t/{tid}", f"/v/{vid}", "/rules/rummikub"):
        html = page(client, path)
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), path
        assert not re.search(r"\sstyle=", html), path
        assert not re.search(r"\son[a-z]+=", html), path
    html = page(client, f"/t/{tid}")
    for url in ("/static/games/rummikub/rummikub.css", "/static/games/rummikub/rummikub.js",
                "/static/games/rummikub/rummikub-editor.js"):
        assert url in html and client.get(url).status_code == 200, url


# --- announcements, assistant, history, exports --------------------------------------------------------------------


def test_announcements_have_stable_keys(client: FlaskClient) -> None:
    """RK6: the initial meld is announced with its value; whose turn shows without a pop-up."""
    tid, _ = new_table(client)
    api_act(client, tid, {"type": "play", "table": [["r9", "J", "r11"], ["k10", "k11", "k12"]]})
    html = page(client, f"/t/{tid}")
    assert 'data-key="turn-' not in html and "Ann: initial meld, 63" in html
    tid2, _ = went_out(client)
    assert "Rummikub! Ann went out." in page(client, f"/t/{tid2}")


def test_assistant_needs_a_claimed_seat_and_follows_the_switch(client: FlaskClient) -> None:
    tid, vid = played_table(client)
    html = page(client, f"/t/{tid}")
    assert 'id="assistant"' in html and 'id="as-rack"' not in html  # asks which seat first
    claim(client, tid, 2)
    html = page(client, f"/t/{tid}")
    assert 'id="as-rack"' in html and 'data-seat="2"' in html and 'data-rack-count="14"' in html
    client.post(f"/t/{tid}/assistant", data={"csrf_token": token(client, tid), "hints": "off"})
    html = page(client, f"/t/{tid}")
    assert 'id="as-rack"' not in html and "The best-play assistant is off at this table." in html
    assert "The best-play assistant was turned off for the table." in html  # in the history
    assert "The best-play assistant is off at this table." in page(client, f"/v/{vid}")
    assert client.post(f"/api/tables/{tid}/hints", json={"player": 2, "rack": ["r5"]}).status_code == 403


def test_history_sentences_in_both_languages(client: FlaskClient) -> None:
    """RK7: extending sets is a plain play; taking sets apart is a rearrangement."""
    tid, _ = new_table(client, ["Ann", "Bo"])
    api_act(client, tid, {"type": "play", "table": [["b10", "r10", "y10", "k10"]]})
    api_act(client, tid, {"type": "draw"})
    api_act(client, tid, {"type": "play", "table": [["b10", "r10", "y10", "k10"], ["r11", "r12", "r13"]]})
    api_act(client, tid, {"type": "draw"})
    api_act(client, tid, {"type": "play", "table": [["b10", "r10", "y10"], ["k8", "k9", "k10"], ["r11", "r12", "r13"]]})
    en = [e["text"] for e in client.get(f"/t/{tid}/log.json", headers={"Accept-Language": "en"}).get_json()["events"]]
    assert en == ["Ann laid 4 tiles: b10 r10 y10 k10 (initial meld, 40).", "Bo drew a tile.",
                  "Ann laid 3 tiles: r11 r12 r13.", "Bo drew a tile.",
                  "Ann rearranged the table and laid 2 tiles: k8 k9."]
    ja = [e["text"] for e in client.get(f"/t/{tid}/log.json", headers={"Accept-Language": "ja"}).get_json()["events"]]
    assert ja[1] == "Boさんが山から1枚引きました。" and ja[4] == "Annさんが場を組み替えて2枚出しました：k8 k9。"


def test_exports_carry_rummikub_columns(client: FlaskClient) -> None:
    tid, _ = went_out(client)
    api_act(client, tid, {"type": "rack", "seat": 1, "tiles": BO_RACK.split()})
    rows = list(csv.reader(io.StringIO(client.get(f"/t/{tid}/log.csv").get_data(as_text=True))))
    header = rows[0]
    for column in ("type", "table", "seat", "tiles", "player"):
        assert column in header
    play = dict(zip(header, rows[1], strict=False))
    assert play["type"] == "play" and play["table"] == "r1 r2 r3 r4 r5 r6 r7 | b1 b2 b3 b4 b5 b6 b7"
    rack = dict(zip(header, rows[2], strict=False))
    assert rack["type"] == "rack" and rack["seat"] == "1" and rack["tiles"] == BO_RACK
    body = client.get(f"/t/{tid}/log.json").get_json()
    assert body["table"]["game"] == "rummikub" and body["events"][1]["action"]["type"] == "rack"
    assert body["events"][0]["text"].startswith("Ann laid 14 tiles")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rules_page(client: FlaskClient, lang: str) -> None:
    html = page(client, "/rules/rummikub", lang)
    assert "RK6" in html and "RK10" in html and 'class="rk-tile' in html
    assert "/rules/laminate" in html


def marked_new(html: str) -> list[list[str]]:
    """Per table set on the page, the tiles marked as just laid."""
    out = []
    for block in re.findall(r'<li class="rk-set[^"]*"[^>]*>(.*?)</li>', html, re.S):
        out.append(re.findall(r'class="rk-tile c-\w+ is-new[^"]*" data-t="([^"]+)"', block))
    return out


def test_rk_new_tile_marker_is_on_the_set_the_tile_joined_not_an_untouched_set_with_its_twin(client) -> None:
    tid, _ = new_table(client, ["Ann", "Bo"], initial_meld_min=1)
    api_act(client, tid, {"type": "play", "table": [["b4", "b5", "b6"], ["r1", "r2", "r3"]]})
    api_act(client, tid, {"type": "draw"})
    # Ann lays the second blue 5 onto the run r1-r3's neighbour set: a new group b5 r5 k5
    api_act(client, tid, {"type": "play", "table": [["b4", "b5", "b6"], ["r1", "r2", "r3"], ["b5", "r5", "k5"]]})
    sets = marked_new(page(client, f"/t/{tid}"))
    assert len(sets) == 3
    assert sets[0] == [] and sets[1] == []  # the untouched b4 b5 b6 keeps its blue 5 unmarked
    assert sorted(sets[2]) == ["b5", "k5", "r5"]


def test_rk_new_tile_marker_on_a_set_extended_with_a_twin_of_a_tile_elsewhere(client) -> None:
    tid, _ = new_table(client, ["Ann", "Bo"], initial_meld_min=1)
    api_act(client, tid, {"type": "play", "table": [["r7", "b7", "k7"], ["r4", "r5", "r6"]]})
    api_act(client, tid, {"type": "draw"})
    api_act(client, tid, {"type": "play", "table": [["r7", "b7", "k7"], ["r4", "r5", "r6", "r7"]]})
    sets = marked_new(page(client, f"/t/{tid}"))
    assert sets == [[], ["r7"]]


@pytest.mark.parametrize("lang, said", [("en", "s left"), ("ja", "残り")])
def test_rk9_the_turn_timer_is_on_the_centre_view_too(client, lang: str, said: str) -> None:
    tid, vid = new_table(client, ["Ann", "Bo"], turn_timer=60)
    html = page(client, f"/v/{vid}?centre=1", lang)
    centre = html[html.index('class="cv rk-cv"'):]
    line = re.search(r'<h1 class="cv-status[^"]*" id="cv-status">(.*?)</h1>', centre, re.S)
    assert line and "data-cv-timer" in line.group(1) and said in line.group(1)
    untimed, untimed_view = new_table(client, ["Ann", "Bo"], turn_timer=0)
    assert "data-cv-timer" not in page(client, f"/v/{untimed_view}?centre=1", lang)


@pytest.mark.parametrize("before, after, expected", [
    # a set added beside untouched ones: only its tiles
    ([["b4", "b5", "b6"]], [["b4", "b5", "b6"], ["b5", "r5", "k5"]], [[], ["b5", "k5", "r5"]]),
    # the twin sits in a changed set listed before the untouched one
    ([["r1", "r2", "r3"], ["b5", "r5", "k5"]], [["r1", "r2", "r3", "r4"], ["b5", "r5", "k5"]], [["r4"], []]),
    # a joker taken back and replaced by the tile it stood for: the tile is new, the joker moved on
    ([["r1", "J", "r3"]], [["r1", "r2", "r3"], ["J", "k7", "k8"]], [["r2"], ["k7", "k8"]]),
    # a run split in two with a tile added to each half
    ([["k1", "k2", "k3", "k4", "k5", "k6"]], [["k1", "k2", "k3", "k4"], ["k4", "k5", "k6"]], [[], ["k4"]]),
    # two sets merged: nothing new but the tile that joins them
    ([["y1", "y2", "y3"], ["y5", "y6", "y7"]], [["y1", "y2", "y3", "y4", "y5", "y6", "y7"]], [["y4"]]),
    # the same tiles laid in another order and place: nothing new
    ([["b1", "b2", "b3"], ["r9", "b9", "k9"]], [["k9", "b9", "r9"], ["b1", "b2", "b3"]], [[], []]),
])
def test_rk_new_tiles_are_counted_per_set(before: list[list[str]], after: list[list[str]],
                                          expected: list[list[str]]) -> None:
    from companion.games.rummikub.views import _new_in_each_set

    assert [sorted(c.elements()) for c in _new_in_each_set(before, after)] == [sorted(e) for e in expected]
