"""The table fragment is rendered once per version and viewer and shared by the phones that see the same
(issue 13), yet every phone keeps its own CSRF token and its own action ids, and nothing crosses viewers."""

from __future__ import annotations

import gzip
import re
import tempfile
from pathlib import Path

import pytest
from flask import Flask

from companion.web import create_app
from companion.web.fragcache import SHARED, accepts_gzip

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
AID = re.compile(r'name="action_id" value="([^"]+)"')


@pytest.fixture()
def app() -> Flask:
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(str(Path(tmp) / "t.db"), secret_key="test")
        SHARED.clear()
        yield app
        app.extensions["companion"].close()


def _table(app: Flask) -> dict:
    answer = app.test_client().post("/api/tables", json={"players": ["Ann", "Ben", "Cy"]})
    assert answer.status_code == 201
    return answer.get_json()


def test_phones_that_see_the_same_share_one_rendering_with_their_own_tokens(app: Flask) -> None:
    made = _table(app)
    phones = [app.test_client() for _ in range(3)]
    before = SHARED.renders
    pages = []
    for phone in phones:
        phone.get(f"/t/{made['id']}")  # the page sets the session (CSRF token)
        pages.append(phone.get(f"/t/{made['id']}/fragment").get_data(as_text=True))
    assert SHARED.renders - before == 1, "one rendering for three phones of the same view"
    tokens = [set(CSRF.findall(p)) for p in pages]
    assert all(len(t) == 1 for t in tokens) and len({next(iter(t)) for t in tokens}) == 3
    ids = [set(AID.findall(p)) for p in pages]
    assert all(ids) and not (ids[0] & ids[1]) and not (ids[1] & ids[2]) and not (ids[0] & ids[2])
    strip = [AID.sub("", CSRF.sub("", p)) for p in pages]
    assert strip[0] == strip[1] == strip[2]

    # Each phone's own token is accepted: a form post with the shared rendering's fields works.
    csrf, aid = next(iter(tokens[2])), sorted(ids[2])[0]
    answer = phones[2].post(f"/t/{made['id']}/act", data={"csrf_token": csrf, "version": "0", "action_id": aid,
                                                          "type": "research", "from": "deck"})
    assert answer.status_code in (200, 303)
    assert app.extensions["companion"].version(made["id"]) == 1


def test_viewers_that_differ_never_share(app: Flask) -> None:
    made = _table(app)
    full = app.test_client().get(f"/t/{made['id']}/fragment").get_data(as_text=True)
    watch = app.test_client().get(f"/v/{made['view_id']}/fragment").get_data(as_text=True)
    assert made["id"] in full and made["id"] not in watch
    seated = app.test_client()
    seated.set_cookie("me", "1", path=f"/t/{made['id']}")
    renders, seats = SHARED.renders, SHARED.seat_renders
    mine = seated.get(f"/t/{made['id']}/fragment").get_data(as_text=True)
    # Laminate declares seat parts: the page around them is shared, the seat's own parts are another rendering
    assert SHARED.renders == renders and SHARED.seat_renders == seats + 1, "a phone with a seat is another view"
    assert 'data-my-turn' in mine and 'class="player active me"' not in full and 'class="player me"' in mine
    ja = app.test_client()
    ja.set_cookie("lang", "ja")
    renders = SHARED.renders
    ja.get(f"/t/{made['id']}/fragment")
    assert SHARED.renders == renders + 1, "another language is another rendering"


def test_a_new_version_is_rendered_anew(app: Flask) -> None:
    made = _table(app)
    phone = app.test_client()
    assert 'data-version="0"' in phone.get(f"/t/{made['id']}/fragment").get_data(as_text=True)
    app.test_client().post(f"/api/tables/{made['id']}/actions", json={"action": {"type": "research", "from": "deck"}})
    assert 'data-version="1"' in phone.get(f"/t/{made['id']}/fragment").get_data(as_text=True)


def test_fragments_are_compressed_for_browsers_that_accept_gzip(app: Flask) -> None:
    made = _table(app)
    plain = app.test_client().get(f"/v/{made['view_id']}/fragment")
    packed = app.test_client().get(f"/v/{made['view_id']}/fragment", headers={"Accept-Encoding": "gzip, br"})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) * 3 < len(plain.data)


@pytest.mark.parametrize(("header", "gzipped"), [
    ("gzip", True), ("gzip, deflate, br", True), ("GZIP", True), ("deflate, gzip;q=0.5", True), ("*", True),
    ("gzip;q=0", False), ("gzip; q=0.000", False), ("gzip;q=0, *", False), ("*, gzip;q=0", False),
    ("*;q=0", False), ("br;q=1, *;q=0", False), ("identity", False), ("identity;q=0", False),
    ("deflate, br", False), ("", False), (None, False),
])
def test_accept_encoding_is_parsed_with_its_qualities(header: str | None, gzipped: bool) -> None:
    assert accepts_gzip(header) is gzipped


def test_a_fragment_is_plain_for_a_client_that_refuses_gzip(app: Flask) -> None:
    made = _table(app)
    for header in ("gzip;q=0", "gzip;q=0, *", "identity"):
        resp = app.test_client().get(f"/v/{made['view_id']}/fragment", headers={"Accept-Encoding": header})
        assert "Content-Encoding" not in resp.headers, header
        assert 'data-version="0"' in resp.get_data(as_text=True)
