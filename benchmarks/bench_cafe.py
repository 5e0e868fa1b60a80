"""Café benchmark: many tables, five phones each, every phone holding the live stream like the real page.

Starts ``companion serve`` with its defaults (plus ``--server-arg``), creates ``--tables`` Laminate tables,
and gives each ``--phones`` phones. A phone does what static/js/app.js does: it holds the page's stream
``GET /t/{id}/live?since=V`` (``Accept-Encoding: gzip`` and its cookies, like a browser), whose events carry
the table fragment itself, and "shows" each (reads ``data-version``) — no fetch per change. A refused stream
(503) waits ``Retry-After`` (with jitter) and tries again, and polls ``/fragment?since=`` meanwhile with a
growing interval. ``--fetch`` gives the phones the earlier page instead: the API's version events, then a
fetch of ``/t/{id}/fragment`` per change (fetches never overlap: one in flight, one more queued).
Every phone connects from its own loopback address (127.1.x.y) so per-client caps see distinct devices.
One phone per table acts every ``--interval`` s (jittered): research from the deck, pass, sometimes undo.

Measured, over ``--duration`` s of play:

* action: request sent -> answer read (accepted actions);
* push: request sent -> each phone's stream delivers the version (or a later one);
* page: request sent -> each phone shows the version (fragment read) -- what a player sees;
* missed: (action, phone) pairs never shown within 5 s after play stops; errors: transport errors and 5xx;
* joins: every second a new phone (new address) loads the full page and opens its stream: time to its first
  event. Goal 2 s;
* server: RSS (peak), threads, CPU (user+system) over the play, as a share of one core.

``--attack NAME`` adds one misbehaving device at 127.0.0.2 during the play, in a process of its own (in the
phones' event loop its own load delayed the phones and inflated the figures): ``idle`` (600 connections that
send nothing), ``slowloris`` (600 connections that send a request line and one header byte every 5 s),
``streams`` (400 streams on one table's read-only id), ``hints`` (64 loops asking /hints), ``qr`` (8 loops
on the QR image), ``headers`` (8 loops sending 20,000 headers), ``create`` (8 loops creating tables).

    python benchmarks/bench_cafe.py --tables 100 [--phones 5] [--interval 2] [--duration 30] [--seats]
        [--attack hints] [--server-arg=--workers=2] [--db postgresql://…] [--servers 2] [--check]

``--db URL`` runs the servers on PostgreSQL (a schema of the run's own, dropped at the end). ``--servers 2`` starts
two separate servers on it and sends each table's actions to one while its phones stream from the other: every
push then crosses processes, and "push" is the issue's "a change through one worker shown on a phone streaming
from another".

Loopback only; Linux (reads /proc); bounded by ``--timeout``. Under ``--workers`` the server's CPU, RSS, threads
and descriptors are those of the supervisor and its workers together. ``--seats`` makes every phone of a table
claim its own seat (``me`` cookie), so the five fragments of a version differ and cannot be shared.
``--stream-only`` leaves the fetches out: what the live fan-out alone costs (the issue's first measurement).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gzip
import json
import os
import random
import re
import sys
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_load import HOST, NAMES, percentile, start_server  # noqa: E402

ACTIONS = [({"type": "research", "from": "deck"}, 6), ({"type": "pass"}, 3), (None, 1)]
GOALS = {"push": 100.0, "page": 250.0, "action": 100.0, "join": 2000.0}
VERSION = re.compile(rb'data-version="(\d+)"')
EVENT = re.compile(rb"data: \{\"version\": (\d+)\}")
LIVE_EVENT = re.compile(rb"id: (\d+)\nevent: table\n")
ATTACKER = "127.0.0.2"


def phone_addr(n: int) -> str:
    return f"127.1.{n // 250}.{n % 250 + 1}"


# --------------------------------------------------------------------------- a tiny HTTP/1.1 client

class HTTPError(Exception):
    pass


async def read_response(reader: asyncio.StreamReader) -> tuple[int, dict[str, str], bytes]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            k, v = line.split(":", 1)
            headers[k.strip().lower()] = v.strip()
    body = b""
    if "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding") == "chunked":
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            chunk = await reader.readexactly(size + 2)
            if not size:
                break
            body += chunk[:-2]
    if headers.get("content-encoding") == "gzip":
        body = gzip.decompress(body)
    return status, headers, body


class Conn:
    """One keep-alive connection from a given source address, reopened when the server closes it."""

    def __init__(self, port: int, src: str) -> None:
        self.port, self.src = port, src
        self.rw: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
                      timeout: float = 15) -> tuple[int, dict[str, str], bytes]:
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\nAccept-Encoding: gzip\r\n"
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        for k, v in (headers or {}).items():
            head += f"{k}: {v}\r\n"
        for attempt in (0, 1):
            if self.rw is None:
                self.rw = await asyncio.wait_for(
                    asyncio.open_connection(HOST, self.port, local_addr=(self.src, 0)), timeout)
            reader, writer = self.rw
            try:
                writer.write(head.encode() + b"\r\n" + data)
                result = await asyncio.wait_for(read_response(reader), timeout)
                if result[1].get("connection", "").lower() == "close":
                    self.close()
                return result
            except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
                self.close()
                if attempt:
                    raise HTTPError(repr(exc)) from exc
            except asyncio.TimeoutError:
                self.close()
                raise HTTPError(f"timeout {method} {path}") from None
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.rw is not None:
            self.rw[1].close()
            self.rw = None


# --------------------------------------------------------------------------- phones

@dataclass
class Stats:
    errors: list[str] = field(default_factory=list)
    refused_streams: int = 0
    polls: int = 0
    fetches: int = 0
    fetch_bytes: int = 0
    fetch_ms: list[float] = field(default_factory=list)
    joins: list[float] = field(default_factory=list)
    join_fail: int = 0


@dataclass
class Phone:
    n: int
    table: str
    seat: int | None
    port: int
    stats: Stats
    pushed: dict[int, float] = field(default_factory=dict)  # version -> first time the stream had it
    shown: dict[int, float] = field(default_factory=dict)   # version -> time the page showed it
    version: int = -1
    want: int = -1
    streaming: bool = False
    fetching: bool = True  # False: --stream-only, the stream's version is what the phone "shows"
    live: bool = True  # the page's own stream, whose events carry the fragment (False: --fetch)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    jar: dict[str, str] = field(default_factory=dict)  # the cookies the server gave this phone

    @property
    def src(self) -> str:
        return phone_addr(self.n)

    async def run(self, stop: asyncio.Event) -> None:
        tasks = [asyncio.create_task(self.stream(stop)), asyncio.create_task(self.fetcher(stop)),
                 asyncio.create_task(self.poller(stop))]
        await stop.wait()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def stream(self, stop: asyncio.Event) -> None:
        if self.live and self.fetching:
            await self.live_stream(stop)
            return
        last_id: int | None = None
        failures = 0
        while not stop.is_set():
            writer = None
            try:
                reader, writer = await asyncio.open_connection(HOST, self.port, local_addr=(self.src, 0))
                extra = f"Last-Event-ID: {last_id}\r\n" if last_id is not None else ""
                writer.write(f"GET /api/tables/{self.table}/events HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n"
                             f"Accept: text/event-stream\r\n{extra}\r\n".encode())
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 15)
                status = int(head.split(b" ", 2)[1])
                if status != 200:
                    self.stats.refused_streams += 1
                    retry = re.search(rb"(?i)retry-after: *(\d+)", head)
                    wait = float(retry.group(1)) if retry else 5.0
                    failures += 1
                    await asyncio.sleep(wait * random.uniform(1, 1.5) * min(2 ** (failures - 1), 8))
                    continue
                failures = 0
                self.streaming = True
                buf = b""
                while True:
                    chunk = await reader.read(65536)
                    if not chunk:
                        break
                    now = time.perf_counter()
                    buf += chunk
                    last = 0
                    for m in EVENT.finditer(buf):
                        last = m.end()
                        v = int(m.group(1))
                        last_id = v
                        self.pushed.setdefault(v, now)
                        if not self.fetching:
                            self.version = v
                            self.shown.setdefault(v, now)
                        elif v != self.version:
                            self.want = v
                            self.wake.set()
                    buf = buf[last:] if last else buf[-4096:]
            except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError, IndexError) as exc:
                if not stop.is_set():
                    self.stats.errors.append(f"stream: {exc!r}"[:120])
                    await asyncio.sleep(random.uniform(1, 2))
            finally:
                self.streaming = False
                if writer is not None:
                    writer.close()

    async def live_stream(self, stop: asyncio.Event) -> None:
        """The page's stream: chunked, gzip-compressed SSE whose ``table`` events carry the fragment."""
        if self.seat is not None:
            self.jar.setdefault("me", str(self.seat))
        failures = 0
        while not stop.is_set():
            writer = None
            try:
                reader, writer = await asyncio.open_connection(HOST, self.port, local_addr=(self.src, 0))
                since = f"?since={self.version}" if self.version >= 0 else ""
                cookie = "; ".join(f"{k}={v}" for k, v in self.jar.items())
                writer.write((f"GET /t/{self.table}/live{since} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n"
                             f"Accept: text/event-stream\r\nAccept-Encoding: gzip\r\n"
                             + (f"Cookie: {cookie}\r\n" if cookie else "") + "\r\n").encode())
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 15)
                status = int(head.split(b" ", 2)[1])
                if status != 200:
                    self.stats.refused_streams += 1
                    retry = re.search(rb"(?i)retry-after: *(\d+)", head)
                    failures += 1
                    wait = float(retry.group(1)) if retry else 5.0
                    await asyncio.sleep(wait * random.uniform(1, 1.5) * min(2 ** (failures - 1), 8))
                    continue
                for m in re.finditer(rb"(?i)set-cookie: *([^=;\r\n]+)=([^;\r\n]*)", head):
                    self.jar[m.group(1).decode().strip()] = m.group(2).decode().strip()
                failures = 0
                self.streaming = True
                unzip = zlib.decompressobj(31) if re.search(rb"(?i)content-encoding: *gzip", head) else None
                raw, text = b"", b""
                while True:
                    chunk = await reader.read(65536)
                    if not chunk:
                        break
                    now = time.perf_counter()
                    raw += chunk
                    body, raw = dechunk(raw)
                    text += unzip.decompress(body) if unzip is not None else body
                    while b"\n\n" in text:
                        event, text = text.split(b"\n\n", 1)
                        m = LIVE_EVENT.search(event)
                        if m is None:
                            continue
                        shown = VERSION.search(event)
                        v = int(shown.group(1)) if shown else int(m.group(1))
                        self.stats.fetch_bytes += len(event)
                        self.stats.fetches += 1
                        self.pushed.setdefault(v, now)
                        if v > self.version:
                            self.version = v
                        self.shown.setdefault(v, now)
            except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError, IndexError,
                    zlib.error) as exc:
                if not stop.is_set():
                    self.stats.errors.append(f"stream: {exc!r}"[:120])
                    await asyncio.sleep(random.uniform(1, 2))
            finally:
                self.streaming = False
                if writer is not None:
                    writer.close()

    async def poller(self, stop: asyncio.Event) -> None:
        """Like app.js while it has no stream: conditional fetches, the interval growing from 1 s to 10 s."""
        interval = 1.0
        while not stop.is_set():
            await asyncio.sleep(interval * random.uniform(0.8, 1.2))
            if self.streaming or not self.fetching:
                interval = 1.0
                continue
            self.stats.polls += 1
            self.want = max(self.want, -2)  # a conditional fetch: 204 when nothing changed
            self.wake.set()
            interval = min(interval * 1.5, 10.0)

    async def fetcher(self, stop: asyncio.Event) -> None:
        conn = Conn(self.port, self.src)
        # A browser keeps the cookies it is given (the session, with its CSRF token): so does the phone.
        jar = {"me": str(self.seat)} if self.seat is not None else {}
        try:
            while not stop.is_set():
                await self.wake.wait()
                self.wake.clear()
                conditional = self.want == -2 or self.want == self.version
                path = f"/t/{self.table}/fragment" + (f"?since={self.version}" if conditional else "")
                headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items())} if jar else {}
                began = time.perf_counter()
                try:
                    status, answer, body = await conn.request("GET", path, headers=headers)
                except HTTPError as exc:
                    self.stats.errors.append(f"fetch: {exc}"[:120])
                    continue
                now = time.perf_counter()
                if "set-cookie" in answer:
                    name, _, value = answer["set-cookie"].split(";", 1)[0].partition("=")
                    jar[name.strip()] = value.strip()
                self.stats.fetches += 1
                self.stats.fetch_ms.append((now - began) * 1000)
                if status == 204:
                    continue
                if status != 200:
                    self.stats.errors.append(f"fetch: HTTP {status}")
                    continue
                self.stats.fetch_bytes += len(body)
                m = VERSION.search(body)
                if m:
                    self.version = int(m.group(1))
                    self.shown.setdefault(self.version, now)
        finally:
            conn.close()


def dechunk(raw: bytes) -> tuple[bytes, bytes]:
    """The complete chunks of an HTTP/1.1 chunked body: (their data, what is left for later)."""
    out = []
    while True:
        end = raw.find(b"\r\n")
        if end < 0:
            return b"".join(out), raw
        size = int(raw[:end].split(b";")[0] or b"0", 16)
        if len(raw) < end + 2 + size + 2:
            return b"".join(out), raw
        out.append(raw[end + 2:end + 2 + size])
        raw = raw[end + 2 + size + 2:]


def first_at_or_after(seen: dict[int, float], version: int) -> float | None:
    times = [t for v, t in seen.items() if v >= version]
    return min(times) if times else None


async def player(port: int, table: str, src: str, interval: float, stop: asyncio.Event, rng: random.Random,
                 answers: list[tuple[str, int, float]], action_ms: list[float], stats: Stats) -> None:
    conn = Conn(port, src)
    version = 0
    await asyncio.sleep(rng.uniform(0, interval))
    try:
        while not stop.is_set():
            action = rng.choices([a for a, _ in ACTIONS], [w for _, w in ACTIONS])[0]
            path = f"/api/tables/{table}/" + ("undo" if action is None else "actions")
            body = {"version": version} if action is None else {"action": action, "version": version}
            began = time.perf_counter()
            try:
                status, _, raw = await conn.request("POST", path, body)
            except HTTPError as exc:
                stats.errors.append(f"action: {exc}"[:120])
                await asyncio.sleep(interval)
                continue
            done = time.perf_counter()
            answer = json.loads(raw) if raw else {}
            if status == 200:
                version = answer["state"]["version"]
                answers.append((table, version, began))
                action_ms.append((done - began) * 1000)
            elif status >= 500:
                stats.errors.append(f"action: HTTP {status}")
            elif answer.get("error") == "stale":
                _, _, raw = await conn.request("GET", f"/api/tables/{table}")
                version = json.loads(raw)["version"]
                continue
            await asyncio.sleep(interval * rng.uniform(0.75, 1.25))
    finally:
        conn.close()


async def joiner(port: int, tables: list[str], stop: asyncio.Event, stats: Stats, start_n: int) -> None:
    """Every second a new device opens a table's page and its stream: time to the first event."""
    n = start_n
    while not stop.is_set():
        await asyncio.sleep(1.0)
        n += 1
        table = tables[n % len(tables)]
        began = time.perf_counter()
        conn = Conn(port, phone_addr(n))
        writer = None
        try:
            status, _, _ = await conn.request("GET", f"/t/{table}", timeout=10)
            if status != 200:
                raise HTTPError(f"page HTTP {status}")
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(HOST, port, local_addr=(phone_addr(n), 0)), 10)
            writer.write(f"GET /api/tables/{table}/events HTTP/1.1\r\nHost: {HOST}:{port}\r\n\r\n".encode())
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
            if b" 200 " not in head.split(b"\r\n")[0]:
                raise HTTPError(f"stream {head[:20]!r}")
            await asyncio.wait_for(reader.readuntil(b"\n\n"), 10)
            stats.joins.append((time.perf_counter() - began) * 1000)
        except (HTTPError, OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError) as exc:
            stats.join_fail += 1
            stats.errors.append(f"join: {exc!r}"[:120])
        finally:
            conn.close()
            if writer is not None:
                writer.close()


# --------------------------------------------------------------------------- attacks (one device)

async def attack(kind: str, port: int, table: str, view_id: str, stop: asyncio.Event, counts: dict[str, int]
                 ) -> None:
    async def connect() -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        return await asyncio.wait_for(asyncio.open_connection(HOST, port, local_addr=(ATTACKER, 0)), 5)

    async def holder(first: bytes, drip: bytes | None) -> None:
        while not stop.is_set():
            writer = None
            try:
                reader, writer = await connect()
                counts["opened"] = counts.get("opened", 0) + 1
                if first:
                    writer.write(first)
                while not stop.is_set():
                    try:
                        data = await asyncio.wait_for(reader.read(4096), 5)
                        if not data:
                            break
                    except asyncio.TimeoutError:
                        if drip:
                            writer.write(drip)
                counts["closed by server"] = counts.get("closed by server", 0) + 1
            except (OSError, asyncio.TimeoutError):
                counts["connect failed"] = counts.get("connect failed", 0) + 1
                await asyncio.sleep(1)
            finally:
                if writer is not None:
                    writer.close()

    async def looper(method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> None:
        conn = Conn(port, ATTACKER)
        while not stop.is_set():
            try:
                status, _, _ = await conn.request(method, path, body, headers, timeout=10)
                counts[str(status)] = counts.get(str(status), 0) + 1
            except HTTPError:
                counts["error"] = counts.get("error", 0) + 1
                await asyncio.sleep(0.05)
        conn.close()

    if kind == "idle":
        jobs = [holder(b"", None) for _ in range(600)]
    elif kind == "slowloris":
        jobs = [holder(f"GET / HTTP/1.1\r\nHost: {HOST}\r\n".encode(), b"X") for _ in range(600)]
    elif kind == "streams":
        req = f"GET /api/tables/{view_id}/events HTTP/1.1\r\nHost: {HOST}:{port}\r\n\r\n".encode()
        jobs = [holder(req, None) for _ in range(400)]
    elif kind == "hints":
        from companion.games.laminate.deck import DEFAULT_DECK
        hand = [str(c) for c in random.Random(1).sample(list(DEFAULT_DECK.cards), 20)]
        jobs = [looper("POST", f"/api/tables/{table}/hints", {"player": 0, "hand": hand}) for _ in range(64)]
    elif kind == "qr":
        jobs = [looper("GET", f"/t/{table}/qr.svg") for _ in range(8)]
    elif kind == "headers":
        many = {f"X-H{i}": "a" for i in range(20_000)}
        jobs = [looper("GET", "/", headers=many) for _ in range(8)]
    elif kind == "create":
        jobs = [looper("POST", "/api/tables", {"players": ["A", "B", "C"]}) for _ in range(8)]
    else:
        raise SystemExit(f"unknown attack {kind!r}")
    await asyncio.gather(*jobs, return_exceptions=True)


def _attack_process(kind: str, port: int, table: str, view_id: str, seconds: float, out: Any) -> None:
    """The attacker in a process of its own: in the players' event loop, its thousands of connections a
    second delayed the players' own requests and inflated every figure measured during the attack."""

    async def main() -> dict[str, int]:
        stop = asyncio.Event()
        asyncio.get_running_loop().call_later(seconds, stop.set)
        counts: dict[str, int] = {}
        await attack(kind, port, table, view_id, stop, counts)
        return counts

    out.put(asyncio.run(main()))


def start_attack(kind: str, port: int, table: str, view_id: str, seconds: float) -> tuple[Any, Any]:
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    proc = context.Process(target=_attack_process, args=(kind, port, table, view_id, seconds, out), daemon=True)
    proc.start()
    return proc, out


# --------------------------------------------------------------------------- server figures

def family(pid: int) -> list[int]:
    """The server's process and its children (the workers of ``--workers``)."""
    pids = [pid]
    with contextlib.suppress(OSError):
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as fh:
                pids += [int(p) for p in fh.read().split()]
    return pids


def cpu_seconds(pid: int | list[int]) -> float:
    if isinstance(pid, list):  # several servers (--servers): together
        return sum(cpu_seconds(one) for one in pid)
    total = 0.0
    for one in family(pid):
        with contextlib.suppress(OSError), open(f"/proc/{one}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
            # its own time and that of its children that ended (a worker killed and replaced)
            total += sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK") if one == pid else \
                (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def proc_figures(pid: int | list[int]) -> dict[str, float]:
    if isinstance(pid, list):  # several servers (--servers): together
        figures = [proc_figures(one) for one in pid]
        return {k: sum(f[k] for f in figures) for k in figures[0]}
    values: dict[str, float] = {"VmRSS": 0, "VmHWM": 0, "Threads": 0, "fds": 0}
    for one in family(pid):
        with contextlib.suppress(OSError):
            with open(f"/proc/{one}/status") as fh:
                for line in fh:
                    key, _, rest = line.partition(":")
                    if key in values:
                        values[key] += int(rest.split()[0])
            values["fds"] += len(os.listdir(f"/proc/{one}/fd"))
    return values


def line(name: str, values: list[float], goal: float | None = None) -> str:
    if not values:
        return f"{name:<8} no samples"
    p50, p95 = percentile(values, 50), percentile(values, 95)
    verdict = "" if goal is None else ("  goal met" if p95 <= goal else f"  GOAL MISSED (p95 <= {goal:.0f} ms)")
    return (f"{name:<8} n={len(values):<6} p50={p50:8.1f} ms  p95={p95:8.1f} ms  max={max(values):8.1f} ms"
            f"{verdict}")


# --------------------------------------------------------------------------- a database of the run's own

def fresh_database(url: str) -> tuple[str, str]:
    """A new empty schema in the PostgreSQL database at ``url``: (a URL whose connections use it, its name)."""
    import uuid
    from urllib.parse import quote

    import psycopg

    name = "bench_" + uuid.uuid4().hex[:12]
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {name}")  # a name of our own making: hex digits only
    joiner = "&" if "?" in url else "?"
    return f"{url}{joiner}options={quote(f'-csearch_path={name}')}", name


def drop_database(url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")


# --------------------------------------------------------------------------- main

def acting_port(ports: list[int], t: int) -> int:
    """The server table ``t``'s actions go to (several servers: in turn)."""
    return ports[t % len(ports)]


def watching_port(ports: list[int], t: int) -> int:
    """The server table ``t``'s phones stream from: with several servers, the one after its acting server, so
    that every change reaches every phone through another process (PostgreSQL's notices)."""
    return ports[(t + 1) % len(ports)]


async def main_async(args: argparse.Namespace, ports: list[int], pid: int | list[int]) -> dict[str, Any]:
    rng = random.Random(args.seed)
    port = ports[0]
    tables: list[tuple[str, str]] = []
    for t in range(args.tables):  # each table created by its first phone, as at a real table
        setup = Conn(acting_port(ports, t), phone_addr(t * args.phones))
        status, _, raw = await setup.request("POST", "/api/tables", {"players": rng.sample(NAMES, 4)})
        setup.close()
        if status != 201:
            raise SystemExit(f"creating a table failed: HTTP {status} {raw[:200]!r}")
        body = json.loads(raw)
        tables.append((body["id"], body["view_id"]))
    stats = Stats()
    phones = [Phone(t * args.phones + k, tid, (k % 4) if args.seats else None, watching_port(ports, t), stats,
                    fetching=not args.stream_only, live=not args.fetch)
              for t, (tid, _) in enumerate(tables) for k in range(args.phones)]
    stop_phones, stop_play = asyncio.Event(), asyncio.Event()
    phone_tasks = []
    for i, ph in enumerate(phones):
        phone_tasks.append(asyncio.create_task(ph.run(stop_phones)))
        if i % 50 == 49:
            await asyncio.sleep(0.05)  # phones arrive over a moment, not in one burst
    arrived = time.monotonic()
    deadline = arrived + 30
    while time.monotonic() < deadline and sum(p.version >= 0 for p in phones) < len(phones):
        await asyncio.sleep(0.2)
    shown_after = time.monotonic() - arrived
    # Play starts once every phone holds its stream, as in a café in the middle of its evening (the phones here
    # arrive a thousand a second, which no café does; the figures would mix that burst in).
    while time.monotonic() < deadline and sum(p.streaming for p in phones) < len(phones):
        await asyncio.sleep(0.2)
    streaming = sum(p.streaming for p in phones)
    shown = sum(p.version >= 0 for p in phones)
    print(f"{len(phones)} phones: {shown} showing the table after {shown_after:.1f} s, {streaming} streaming after "
          f"{time.monotonic() - arrived:.1f} s ({stats.refused_streams} streams refused so far)", flush=True)
    before = proc_figures(pid)
    cpu0, wall0, own0 = cpu_seconds(pid), time.perf_counter(), time.process_time()
    counts: dict[str, int] = {}
    extra = []
    attacker = None
    if args.attack:
        attacker = start_attack(args.attack, port, tables[0][0], tables[0][1], 3 + args.duration)
        await asyncio.sleep(3)  # let the attack take hold before measuring
    extra.append(asyncio.create_task(joiner(port, [t for t, _ in tables], stop_play, stats, 60_000)))
    answers: list[tuple[str, int, float]] = []
    action_ms: list[float] = []
    play_began = time.perf_counter()
    players = [asyncio.create_task(player(acting_port(ports, t), tid, phone_addr(t * args.phones), args.interval,
                                          stop_play, random.Random(rng.random()), answers, action_ms, stats))
               for t, (tid, _) in enumerate(tables)]
    peak_rss = 0.0
    end = time.monotonic() + args.duration
    while time.monotonic() < end:
        await asyncio.sleep(1)
        peak_rss = max(peak_rss, proc_figures(pid)["VmRSS"])
    stop_play.set()
    await asyncio.gather(*players, *extra, return_exceptions=True)
    if attacker is not None:
        proc, out = attacker
        with contextlib.suppress(Exception):
            counts = await asyncio.to_thread(out.get, True, 30)
        proc.join(5)
    cpu = (cpu_seconds(pid) - cpu0) / (time.perf_counter() - wall0)
    own_cpu = (time.process_time() - own0) / (time.perf_counter() - wall0)
    after = proc_figures(pid)
    await asyncio.sleep(5)  # the last changes reach every phone
    stop_phones.set()
    await asyncio.gather(*phone_tasks, return_exceptions=True)

    by_table: dict[str, list[Phone]] = {}
    for ph in phones:
        by_table.setdefault(ph.table, []).append(ph)
    push: list[float] = []
    page: list[float] = []
    push_by_window: dict[int, list[float]] = {}  # 10-s windows of the play: a start-up transient shows here
    missed = 0
    for table, version, sent in answers:
        for ph in by_table[table]:
            at = first_at_or_after(ph.shown, version)
            if at is None:
                missed += 1
                continue
            page.append((at - sent) * 1000)
            pushed = first_at_or_after(ph.pushed, version)
            if pushed is not None:
                push.append(max(0.0, pushed - sent) * 1000)
                push_by_window.setdefault(int((sent - play_began) // 10), []).append(push[-1])
    return {"push_by_window": push_by_window,
            "answers": answers, "action_ms": action_ms, "push": push, "page": page, "missed": missed,
            "stats": stats, "before": before, "after": after, "cpu": cpu, "own_cpu": own_cpu, "peak_rss": peak_rss,
            "streaming_at_start": streaming, "attack": counts, "phones": len(phones)}


def run(args: argparse.Namespace, summary: dict[str, Any] | None = None) -> int:
    """One run, printed; ``summary`` (if given) gets its figures (bench_workers.py steps through runs)."""
    if args.server_root:  # another checkout's server (e.g. main's, for a before/after), with its own Python
        import bench_load

        bench_load.ROOT = Path(args.server_root).resolve()
        bench_load.server_command = lambda: [args.server_python or sys.executable, "-m", "companion"]
    database = fresh_database(args.db) if args.db else None
    db_args = ["--db", database[0]] if database else []
    servers = []
    try:
        for _ in range(args.servers):
            server = start_server(*db_args, *args.server_arg, startup_timeout=60)
            servers.append(server)
            print(f"server pid {server.pid} on {HOST}:{server.port}  args: {' '.join(args.server_arg) or '(defaults)'}"
                  + (f"  db: PostgreSQL schema {database[1]}" if database else ""), flush=True)
        pids = [server.pid for server in servers]
        r = asyncio.run(asyncio.wait_for(main_async(args, [server.port for server in servers],
                                                    pids[0] if len(pids) == 1 else pids), args.timeout))
    finally:
        codes = [server.stop() for server in servers]
        code = max(codes, key=abs) if codes else -1
        log_text = "".join(server.log_path.read_text(errors="replace") for server in servers)
        for server in servers:
            server.cleanup()
        if database:
            drop_database(args.db, database[1])
    s: Stats = r["stats"]
    print()
    print(f"{args.tables} tables x {args.phones} phones ({'one seat each' if args.seats else 'no seat chosen'}), "
          f"one action per table every {args.interval:g} s, {args.duration:g} s"
          + (f", {args.servers} servers: each table's actions to one, its phones on another" if args.servers > 1
             else "")
          + (", stream only (no fetch)" if args.stream_only else "")
          + (", pages fetch per change" if args.fetch and not args.stream_only else "")
          + (f", attack: {args.attack}" if args.attack else ""))
    print(f"streams open at start: {r['streaming_at_start']}/{r['phones']}; streams refused: "
          f"{s.refused_streams}; polls: {s.polls}")
    print(f"actions accepted: {len(r['answers'])} ({len(r['answers']) / args.duration:.1f}/s)")
    print(line("action", r["action_ms"], GOALS["action"]))
    print(line("push", r["push"], GOALS["push"]))
    print(line("page", r["page"], GOALS["page"]))
    print("push p95 by 10 s of play: " + ", ".join(
        f"{w * 10}-{w * 10 + 10} s {percentile(v, 95):.0f} ms" for w, v in sorted(r["push_by_window"].items())))
    print(line("fetch", s.fetch_ms))
    print(line("join", s.joins, GOALS["join"]) + f"  (failed: {s.join_fail})")
    print(f"missed updates: {r['missed']}; fetches: {s.fetches} "
          f"({s.fetch_bytes / max(1, s.fetches) / 1024:.1f} KiB each after decoding)")
    after = r["after"]
    print(f"server: CPU {r['cpu'] * 100:.0f}% of one core; RSS {after['VmRSS'] / 1024:.0f} MiB "
          f"(peak seen {r['peak_rss'] / 1024:.0f} MiB, VmHWM {after['VmHWM'] / 1024:.0f} MiB); "
          f"{after['Threads']:.0f} threads; {after['fds']:.0f} fds; exit {code}; "
          f"this benchmark's own CPU: {r['own_cpu'] * 100:.0f}%")
    if r["answers"]:
        per = r["cpu"] * args.duration / len(r["answers"]) * 1000
        print(f"server CPU per accepted action (with its pushes, fetches and rendering): {per:.1f} ms; "
              f"one core (the GIL) would carry about {1000 / per * args.interval:.0f} tables at this pace")
    if r["attack"]:
        print(f"attacker's results: {dict(sorted(r['attack'].items()))}")
    errors = s.errors
    print(f"errors: {len(errors)}" + (f"  first: {errors[:3]}" if errors else ""))
    print(f"server log: {log_text.count('Traceback')} tracebacks, {log_text.count('warning')} warnings")
    stuck = log_text.find("--- the server did not stop after SIGINT")
    if stuck >= 0:
        print(log_text[stuck:stuck + 6000])
    print(f"machine load average (1 min) at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores "
          "(the other agents' work shares them)")
    ok = (not errors and not r["missed"]
          and percentile(r["push"], 95) <= GOALS["push"] and percentile(r["page"], 95) <= GOALS["page"]
          and percentile(r["action_ms"], 95) <= GOALS["action"]
          and (not s.joins or percentile(s.joins, 95) <= GOALS["join"]) and not s.join_fail)
    print("ALL GOALS MET" if ok else "some goal missed")
    if summary is not None:
        summary.update(ok=ok, tables=args.tables, actions=len(r["answers"]), missed=r["missed"], errors=len(errors),
                       action_p95=percentile(r["action_ms"], 95), push_p95=percentile(r["push"], 95),
                       join_p95=percentile(s.joins, 95) if s.joins else None, cpu=r["cpu"],
                       rss_mib=after["VmRSS"] / 1024, load=os.getloadavg()[0])
    return 0 if ok or not args.check else 1


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    raise_file_limit()
    return run(args)


def raise_file_limit() -> None:
    with contextlib.suppress(ValueError, OSError):
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--phones", type=int, default=5, help="phones per table (default 5)")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between a table's actions")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of play (default 30)")
    parser.add_argument("--seats", action="store_true", help="each phone claims a seat (me cookie)")
    parser.add_argument("--stream-only", action="store_true",
                        help="phones only hold the stream (no fragment fetch): the live fan-out alone")
    parser.add_argument("--fetch", action="store_true",
                        help="phones follow the API's version events and fetch the fragment per change "
                             "(the page before the live stream carried it)")
    parser.add_argument("--attack", choices=["idle", "slowloris", "streams", "hints", "qr", "headers", "create"])
    parser.add_argument("--server-arg", action="append", default=[], help="extra `companion serve` argument")
    parser.add_argument("--db", metavar="URL",
                        help="a PostgreSQL server (postgresql://USER:PASSWORD@HOST:PORT/DB): the run gets a new "
                             "schema in it, dropped at the end (default: a new SQLite file)")
    parser.add_argument("--servers", type=int, default=1,
                        help="separate `companion serve` processes on the one --db (default 1); with 2, each "
                             "table's actions go to one and its phones stream from the other, so every push "
                             "crosses processes (PostgreSQL's notices)")
    parser.add_argument("--server-root", help="serve another checkout of the companion (a before/after)")
    parser.add_argument("--server-python", help="the Python (of a virtual environment) for --server-root")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--check", action="store_true", help="exit 1 when a goal is missed")
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(main())
