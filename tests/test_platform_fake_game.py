"""The platform holds no game: a tiny game registered at run time is played through the JSON API and the
pages — created, acted on by a seat that is not the active one, refused, undone, read through the view id,
logged, exported — with no line of the service, store or web core knowing it.

The game, "Race to N": players take turns adding 1 or 2 to a shared counter; whoever reaches the target
(an option, default 7) wins. Any seat may "cheer" at any time (an action recorded as that seat's, not the
active one's), and each seat's secret "mood" is visible only to that seat (a viewer-dependent state).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, replace
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion import games
from companion.games.base import BadRequest, Game, Option, Outcome, Query, Refusal, Viewer
from companion.games.texts import Texts
from companion.games.ui import GameUI, TableRequest


@dataclass(frozen=True)
class RaceState:
    names: tuple[str, ...]
    target: int
    count: int = 0
    active: int = 0
    cheers: tuple[int, ...] = ()
    winner: int | None = None


@dataclass(frozen=True)
class Add:
    n: int


@dataclass(frozen=True)
class Cheer:
    seat: int


class RaceError(Refusal):
    MESSAGES = {"too_far": ("That passes {target}.", "{target}を超えます。"),
                "over": ("The race is over.", "レースは終わりました。")}


def parse(raw: Any, state: RaceState) -> Add | Cheer:
    if not isinstance(raw, dict) or raw.get("type") not in ("add", "cheer"):
        raise BadRequest("unknown action type")
    if raw["type"] == "add":
        n = raw.get("n")
        n = int(n) if n in ("1", "2") else n  # a form posts text
        if n not in (1, 2) or isinstance(n, bool):
            raise BadRequest("“n” must be 1 or 2")
        return Add(n)
    seat = raw.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.names):
        raise BadRequest("“seat” must be a seat")
    return Cheer(seat)


def apply(state: RaceState, action: Add | Cheer) -> RaceState:
    if state.winner is not None:
        raise RaceError("over")
    if isinstance(action, Cheer):
        return replace(state, cheers=(*state.cheers, action.seat))
    if state.count + action.n > state.target:
        raise RaceError("too_far", target=state.target)
    count = state.count + action.n
    winner = state.active if count == state.target else None
    return replace(state, count=count, winner=winner, active=(state.active + 1) % len(state.names))


def to_json(state: RaceState, viewer: Viewer, options: dict[str, Any]) -> dict[str, Any]:
    return {"count": state.count, "target": state.target, "active": state.active, "winner": state.winner,
            "cheers": list(state.cheers), "over": state.winner is not None,
            # a secret per seat: only that seat's own device may see it
            "my_mood": f"mood-of-seat-{viewer.seat}" if viewer.full and viewer.seat is not None else None}


def describe(before: RaceState, after: RaceState, action: dict[str, Any], seat: int | None, lang: str,
             options: dict[str, Any]) -> str:
    who = before.names[seat] if seat is not None else "?"
    return f"{who}: {action['type']} → {after.count}"


def view(req: TableRequest) -> dict[str, Any]:
    state: RaceState = req.state
    return {"count": state.count, "target": state.target, "over": state.winner is not None,
            "active_name": state.names[state.active], "can_act": req.viewer.full and state.winner is None}


RACE = Game(
    id="race", name=("Race to N", "Nまでレース"), min_players=2, max_players=3,
    options=(Option("target", "int", 7, ("Target", "目標"), minimum=3, maximum=30),),
    new_game=lambda players, start, options: RaceState(players, options["target"], active=start),
    parse_action=parse,
    action_to_json=lambda a: {"type": "add", "n": a.n} if isinstance(a, Add) else {"type": "cheer", "seat": a.seat},
    actor=lambda state, a: a.seat if isinstance(a, Cheer) else state.active,
    apply=apply,
    state_to_json=to_json,
    outcome=lambda s: None if s.winner is None else Outcome((s.winner,), (s.winner,), "target"),
    is_over=lambda s: s.winner is not None,
    queries={"distance": Query(lambda state, body, options, lang: {"left": state.target - state.count})},
    error_codes=("too_far", "over"),
    ui=GameUI(texts=Texts({}), table_template="race/_table.html", table_view=view, describe=describe),
)


@pytest.fixture
def race(app):
    loader = app.jinja_loader
    from jinja2 import ChoiceLoader, DictLoader

    app.jinja_loader = ChoiceLoader([DictLoader({"race/_table.html": (
        '<div id="table" data-version="{{ v.version }}"><p class="count">{{ v.count }} / {{ v.target }}</p>'
        '{% for e in v.history %}<p class="h">{{ e.text }}</p>{% endfor %}'
        '{% if v.can_act %}<form method="post" action="{{ v.base }}/act">'
        '<input type="hidden" name="csrf_token" value="{{ csrf_token() }}">'
        '<input type="hidden" name="version" value="{{ v.version }}"><input type="hidden" name="type" value="add">'
        '<button name="n" value="1">+1</button></form>{% endif %}</div>')}), loader])
    games.register(RACE)
    yield RACE
    games.unregister("race")
    app.jinja_loader = loader


def test_a_registered_game_is_listed_and_played_through_the_api(client: FlaskClient, race: Game) -> None:
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
    refused = act({"type": "add", "n": 2}, version=2, dry_run=True)
    assert refused.status_code == 200  # 2 + 2 = 4: legal as a dry run
    far = act({"type": "add", "n": 2})
    assert far.status_code == 200 and far.get_json()["state"]["winner"] == 1
    assert act({"type": "add", "n": 1}).get_json()["error"] == "over"
    assert act({"type": "jump"}).status_code == 400
    undone = client.post(f"/api/tables/{tid}/undo", json={"version": 3}).get_json()["state"]
    assert undone["count"] == 2 and undone["version"] == 4 and undone["winner"] is None
    too_far = act({"type": "add", "n": 2, "extra": 1}, version=4)
    assert too_far.status_code == 200
    assert client.post(f"/api/tables/{tid}/undo", json={}).status_code == 200
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


def test_a_registered_game_is_played_through_the_pages(client: FlaskClient, race: Game) -> None:
    home = client.get("/").get_data(as_text=True)
    assert 'value="race"' in home and "Race to N" in home
    token = re.search(r'name="csrf_token" value="([^"]+)"', home).group(1)
    resp = client.post("/", data={"csrf_token": token, "game": "race", "name0": "Ann", "name1": "Bo",
                                  "start": "0", "opt-race-target": "5"})
    assert resp.status_code == 303
    tid = resp.headers["Location"].rsplit("/", 1)[-1]
    page = client.get(f"/t/{tid}").get_data(as_text=True)
    assert "0 / 5" in page
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    acted = client.post(f"/t/{tid}/act", data={"csrf_token": token, "version": "0", "type": "add", "n": "1"})
    assert acted.status_code == 303
    page = client.get(f"/t/{tid}").get_data(as_text=True)
    assert "1 / 5" in page and "Ann: add → 1" in page
    fragment = client.get(f"/t/{tid}/fragment").get_data(as_text=True)
    assert fragment.startswith('<div id="table" data-version="1">')
    rows = list(csv.reader(io.StringIO(client.get(f"/t/{tid}/log.csv").get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0][:5] == ["seq", "at", "seat", "player", "type"]
    assert rows[1][4] == "add" and rows[1][-1] == "Ann: add → 1"
    exported = client.get(f"/t/{tid}/log.json").get_json()
    assert exported["table"]["game"] == "race" and exported["table"]["options"] == {"target": 5}
    assert exported["state"]["id"] is None
    undo = client.post(f"/t/{tid}/undo", data={"csrf_token": token, "version": "1"})
    assert undo.status_code == 303
    assert "0 / 5" in client.get(f"/t/{tid}").get_data(as_text=True)


def test_the_core_imports_no_game() -> None:
    """service, store and the web layer never import a game package by name: they reach games only
    through the registry."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "companion"
    core = [root / "service.py", root / "store.py", *sorted((root / "web").rglob("*.py"))]
    for path in core:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"games\.(laminate|rummikub)|games import (laminate|rummikub)", text), path
