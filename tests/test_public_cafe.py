"""A café behind one NAT address, in public mode (issue 18 part 5): 100 phones at 20 tables, every one of them from
127.0.0.1, against the production server (hypercorn, the guard in public mode, the real app). On a LAN the address
is the device, so its caps (8 streams, 16 requests in flight, 30 new tables) would lock out the café's second
table; in public mode each phone is its own device (the signed ``companion_device`` cookie its first answer
brings), and the address has limits sized for a café:

* all 100 phones load their table, hold its live stream and see every change; every table's actions land;
* one device flooding table creation is refused (429 ``too_many_requests``, ``Retry-After``) after its own quota,
  and so are requests without a cookie after one device's share — while every other phone at that address
  still creates, acts and follows its table;
* the device cookie is the guard's alone: the app never sees it, and one made up by a client is no device.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from companion.server.asgi import build_app
from companion.server.devices import COOKIE, PUBLIC_DEVICE_BUDGETS, DeviceCookies
from companion.server.guard import Guard, PublicLimits
from companion.server.serve import Background
from companion.server.sockets import bind_socket
from companion.web import create_app

TABLES, PHONES = 20, 5
RESEARCH = {"type": "research", "from": "deck"}


@pytest.fixture
def cafe(tmp_path) -> Iterator[tuple[int, Guard]]:
    app = create_app(str(tmp_path / "cafe.db"), secret_key="test")
    app.config["PUBLIC_MODE"] = True
    asgi, router, guard = build_app(app, threads=16, public=PublicLimits(DeviceCookies("test")))
    sock = bind_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    server = Background(asgi, sock, before_stop=router.live.close).start()
    yield port, guard
    assert server.stop()
    router.live.stop()
    service = app.extensions["companion"]
    service.close()
    service.store.close()


async def call(port: int, method: str, path: str, cookies: dict[str, str], body: Any = None
               ) -> tuple[int, list[tuple[str, str]], bytes]:
    """One request on a connection of its own: (status, headers, body)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
        if cookies:
            head += "Cookie: " + "; ".join(f"{k}={v}" for k, v in cookies.items()) + "\r\n"
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        writer.write(head.encode() + b"\r\n" + data)
        raw = await asyncio.wait_for(reader.read(), 60)
    finally:
        writer.close()
    top, _, content = raw.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    headers = [(k.strip().lower(), v.strip()) for k, _, v in (line.partition(":") for line in lines[1:])]
    if ("transfer-encoding", "chunked") in headers:
        content = dechunk(content)[0]
    return int(lines[0].split()[1]), headers, content


def dechunk(raw: bytes) -> tuple[bytes, bytes]:
    out = []
    while (end := raw.find(b"\r\n")) >= 0:
        size = int(raw[:end].split(b";")[0] or b"0", 16)
        if len(raw) < end + 2 + size + 2:
            break
        out.append(raw[end + 2:end + 2 + size])
        raw = raw[end + 2 + size + 2:]
    return b"".join(out), raw


@dataclass
class Phone:
    port: int
    table: str = ""
    cookies: dict[str, str] = field(default_factory=dict)
    versions: list[int] = field(default_factory=list)
    seen: asyncio.Event = field(default_factory=asyncio.Event)

    def keep(self, headers: list[tuple[str, str]]) -> None:
        for key, value in headers:
            if key == "set-cookie":
                name, _, cookie = value.split(";", 1)[0].partition("=")
                self.cookies[name.strip()] = cookie.strip()

    async def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        status, headers, content = await call(self.port, method, path, self.cookies, body)
        self.keep(headers)
        if ("content-type", "application/json; charset=utf-8") in headers:
            return status, json.loads(content)
        return status, content

    async def follow(self, opened: asyncio.Event, stop: asyncio.Event) -> None:
        """The page's live stream, held until ``stop``: the version of every event."""
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        writer.write(f"GET /t/{self.table}/live HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                     f"Accept: text/event-stream\r\nCookie: {cookie}\r\n\r\n".encode())
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 60)
            assert head.startswith(b"HTTP/1.1 200 "), head
            opened.set()
            raw, text = b"", b""
            ending = asyncio.ensure_future(stop.wait())
            while not stop.is_set():
                reading = asyncio.ensure_future(reader.read(65536))
                await asyncio.wait({reading, ending}, return_when=asyncio.FIRST_COMPLETED)
                if not reading.done():
                    reading.cancel()
                    break
                chunk = reading.result()
                if not chunk:
                    break
                body, raw = dechunk(raw + chunk)
                text += body
                for found in re.finditer(rb"^id: (\d+)$", text, re.M):
                    self.versions.append(int(found.group(1)))
                    self.seen.set()
                text = text[text.rfind(b"\n\n") + 2:] if b"\n\n" in text else text
        finally:
            writer.close()

    async def shows(self, version: int) -> None:
        while not self.versions or self.versions[-1] < version:
            self.seen.clear()
            await asyncio.wait_for(self.seen.wait(), 30)


def test_a_hundred_phones_behind_one_address_all_play_and_one_flooding_device_is_held(cafe: tuple[int, Guard]) -> None:
    port, guard = cafe

    async def main() -> None:
        hosts = [Phone(port) for _ in range(TABLES)]
        for host in hosts:  # each table made by one of its phones, every one from 127.0.0.1
            assert (await host.call("GET", "/"))[0] == 200
            status, made = await host.call("POST", "/api/tables", {"players": ["Ann", "Ben", "Cy", "Dee"]})
            assert status == 201, made
            host.table = made["id"]
        phones = [host if k == 0 else Phone(port, host.table) for host in hosts for k in range(PHONES)]
        pages = await asyncio.gather(*(p.call("GET", f"/t/{p.table}") for p in phones))
        assert all(status == 200 and b'data-version="0"' in page for status, page in pages)
        assert len({p.cookies[COOKIE] for p in phones}) == len(phones)  # a hundred devices, not one address
        stop = asyncio.Event()
        opened = [asyncio.Event() for _ in phones]
        followers = [asyncio.create_task(p.follow(o, stop)) for p, o in zip(phones, opened)]
        await asyncio.wait_for(asyncio.gather(*(o.wait() for o in opened)), 60)
        await asyncio.gather(*(p.shows(0) for p in phones))
        assert guard.client_streams["127.0.0.1"] == len(phones)  # on a LAN the ninth would have been refused
        assert len(guard.device_streams) == len(phones)

        async def round_of_play(version: int) -> None:
            results = await asyncio.gather(*(h.call("POST", f"/api/tables/{h.table}/actions",
                                                    {"action": RESEARCH, "version": version - 1}) for h in hosts))
            assert [s for s, _ in results] == [200] * TABLES, results[:2]
            await asyncio.gather(*(p.shows(version) for p in phones))

        await round_of_play(1)

        # One device floods table creation: held at its own quota, with a Retry-After.
        flooder = phones[1]
        answers = await asyncio.gather(*(flooder.call("POST", "/api/tables", {"players": ["X", "Y", "Z"]})
                                         for _ in range(30)))
        made = Counter(status for status, _ in answers)
        assert set(made) == {201, 429} and made[201] <= PUBLIC_DEVICE_BUDGETS["create"][1], made
        assert all(body["error"] == "too_many_requests" and body["message_ja"] for s, body in answers if s == 429)
        # So are requests without any cookie (or with a made-up one): together, one device's share.
        anonymous = await asyncio.gather(*(call(port, "POST", "/api/tables", {COOKIE: "made-up.cookie"},
                                                {"players": ["X", "Y", "Z"]}) for _ in range(30)))
        made = Counter(status for status, _, _ in anonymous)
        assert set(made) == {201, 429} and made[201] <= PUBLIC_DEVICE_BUDGETS["create"][1], made
        assert all(("retry-after" in dict(h)) for s, h, _ in anonymous if s == 429)
        # Everyone else at that address goes on: a new table, and the next round of play on every table.
        status, _ = await phones[7].call("POST", "/api/tables", {"players": ["Ann", "Ben", "Cy"]})
        assert status == 201
        await round_of_play(2)
        assert all(p.versions[-1] == 2 for p in phones)

        stop.set()
        await asyncio.gather(*followers)

    asyncio.run(asyncio.wait_for(main(), 240))


def test_the_device_cookie_is_the_guards_alone() -> None:
    cookies = DeviceCookies("one secret")
    value = cookies.new()
    ident = cookies.check(value)
    assert ident is not None and len(ident) == 16
    assert DeviceCookies("another secret").check(value) is None  # made under another key: no device
    assert cookies.check(ident + ".AAAAAAAAAAAAAAAAAAAAAA") is None and cookies.check("") is None
    scope: dict[str, Any] = {"headers": [(b"host", b"x"), (b"cookie", f"a=1; {COOKIE}={value}; b=2".encode())]}
    assert cookies.take(scope) == ident
    assert scope["headers"] == [(b"host", b"x"), (b"cookie", b"a=1; b=2")]  # the app never sees it
    scope = {"headers": [(b"cookie", f"{COOKIE}={value}".encode())]}
    assert cookies.take(scope) == ident and scope["headers"] == []
    name, attrs = DeviceCookies("s", secure=True).set_cookie(value)
    assert name == b"set-cookie" and b"HttpOnly" in attrs and b"Secure" in attrs and b"SameSite=Lax" in attrs
