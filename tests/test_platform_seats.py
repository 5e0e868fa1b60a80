"""Hidden information in the platform: phones claim seats with a secret token the server checks, a game
keeps a secret on the one phone entitled to it, server randomness is logged, and no output path (state JSON
of another seat or of the view link, the log, the exports, the history, the stored answer of a retried
request, the pages) carries a secret before the game reveals it.

The game, "Hidden die": the active seat rolls a die the server throws (``prepare``) and only that seat's
proven phone sees it; then any other seat may call ("doubt"), which reveals the face to everyone. Rolls
need the roller's proof; a roll and a reveal cannot be undone (``undo_blocked``).
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, replace
from typing import Annotated, Any

import pytest
from catalog_files import texts_from
from flask.testing import FlaskClient

from companion import games
from companion.games.base import Game, Outcome, Refusal, Viewer
from companion.games.fields import Int, Seat
from companion.games.moves import ActionSet, Move
from companion.games.ui import GameUI, TableRequest

SECRET_FACE = 5  # the tests' random source always throws this face: easy to look for in every output


@dataclass(frozen=True)
class DieState:
    names: tuple[str, ...]
    active: int = 0
    face: int | None = None  # the rolled face, hidden until revealed
    revealed: bool = False
    doubter: int | None = None


DIE_TEXTS = texts_from("hidden_die", {  # the game's own catalogs, as files
    "en": {"game_name": "Hidden die", "noun_face": "a die face", "err_rolled": "Already rolled.",
           "err_not_rolled": "Roll first.", "err_final": "This cannot be undone.",
           "err_own": "The roller cannot doubt."},
    "ja": {"game_name": "隠しサイコロ", "noun_face": "ダイスの目", "err_rolled": "振りました。",
           "err_not_rolled": "先に振ってください。", "err_final": "取り消せません。",
           "err_own": "振った人は疑えません。"},
})

FACE = Int(1, 6, noun=DIE_TEXTS.msg("noun_face"))


@dataclass(frozen=True)
class Roll(Move, kind="roll"):
    face: Annotated[int | None, FACE] = None  # thrown by the server (prepare): whatever a request sends is replaced


@dataclass(frozen=True)
class Doubt(Move, kind="doubt"):
    seat: Annotated[int, Seat()]
    face: Annotated[int | None, FACE] = None  # filled in by prepare: the reveal is written into the doubt


ACTIONS: ActionSet[Roll | Doubt] = ActionSet(Roll, Doubt, examples=(Roll(), Doubt(1)))


class DieError(Refusal):
    TEXTS = DIE_TEXTS
    CODES = ("rolled", "not_rolled", "final", "own")


def apply(state: DieState, action: Roll | Doubt) -> DieState:
    if isinstance(action, Roll):
        if state.face is not None:
            raise DieError("rolled")
        return replace(state, face=action.face or 1)
    if state.face is None:
        raise DieError("not_rolled")
    if action.seat == state.active:
        raise DieError("own")
    return replace(state, revealed=True, doubter=action.seat)


def to_json(state: DieState, viewer: Viewer, options: dict[str, Any]) -> dict[str, Any]:
    shown = state.face if state.revealed or (viewer.full and viewer.proven == state.active) else None
    return {"active": state.active, "rolled": state.face is not None, "face": shown, "revealed": state.revealed}


def redact(action: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in action.items() if k != "face"} if action.get("type") == "roll" else action


def prepare(state: DieState, action: Roll | Doubt, randbelow: Any) -> Roll | Doubt:
    if isinstance(action, Roll):
        return replace(action, face=randbelow(6) + 1)
    return replace(action, face=state.face)


def describe(before: DieState, after: DieState, action: Roll | Doubt, seat: int | None, lang: str,
             options: dict[str, Any]) -> str:
    who = before.names[seat] if seat is not None else "?"
    return f"{who} doubts: it was {action.face}" if isinstance(action, Doubt) else f"{who} rolls"


def view(req: TableRequest) -> dict[str, Any]:
    return {"face": req.answer["face"], "rolled": req.answer["rolled"]}


HIDDEN = Game(
    id="hidden-die", name=DIE_TEXTS.msg("game_name"), min_players=2, max_players=4, options=(),
    new_game=lambda players, start, options: DieState(players, active=start),
    actions=ACTIONS,
    actor=lambda state, a: a.seat if isinstance(a, Doubt) else state.active,
    apply=apply, state_to_json=to_json,
    outcome=lambda s: Outcome((s.active,)) if s.revealed else None,
    errors=DieError,
    ui=GameUI(texts=DIE_TEXTS, table_template="hidden/_table.html", table_view=view, describe=describe),
    private_seats=lambda options: True,
    proof_needed=lambda state, a: a.seat if isinstance(a, Doubt) else state.active,
    prepare=prepare, redact_action=redact,
    undo_blocked=lambda before, a: DieError("final"),
)


@pytest.fixture
def hidden(app, monkeypatch):
    from jinja2 import ChoiceLoader, DictLoader

    import companion.service as service_module

    monkeypatch.setattr(service_module.secrets, "randbelow", lambda n: SECRET_FACE - 1)
    loader = app.jinja_loader
    app.jinja_loader = ChoiceLoader([DictLoader({"hidden/_table.html": (
        '<div id="table" data-version="{{ v.version }}"><p class="face">face={{ v.face }}</p>'
        '<p class="undo">undo={{ v.undo_text }}</p>'
        '{% for e in v.history %}<p class="h">{{ e.text }}</p>{% endfor %}</div>')}), loader])
    games.register(HIDDEN)
    yield HIDDEN
    games.unregister("hidden-die")
    app.jinja_loader = loader


def _table(client: FlaskClient) -> tuple[str, str]:
    created = client.post("/api/tables", json={"game": "hidden-die", "players": ["Ann", "Bob", "Cy"]})
    assert created.status_code == 201
    return created.get_json()["id"], created.get_json()["view_id"]


def _claim(client: FlaskClient, tid: str, seat: int, **body: Any) -> Any:
    return client.post(f"/api/tables/{tid}/seats/{seat}/claim", json=body)


def test_a_seat_is_claimed_once_and_its_token_proves_it(client: FlaskClient, hidden: Game) -> None:
    tid, vid = _table(client)
    ann = _claim(client, tid, 0)
    assert ann.status_code == 200 and ann.get_json()["seat"] == 0
    token = ann.get_json()["token"]
    again = _claim(client, tid, 0)
    assert again.status_code == 409 and again.get_json()["error"] == "seat_taken"
    seats = client.get(f"/api/tables/{tid}/seats", headers={"X-Seat-Token": token}).get_json()
    assert seats["private_seats"] is True and seats["yours"] == 0
    assert [s["held"] for s in seats["seats"]] == [True, False, False]
    assert client.get(f"/api/tables/{tid}/seats", headers={"X-Seat-Token": "forged"}).get_json()["yours"] is None
    # a view id can watch but never claim
    assert _claim(client, vid, 1).status_code == 403
    assert _claim(client, tid, 3).status_code == 400
    assert client.post(f"/api/tables/{tid}/seats/1/claim", json={"take_over": "yes"}).status_code == 400
    # the history says a phone joined (public), never the token
    log = client.get(f"/api/tables/{tid}/log").get_json()["events"]
    assert log[-1]["action"] == {"type": "seat", "seat": 0, "take_over": False}
    assert token not in json.dumps(log)


def test_a_take_over_moves_the_seat_and_the_old_token_stops_working(client: FlaskClient, hidden: Game) -> None:
    tid, _ = _table(client)
    old = _claim(client, tid, 1).get_json()["token"]
    new = _claim(client, tid, 1, take_over=True)
    assert new.status_code == 200
    assert client.get(f"/api/tables/{tid}/seats", headers={"X-Seat-Token": old}).get_json()["yours"] is None
    assert client.get(f"/api/tables/{tid}/seats",
                      headers={"X-Seat-Token": new.get_json()["token"]}).get_json()["yours"] == 1
    assert client.get(f"/api/tables/{tid}/log").get_json()["events"][-1]["action"]["take_over"] is True


def test_games_without_secrets_refuse_claims(client: FlaskClient) -> None:
    tid = client.post("/api/tables", json={"players": ["A", "B", "C"]}).get_json()["id"]
    refused = client.post(f"/api/tables/{tid}/seats/0/claim", json={})
    assert refused.status_code == 409 and refused.get_json()["error"] == "no_seat_claims"
    assert client.get(f"/api/tables/{tid}/seats").get_json()["private_seats"] is False


def test_only_the_proven_seat_acts_and_sees_its_secret(client: FlaskClient, hidden: Game) -> None:
    tid, vid = _table(client)
    ann = {"X-Seat-Token": _claim(client, tid, 0).get_json()["token"]}
    bob = {"X-Seat-Token": _claim(client, tid, 1).get_json()["token"]}
    roll = {"action": {"type": "roll"}}
    # no token, the wrong seat's token: 403 and nothing changes
    for headers in ({}, bob, {"X-Seat-Token": "x" * 32}):
        refused = client.post(f"/api/tables/{tid}/actions", json=roll, headers=headers)
        assert refused.status_code == 403 and refused.get_json()["error"] == "seat_proof_needed"
    assert client.get(f"/api/tables/{tid}").get_json()["rolled"] is False
    rolled = client.post(f"/api/tables/{tid}/actions", json={**roll, "action_id": "retry-0001"}, headers=ann)
    assert rolled.status_code == 200 and rolled.get_json()["state"]["face"] == SECRET_FACE  # the roller sees it
    # nobody else does: another seat, a full link without token, the view link, the retried request's answer
    assert client.get(f"/api/tables/{tid}", headers=bob).get_json()["face"] is None
    assert client.get(f"/api/tables/{tid}").get_json()["face"] is None
    assert client.get(f"/api/tables/{vid}", headers=ann).get_json()["face"] is None  # a view link never proves
    retried = client.post(f"/api/tables/{tid}/actions", json={**roll, "action_id": "retry-0001"}, headers=bob)
    assert retried.get_json()["state"]["face"] is None
    # the log keeps the face (replay) but shows it to no one
    assert "face" not in client.get(f"/api/tables/{tid}/log").get_json()["events"][-1]["action"]


def test_no_output_path_leaks_the_face_before_the_reveal(client: FlaskClient, hidden: Game) -> None:
    tid, vid = _table(client)
    ann = {"X-Seat-Token": _claim(client, tid, 0).get_json()["token"]}
    client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "roll"}}, headers=ann)
    marker = f"face={SECRET_FACE}"
    outputs = {
        "view page": client.get(f"/v/{vid}").get_data(as_text=True),
        "view fragment": client.get(f"/v/{vid}/fragment").get_data(as_text=True),
        "table page without seat": client.get(f"/t/{tid}").get_data(as_text=True),
        "log json": client.get(f"/t/{tid}/log.json").get_data(as_text=True),
        "log csv": client.get(f"/t/{tid}/log.csv").get_data(as_text=True),
        "api log": client.get(f"/api/tables/{tid}/log").get_data(as_text=True),
        "view api": client.get(f"/api/tables/{vid}").get_data(as_text=True),
    }
    for where, body in outputs.items():
        assert marker not in body, where
        assert f'"face": {SECRET_FACE}' not in body and f'"face":{SECRET_FACE}' not in body, where
    rows = list(csv.reader(io.StringIO(outputs["log csv"])))
    assert all(str(SECRET_FACE) not in cell for row in rows[1:] for cell in row[3:] if cell.isdigit())
    # the roller's own page, with the seat cookie set by the claim form, shows it
    client.set_cookie("seat_" + tid[:16], ann["X-Seat-Token"], path="/")
    assert marker in client.get(f"/t/{tid}").get_data(as_text=True)


def test_a_doubt_reveals_through_the_logged_action_and_cannot_be_undone(client: FlaskClient, hidden: Game) -> None:
    tid, vid = _table(client)
    ann = {"X-Seat-Token": _claim(client, tid, 0).get_json()["token"]}
    cy = {"X-Seat-Token": _claim(client, tid, 2).get_json()["token"]}
    client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "roll"}}, headers=ann)
    undo = client.post(f"/api/tables/{tid}/undo", json={})
    assert undo.status_code == 422 and undo.get_json()["error"] == "final"  # no re-roll by undo
    assert "undo=None" in client.get(f"/t/{tid}").get_data(as_text=True)  # and the page offers no Undo
    # Cy doubts on her own phone (Ann's token cannot speak for her)
    doubt = {"action": {"type": "doubt", "seat": 2, "face": 1}}  # a forged face is overwritten by prepare
    assert client.post(f"/api/tables/{tid}/actions", json=doubt, headers=ann).status_code == 403
    done = client.post(f"/api/tables/{tid}/actions", json=doubt, headers=cy)
    assert done.status_code == 200 and done.get_json()["state"]["face"] == SECRET_FACE
    assert client.get(f"/api/tables/{vid}").get_json()["face"] == SECRET_FACE  # now public
    events = client.get(f"/api/tables/{tid}/log").get_json()["events"]
    assert events[-1]["action"] == {"type": "doubt", "seat": 2, "face": SECRET_FACE} and events[-1]["by"] == 2
    assert f"it was {SECRET_FACE}" in client.get(f"/v/{vid}").get_data(as_text=True)


def test_the_claim_form_sets_the_phone_s_seat_and_the_page_offers_claims(client: FlaskClient, hidden: Game) -> None:
    tid, _ = _table(client)
    page = client.get(f"/t/{tid}").get_data(as_text=True)
    assert 'action="/t/' in page and "/seat" in page and "I am Ann" in page
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    posted = client.post(f"/t/{tid}/seat", data={"seat": "1", "csrf_token": csrf})
    assert posted.status_code == 303
    page = client.get(f"/t/{tid}").get_data(as_text=True)
    assert "This phone is Bob." in page and "I am Bob" not in page
    assert client.get(f"/api/tables/{tid}/seats").get_json()["yours"] == 1  # the cookie proves it to the API too
