"""The server-rendered pages through Flask's test client: every page in both languages, forms that work
without JavaScript (PRG), escaping of player names, the read-only view, exports, QR code."""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
import qrcode
import qrcode.image.svg
from flask import Flask
from flask.testing import FlaskClient

from companion.games.fields import Context
from companion.games.laminate import GAME as LAMINATE
from companion.games.laminate import PAPER_TYPES
from companion.games.laminate.views import tiebreak_text

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from game_driver import drive, service_driver  # noqa: E402  (tests/browser/game_driver.py)

HOSTILE = "<img src=x onerror=alert(1)>"
NAMES = ["Hilbert", "Noether", "Banach"]


def parse(raw: dict[str, Any]) -> Any:
    """A Laminate action as the platform reads it (the default deck: the tables here are made with it)."""
    return LAMINATE.parse(raw, Context())


@pytest.fixture
def service(app: Flask):
    return app.extensions["companion"]


def token(client: FlaskClient, path: str = "/") -> str:
    page = client.get(path).get_data(as_text=True)
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found, f"no csrf_token field on {path}"
    return found.group(1)


def new_table(client: FlaskClient, names: list[str] | None = None, start: str = "0") -> str:
    names = names or NAMES
    data = {"csrf_token": token(client), "start": start}
    data.update({f"name{i}": n for i, n in enumerate(names)})
    resp = client.post("/", data=data)
    assert resp.status_code == 303, resp.get_data(as_text=True)
    location = resp.headers["Location"]
    assert re.fullmatch(r"/t/[A-Za-z0-9_-]{20,}", location)
    return location.rsplit("/", 1)[1]


def act(client: FlaskClient, tid: str, **fields: Any) -> Any:
    data = {"csrf_token": token(client, f"/t/{tid}"), **fields}
    return client.post(f"/t/{tid}/act", data=data)


def state(client: FlaskClient, tid: str) -> dict[str, Any]:
    return client.get(f"/api/tables/{tid}").get_json()


def page(client: FlaskClient, path: str, lang: str = "en") -> str:
    resp = client.get(path, headers={"Accept-Language": lang})
    assert resp.status_code == 200, (path, resp.status_code)
    return resp.get_data(as_text=True)


def play_to(service, tid: str, until) -> dict[str, Any]:
    act_fn, state_fn = service_driver(service, tid)
    return drive(act_fn, state_fn, until)


# --- every page, both languages --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_page_renders_in_both_languages(client: FlaskClient, service, lang: str) -> None:
    tid = new_table(client)
    act(client, tid, type="research", **{"from": "deck"}, version="0")
    vid = state(client, tid)["view_id"]
    over = new_table(client, ["A1", "B2", "C3"])
    play_to(service, over, lambda s: s["over"])
    marks = {"ja": ["卓をはじめる", "研究", "論文の山", "ゲーム終了"], "en": ["Start the table", "Research", "Supply",
                                                                "Game over"]}
    paths = {
        "/": marks[lang][0], "/rules": "5ストレート", f"/t/{tid}": marks[lang][1],
        f"/t/{tid}?picker=open": marks[lang][2], f"/v/{vid}": marks[lang][2], f"/t/{tid}/undo": "",
        f"/t/{over}": marks[lang][3], f"/t/{tid}/fragment": marks[lang][2],
    }
    for path, mark in paths.items():
        html = page(client, path, lang)
        if not path.endswith("/fragment"):
            assert f'<html lang="{lang}">' in html, path
        assert mark in html, (path, mark)
    other = {"ja": "Start the table", "en": "卓をはじめる"}[lang]
    assert other not in page(client, "/", lang)


def test_language_switch_sets_the_cookie_and_goes_back(client: FlaskClient) -> None:
    tid = new_table(client)
    resp = client.get(f"/lang/ja?next=/t/{tid}")
    assert resp.status_code == 303 and resp.headers["Location"] == f"/t/{tid}"
    assert "lang=ja" in resp.headers["Set-Cookie"]
    assert '<html lang="ja">' in page(client, f"/t/{tid}", "en")
    assert client.get("/lang/en?next=//evil.example/").headers["Location"] == "/"
    assert '<html lang="en">' in page(client, "/", "ja")


def test_paper_names_are_japanese_as_printed_and_rules_are_bilingual(client: FlaskClient) -> None:
    ja, en = page(client, "/rules", "ja"), page(client, "/rules", "en")
    for paper in PAPER_TYPES:
        assert paper.name("ja") in ja and paper.name("en") in ja
        assert paper.name("en") in en
    assert "ゲームの終わり" in ja and "The end" in en


# --- names are text ----------------------------------------------------------------------------------------


def test_hostile_names_are_escaped_everywhere(client: FlaskClient, service) -> None:
    tid = new_table(client, [HOSTILE, "Noether", '"><script>alert(2)</script>'])
    vid = state(client, tid)["view_id"]
    act(client, tid, type="research", **{"from": "deck"}, version="0")
    for path in ("/", f"/t/{tid}", f"/t/{tid}?picker=open", f"/v/{vid}", f"/t/{tid}/fragment", f"/t/{tid}/undo"):
        html = page(client, path)
        assert "<img src=x" not in html and "<script>alert" not in html, path
        assert "&lt;img src=x onerror=alert(1)&gt;" in html, path
    assert json.loads(client.get(f"/t/{tid}/log.json").data)["table"]["players"][0] == HOSTILE


def test_names_are_never_marked_safe_in_templates() -> None:
    root = Path(__file__).resolve().parents[1] / "templates"
    for tpl in root.glob("*.html"):
        assert "|safe" not in tpl.read_text().replace(" ", ""), tpl


# --- forms without JavaScript ------------------------------------------------------------------------------


def test_create_table_form_and_its_refusals(client: FlaskClient) -> None:
    tid = new_table(client, ["Hilbert", "Noether", "Banach", "", "Cantor"], start="4")
    st = state(client, tid)
    assert [p["name"] for p in st["players"]] == ["Hilbert", "Noether", "Banach", "Cantor"]
    assert st["active"] == 3
    resp = client.post("/", data={"csrf_token": token(client), "name0": "A", "name1": "B", "start": "random"},
                       headers={"Accept-Language": "ja"})
    assert resp.status_code == 400
    html = resp.get_data(as_text=True)
    assert "プレイヤーは3〜5人です。" in html and 'value="A"' in html
    resp = client.post("/", data={"csrf_token": token(client), "name0": "A", "name1": "A", "name2": "C"})
    assert resp.status_code == 400 and "different" in resp.get_data(as_text=True)


def test_recent_tables_are_listed_to_rejoin(client: FlaskClient) -> None:
    tid = new_table(client, ["Zermelo", "Fraenkel", "Gödel"])
    html = page(client, "/")
    assert f'href="/t/{tid}"' in html and "Zermelo · Fraenkel · Gödel" in html


def test_research_by_form_redirects_back_with_a_notice(client: FlaskClient) -> None:
    tid = new_table(client)
    resp = act(client, tid, type="research", **{"from": "deck"}, version="0")
    # a post naming no place of its own lands at the table's top (issue 20), where the notice is
    assert resp.status_code == 303 and resp.headers["Location"] == f"/t/{tid}#table"
    assert state(client, tid)["version"] == 1
    html = page(client, f"/t/{tid}")
    assert "Done: Hilbert researched from the deck" in html
    assert "Done:" not in page(client, f"/t/{tid}")  # shown once (PRG)


def test_stale_version_gets_a_friendly_message(client: FlaskClient) -> None:
    tid = new_table(client)
    act(client, tid, type="research", **{"from": "deck"}, version="0")
    resp = act(client, tid, type="research", **{"from": "deck"}, version="0")
    assert resp.status_code == 303
    html = page(client, f"/t/{tid}")
    assert "Someone changed the table while you were looking" in html
    assert state(client, tid)["version"] == 1


def test_publish_refusal_shows_the_reason_next_to_the_paper_and_keeps_the_pick(client: FlaskClient) -> None:
    tid = new_table(client)
    resp = act(client, tid, type="publish", paper="straight5", cards=["heart-1", "heart-2", "book-4"], version="0")
    assert resp.status_code == 303 and "picker=open" in resp.headers["Location"]
    html = page(client, resp.headers["Location"])
    error = re.search(r'<p class="field-error" id="err-paper"[^>]*>(.*?)</p>', html, re.S)
    assert error and "These cards do not make 5-Straight" in error.group(1)
    for card in ("heart-1", "heart-2", "book-4"):
        assert re.search(rf'value="{card}" data-keep[^>]*checked', html), card
    assert re.search(r'value="straight5" data-keep checked', html)
    assert state(client, tid)["version"] == 0


def test_publish_refusal_in_japanese_and_card_errors_sit_by_the_cards(client: FlaskClient, service) -> None:
    tid = new_table(client)
    service.act(tid, parse({"type": "publish", "paper": "kind3", "cards": ["coin-5", "book-5", "heart-5"]}))
    client.set_cookie("lang", "ja")
    resp = act(client, tid, type="publish", paper="kind3", cards=["coin-5", "onion-5", "coffin-5"], version="1")
    html = page(client, resp.headers["Location"])
    error = re.search(r'<p class="field-error" id="err-cards"[^>]*>(.*?)</p>', html, re.S)
    assert error and "コイン5はすでに場の論文にある" in error.group(1)


def test_publish_by_form_and_check_without_publishing(client: FlaskClient) -> None:
    tid = new_table(client)
    cards = ["coin-5", "book-5", "heart-5"]
    resp = act(client, tid, type="publish", paper="kind3", cards=cards, version="0", dry_run="1")
    html = page(client, resp.headers["Location"])
    assert "Three of a Kind" in html and state(client, tid)["version"] == 0
    assert re.search(r'<span class="match-chip">Three of a Kind</span>', html)
    resp = act(client, tid, type="publish", paper="kind3", cards=cards, version="0")
    assert resp.headers["Location"] == f"/t/{tid}#table"  # not at the picker it came from: that is closed now
    st = state(client, tid)
    assert st["papers"][0]["type"] == "kind3" and st["players"][0]["hand"] == 0
    assert "published Three of a Kind (#1)" in page(client, f"/t/{tid}")


def test_publish_without_a_paper_or_cards_says_what_is_missing(client: FlaskClient) -> None:
    tid = new_table(client)
    html = page(client, act(client, tid, type="publish", cards=["coin-5"], version="0").headers["Location"])
    assert "Choose which paper to claim." in html
    html = page(client, act(client, tid, type="publish", paper="kind3", version="0").headers["Location"])
    assert "Pick at least one card from the hand." in html


def test_review_by_form_and_a_refusal_next_to_the_paper(client: FlaskClient, service) -> None:
    tid = new_table(client)
    service.act(tid, parse({"type": "publish", "paper": "kind3", "cards": ["coin-5", "book-5", "heart-5"]}))
    html = page(client, f"/t/{tid}")
    assert '<span class="sr-only">Review: take Coin 5 from Hilbert’s Three of a Kind (#1)</span>' in html
    resp = act(client, tid, type="review", paper="1", card="coin-9", version="1")
    html = page(client, resp.headers["Location"])
    assert re.search(r'id="err-paper-1"[^>]*>.*Coin 9 is not in paper #1', html, re.S)
    act(client, tid, type="review", paper="1", card="coin-5", version="1")
    st = state(client, tid)
    assert st["papers"][0]["cards"] == ["book-5", "heart-5"] and st["players"][1]["hand"] == 4


def test_undo_asks_with_what_it_takes_back_then_undoes(client: FlaskClient) -> None:
    tid = new_table(client)
    assert "Nothing to undo yet." in page(client, f"/t/{tid}/undo")
    act(client, tid, type="research", **{"from": "discard"}, version="0")
    html = page(client, f"/t/{tid}/undo")
    assert "This takes back: Hilbert researched from the discard pile" in html
    resp = client.post(f"/t/{tid}/undo", data={"csrf_token": token(client, f"/t/{tid}"), "version": "1"})
    assert resp.status_code == 303
    st = state(client, tid)
    assert st["version"] == 2 and st["active"] == 0 and st["discard"] == 1
    html = page(client, f"/t/{tid}")
    assert "Undo: Hilbert researched from the discard pile" in html and "<del>" in html
    resp = client.post(f"/t/{tid}/undo", data={"csrf_token": token(client, f"/t/{tid}"), "version": "2"})
    assert "There is nothing to undo yet." in page(client, f"/t/{tid}")


def test_the_table_page_has_an_undo_dialog_saying_what_will_be_undone(client: FlaskClient) -> None:
    tid = new_table(client)
    act(client, tid, type="research", **{"from": "deck"}, version="0")
    html = page(client, f"/t/{tid}")
    assert 'data-dialog="undo-dialog"' in html
    dialog = re.search(r'<dialog id="undo-dialog".*?</dialog>', html, re.S).group(0)
    assert "Hilbert researched from the deck" in dialog and 'action="/t/' in dialog


def test_pass_is_only_offered_when_allowed(client: FlaskClient, service) -> None:
    tid = new_table(client)
    assert 'name="type" value="pass"' not in page(client, f"/t/{tid}")
    act_fn, state_fn = service_driver(service, tid)
    st = state_fn()
    while not st["can"]["pass"]:  # research until deck and discard are both empty (no papers: no review)
        st = act_fn({"type": "research", "from": "deck" if st["deck"] else "discard"})
    html = page(client, f"/t/{tid}")
    assert 'name="type" value="pass"' in html


def test_htmx_posts_get_the_table_fragment_back(client: FlaskClient) -> None:
    tid = new_table(client)
    data = {"csrf_token": token(client, f"/t/{tid}"), "type": "research", "from": "deck", "version": "0"}
    resp = client.post(f"/t/{tid}/act", data=data, headers={"HX-Request": "true"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and html.lstrip().startswith("<div id=\"table\"")
    assert "<html" not in html and 'data-version="1"' in html and "Done:" in html
    resp = client.post(f"/t/{tid}/act", data=data, headers={"HX-Request": "true"})
    assert "Someone changed the table" in resp.get_data(as_text=True)


def test_a_repeated_action_id_is_not_applied_twice(client: FlaskClient) -> None:
    tid = new_table(client)
    data = {"csrf_token": token(client, f"/t/{tid}"), "type": "research", "from": "deck", "version": "0",
            "action_id": "double-tap-0001"}
    client.post(f"/t/{tid}/act", data=data)
    client.post(f"/t/{tid}/act", data=data)
    assert state(client, tid)["version"] == 1


def test_endflag_step_by_form(client: FlaskClient, service) -> None:
    tid = new_table(client)
    st = play_to(service, tid, lambda s: s["pending"] == "endflag")
    html = page(client, f"/t/{tid}")
    assert "Hilbert takes the End Flag" in html and 'name="type" value="endflag"' in html
    html = page(client, act(client, tid, type="endflag", version=str(st["version"])).headers["Location"])
    assert "Choose a card." in html
    act(client, tid, type="endflag", card="suit7-13", version=str(st["version"]))
    st = state(client, tid)
    assert st["pending"] is None and any(p["type"] == "endflag" for p in st["papers"])
    html = page(client, f"/t/{tid}")
    assert "Final round" in html and "took the End Flag" in html


def test_this_device_is_me_cookie_says_your_turn(client: FlaskClient) -> None:
    tid = new_table(client)
    assert "Which player is this device?" in page(client, f"/t/{tid}")
    resp = client.post(f"/t/{tid}/me", data={"csrf_token": token(client, f"/t/{tid}"), "seat": "0"})
    assert resp.status_code == 303 and f"Path=/t/{tid}" in resp.headers["Set-Cookie"]
    html = page(client, f"/t/{tid}")
    assert "Your turn, Hilbert" in html and "seat-prompt" not in html and "This device: Hilbert" in html
    client.post(f"/t/{tid}/me", data={"csrf_token": token(client, f"/t/{tid}"), "seat": "watch"})
    html = page(client, f"/t/{tid}")
    assert "Your turn" not in html and "seat-prompt" not in html


# --- read-only view ----------------------------------------------------------------------------------------


def test_view_page_has_no_forms_and_never_the_full_id(client: FlaskClient, service) -> None:
    tid = new_table(client)
    vid = state(client, tid)["view_id"]
    service.act(tid, parse({"type": "publish", "paper": "kind3", "cards": ["coin-5", "book-5", "heart-5"]}))
    for path in (f"/v/{vid}", f"/v/{vid}/fragment", f"/v/{vid}/log.json", f"/v/{vid}/log.csv"):
        body = client.get(path).get_data(as_text=True)
        assert tid not in body, path
        assert "<form" not in body and "hx-post" not in body and "/act" not in body, path
        assert "/undo" not in body and "<dialog" not in body and 'name="csrf_token"' not in body, path
    html = page(client, f"/v/{vid}")
    assert "Read-only view" in html and "Noether’s turn" in html and "Three of a Kind" in html
    assert 'data-api="/api/tables/' + vid in html
    assert client.get(f"/v/{vid}/qr.svg").status_code == 200
    assert client.get(f"/t/{vid}").headers["Location"] == f"/v/{vid}"
    resp = client.post(f"/t/{vid}/act", data={"csrf_token": token(client), "type": "pass"})
    assert resp.status_code == 403
    assert client.get(f"/t/{vid}/qr.svg").status_code == 404


def test_unknown_tables_get_a_page_in_the_right_language(client: FlaskClient) -> None:
    resp = client.get("/t/AAAAAAAAAAAAAAAAAAAAAAAA", headers={"Accept-Language": "ja"})
    assert resp.status_code == 404 and "卓が見つかりません" in resp.get_data(as_text=True)
    assert client.get("/v/nope").status_code == 404


def test_fragment_answers_204_when_nothing_changed(client: FlaskClient) -> None:
    tid = new_table(client)
    assert client.get(f"/t/{tid}/fragment?since=0").status_code == 204
    act(client, tid, type="research", **{"from": "deck"}, version="0")
    resp = client.get(f"/t/{tid}/fragment?since=0")
    assert resp.status_code == 200 and 'data-version="1"' in resp.get_data(as_text=True)


# --- end of game, countdown ----------------------------------------------------------------------------------


def test_countdown_banner_says_who_has_how_many_turns(client: FlaskClient, service) -> None:
    tid = new_table(client)
    play_to(service, tid, lambda s: s["end"] is not None and s["pending"] is None)
    html = page(client, f"/t/{tid}")
    banner = re.search(r'<section class="countdown".*?</section>', html, re.S).group(0)
    assert "5 turns left in the game" in banner
    assert re.search(r"Noether</span> <span class=\"cd-left\">2 turns", banner)
    assert re.search(r"Hilbert</span> <span class=\"cd-left\">1 turn", banner)
    assert 'data-key="end-0"' in html and 'data-key="flag-' in html


def test_end_screen_ranks_explains_and_exports(client: FlaskClient, service) -> None:
    tid = new_table(client)
    play_to(service, tid, lambda s: s["over"])
    html = page(client, f"/t/{tid}")
    assert "Hilbert wins!" in html and "Decided by score." in html
    winner = r'<tr class="winner"><td class="place"><svg.*?</svg>1</td><th scope="row">Hilbert</th><td>16</td>'
    assert re.search(winner, html)
    assert 'data-key="over"' in html and "Whole history" in html
    assert f'href="/t/{tid}/log.json"' in html and f'href="/t/{tid}/log.csv"' in html
    assert 'name="type" value="research"' not in html
    ja = page(client, f"/t/{tid}", "ja")
    assert "Hilbertさんの勝ち！" in ja and "得点で決まりました。" in ja


def test_tiebreak_is_explained_when_it_decided() -> None:
    players = [{"seat": 0, "name": "A", "score": 10, "complete": 3},
               {"seat": 1, "name": "B", "score": 10, "complete": 2},
               {"seat": 2, "name": "C", "score": 4, "complete": 1}]
    answer = {"players": players, "ranking": [1, 0, 2], "winners": [1], "decided_by": "fewest_papers"}
    assert tiebreak_text(answer, "en") == ("A and B tied on 10 points; the tie goes to the fewest complete papers: "
                                           "B with 2.")
    assert "完成論文の少ない方が勝ち：Bさん（2枚）" in tiebreak_text(answer, "ja")
    players[1]["complete"] = 3
    answer.update(ranking=[0, 1, 2], winners=[0, 1], decided_by="shared")
    assert tiebreak_text(answer, "en") == "A and B tied on 10 points and on 3 complete papers, so they share the win."
    assert tiebreak_text({**answer, "decided_by": "score"}, "en") is None


def test_log_exports_json_and_csv(client: FlaskClient, service) -> None:
    tid = new_table(client, ["=cmd|' /C calc'!A0", "Noether", "Banach"])
    act(client, tid, type="research", **{"from": "deck"}, version="0")
    service.act(tid, parse({"type": "publish", "paper": "kind3", "cards": ["coin-5", "book-5", "heart-5"]}))
    service.undo(tid)
    resp = client.get(f"/t/{tid}/log.json")
    assert resp.mimetype == "application/json" and "attachment" in resp.headers["Content-Disposition"]
    body = json.loads(resp.data)
    assert [e["seq"] for e in body["events"]] == [1, 2, 3]
    assert body["events"][1]["undone"] is True and body["events"][2]["undoes"] == 2
    assert body["events"][1]["action"]["paper"] == "kind3" and "Three of a Kind" in body["events"][1]["text"]
    assert "id" not in body["table"] and body["state"]["id"] is None
    resp = client.get(f"/t/{tid}/log.csv")
    assert resp.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(resp.get_data(as_text=True).lstrip("\ufeff"))))
    head = rows[0]
    assert head[:5] == ["seq", "at", "seat", "player", "type"]
    assert head[5:10] == ["from", "paper", "cards", "cite", "card"]  # the actions' fields, then the undo columns
    assert rows[1][3] == "'=cmd|' /C calc'!A0"  # never a formula in a spreadsheet
    cards, undone, undoes = head.index("cards"), head.index("undone"), head.index("undoes")
    assert rows[2][4] == "publish" and rows[2][cards] == "coin-5 book-5 heart-5" and rows[2][undone] == "yes"
    assert rows[3][4] == "undo" and rows[3][undoes] == "2"
    ja = client.get(f"/t/{tid}/log.csv", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "研究" in ja


# --- QR, manifest, CSP-friendliness ----------------------------------------------------------------------


def expected_qr(url: str) -> str:
    img = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathFillImage, border=2)
    return img.to_string(encoding="unicode")


def test_qr_svg_is_the_players_url_on_the_public_address(app: Flask, client: FlaskClient) -> None:
    tid = new_table(client)
    resp = client.get(f"/t/{tid}/qr.svg")
    assert resp.mimetype == "image/svg+xml"
    body = resp.get_data(as_text=True)
    assert body.startswith("<svg") or body.startswith("<?xml")
    assert body == expected_qr(f"http://localhost/t/{tid}")
    app.config["PUBLIC_URL"] = "http://192.168.1.20:8000"
    assert client.get(f"/t/{tid}/qr.svg").get_data(as_text=True) == expected_qr(f"http://192.168.1.20:8000/t/{tid}")
    assert f'src="/t/{tid}/qr.svg"' in page(client, f"/t/{tid}")


def test_manifest_and_icons(client: FlaskClient) -> None:
    resp = client.get("/manifest.webmanifest")
    assert resp.mimetype == "application/manifest+json"
    body = resp.get_json(force=True)
    assert body["display"] == "standalone" and body["start_url"] == "/"
    for icon in body["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon["src"]


def test_pages_have_no_inline_script_style_or_handlers(client: FlaskClient, service) -> None:
    tid = new_table(client)
    play_to(service, tid, lambda s: s["pending"] == "endflag")
    vid = state(client, tid)["view_id"]
    for path in ("/", "/rules", f"/t/{tid}", f"/t/{tid}?picker=open", f"/v/{vid}", f"/t/{tid}/undo"):
        html = page(client, path)
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), path
        assert not re.search(r"\son[a-z]+\s*=", html), path
        assert " style=" not in html and "javascript:" not in html, path
        assert 'name="htmx-config"' in html or path.endswith("undo")
        assert "http://" not in html.replace("http://localhost", "") and "https://" not in html, path


def test_every_form_carries_the_csrf_token_and_posts_carry_the_version(client: FlaskClient, service) -> None:
    tid = new_table(client)
    play_to(service, tid, lambda s: len(s["papers"]) >= 1)
    html = page(client, f"/t/{tid}?picker=open")
    forms = re.findall(r"<form\b.*?</form>", html, re.S)
    assert len(forms) >= 4
    for form in forms:
        assert 'name="csrf_token"' in form
        if "/act" in form or "/undo" in form:
            assert 'name="version"' in form


def test_settings_events_do_not_break_the_pages(client: FlaskClient, service) -> None:
    tid = new_table(client)
    service.update_settings(tid, {"suit_names": {"suit6": "Star"}})
    html = page(client, f"/t/{tid}?picker=open")
    assert "Star" in html and "Table settings changed." not in html
    # renaming a suit is said in the history (every device should know why a suit reads differently)
    assert client.get(f"/t/{tid}/log.json").get_json()["events"][0]["text"] == "The table named its suits: Star."


def test_an_expired_form_gets_a_page_with_the_way_back(client: FlaskClient) -> None:
    tid = new_table(client)
    resp = client.post(f"/t/{tid}/act", data={"csrf_token": "stale", "type": "pass", "version": "0"},
                       headers={"Accept-Language": "ja"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 403 and '<html lang="ja">' in html
    assert "期限切れ" in html and f'href="/t/{tid}"' in html


# --- the "my hand" publish assistant (issue 5) ----------------------------------------------------------


def be_seat(client: FlaskClient, tid: str, seat: int) -> None:
    resp = client.post(f"/t/{tid}/me", data={"csrf_token": token(client, f"/t/{tid}"), "seat": str(seat)})
    assert resp.status_code == 303


def assistant_html(html: str) -> str:
    found = re.search(r'<section class="assistant[^"]*" id="assistant".*?</section>', html, re.S)
    assert found, "no assistant panel"
    return found.group(0)


def test_assistant_panel_is_on_the_players_page_only(client: FlaskClient, service) -> None:
    tid = new_table(client)
    vid = state(client, tid)["view_id"]
    # No seat chosen yet: the panel asks for one first (with the seat buttons), and shows no hand grid.
    panel = assistant_html(page(client, f"/t/{tid}"))
    assert "First choose which player this device is" in panel and 'action="/t/' + tid + '/me"' in panel
    assert "data-hand-card" not in panel
    be_seat(client, tid, 1)
    service.act(tid, parse({"type": "publish", "paper": "kind3", "cards": ["coin-5", "book-5", "heart-5"]}))
    for lang, legend in (("en", "Cards in Noether’s hand"), ("ja", "Noetherさんの手札")):
        panel = assistant_html(page(client, f"/t/{tid}", lang))
        assert legend in panel and 'data-seat="1"' in panel and 'data-hints="1"' in panel
        assert f'data-public-hand="{state(client, tid)["players"][1]["hand"]}"' in panel
        assert 'id="hint-list"' in panel and 'aria-live="polite"' in panel
        # the whole deck as boxes, cards on the table disabled; no box has a name, and none sits in a form
        boxes = re.findall(r"<input[^>]*data-hand-card[^>]*>", panel)
        assert len(boxes) == 49 and not any("name=" in b for b in boxes)
        assert [b for b in boxes if 'value="coin-5"' in b][0].rstrip(">").rstrip().endswith("disabled")
        grid = panel[panel.index("hand-cards"):panel.index('id="hint-list"')]
        assert "<form" not in grid
    # the fragment (live updates) carries the same panel; the read-only view never has it
    assert 'id="assistant"' in client.get(f"/t/{tid}/fragment").get_data(as_text=True)
    for path in (f"/v/{vid}", f"/v/{vid}/fragment"):
        body = client.get(path).get_data(as_text=True)
        assert 'id="assistant"' not in body and "data-hand-card" not in body, path
    # the game over: no panel
    over = new_table(client, ["A1", "B2", "C3"])
    play_to(service, over, lambda s: s["over"])
    assert 'id="assistant"' not in page(client, f"/t/{over}")


def off_notice_en(html: str) -> bool:
    return bool(re.search(r'<p class="assistant-off[^"]*" role="status">.*?Publish assistant is off', html, re.S))


def test_assistant_switch_turns_it_off_for_everyone(client: FlaskClient) -> None:
    tid = new_table(client)
    vid = state(client, tid)["view_id"]
    be_seat(client, tid, 0)
    hand = {"player": 0, "hand": ["coin-7", "book-7", "heart-7"]}
    assert client.post(f"/api/tables/{tid}/hints", json=hand).status_code == 200
    # turning it off asks first: the button sits in a disclosure with the explanation
    panel = assistant_html(page(client, f"/t/{tid}"))
    switch = re.search(r'<details class="assistant-switch">.*?</details>', panel, re.S).group(0)
    assert "Turn off for everyone" in switch and "every device at this table" in switch
    assert 'name="csrf_token"' in switch and 'value="off"' in switch
    resp = client.post(f"/t/{tid}/assistant", data={"csrf_token": token(client, f"/t/{tid}"), "hints": "off"})
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/t/{tid}#assistant")
    assert state(client, tid)["hints"] is False and state(client, tid)["version"] == 1
    html = page(client, f"/t/{tid}")
    assert "now off for everyone" in html  # the notice after the redirect (PRG)
    panel = assistant_html(html)
    assert off_notice_en(panel) and "data-hand-card" not in panel
    assert 'value="on"' in panel
    assert "The publish assistant was turned off for the table." in html  # in the history for all to see
    # every device: another phone, with no seat, and the read-only view
    other = client.application.test_client()
    off_notice = re.compile(r'<p class="assistant-off[^"]*" role="status">.*?(Publish assistant is off at this table\.|'
                            r"この卓では発表アシスタントはオフです。)</p>", re.S)
    assert off_notice.search(page(other, f"/t/{tid}"))
    assert off_notice.search(page(other, f"/v/{vid}", "ja"))
    assert off_notice.search(client.get(f"/v/{vid}/fragment").get_data(as_text=True))
    resp = client.post(f"/api/tables/{tid}/hints", json=hand)
    assert resp.status_code == 403 and resp.get_json()["error"] == "hints_disabled"
    # htmx gets the fragment back; a repeat is harmless (no new version)
    resp = client.post(f"/t/{tid}/assistant", data={"csrf_token": token(client, f"/t/{tid}"), "hints": "off"},
                       headers={"HX-Request": "true"})
    assert resp.status_code == 200 and 'id="table"' in resp.get_data(as_text=True)
    assert state(client, tid)["version"] == 1
    # and back on
    client.post(f"/t/{tid}/assistant", data={"csrf_token": token(client, f"/t/{tid}"), "hints": "on"})
    assert state(client, tid)["hints"] is True
    assert "data-hand-card" in assistant_html(page(client, f"/t/{tid}"))
    assert not off_notice.search(page(other, f"/v/{vid}")) and not off_notice.search(page(other, f"/t/{tid}"))
    assert client.post(f"/api/tables/{tid}/hints", json=hand).status_code == 200
    # the switch is a form like any other: no token, no change
    resp = client.post(f"/t/{tid}/assistant", data={"hints": "off"})
    assert resp.status_code == 403 and state(client, tid)["hints"] is True
    vresp = client.post(f"/t/{vid}/assistant", data={"csrf_token": token(client, f"/t/{tid}"), "hints": "off"})
    assert vresp.status_code == 403 and state(client, tid)["hints"] is True


def test_the_server_never_stores_a_hand(app: Flask, client: FlaskClient, service, tmp_path) -> None:
    tid = new_table(client)
    be_seat(client, tid, 0)
    # A hand that holds cards nobody has played: after asking about it (as the panel does, many times)
    # and after publishing only part of it, the rest leaves no trace in the database.
    hand = ["heart-7", "book-7", "coin-7", "suit7-13", "heart-1", "coffin-11"]
    hand_only = ["suit7-13", "heart-1", "coffin-11"]
    for n in range(1, len(hand) + 1):
        resp = client.post(f"/api/tables/{tid}/hints", json={"player": 0, "hand": hand[:n]})
        assert resp.status_code == 200
    options = client.post(f"/api/tables/{tid}/hints", json={"player": 0, "hand": hand}).get_json()["options"]
    kind3 = next(o for o in options if o["paper"] == "kind3")
    assert sorted(kind3["cards"]) == sorted(["heart-7", "book-7", "coin-7"])
    resp = client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "publish", "paper": "kind3",
                                                                     "cards": kind3["cards"], "cite": []}})
    assert resp.status_code == 200
    import sqlite3  # the store stays open: read the same file beside it (the WAL is read as well)

    db = sqlite3.connect(str(tmp_path / "companion.db"))
    try:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        assert tables
        dump = "\n".join(str(row) for name in tables for row in db.execute(f'SELECT * FROM "{name}"'))
    finally:
        db.close()
    assert "coin-7" in dump  # the published cards are on the table, so in the log: the dump is real
    for card in hand_only:
        assert card not in dump, card
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("companion.db*"))
    for card in hand_only:
        assert card.encode() not in raw, card
    # and nothing of the hand comes back in any page or export
    for path in (f"/t/{tid}", f"/t/{tid}/fragment", f"/t/{tid}/log.json", f"/t/{tid}/log.csv", f"/api/tables/{tid}"):
        body = client.get(path).get_data(as_text=True)
        for card in hand_only:
            assert f'"{card}"' not in body.replace(f'value="{card}"', ""), (path, card)


# --- review fixes: refusals that had no place, localized bad requests, history, idempotent settings -------------


def top_alert(html: str) -> str:
    found = re.search(r'<p class="alert" role="alert">(.*?)</p>', html, re.S)
    return found.group(1) if found else ""


def test_refusals_whose_place_is_not_on_the_page_show_at_the_top(client: FlaskClient, service) -> None:
    tid = new_table(client)
    # a review naming a paper that is not on the table: there is no paper-99 to show it next to
    resp = act(client, tid, type="review", paper="99", card="coin-5", version="0")
    assert "There is no paper #99 on the table." in top_alert(page(client, resp.headers["Location"]))
    # the End Flag when nobody is due it: the End Flag step is not on the page
    resp = act(client, tid, type="endflag", card="coin-5", version="0")
    assert "Nobody is due the End Flag now." in top_alert(page(client, resp.headers["Location"]))
    data = {"csrf_token": token(client, f"/t/{tid}"), "type": "endflag", "card": "coin-5", "version": "0"}
    resp = client.post(f"/t/{tid}/act", data=data, headers={"HX-Request": "true"})
    assert "Nobody is due the End Flag now." in top_alert(resp.get_data(as_text=True))
    # a publish once the game is over: no picker any more
    final = play_to(service, tid, lambda s: s["over"])
    resp = act(client, tid, type="publish", paper="kind3", cards=["coin-5"], version=str(final["version"]))
    assert "The game is over" in top_alert(page(client, resp.headers["Location"]))
    # a refusal whose place is on the page stays there
    tid = new_table(client)
    resp = act(client, tid, type="publish", paper="straight5", cards=["heart-1", "heart-2", "book-4"], version="0")
    html = page(client, resp.headers["Location"])
    assert not top_alert(html) and re.search(r'id="err-paper"[^>]*>.*These cards do not make', html, re.S)


def test_malformed_forms_get_a_sentence_in_the_page_language(client: FlaskClient) -> None:
    tid = new_table(client)
    client.set_cookie("lang", "ja")
    resp = act(client, tid, type="research", **{"from": "somewhere"}, version="0")  # what it posted, quoted back
    html = page(client, resp.headers["Location"], "ja")
    assert "「somewhere」は「deck」「discard」のどれかではありません。" in html
    resp = act(client, tid, type="research", **{"from": "deck", "to": "x"}, version="0")  # a field it has not
    html = page(client, resp.headers["Location"], "ja")
    assert "フォームの内容を読み取れませんでした" in html
    assert "research" not in re.sub(r"<[^>]+>", " ", html).split("フォームの内容")[1][:200]
    resp = act(client, tid, type="dance", version="0")
    html = page(client, resp.headers["Location"], "ja")
    assert "フォームの内容を読み取れませんでした" in html and "unknown action type" not in html
    client.set_cookie("lang", "en")
    resp = act(client, tid, type="dance", version="0")
    html = page(client, resp.headers["Location"])
    assert "The form was not understood." in html and "unknown action type" not in html


def test_history_holds_no_event_newer_than_its_snapshot(client: FlaskClient, service) -> None:
    """The history comes from the service's own entries up to the snapshot's version: a later action, or a
    later undo of an earlier one, never shows in an older snapshot's history."""
    from companion.web.pages.history import history_rows
    tid = new_table(client)
    old = service.snapshot(tid)
    service.act(tid, parse({"type": "research", "from": "deck"}))
    one = service.snapshot(tid)
    service.undo(tid)
    with client.application.test_request_context("/"):
        assert history_rows(old, "en") == []
        rows = history_rows(one, "en")
        assert [e["seq"] for e in rows] == [1] and rows[0]["undone"] is False
        rows = history_rows(service.snapshot(tid), "en")
        assert [(e["seq"], e["undone"]) for e in rows] == [(1, True), (2, False)]


def test_settings_are_written_only_when_they_change(client: FlaskClient, service) -> None:
    import threading
    tid = new_table(client)
    assert service.update_settings(tid, {"hints": True}).version == 0 and service.log(tid) == []
    # two devices switching it off at once: one event
    barrier = threading.Barrier(4)

    def off() -> None:
        barrier.wait()
        service.update_settings(tid, {"hints": False})

    threads = [threading.Thread(target=off) for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert service.snapshot(tid).version == 1 and service.snapshot(tid).record.options["hints"] is False
    names = {"suit6": "Star"}
    assert service.update_settings(tid, {"suit_names": names}).version == 2
    snap = service.update_settings(tid, {"suit_names": dict(names), "hints": False})
    assert snap.version == 2 and snap.record.options["suit_names"] == names
    assert service.update_settings(tid, {"hints": True, "suit_names": names}).version == 3
    assert [e.action for e in service.log(tid)][-1] == {"type": "settings", "hints": True}
    # the page switch and the JSON API both go through it
    data = {"csrf_token": token(client, f"/t/{tid}"), "hints": "on"}
    assert client.post(f"/t/{tid}/assistant", data=data).status_code == 303
    resp = client.post(f"/api/tables/{tid}/settings", json={"hints": True})
    assert resp.status_code == 200 and resp.get_json()["state"]["version"] == 3
