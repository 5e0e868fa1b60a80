"""A form posted without script that succeeds lands where the player was (issue 20), not at the top of the
page: each game's forms name their place in their action URL (``/t/<id>/act?at=build,turning``), and the
redirect's Location carries the first of those places the page still has after the move (the turn may have
moved on, the game may have ended), else the table's own top (#table: its status and the notice of what was
done). The forms are taken from the pages themselves, as a browser without script would post them. A refusal
keeps landing at its own place; hostile ``at`` values are ignored; htmx posts are unchanged."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from flask.testing import FlaskClient


class Forms(HTMLParser):
    """The forms of a page: action URL, hidden fields and submit buttons (name, value)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self.inside = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self.forms.append({"action": a.get("action") or "", "fields": {}, "buttons": []})
            self.inside = True
        elif self.inside and tag == "input" and a.get("type") == "hidden" and a.get("name"):
            self.forms[-1]["fields"][a["name"]] = a.get("value") or ""
        elif self.inside and tag == "button" and a.get("name") and "disabled" not in a:
            self.forms[-1]["buttons"].append((a["name"], a.get("value") or ""))
        elif self.inside and tag == "button" and "disabled" not in a:
            self.forms[-1]["buttons"].append(("", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False


def create(client: FlaskClient, game: str, players: list[str], **options: Any) -> str:
    resp = client.post("/api/tables", json={"game": game, "players": players, "start": 0, "options": options})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()["id"]


def api(client: FlaskClient, tid: str, *actions: dict[str, Any]) -> None:
    for action in actions:
        resp = client.post(f"/api/tables/{tid}/actions", json={"action": action})
        assert resp.status_code == 200, resp.get_json()


def post(client: FlaskClient, tid: str, kind: str, button: tuple[str, str] | None = None,
         **extra: str | list[str]) -> str:
    """Post the page's own ``kind`` form (the first one; ``button`` picks its submit button by name and value)
    as a browser without script does, and return the redirect's Location."""
    parser = Forms()
    parser.feed(client.get(f"/t/{tid}").get_data(as_text=True))
    form = next(f for f in parser.forms if f["fields"].get("type") == kind
                and (button is None or button in f["buttons"]))
    data = {**form["fields"], **extra}
    if button is not None and button[0]:
        data[button[0]] = button[1]
    resp = client.post(form["action"], data=data)
    assert resp.status_code == 303, resp.get_data(as_text=True)[:400]
    return resp.headers["Location"]


def landed(location: str) -> str:
    return "#" + location.split("#", 1)[1] if "#" in location else ""


def version(client: FlaskClient, tid: str) -> int:
    return client.get(f"/api/tables/{tid}").get_json()["version"]


# --- each game --------------------------------------------------------------------------------------------------

PYRAMID_DECK = {str(v): 0 for v in range(1, 11)} | {"3": 1, "5": 1, "8": 1}


def test_pyramid_lands_at_this_turns_cards_the_building_and_the_next_turn(client: FlaskClient) -> None:
    tid = create(client, "pyramid", ["Ann", "Bo"], deck=PYRAMID_DECK)
    assert landed(post(client, tid, "turn", ("card", "8"))) == "#turning"  # PY4: the turned cards, the risk
    assert landed(post(client, tid, "stop")) == "#build"  # PY6: the bar's Stop leads to the building
    assert landed(post(client, tid, "place", ("slot", "1:0"))) == "#turning"  # the last card: Bo's turn
    post(client, tid, "turn", ("card", "5"))
    assert landed(post(client, tid, "turn", ("card", "3"))) == "#build"  # PY8: the deck's last card, a forced stop
    assert landed(post(client, tid, "place", ("slot", "1:0"))) == "#build"  # one still to place
    assert landed(post(client, tid, "place", ("slot", "1:1"))) == "#table"  # the end: the end screen on top
    assert client.get(f"/api/tables/{tid}").get_json()["over"]


def test_long_seat_lands_at_the_number_picker(client: FlaskClient) -> None:
    tid = create(client, "long-seat", ["Ann", "Bo"])
    assert landed(post(client, tid, "lay", ("card", "7"))) == "#lay"
    assert landed(post(client, tid, "stop")) == "#lay"  # the bar's Stop: the next player lays there


def test_cracker_lands_at_the_action_panel(client: FlaskClient) -> None:
    tid = create(client, "cracker", ["Ann", "Bo", "Chie"], rounds=1)
    assert landed(post(client, tid, "draw", ("card", "10"))) == "#cr-act"
    assert landed(post(client, tid, "pass", ("card", "3"))) == "#cr-act"


def test_the_pairs_lands_at_the_controls(client: FlaskClient) -> None:
    tid = create(client, "the-pairs", ["Ann", "Bo", "Chie"])
    assert landed(post(client, tid, "play", ("card", "5"))) == "#controls"
    assert landed(post(client, tid, "draw")) == "#controls"


def test_stapstap_lands_at_the_set_up_then_at_the_actions(client: FlaskClient) -> None:
    tid = create(client, "stapstap", ["Ann", "Bo", "Chie"], mode="dice")
    assert landed(post(client, tid, "deal")) == "#st-setup"
    assert landed(post(client, tid, "begin")) == "#st-actions"


def test_laminate_lands_at_what_to_do_now(client: FlaskClient) -> None:
    tid = create(client, "laminate", ["Ann", "Bo", "Chie"])
    assert landed(post(client, tid, "research", ("from", "deck"))) == "#todo-title"
    cards = ["coin-5", "book-5", "heart-5"]  # the picker's form: its paper is laid, the picker closed
    assert landed(post(client, tid, "publish", paper="kind3", cards=cards)) == "#todo-title"
    assert client.get(f"/api/tables/{tid}").get_json()["papers"][0]["type"] == "kind3"


def test_rummikub_lands_at_the_table_and_undo_where_its_notice_is(client: FlaskClient) -> None:
    """Rummikub's forms name no place yet: the table's top, not the page's (its header, the seat prompt)."""
    tid = create(client, "rummikub", ["Ann", "Bo"], turn_timer=0)
    assert landed(post(client, tid, "draw")) == "#table"
    token = client.get(f"/t/{tid}/undo").get_data(as_text=True).split('name="csrf_token" value="', 1)[1][:200]
    resp = client.post(f"/t/{tid}/undo", data={"csrf_token": token.split('"', 1)[0]})
    assert resp.status_code == 303 and landed(resp.headers["Location"]) == "#table"
    assert version(client, tid) == 2


# --- what does not change, and hostile places ----------------------------------------------------------------


def test_a_refusal_still_lands_at_its_own_place(client: FlaskClient) -> None:
    tid = create(client, "long-seat", ["Ann", "Bo"], deck={str(v): 0 for v in range(1, 11)} | {"4": 1, "9": 1})
    api(client, tid, {"type": "lay", "card": 4})
    location = post(client, tid, "lay", card="4")  # LS11: no 4 is left (its button is disabled)
    assert landed(location) == "#lay" and version(client, tid) == 1
    assert "card_exhausted" not in location


@pytest.mark.parametrize("at", ["<script>", 'x"onload="1', "a" * 60, "#lay", "1lay", "", ",,,", "lay,,build"])
def test_hostile_or_missing_places_are_ignored(client: FlaskClient, at: str) -> None:
    tid = create(client, "long-seat", ["Ann", "Bo"])
    parser = Forms()
    parser.feed(client.get(f"/t/{tid}").get_data(as_text=True))
    form = next(f for f in parser.forms if f["fields"].get("type") == "lay")
    resp = client.post(f"/t/{tid}/act", query_string={"at": at}, data={**form["fields"], "card": "7"})
    assert resp.status_code == 303
    assert landed(resp.headers["Location"]) == "#lay"  # the lay form's own place, as its game declares it
    assert "<" not in resp.headers["Location"] and '"' not in resp.headers["Location"]


def test_a_place_the_page_does_not_have_falls_back_to_the_table(client: FlaskClient) -> None:
    tid = create(client, "stapstap", ["Ann", "Bo", "Chie"], mode="dice")
    parser = Forms()
    parser.feed(client.get(f"/t/{tid}").get_data(as_text=True))
    form = next(f for f in parser.forms if f["fields"].get("type") == "deal")
    resp = client.post(f"/t/{tid}/act?at=no-such-part,nor-this", data=form["fields"])
    assert landed(resp.headers["Location"]) == "#table"


def test_htmx_posts_still_get_the_fragment(client: FlaskClient) -> None:
    tid = create(client, "pyramid", ["Ann", "Bo"])
    parser = Forms()
    parser.feed(client.get(f"/t/{tid}").get_data(as_text=True))
    form = next(f for f in parser.forms if f["fields"].get("type") == "turn")
    resp = client.post(form["action"], data={**form["fields"], "card": "7"}, headers={"HX-Request": "true"})
    assert resp.status_code == 200 and resp.get_data(as_text=True).startswith('<div id="table"')
