"""Seat parts (issue 18): a game that declares the parts of its live region that differ with the seat a phone
names has the rest of the fragment rendered once for every phone of the table and each seat's parts once per
seat, joined per phone (companion/web/pages/seatparts.py, fragcache). The joined page must be, byte for byte,
the page rendered whole for that phone — for any state, seat, language and access, as a fetch (plain and gzip)
and as a live-stream event — and a seat's part must never reach another seat's phone, the read-only view, or a
phone that claims a seat it has not proven where proof is required."""

from __future__ import annotations

import contextlib
import gzip
import re
import sys
import zlib
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jinja2 import ChoiceLoader, DictLoader

from companion import games
from companion.games.base import Game
from companion.service import ServiceError
from companion.web.fragcache import SHARED
from companion.web.pages.live import page_event
from companion.web.pages.table import fragment_plan, render_table
from companion.web.pieces import sse_lines
from companion.web.security import csrf_token
from companion.web.viewer import seat_cookie

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from game_driver import next_action  # noqa: E402  (tests/browser/game_driver.py)
from test_platform_seats import HIDDEN, SECRET_FACE  # noqa: E402

NAMES = ["Hilbert", "Noether", "Banach", "<!--seat-part:0:0-->"]  # a name shaped like a mark is only text
AID = re.compile(r'(name="action_id" value=")[^"]*(")')
MARK = "<!--seat-part:"


def _ids_out(html: str) -> str:
    """Action ids are each phone's own (fresh on every page): the page without them."""
    return AID.sub(r"\1\2", html)


def _cookie(me: str | None, token: str | None = None, tid: str = "", lang: str = "en") -> str:
    jar = [f"lang={lang}"]
    if me is not None:
        jar.append(f"me={me}")
    if token is not None:
        jar.append(f"{seat_cookie(tid)}={token}")
    return "; ".join(jar)


def _both(app: Flask, path: str, cookie: str, record: Any, full: bool) -> tuple[str, bytes, bytes, bytes, str]:
    """(the page rendered whole, the joined fetch body plain and gzip, the joined event's data and its deflate
    blocks inflated), all in one request context (one session, one CSRF token)."""
    with app.test_request_context(path, headers={"Cookie": cookie}):
        app.preprocess_request()
        whole = render_table(record, full, fragment=True)
        plan = fragment_plan(record, full)
        plain = SHARED.body(plan, csrf_token, gzipped=False)
        packed = SHARED.body(plan, csrf_token, gzipped=True)
        _, (event, blocks) = page_event(record, full)
        inflated = zlib.decompressobj(-15).decompress(blocks)
    return whole, plain, packed, event, inflated.decode()


def _assert_joined_is_whole(app: Flask, record: Any, full: bool, cookie: str) -> str:
    path = f"/t/{record.id}/fragment" if full else f"/v/{record.view_id}/fragment"
    whole, plain, packed, event, inflated = _both(app, path, cookie, record, full)
    text = plain.decode()
    assert MARK not in text.replace("&lt;!--seat-part:", "")
    assert _ids_out(text) == _ids_out(whole), f"joined != whole for {cookie!r} ({'full' if full else 'view'})"
    assert gzip.decompress(packed) == plain or _ids_out(gzip.decompress(packed).decode()) == _ids_out(whole)
    assert _ids_out(event.decode()) == _ids_out(sse_lines(whole.encode()).decode())
    assert inflated == event.decode(), "the event's blocks inflate to its text"
    return text


@pytest.fixture
def laminate_app(app: Flask) -> Iterator[Flask]:
    SHARED.clear()
    yield app
    SHARED.clear()


def _new_laminate(app: Flask, players: int = 4) -> str:
    made = app.test_client().post("/api/tables", json={"players": NAMES[:players]})
    assert made.status_code == 201
    return made.get_json()["id"]


VIEWERS = [None, "0", "1", "2", "3", "watch"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(steps=st.integers(0, 120), undos=st.lists(st.integers(0, 120), max_size=4),
       players=st.sampled_from([3, 4]), hints=st.booleans(), lang=st.sampled_from(["en", "ja"]))
def test_the_joined_page_is_the_whole_page_for_every_seat(laminate_app: Flask, steps: int, undos: list[int],
                                                         players: int, hints: bool, lang: str) -> None:
    """Laminate played forward with legal moves (publishing, reviewing, the End Flag, the countdown, the end),
    undone here and there; at the end every phone's joined fragment is its whole one."""
    app = laminate_app
    service = app.extensions["companion"]
    tid = _new_laminate(app, players)
    if not hints:
        service.update_settings(tid, {"hints": False})
    for n in range(steps):
        state = service.answer(service.snapshot(tid))
        if state["over"]:
            break
        if n in undos:
            with contextlib.suppress(ServiceError):  # nothing to undo yet
                service.undo(tid)
            continue
        service.act(tid, service.parse(tid, next_action(state)))
    record, _ = service.resolve(tid)
    for me in VIEWERS[:players + 1] + ["watch"]:
        _assert_joined_is_whole(app, record, True, _cookie(me, lang=lang))
    _assert_joined_is_whole(app, record, False, _cookie(None, lang=lang))


def test_at_the_end_flag_the_countdown_and_the_end_every_seat_gets_its_whole_page(laminate_app: Flask) -> None:
    app = laminate_app
    service = app.extensions["companion"]
    tid = _new_laminate(app, 3)  # three players: the driver's leader reaches the End Flag before the deck runs out
    record, _ = service.resolve(tid)
    seen = set()
    for _ in range(400):
        state = service.answer(service.snapshot(tid))
        moment = ("pending" if state["pending"] else "countdown" if state.get("end") else "play",
                  state["over"])
        if moment not in seen:
            seen.add(moment)
            for me in VIEWERS:
                _assert_joined_is_whole(app, record, True, _cookie(me))
            _assert_joined_is_whole(app, record, False, _cookie(None))
        if state["over"]:
            break
        service.act(tid, service.parse(tid, next_action(state)))
    assert ("pending", False) in seen and (("countdown", True) in seen or ("play", True) in seen)


def test_phones_of_a_table_share_the_page_and_each_seat_its_parts(laminate_app: Flask) -> None:
    """Five phones, four seats and a tablet with no seat: one shared rendering per version, one set of parts
    per seat; the tablet's parts come with the shared rendering; each phone its own action ids."""
    app = laminate_app
    service = app.extensions["companion"]
    tid = _new_laminate(app)
    record, _ = service.resolve(tid)
    phones = ["0", "1", "2", "3", "0", None]
    for _ in range(3):  # three versions
        renders, seats = SHARED.renders, SHARED.seat_renders
        ids = []
        for me in phones:
            text = _assert_joined_is_whole(app, record, True, _cookie(me))
            ids.append(set(re.findall(r'name="action_id" value="([^"]+)"', text)))
        # _assert_joined_is_whole renders whole pages too (not through the cache): count the cache's own
        assert SHARED.renders - renders == 1, "one shared rendering per version for every phone"
        assert SHARED.seat_renders - seats == 4, "one set of parts per seat; none for the phone with no seat"
        assert all(ids) and all(a.isdisjoint(b) for i, a in enumerate(ids) for b in ids[i + 1:]), "own ids"
        service.act(tid, service.parse(tid, {"type": "research", "from": "deck"}))


def test_a_game_without_seat_parts_is_rendered_whole_per_viewer(laminate_app: Flask) -> None:
    """The fallback: Long Seat declares no seat parts: one whole page per viewer, as before (the frame's own
    part, the root's "my turn", rendered in place)."""
    app = laminate_app
    tid = app.test_client().post("/api/tables", json={"game": "long-seat", "players": NAMES[:3]}).get_json()["id"]
    record, _ = app.extensions["companion"].resolve(tid)
    renders, seats = SHARED.renders, SHARED.seat_renders
    pages = {me: _assert_joined_is_whole(app, record, True, _cookie(me)) for me in ("0", "1", None)}
    assert SHARED.renders - renders == 3 and SHARED.seat_renders == seats, "a whole rendering per viewer"
    assert 'data-my-turn="1"' in pages["0"] and 'data-my-turn="0"' in pages["1"] and 'data-my-turn="0"' in pages[None]


def test_a_fragment_with_its_own_query_is_rendered_whole(laminate_app: Flask) -> None:
    app = laminate_app
    tid = _new_laminate(app)
    phone = app.test_client()
    phone.set_cookie("me", "0", path=f"/t/{tid}")
    seats = SHARED.seat_renders
    html = phone.get(f"/t/{tid}/fragment?picker=open").get_data(as_text=True)
    assert SHARED.seat_renders == seats and 'id="picker"' in html and "Your turn" in html


# --- hidden information --------------------------------------------------------------------------------------

FACE = f"face={SECRET_FACE}"
PARTS = '{% macro face(v) %}<p class="face">face={{ v.face }}</p>{% endmacro %}'
TABLE = ('<div id="table" data-version="{{ v.version }}"><p>{{ seat_part(v, "face") }}</p>'
         '<p class="rolled">rolled={{ v.rolled }}</p>'
         '{% for e in v.history %}<p class="h">{{ e.text }}</p>{% endfor %}</div>')


@pytest.fixture(params=["whole view per seat", "seat_view"])
def hidden_parts(app: Flask, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Game]:
    """The platform's hidden die with its face as a seat part: only the roller's proven phone may see it."""
    import companion.service as service_module

    monkeypatch.setattr(service_module.secrets, "randbelow", lambda n: SECRET_FACE - 1)
    loader = app.jinja_loader
    app.jinja_loader = ChoiceLoader([DictLoader({"hidden-parts/_table.html": TABLE,
                                                 "hidden-parts/_seat_parts.html": PARTS}), loader])
    ui = HIDDEN.ui
    seat_view = (lambda req, shared: {"face": req.answer["face"]}) if request.param == "seat_view" else None
    game = replace(HIDDEN, id="hidden-parts", ui=replace(ui, table_template="hidden-parts/_table.html",
                                                           seat_parts="hidden-parts/_seat_parts.html",
                                                           seat_view=seat_view))
    games.register(game)
    SHARED.clear()
    yield game
    games.unregister("hidden-parts")
    app.jinja_loader = loader
    SHARED.clear()


def _every_byte(app: Flask, record: Any, full: bool, cookie: str) -> list[bytes]:
    """What a phone can get of the fragment: the fetch plain and gzip (as sent and inflated), the stream's event
    (its data and its blocks), and the page rendered whole."""
    path = f"/t/{record.id}/fragment" if full else f"/v/{record.view_id}/fragment"
    whole, plain, packed, event, inflated = _both(app, path, cookie, record, full)
    return [whole.encode(), plain, packed, gzip.decompress(packed), event, inflated.encode()]


def test_a_seats_part_reaches_only_the_phone_that_proved_the_seat(client: Any, app: Flask,
                                                                   hidden_parts: Game) -> None:
    made = client.post("/api/tables", json={"game": "hidden-parts", "players": ["Ann", "Bob", "Cy"]}).get_json()
    tid = made["id"]
    service = app.extensions["companion"]
    ann = client.post(f"/api/tables/{tid}/seats/0/claim", json={}).get_json()["token"]
    bob = client.post(f"/api/tables/{tid}/seats/1/claim", json={}).get_json()["token"]
    assert client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "roll"}},
                       headers={"X-Seat-Token": ann}).status_code == 200
    record, _ = service.resolve(tid)
    phones = {  # in this order: the roller's parts are made first, then every other phone asks
        "the roller, proven": (True, _cookie("0", ann, tid)),
        "another seat, proven": (True, _cookie("1", bob, tid)),
        "the roller's seat claimed, not proven": (True, _cookie("0", None, tid)),
        "the roller's seat claimed with another seat's token": (True, _cookie("0", bob, tid)),
        "a phone with no seat": (True, _cookie(None)),
        "a forged token": (True, _cookie("0", "x" * 32, tid)),
        "the read-only view": (False, _cookie("0", ann, tid)),
    }
    for order in (list(phones), list(reversed(phones))):
        SHARED.clear()
        for who in order:
            full, cookie = phones[who]
            bodies = _every_byte(app, record, full, cookie)
            whole, joined = bodies[0].decode(), bodies[1].decode()
            assert _ids_out(joined) == _ids_out(whole), who
            if who == "the roller, proven":
                assert FACE in joined and FACE in whole
            else:
                assert not any(FACE.encode() in b or FACE.encode() in gzip_safe(b) for b in bodies), who
    # nothing the cache keeps for everyone holds it: only the roller's own parts do
    for key, entry in list(SHARED._entries.items()):
        held = entry.value if isinstance(entry.value, tuple) else (entry.value,)
        text = b"".join(b"".join(p.fixed) for p in held if hasattr(p, "fixed"))
        if FACE.encode() in text:
            assert key[-1][:1] == ("seat",) and "proven=0" in key[-1][1], key


def gzip_safe(body: bytes) -> bytes:
    """A body inflated if it is gzip, else itself."""
    try:
        return gzip.decompress(body)
    except (OSError, EOFError):
        return body


def test_the_card_grid_is_kept_once_for_the_shared_page_and_every_seat(laminate_app: Flask) -> None:
    """The deck's grid (25 KB, in the picker and in each seat's "my hand") is held as one shared text by the
    renderings made for the cache, not copied into each seat's parts; the pages still carry it whole."""
    from companion.web import pieces

    app = laminate_app
    tid = _new_laminate(app)
    record, _ = app.extensions["companion"].resolve(tid)
    pages = [_assert_joined_is_whole(app, record, True, _cookie(me)) for me in ("0", "1", "2", "3")]
    grid = re.search(r'<div class="suit-rows compact">.*?\n</div>', pages[0], re.S)
    assert grid and len(grid.group(0)) > 2000 and all(grid.group(0) in page for page in pages)
    kept = b"".join(b"".join(entry.value.fixed) for entry in SHARED._entries.values()
                    if isinstance(entry.value, pieces.Pieces))
    assert grid.group(0).encode() not in kept, "no seat's parts hold a copy of the grid"
    assert any(isinstance(slot, pieces.Block) for entry in SHARED._entries.values()
               if isinstance(entry.value, pieces.Pieces) for slot in entry.value.slots)
