"""The platform holds no game, and it enforces what every game shares: a tiny game declared on the contract and
registered at run time is played through the JSON API and the pages — created, acted on by a seat that is not
the active one, refused, undone, read through the view id, logged, exported — with no line of the service,
store or web core knowing it.

The game, "Race to N": players take turns adding 1 or 2 to a shared counter; whoever reaches the target (an
option, default 7) wins. Any seat may "cheer" at any time (an action that is that seat's, not the active one's),
and each seat's secret "mood" is visible only to that seat (a viewer-dependent state). Its ``apply`` checks
only its own rule (not past the target): it forgot that the game ends and whose turn it is, and never looks at
``player`` — the platform refuses those for it.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Annotated, Any

import pytest
from catalog_files import texts_from
from flask import Flask
from flask.testing import FlaskClient
from jinja2 import ChoiceLoader, DictLoader

from companion import games
from companion.games.base import Game, Option, Outcome, Query, Refusal, Viewer
from companion.games.fields import Int, Seat
from companion.games.moves import ActionSet, Move
from companion.games.ui import GameUI, TableRequest
from companion.web import create_app
from companion.web.openapi import document


@dataclass(frozen=True)
class RaceState:
    names: tuple[str, ...]
    target: int
    count: int = 0
    active: int = 0
    cheers: tuple[int, ...] = ()
    winner: int | None = None


@dataclass(frozen=True)
class Add(Move, kind="add"):
    """Add 1 or 2 to the counter."""

    n: Annotated[int, Int(1, 2)]


@dataclass(frozen=True)
class Cheer(Move, kind="cheer"):
    """Any seat cheers, at any time: the action is that seat's."""

    seat: Annotated[int, Seat()]


Action = Add | Cheer
ACTIONS: ActionSet[Action] = ActionSet(Add, Cheer, examples=(Add(2), Cheer(1)))


# The game's words: its own catalogs, as files (a game's locale folder), English and Japanese.
RACE_TEXTS = texts_from("race", {
    "en": {"game_name": "Race to N", "opt_target": "Target", "err_too_far": "That passes {target}."},
    "ja": {"game_name": "Nまでレース", "opt_target": "目標", "err_too_far": "{target}を超えます。"},
})


class RaceError(Refusal):
    TEXTS = RACE_TEXTS
    CODES = ("too_far",)


def apply(state: RaceState, action: Action) -> RaceState:
    """Only the game's own rule: no check of the end, of whose turn it is, of ``player`` (the platform's)."""
    if isinstance(action, Cheer):
        return replace(state, cheers=(*state.cheers, action.seat))
    if state.count + action.n > state.target:
        raise RaceError("too_far", target=state.target)
    count = state.count + action.n
    winner = state.active if count == state.target else None
    return replace(state, count=count, winner=winner, active=(state.active + 1) % len(state.names))


def actor(state: RaceState, action: Action) -> int | None:
    return action.seat if isinstance(action, Cheer) else state.active


def to_json(state: RaceState, viewer: Viewer, options: dict[str, Any]) -> dict[str, Any]:
    return {"count": state.count, "target": state.target, "active": state.active, "winner": state.winner,
            "cheers": list(state.cheers), "over": state.winner is not None,
            # a secret per seat: only that seat's own device may see it
            "my_mood": f"mood-of-seat-{viewer.seat}" if viewer.full and viewer.seat is not None else None}


def describe(before: RaceState, after: RaceState, action: Action, seat: int | None, lang: str,
             options: dict[str, Any]) -> str:
    who = before.names[seat] if seat is not None else "?"
    return f"{who}: {action.kind} → {after.count}"


def view(req: TableRequest[RaceState]) -> dict[str, Any]:
    state = req.state
    return {"count": state.count, "target": state.target, "active_name": state.names[state.active],
            "can_act": req.viewer.full and state.winner is None}


RACE: Game[RaceState, Action] = Game(
    id="race", name=RACE_TEXTS.msg("game_name"), min_players=2, max_players=3,
    options=(Option("target", "int", 7, RACE_TEXTS.msg("opt_target"), minimum=3, maximum=30),),
    new_game=lambda players, start, options: RaceState(players, options["target"], active=start),
    actions=ACTIONS,
    actor=actor,
    apply=apply,
    state_to_json=to_json,
    outcome=lambda s: None if s.winner is None else Outcome((s.winner,), (s.winner,), "target"),
    errors=RaceError,
    queries={"distance": Query(lambda state, body, options, lang: {"left": state.target - state.count})},
    ui=GameUI(texts=RACE_TEXTS, table_template="race/_table.html", table_view=view, describe=describe),
)

TEMPLATE = (  # the live region: what the game shows inside the frame's _game_table.html
    '{% extends "_game_table.html" %}{% block classes %}race{% endblock %}'
    '{% block main %}{% from "_macros.html" import act_form with context %}'
    '<p class="count">{{ v.count }} / {{ v.target }}</p>'
    '{% for e in v.history %}<p class="h">{{ e.text }}</p>{% endfor %}'
    '{% if v.can_act %}{% call act_form(v, "add") %}<button name="n" value="1">+1</button>{% endcall %}{% endif %}'
    '{% endblock %}')


RULES = '{% extends "base.html" %}{% block main %}<h1>Race to N: the rules</h1>{% endblock %}'


@pytest.fixture
def app(tmp_path) -> Iterator[Flask]:
    """The app made after the game is registered (as at start-up: the registry first, then the web layer)."""
    games.register(RACE)
    document.cache_clear()  # the OpenAPI document is made once per process: made again with this game
    app = create_app(str(tmp_path / "race.db"), secret_key="test")
    app.config.update(TESTING=True)
    app.jinja_loader = ChoiceLoader([DictLoader({"race/_table.html": TEMPLATE, "race/rules.html": RULES}),
                                     app.jinja_loader])
    yield app
    games.unregister("race")
    document.cache_clear()
    app.extensions["companion"].close()
    app.extensions["companion"].store.close()


def test_a_registered_game_is_listed_and_played_through_the_api(client: FlaskClient) -> None:
    listed = {g["id"]: g for g in client.get("/api/games").get_json()["games"]}
    assert listed["race"]["players"] == {"min": 2, "max": 3} and listed["race"]["options"]["target"]["default"] == 7
    assert "laminate" in listed

    assert client.post("/api/tables", json={"game": "race", "players": ["A"]}).status_code == 400
    assert client.post("/api/tables", json={"game": "race", "players": ["A", "B"],
                                            "options": {"target": 99}}).status_code == 400
    created = client.post("/api/tables", json={"game": "race", "players": ["A", "B"], "options": {"target": 4}})
    assert created.status_code == 201
    tid, vid = created.get_json()["id"], created.get_json()["view_id"]
    state = created.get_json()["state"]
    assert state["game"] == "race" and state["count"] == 0 and state["target"] == 4 and state["version"] == 0

    def act(action: dict[str, Any], **extra: Any):
        return client.post(f"/api/tables/{tid}/actions", json={"action": action, **extra})

    assert act({"type": "add", "n": 2}).get_json()["state"]["count"] == 2
    # a seat that is not the active one acts, and the log records it as that seat's
    assert act({"type": "cheer", "seat": 0}).get_json()["state"]["cheers"] == [0]
    assert act({"type": "add", "n": 2}, version=2, dry_run=True).status_code == 200  # 2 + 2 = 4: legal
    won = act({"type": "add", "n": 2})
    assert won.status_code == 200 and won.get_json()["state"]["winner"] == 1
    assert act({"type": "jump"}).status_code == 400
    undone = client.post(f"/api/tables/{tid}/undo", json={"version": 3}).get_json()["state"]
    assert undone["count"] == 2 and undone["version"] == 4 and undone["winner"] is None
    three = act({"type": "add", "n": 1})
    assert three.get_json()["state"]["count"] == 3
    bad = act({"type": "add", "n": 2})
    assert bad.status_code == 422 and bad.get_json()["error"] == "too_far" and "4" in bad.get_json()["message"]

    log = client.get(f"/api/tables/{tid}/log").get_json()["events"]
    assert [(e["seat"], e["action"]["type"]) for e in log][:2] == [(0, "add"), (0, "cheer")]
    assert client.post(f"/api/tables/{tid}/distance", json={}).get_json() == {"left": 1}
    assert client.post(f"/api/tables/{tid}/melds", json={"cards": []}).status_code == 404  # not this game's
    view = client.get(f"/api/tables/{vid}").get_json()
    assert view["id"] is None and view["my_mood"] is None and view["game"] == "race"


def new_race(client: FlaskClient, target: int = 4) -> str:
    created = client.post("/api/tables", json={"game": "race", "players": ["Ann", "Bo", "Cy"],
                                               "options": {"target": target}})
    assert created.status_code == 201
    return created.get_json()["id"]


def refused(client: FlaskClient, tid: str, action: Any) -> tuple[int, str, dict[str, Any]]:
    before = client.get(f"/api/tables/{tid}").get_json()
    resp = client.post(f"/api/tables/{tid}/actions", json={"action": action})
    body = resp.get_json()
    assert body["message_en"] and body["message_ja"] and body["message_en"] != body["message_ja"]
    assert client.get(f"/api/tables/{tid}").get_json() == before  # a refusal changes nothing
    return resp.status_code, body["error"], body


def test_the_platform_refuses_a_player_who_is_not_the_acting_seat(client: FlaskClient) -> None:
    """The game never looks at ``player``: the platform compares it with the game's ``actor``."""
    tid = new_race(client)
    status, code, body = refused(client, tid, {"type": "add", "n": 1, "player": 1})
    assert (status, code) == (422, "not_your_turn") and "Ann" in body["message_en"] and "Bo" in body["message_en"]
    assert refused(client, tid, {"type": "cheer", "seat": 2, "player": 0})[:2] == (422, "not_your_turn")
    ok = client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "cheer", "seat": 2, "player": 2}})
    assert ok.status_code == 200  # a cheer is the cheering seat's own
    ok = client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "add", "n": 1, "player": 0}})
    assert ok.status_code == 200 and ok.get_json()["state"]["active"] == 1
    assert [e["action"] for e in client.get(f"/api/tables/{tid}/log").get_json()["events"]] == [
        {"type": "cheer", "seat": 2, "player": 2}, {"type": "add", "n": 1, "player": 0}]


def test_a_game_may_word_the_seat_refusal_itself() -> None:
    """``wrong_seat``: the platform still compares ``player`` with ``actor`` (the rules never see the action);
    the game only says why, in its own code, which then stands in ``codes`` instead of ``not_your_turn``."""
    worded = replace(RACE, wrong_seat=lambda state, action, player: RaceError("runners_only", player=player))
    state = RaceState(("Ann", "Bo"), 7)
    with pytest.raises(RaceError) as caught:
        worded.play(state, Add(1, player=1), state.names)
    assert caught.value.code == "runners_only" and caught.value.params == {"player": 1}
    assert worded.play(state, Add(1, player=0), state.names).count == 1  # the acting seat passes
    assert "not_your_turn" in RACE.codes and "not_your_turn" not in worded.codes


def test_the_platform_refuses_any_action_after_the_end(client: FlaskClient) -> None:
    """The game's ``apply`` would happily go on (a cheer after the win): the platform says the game is over."""
    tid = new_race(client, target=3)
    for n in (2, 1):
        assert client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "add", "n": n}}).status_code == 200
    assert refused(client, tid, {"type": "cheer", "seat": 0})[:2] == (422, "game_over")
    assert refused(client, tid, {"type": "add", "n": 1, "player": 2})[:2] == (422, "game_over")


@pytest.mark.parametrize("action", [
    {"type": "add", "n": 1, "extra": 1},  # an unknown field
    {"type": "add", "n": 1, "players": 0},  # a misspelt one is unknown too: never silently dropped
    {"type": "add", "n": "1"}, {"type": "add", "n": 1.0}, {"type": "add", "n": True}, {"type": "add", "n": 3},
    {"type": "add"}, {"type": "add", "n": None},
    {"type": "add", "n": 1, "player": "0"}, {"type": "add", "n": 1, "player": 3}, {"type": "add", "n": 1, "player": -1},
    {"type": "add", "n": 1, "player": True}, {"type": "cheer", "seat": "1"}, {"type": "cheer", "seat": 3},
    {"type": "cheer"}, {"type": "jump"}, {"n": 1}, [], "add", None,
])
def test_the_platform_refuses_what_is_no_action_with_400(client: FlaskClient, action: Any) -> None:
    """Unknown fields, strings for numbers, seats that are no seat of this table: the declaration decides."""
    status, code, _ = refused(client, new_race(client), action)
    assert (status, code) == (400, "bad_request")


def test_a_registered_game_is_played_through_the_pages(client: FlaskClient) -> None:
    home = client.get("/").get_data(as_text=True)
    assert 'value="race"' in home and "Race to N" in home
    token = re.search(r'name="csrf_token" value="([^"]+)"', home).group(1)
    resp = client.post("/", data={"csrf_token": token, "game": "race", "name0": "Ann", "name1": "Bo",
                                  "start": "0", "opt-race-target": "5"})
    assert resp.status_code == 303
    tid = resp.headers["Location"].rsplit("/", 1)[-1]
    page = client.get(f"/t/{tid}").get_data(as_text=True)
    assert "0 / 5" in page and "<title>Ann’s turn · " in page  # the frame's title, from the view's active_name
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    acted = client.post(f"/t/{tid}/act", data={"csrf_token": token, "version": "0", "type": "add", "n": "1"})
    assert acted.status_code == 303
    page = client.get(f"/t/{tid}").get_data(as_text=True)
    assert "1 / 5" in page and "Ann: add → 1" in page
    for junk in ({"n": "one"}, {"n": "1", "seat": "0"}, {"n": "-1"}, {"n": "١"}):  # read by the declaration
        client.post(f"/t/{tid}/act", data={"csrf_token": token, "version": "1", "type": "add", **junk})
        assert "Not accepted" in client.get(f"/t/{tid}").get_data(as_text=True)
    checked = client.post(f"/t/{tid}/act", data={"csrf_token": token, "type": "add", "n": "2", "dry_run": "1"})
    assert checked.status_code == 303 and "1 / 5" in client.get(f"/t/{tid}").get_data(as_text=True)  # asked only
    client.post(f"/t/{tid}/act", data={"csrf_token": token, "type": "add", "n": "2", "dry_run": "1", "version": "0"})
    assert "Not accepted" in client.get(f"/t/{tid}").get_data(as_text=True)  # a stale check is refused too
    fragment = client.get(f"/t/{tid}/fragment").get_data(as_text=True)
    assert fragment.startswith('<div id="table" class="table race"') and 'data-version="1"' in fragment
    rows = list(csv.reader(io.StringIO(client.get(f"/t/{tid}/log.csv").get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0] == ["seq", "at", "seat", "player", "type", "n", "seat", "player", "undone", "undoes", "text"]
    assert rows[1][4:6] == ["add", "1"] and rows[1][-1] == "Ann: add → 1"
    exported = client.get(f"/t/{tid}/log.json").get_json()
    assert exported["table"]["game"] == "race" and exported["table"]["options"] == {"target": 5}
    assert exported["state"]["id"] is None
    undo = client.post(f"/t/{tid}/undo", data={"csrf_token": token, "version": "1"})
    assert undo.status_code == 303
    assert "0 / 5" in client.get(f"/t/{tid}").get_data(as_text=True)


def test_the_rules_link_is_there_only_when_the_game_has_a_rules_page(client: FlaskClient) -> None:
    """A game without a rules page (RACE declares none) shows no Rules link on its table page, never one that
    answers 404; declaring a rules page brings the link back, and it opens."""
    tid = client.post("/api/tables", json={"game": "race", "players": ["Ann", "Bo"]}).get_json()["id"]
    link = re.compile(r'<a class="chip" href="(/rules[^"]*)">Rules</a>')
    assert link.search(client.get(f"/t/{tid}").get_data(as_text=True)) is None
    assert client.get("/rules/race").status_code == 404
    assert link.search(client.get("/").get_data(as_text=True)) is not None  # no game chosen: the rules index
    games.register(replace(RACE, ui=replace(RACE.ui, rules_template="race/rules.html")))  # a new table plays it
    tid = client.post("/api/tables", json={"game": "race", "players": ["Ann", "Bo"]}).get_json()["id"]
    found = link.search(client.get(f"/t/{tid}").get_data(as_text=True))
    assert found is not None and found.group(1).startswith("/rules/race")
    rules = client.get(found.group(1).replace("&amp;", "&"))
    assert rules.status_code == 200 and "Race to N: the rules" in rules.get_data(as_text=True)


def test_the_game_is_in_the_openapi_document_from_its_declaration(client: FlaskClient) -> None:
    doc = client.get("/api/openapi.json").get_json()
    variants = doc["components"]["schemas"]["Action"]["anyOf"]
    add = next(v for v in variants if v["properties"]["type"] == {"const": "add"} and "n" in v["properties"])
    assert add["additionalProperties"] is False and add["required"] == ["type", "n"]
    assert add["properties"]["n"] == {"type": "integer", "minimum": 1, "maximum": 2}
    assert add["examples"] == [{"type": "add", "n": 2}]
    assert "race" in doc["components"]["schemas"]["GameId"]["enum"]


def test_the_core_imports_no_game() -> None:
    """service, store and the web layer never import a game package by name: they reach games only
    through the registry."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "companion"
    core = [root / "service.py", *sorted((root / "store").glob("*.py")), root / "plays.py",
            *sorted((root / "web").rglob("*.py"))]
    names = "laminate|rummikub|stapstap|pyramid|cracker|long_seat|the_pairs|pairs"
    for path in core:
        text = path.read_text(encoding="utf-8")
        assert not re.search(rf"games\.({names})\b|games import ({names})\b", text), path
