"""The page's own stream, ``GET /t/<id>/live`` (companion/web/pages/live.py): Server-Sent Events whose
``table`` events carry the fragment a phone would have fetched, so a change costs the phone no request.
The first event is the current fragment unless the page says it shows that version (``?since=``, or
``Last-Event-ID`` when the browser reconnects); then one event per wake-up with the latest version; gzip
when accepted; the read-only view's stream is the read-only fragment; bad input is ignored, never trusted."""

from __future__ import annotations

import re
import zlib

import pytest
from flask import Flask
from flask.testing import FlaskClient

NAMES = ["Hilbert", "Noether", "Banach"]


@pytest.fixture
def service(app: Flask):
    return app.extensions["companion"]


def open_stream(client: FlaskClient, url: str, **headers: str):
    resp = client.get(url, headers=headers, buffered=False)
    return resp, iter(resp.response)


def text_of(chunk: bytes | str) -> str:
    return chunk.decode() if isinstance(chunk, bytes) else chunk


def events(text: str) -> list[tuple[int, str]]:
    """(id, data) of every ``table`` event in ``text``, the data lines joined as a browser does."""
    found = []
    for block in text.split("\n\n"):
        lines = block.split("\n")
        if "event: table" not in lines:
            continue
        ident = int(next(line[4:] for line in lines if line.startswith("id: ")))
        found.append((ident, "\n".join(line[6:] for line in lines if line.startswith("data: "))))
    return found


def new_table(client: FlaskClient) -> dict:
    return client.post("/api/tables", json={"players": NAMES}).get_json()


def act(client: FlaskClient, tid: str) -> int:
    resp = client.post(f"/api/tables/{tid}/actions", json={"action": {"type": "research", "from": "deck"}})
    assert resp.status_code == 200
    return resp.get_json()["state"]["version"]


def test_a_new_stream_starts_with_the_fragment_and_follows_each_change(client: FlaskClient) -> None:
    tid = new_table(client)["id"]
    resp, chunks = open_stream(client, f"/t/{tid}/live")
    try:
        assert resp.status_code == 200 and resp.mimetype == "text/event-stream"
        first = text_of(next(chunks))
        assert first.startswith("retry: ")
        [(version, html)] = events(first)
        assert version == 0 and html.lstrip().startswith('<div id="table"') and 'data-version="0"' in html
        assert re.search(r'name="csrf_token" value="[^"]+"', html)  # forms in it work: this session's token
        v = act(client, tid)
        [(version, html)] = events(text_of(next(chunks)))
        assert version == v == 1 and 'data-version="1"' in html
    finally:
        resp.close()


def test_a_page_that_shows_the_version_gets_no_fragment_until_a_change(client: FlaskClient) -> None:
    tid = new_table(client)["id"]
    act(client, tid)
    for url, headers in ((f"/t/{tid}/live?since=1", {}), (f"/t/{tid}/live?since=0", {"Last-Event-ID": "1"})):
        resp, chunks = open_stream(client, url, **headers)
        try:
            first = text_of(next(chunks))
            assert events(first) == [] and ": up to date" in first  # Last-Event-ID wins over since
        finally:
            resp.close()
    resp, chunks = open_stream(client, f"/t/{tid}/live?since=0")
    try:
        assert [v for v, _ in events(text_of(next(chunks)))] == [1]  # the page is behind: the latest at once
    finally:
        resp.close()


def test_several_changes_while_a_phone_is_slow_become_one_event_with_the_latest(client: FlaskClient) -> None:
    tid = new_table(client)["id"]
    resp, chunks = open_stream(client, f"/t/{tid}/live?since=0")
    try:
        assert events(text_of(next(chunks))) == []
        for _ in range(3):
            act(client, tid)
        [(version, html)] = events(text_of(next(chunks)))
        assert version == 3 and 'data-version="3"' in html
    finally:
        resp.close()


def test_the_stream_is_gzip_compressed_event_by_event_when_accepted(client: FlaskClient) -> None:
    tid = new_table(client)["id"]
    resp, chunks = open_stream(client, f"/t/{tid}/live", **{"Accept-Encoding": "gzip"})
    try:
        assert resp.headers["Content-Encoding"] == "gzip"
        unzip = zlib.decompressobj(31)
        first = next(chunks)
        text = unzip.decompress(first).decode()  # each event decodes whole as it arrives (sync flush)
        assert [v for v, _ in events(text)] == [0]
        act(client, tid)
        second = next(chunks)
        assert [v for v, _ in events(unzip.decompress(second).decode())] == [1]
        assert len(second) < len(text) / 4  # compressed, and the repeat of the last event costs little
    finally:
        resp.close()


def test_the_read_only_stream_never_holds_the_full_id(client: FlaskClient) -> None:
    body = new_table(client)
    tid, vid = body["id"], body["view_id"]
    for url in (f"/v/{vid}/live", f"/t/{vid}/live"):
        resp, chunks = open_stream(client, url)
        try:
            [(_, html)] = events(text_of(next(chunks)))
            assert tid not in html and 'data-full="0"' in html, url
            assert "csrf_token" not in html
        finally:
            resp.close()


def test_a_seat_chosen_on_this_phone_is_in_its_stream(client: FlaskClient) -> None:
    tid = new_table(client)["id"]
    client.set_cookie("me", "1")
    resp, chunks = open_stream(client, f"/t/{tid}/live")
    try:
        [(_, html)] = events(text_of(next(chunks)))
        assert "This device: Noether" in html or 'data-my-turn="0"' in html
        assert "not-mine" in html  # Noether's phone while Hilbert plays: the bar asks "act for"
    finally:
        resp.close()


@pytest.mark.parametrize("query", ["?since=abc", "?since=-1", "?since=99999999999999999999", "?since=%00"])
def test_a_bad_since_or_last_event_id_only_costs_a_fragment(client: FlaskClient, query: str) -> None:
    tid = new_table(client)["id"]
    resp, chunks = open_stream(client, f"/t/{tid}/live{query}", **{"Last-Event-ID": "x" * 300})
    try:
        assert resp.status_code == 200
        assert [v for v, _ in events(text_of(next(chunks)))] == [0]
    finally:
        resp.close()


def test_an_unknown_table_has_no_stream(client: FlaskClient) -> None:
    assert client.get("/t/nosuchtable000000000000/live").status_code == 404
    assert client.get("/v/nosuchtable000000000000/live").status_code == 404


def test_the_phones_of_a_table_share_one_rendering_per_version(client: FlaskClient, app: Flask) -> None:
    """Five phones behind on version 1 each get it from one rendering, each with its own action ids. (One
    stream at a time here: a server gives each stream its own thread, the test client has only this one.)"""
    from companion.web.fragcache import SHARED

    tid = new_table(client)["id"]
    act(client, tid)
    before = SHARED.renders
    tokens = set()
    for phone in [app.test_client() for _ in range(5)]:
        resp, chunks = open_stream(phone, f"/t/{tid}/live?since=0")
        try:
            [(version, html)] = events(text_of(next(chunks)))
        finally:
            resp.close()
        assert version == 1
        tokens.add(re.search(r'name="action_id" value="([^"]+)"', html).group(1))
    assert SHARED.renders - before == 1  # one rendering for five phones
    assert len(tokens) == 5  # each phone its own idempotency keys


def test_a_compressed_stream_ended_by_the_server_is_one_whole_gzip_member(client: FlaskClient, app: Flask) -> None:
    """The events are shared compressed blocks with each phone's tokens stored in between; the CRC and length
    the stream keeps make its end a valid gzip trailer (Python's gzip checks both)."""
    import gzip

    tid = new_table(client)["id"]
    resp, chunks = open_stream(client, f"/t/{tid}/live", **{"Accept-Encoding": "gzip"})
    got = [next(chunks)]
    act(client, tid)
    got.append(next(chunks))
    app.extensions["companion"].close()  # shutting down ends every stream normally
    got += list(chunks)
    resp.close()
    text = gzip.decompress(b"".join(got)).decode()
    assert [v for v, _ in events(text)] == [0, 1]
    tokens = re.findall(r'name="csrf_token" value="([^"]+)"', text)
    assert tokens and len(set(tokens)) == 1  # this session's token in both events
