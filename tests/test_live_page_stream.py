"""The page's own stream, ``GET /t/<id>/live`` (companion/web/pages/live.py, served by the live layer of
companion/server/streams.py): Server-Sent Events whose ``table`` events carry the fragment a phone would have
fetched, so a change costs the phone no request. The first event is the current fragment unless the page says
it shows that version (``?since=``, or ``Last-Event-ID`` when the browser reconnects); then one event per
wake-up with the latest version; gzip when accepted; the read-only view's stream is the read-only fragment; bad
input is ignored, never trusted. Over real sockets, against the production server in a thread."""

from __future__ import annotations

import asyncio
import gzip
import re
import socket
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from live_server import LiveServer

from companion.server.bridge import wsgi_environ
from companion.server.streams import LiveLayer

NAMES = ["Hilbert", "Noether", "Banach"]


@pytest.fixture
def live(app: Flask) -> Iterator[LiveServer]:
    with LiveServer(app) as server:
        yield server


class Stream:
    """A browser's EventSource, by hand: the request, the answer's head, then the body chunk by chunk
    (un-chunked, un-gzipped), as text."""

    def __init__(self, port: int, path: str, **headers: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        extra = "".join(f"{k.replace('_', '-')}: {v}\r\n" for k, v in headers.items())
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n{extra}\r\n"
                          .encode())
        self.raw = b""
        while b"\r\n\r\n" not in self.raw:
            self._more()
        head, self.raw = self.raw.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        self.status = int(lines[0].split()[1])
        self.headers: dict[str, list[str]] = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            self.headers.setdefault(name.strip().lower(), []).append(value.strip())
        self.unzip = zlib.decompressobj(31) if self.header("content-encoding") == "gzip" else None
        self.body = b""  # the body as sent (compressed, when it is)
        self.text = ""
        self.ended = False

    def header(self, name: str) -> str:
        return ", ".join(self.headers.get(name, []))

    def _more(self) -> None:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise EOFError("the stream closed")
        self.raw += chunk

    def _chunks(self) -> None:
        while not self.ended:
            end = self.raw.find(b"\r\n")
            if end < 0:
                return
            size = int(self.raw[:end], 16)
            if len(self.raw) < end + 2 + size + 2:
                return
            data, self.raw = self.raw[end + 2:end + 2 + size], self.raw[end + 2 + size + 2:]
            if size == 0:
                self.ended = True
                return
            self.body += data
            self.text += (self.unzip.decompress(data) if self.unzip else data).decode()

    def until(self, wanted: str) -> str:
        """Read until ``wanted`` is in the text; return the text so far, and forget it."""
        self._chunks()
        while wanted not in self.text:
            self._more()
            self._chunks()
        text, self.text = self.text, ""
        return text

    def read_to_end(self) -> None:
        self._chunks()
        while not self.ended:
            self._more()
            self._chunks()

    def close(self) -> None:
        self.sock.close()


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


def test_a_new_stream_starts_with_the_fragment_and_follows_each_change(client: FlaskClient, live: LiveServer) -> None:
    tid = new_table(client)["id"]
    s = Stream(live.port, f"/t/{tid}/live")
    try:
        assert s.status == 200 and s.header("content-type").startswith("text/event-stream")
        assert "content-length" not in s.headers and s.header("transfer-encoding") == "chunked"
        first = s.until("event: table")
        assert first.startswith("retry: ")
        assert 500 <= int(first.split("\n", 1)[0][7:]) <= 1500  # back within 1.5 s when the server goes
        [(version, html)] = events(first)
        assert version == 0 and html.lstrip().startswith('<div id="table"') and 'data-version="0"' in html
        assert re.search(r'name="csrf_token" value="[^"]+"', html)  # forms in it work: this session's token
        v = act(client, tid)
        [(version, html)] = events(s.until("event: table"))
        assert version == v == 1 and 'data-version="1"' in html
    finally:
        s.close()


def test_a_page_that_shows_the_version_gets_no_fragment_until_a_change(client: FlaskClient,
                                                                        live: LiveServer) -> None:
    tid = new_table(client)["id"]
    shown = act(client, tid)
    for reconnecting in (False, True):
        query, headers = ("?since=0", {"Last-Event-ID": str(shown)}) if reconnecting else (f"?since={shown}", {})
        s = Stream(live.port, f"/t/{tid}/live{query}", **headers)
        try:
            assert events(s.until("up to date")) == []  # Last-Event-ID wins over since
            shown = act(client, tid)
            assert [v for v, _ in events(s.until("event: table"))] == [shown]
        finally:
            s.close()
    s = Stream(live.port, f"/t/{tid}/live?since=0")
    try:
        assert [v for v, _ in events(s.until("event: table"))] == [3]  # the page is behind: the latest at once
    finally:
        s.close()


def test_the_stream_is_gzip_compressed_event_by_event_when_accepted(client: FlaskClient, live: LiveServer) -> None:
    tid = new_table(client)["id"]
    s = Stream(live.port, f"/t/{tid}/live", Accept_Encoding="gzip")
    try:
        assert s.header("content-encoding") == "gzip"
        text = s.until("event: table")  # each event decodes whole as it arrives
        assert [v for v, _ in events(text)] == [0]
        sent = len(s.body)
        act(client, tid)
        assert [v for v, _ in events(s.until("event: table"))] == [1]
        assert len(s.body) - sent < len(text) / 4  # compressed, and the repeat of the last event costs little
    finally:
        s.close()


def test_the_read_only_stream_never_holds_the_full_id(client: FlaskClient, live: LiveServer) -> None:
    body = new_table(client)
    tid, vid = body["id"], body["view_id"]
    streams = [Stream(live.port, url) for url in (f"/v/{vid}/live", f"/t/{vid}/live")]
    try:
        for s in streams:
            [(_, html)] = events(s.until("event: table"))
            assert tid not in html and 'data-full="0"' in html
            assert "csrf_token" not in html
        act(client, tid)  # and the events rendered later, by the live layer, neither
        for s in streams:
            [(_, html)] = events(s.until("event: table"))
            assert tid not in html and 'data-full="0"' in html and "csrf_token" not in html
    finally:
        for s in streams:
            s.close()


def test_a_seat_chosen_on_this_phone_is_in_its_stream_before_and_after_a_change(client: FlaskClient,
                                                                                 live: LiveServer) -> None:
    tid = new_table(client)["id"]
    s = Stream(live.port, f"/t/{tid}/live", Cookie="me=1")
    try:
        [(_, html)] = events(s.until("event: table"))
        assert 'data-my-turn="0"' in html and "not-mine" in html  # Hilbert plays: Noether's bar asks "act for"
        act(client, tid)
        [(_, html)] = events(s.until("event: table"))  # rendered by the live layer, with this phone's cookies
        assert 'data-my-turn="1"' in html  # now it is Noether's turn, on Noether's phone
    finally:
        s.close()


@pytest.mark.parametrize("query", ["?since=abc", "?since=-1", "?since=99999999999999999999", "?since=%00"])
def test_a_bad_since_or_last_event_id_only_costs_a_fragment(client: FlaskClient, live: LiveServer, query: str) -> None:
    tid = new_table(client)["id"]
    s = Stream(live.port, f"/t/{tid}/live{query}", Last_Event_ID="x" * 300)
    try:
        assert s.status == 200
        assert [v for v, _ in events(s.until("event: table"))] == [0]
    finally:
        s.close()


def test_an_unknown_table_has_no_stream(live: LiveServer) -> None:
    for path in ("/t/nosuchtable000000000000/live", "/v/nosuchtable000000000000/live"):
        s = Stream(live.port, path)
        try:
            assert s.status == 404 and "text/html" in s.header("content-type")
        finally:
            s.close()


def test_the_phones_of_a_table_share_one_rendering_per_version(client: FlaskClient, live: LiveServer) -> None:
    """Five phones hold the stream: each version is rendered once for the five, each with its own action ids."""
    from companion.web.fragcache import SHARED

    tid = new_table(client)["id"]
    phones = [Stream(live.port, f"/t/{tid}/live?since=0") for _ in range(5)]
    try:
        for s in phones:
            assert s.until("up to date")
        before = SHARED.renders
        act(client, tid)
        tokens = set()
        for s in phones:
            [(version, html)] = events(s.until("event: table"))
            assert version == 1
            tokens.add(re.search(r'name="action_id" value="([^"]+)"', html).group(1))
        assert SHARED.renders - before == 1  # one rendering for five phones
        assert len(tokens) == 5  # each phone its own idempotency keys
    finally:
        for s in phones:
            s.close()


def test_phones_that_name_their_seats_share_the_page_and_each_gets_its_own_seat(client: FlaskClient,
                                                                               live: LiveServer) -> None:
    """Seat parts through the live layer: five phones, each naming a seat (one seat twice), one with gzip. Each
    version is rendered once for all of them and each seat's parts once; every phone's event shows its own seat
    (its turn, its "you"), and never another's."""
    from companion.web.fragcache import SHARED

    tid = new_table(client)["id"]
    seats = ["0", "1", "2", "0", "1"]
    phones = [Stream(live.port, f"/t/{tid}/live?since=0", Cookie=f"me={me}",
                     **({"Accept_Encoding": "gzip"} if n == 4 else {})) for n, me in enumerate(seats)]
    try:
        for s in phones:
            assert s.until("up to date")
        renders, parts = SHARED.renders, SHARED.seat_renders
        act(client, tid)  # Noether's turn now
        for me, s in zip(seats, phones):
            [(version, html)] = events(s.until("event: table"))
            assert version == 1
            mine = re.findall(r'<article class="player[^"]*" id="seat-(\d)"', html)
            marked = re.findall(r'<article class="player[^"]* me" id="seat-(\d)"', html)
            assert mine == ["0", "1", "2"] and marked == [me], (me, marked)
            assert ('data-my-turn="1"' in html) == (me == "1") and ("Your turn, Noether" in html) == (me == "1")
            assert "seat-part:" not in html
        assert SHARED.renders - renders == 1, "one shared rendering for the five phones"
        assert SHARED.seat_renders - parts == 3, "one set of seat parts per seat named"
    finally:
        for s in phones:
            s.close()


def test_a_new_phones_stream_keeps_the_session_its_answer_set(client: FlaskClient, live: LiveServer) -> None:
    """A phone without cookies gets its session (and CSRF token) with the stream's headers; the events the live
    layer renders later carry that same token, so its forms post."""
    tid = new_table(client)["id"]
    s = Stream(live.port, f"/t/{tid}/live")
    try:
        assert "session=" in s.header("set-cookie")
        first = events(s.until("event: table"))[0][1]
        act(client, tid)
        later = events(s.until("event: table"))[0][1]
        tokens = {re.search(r'name="csrf_token" value="([^"]+)"', html).group(1) for html in (first, later)}
        assert len(tokens) == 1
    finally:
        s.close()


def test_a_compressed_stream_ended_by_the_server_is_one_whole_gzip_member(client: FlaskClient, app: Flask,
                                                                          live: LiveServer) -> None:
    """The events are shared compressed blocks with each phone's tokens stored in between; the CRC and length
    the stream keeps make its end a valid gzip trailer (Python's gzip checks both)."""
    tid = new_table(client)["id"]
    s = Stream(live.port, f"/t/{tid}/live", Accept_Encoding="gzip")
    try:
        s.until("event: table")
        act(client, tid)
        s.until('data-version="1"')
        live.router.live.loop.call_soon_threadsafe(live.router.live.close)  # shutting down ends every stream
        s.read_to_end()
    finally:
        s.close()
    text = gzip.decompress(s.body).decode()
    assert [v for v, _ in events(text)] == [0, 1]
    tokens = re.findall(r'name="csrf_token" value="([^"]+)"', text)
    assert tokens and len(set(tokens)) == 1  # this session's token in both events


def test_without_the_live_layer_a_stream_sends_its_first_event_and_ends(client: FlaskClient) -> None:
    """Served by anything else (here Flask's test client) the page reconnects after retry: and polls meanwhile."""
    tid = new_table(client)["id"]
    resp = client.get(f"/t/{tid}/live")
    assert resp.status_code == 200 and resp.mimetype == "text/event-stream"
    text = resp.get_data(as_text=True)
    assert text.startswith("retry: ") and [v for v, _ in events(text)] == [0]
    resp = client.get(f"/api/tables/{tid}/events")
    assert resp.get_data(as_text=True).endswith('event: state\ndata: {"version": 0}\n\n')


def test_several_changes_while_a_phone_is_slow_become_one_event_with_the_latest(app: Flask, client: FlaskClient
                                                                                 ) -> None:
    """The live layer itself, on an event loop of the test's, with a phone whose sends do not return (its
    Wi-Fi is slow) while three changes land: when the send returns, the next event is the latest, alone."""
    tid = new_table(client)["id"]
    layer = LiveLayer(app)
    service = app.extensions["companion"]

    async def scenario() -> list[int]:
        sent: list[bytes] = []
        slow = asyncio.Event()
        gone = asyncio.Event()
        events_seen = asyncio.Event()

        async def send(message: dict[str, Any]) -> None:
            body = message.get("body", b"")
            if b"event: table" in body:
                sent.append(body)
                events_seen.set()
                if len(sent) == 2:  # the first change's event is on its way: the phone stops reading
                    await slow.wait()

        async def receive() -> dict[str, Any]:
            await gone.wait()
            return {"type": "http.disconnect"}

        scope = {"type": "http", "method": "GET", "path": f"/t/{tid}/live", "query_string": b"",
                 "headers": [(b"host", b"127.0.0.1")], "client": ("127.0.0.1", 5), "server": ("127.0.0.1", 80),
                 "http_version": "1.1", "scheme": "http", "root_path": ""}
        task = asyncio.get_running_loop().create_task(layer.handle(scope, receive, send))
        while len(sent) < 1:
            await asyncio.sleep(0.01)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, act, client, tid)
        while len(sent) < 2:
            await asyncio.sleep(0.01)
        for _ in range(3):  # three changes while the phone is stuck on the first one
            await loop.run_in_executor(None, act, client, tid)
        await asyncio.sleep(0.3)  # their renderings are offered; only the latest is kept
        slow.set()
        while len(sent) < 3:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)
        gone.set()
        await asyncio.wait_for(task, 5)
        return [int(re.search(rb"id: (\d+)\n", body).group(1)) for body in sent]

    try:
        assert asyncio.run(scenario()) == [0, 1, 4]
        assert service.version(tid) == 4
    finally:
        layer.stop()


def test_environ_for_flask_from_an_asgi_request() -> None:
    scope = {"type": "http", "method": "GET", "path": "/t/ä b/live", "query_string": b"since=3&x=%20",
             "headers": [(b"host", b"h:1"), (b"cookie", b"a=1"), (b"cookie", b"b=2"), (b"content-type", b"t/x"),
                         (b"x-many", b"1"), (b"x-many", b"2")],
             "client": ("10.0.0.7", 5555), "server": ("127.0.0.1", 8000), "http_version": "1.1", "scheme": "http",
             "root_path": ""}
    environ = wsgi_environ(scope)
    assert environ["PATH_INFO"] == "/t/ä b/live".encode().decode("latin-1")  # PEP 3333: bytes as latin-1
    assert environ["QUERY_STRING"] == "since=3&x=%20" and environ["REMOTE_ADDR"] == "10.0.0.7"
    assert environ["HTTP_COOKIE"] == "a=1; b=2" and environ["HTTP_X_MANY"] == "1,2"
    assert environ["CONTENT_TYPE"] == "t/x" and environ["HTTP_HOST"] == "h:1" and environ["SERVER_PORT"] == "8000"


def test_a_phone_whose_rendering_fails_does_not_hold_back_the_others_of_its_table(app: Flask,
                                                                                  client: FlaskClient) -> None:
    """The live layer renders a change for each of a table's phones in turn and hands each its event as soon as
    it is made: one phone's rendering failing ends that phone's stream (its page reconnects) and no other's."""
    tid = new_table(client)["id"]
    layer = LiveLayer(app)

    async def scenario() -> tuple[list[int], list[int], bool]:
        sent: dict[str, list[int]] = {"good": [], "bad": []}
        ended = {"good": False, "bad": False}
        gone = asyncio.Event()

        def sender(name: str) -> Any:
            async def send(message: dict[str, Any]) -> None:
                found = re.search(rb"id: (\d+)\n", message.get("body", b""))
                if found:
                    sent[name].append(int(found.group(1)))
                if not message.get("more_body", False) and message["type"] == "http.response.body":
                    ended[name] = True
            return send

        async def receive() -> dict[str, Any]:
            await gone.wait()
            return {"type": "http.disconnect"}

        def scope(port: int) -> dict[str, Any]:
            return {"type": "http", "method": "GET", "path": f"/t/{tid}/live", "query_string": b"",
                    "headers": [(b"host", b"127.0.0.1")], "client": ("127.0.0.1", port),
                    "server": ("127.0.0.1", 80), "http_version": "1.1", "scheme": "http", "root_path": ""}

        loop = asyncio.get_running_loop()
        bad = loop.create_task(layer.handle(scope(5), receive, sender("bad")))
        while not sent["bad"]:
            await asyncio.sleep(0.01)
        good = loop.create_task(layer.handle(scope(6), receive, sender("good")))
        while not sent["good"]:
            await asyncio.sleep(0.01)
        # the first phone's later renderings fail
        for stream in layer.tables[tid]:
            if stream.environ["REMOTE_PORT"] == "5":
                def broken() -> Any:
                    raise RuntimeError("a rendering that fails")
                stream.live.render = broken
        await loop.run_in_executor(None, act, client, tid)
        for _ in range(500):
            if 1 in sent["good"] and ended["bad"]:
                break
            await asyncio.sleep(0.01)
        gone.set()
        await asyncio.wait_for(asyncio.gather(bad, good), 5)
        return sent["good"], sent["bad"], ended["bad"]

    try:
        good, bad, bad_ended = asyncio.run(scenario())
        assert good == [0, 1]  # the change reached the phone whose rendering works
        assert bad == [0] and bad_ended  # the other's stream ended (its page reconnects), without that event
    finally:
        layer.stop()
