"""Load benchmark: 25 devices follow live updates while 5 tables play.

Starts the real server in a subprocess (``companion serve --host 127.0.0.1 --port <free> --db <tmp>``),
creates the tables through the API, opens the ``/events`` stream of 25 clients (5 per table), and lets
each table play random legal actions (research from the deck or the discard, pass, undo; a refused one is
simply followed by another). Like a real page, every client reads the table state
(``GET /api/tables/{id}``) each time its stream says something changed.

Measured and printed:

* event latency: from the moment an action's HTTP answer has been read to the moment each of the
  table's streams delivers the corresponding event (the first event with a version >= the action's);
  an event that arrives before the answer counts as 0 ms.  Goal: p95 < 50 ms.
* also from the moment the action was sent (processing included), for context;
* state reads: the time of ``GET /api/tables/{id}``.  Goal: p95 < 25 ms.

Loopback only (127.0.0.1), standard library only, bounded in time (``--duration`` plus start-up and a
hard ``--timeout`` watchdog), stops the server and itself at the end.

    python benchmarks/bench_load.py [--duration 20] [--streams 25] [--tables 5] [--pause 0.1] [--check]
"""

from __future__ import annotations

import argparse
import bisect
import contextlib
import http.client
import json
import os
import random
import re
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"  # the only address these scripts ever connect to
ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Hilbert", "Noether", "Gauss", "Euler", "Germain", "Ramanujan", "Turing", "Lovelace"]
EVENT_GOAL_MS = 50.0
READ_GOAL_MS = 25.0


# --------------------------------------------------------------------------- the server

def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


@dataclass
class Server:
    proc: subprocess.Popen[str]
    port: int
    workdir: Path
    log_path: Path
    startup_s: float

    @property
    def pid(self) -> int:
        return self.proc.pid

    def _dump_threads(self) -> None:
        spy = shutil.which("py-spy")
        if spy is None:
            return
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            dump = subprocess.run([spy, "dump", "-p", str(self.proc.pid)], capture_output=True, text=True,
                                  timeout=30).stdout
            with open(self.log_path, "a") as log:
                log.write("\n--- the server did not stop after SIGINT; its threads:\n" + dump)

    def stop(self, timeout: float = 10) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self._dump_threads()  # why it did not stop, before the kill makes it unknowable
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self.workdir, ignore_errors=True)


def server_command() -> list[str]:
    """``companion`` itself: the installed script if there is one, else the same thing via -m."""
    return [sys.executable, "-m", "companion"]


def start_server(*extra: str, startup_timeout: float = 20.0) -> Server:
    workdir = Path(tempfile.mkdtemp(prefix="companion-bench-"))
    port = free_port()
    log_path = workdir / "server.log"
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    cmd = [*server_command(), "serve", "--host", HOST, "--port", str(port), "--db", str(workdir / "bench.db"),
           "--qr", "off", *extra]
    started = time.monotonic()
    log_file = open(log_path, "w")  # noqa: SIM115 - lives as long as the server
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=log_file, text=True)
    url = re.compile(rf"http://{re.escape(HOST)}:(\d+)")
    found: list[int] = []

    def read_stdout() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            match = url.search(line)
            if match and not found:
                found.append(int(match.group(1)))

    threading.Thread(target=read_stdout, daemon=True).start()
    deadline = time.monotonic() + startup_timeout
    while not found:
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise SystemExit(f"server did not start; see {log_path}:\n{log_path.read_text()[-2000:]}")
        time.sleep(0.01)
    server = Server(proc, found[0], workdir, log_path, time.monotonic() - started)
    # The URL line is printed once the socket listens; make sure requests are answered too.
    while True:
        try:
            request(server.port, "GET", "/api/tables/no-such-table")  # any HTTP answer will do
            break
        except (OSError, http.client.HTTPException):
            pass
        if time.monotonic() > deadline:
            server.cleanup()
            raise SystemExit("server printed its URL but does not answer")
        time.sleep(0.02)
    return server


def proc_status(pid: int) -> dict[str, int]:
    """VmRSS (kB), Threads and open file descriptors of a process, from /proc."""
    values: dict[str, int] = {}
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "Threads", "VmHWM"):
                values[key] = int(rest.split()[0])
    values["fds"] = len(os.listdir(f"/proc/{pid}/fd"))
    return values


# --------------------------------------------------------------------------- HTTP helpers

def request(port: int, method: str, path: str, body: Any = None,
            conn: http.client.HTTPConnection | None = None) -> tuple[int, Any]:
    own = conn is None
    conn = conn or http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        headers = {"Host": f"{HOST}:{port}"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        conn.request(method, path, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        try:
            return resp.status, json.loads(raw) if raw else None
        except ValueError:
            return resp.status, raw
    finally:
        if own:
            conn.close()


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summary(values: list[float]) -> str:
    if not values:
        return "no samples"
    return (f"n={len(values)}  p50={percentile(values, 50):.1f} ms  p95={percentile(values, 95):.1f} ms  "
            f"p99={percentile(values, 99):.1f} ms  max={max(values):.1f} ms")


# --------------------------------------------------------------------------- stream clients

DATA = re.compile(rb'data: (\{[^\n]*\})\n')


@dataclass
class StreamClient:
    table: str
    sock: socket.socket
    buf: bytes = b""
    versions: list[int] = field(default_factory=list)  # in arrival order (non-decreasing)
    times: list[float] = field(default_factory=list)
    changed: threading.Event = field(default_factory=threading.Event)
    closed: bool = False
    src: str = HOST  # the device's own address: the server caps streams per address (8)

    def first_at_or_after(self, version: int) -> float | None:
        i = bisect.bisect_left(self.versions, version)
        return self.times[i] if i < len(self.versions) else None


def client_addr(n: int) -> str:
    """A loopback source address of its own for client ``n`` (127.1.x.y): one device per stream."""
    return f"127.1.{n // 250}.{n % 250 + 1}"


def open_stream(port: int, table: str, src: str = HOST) -> StreamClient:
    sock = socket.create_connection((HOST, port), timeout=10, source_address=(src, 0))
    sock.sendall(f"GET /api/tables/{table}/events HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
                 f"Accept: text/event-stream\r\n\r\n".encode())
    return StreamClient(table, sock, src=src)


def pump_streams(clients: list[StreamClient], stop: threading.Event) -> None:
    """One thread reads every stream (selectors), timestamping each event as its bytes arrive."""
    sel = selectors.DefaultSelector()
    for c in clients:
        c.sock.setblocking(False)
        sel.register(c.sock, selectors.EVENT_READ, c)
    try:
        while not stop.is_set():
            for key, _ in sel.select(timeout=0.1):
                c: StreamClient = key.data
                try:
                    chunk = c.sock.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    chunk = b""
                now = time.perf_counter()
                if not chunk:
                    c.closed = True
                    sel.unregister(c.sock)
                    continue
                c.buf += chunk
                last = 0
                for match in DATA.finditer(c.buf):
                    last = match.end()
                    try:
                        version = json.loads(match.group(1))["version"]
                    except (ValueError, KeyError, TypeError):
                        continue
                    c.versions.append(version)
                    c.times.append(now)
                    c.changed.set()
                if last:
                    c.buf = c.buf[last:]
    finally:
        sel.close()


def state_reader(port: int, c: StreamClient, stop: threading.Event, reads: list[float],
                 errors: list[str]) -> None:
    """Like a page: after each event, read the table state once (events that pile up are coalesced)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=10, source_address=(c.src, 0))
    try:
        while not stop.is_set():
            if not c.changed.wait(0.1):
                continue
            c.changed.clear()
            began = time.perf_counter()
            try:
                status, _ = request(port, "GET", f"/api/tables/{c.table}", conn=conn)
            except (OSError, http.client.HTTPException) as exc:
                errors.append(f"read: {exc!r}")
                conn.close()
                conn = http.client.HTTPConnection(HOST, port, timeout=10, source_address=(c.src, 0))
                continue
            reads.append((time.perf_counter() - began) * 1000)
            if status != 200:
                errors.append(f"read: HTTP {status}")
    finally:
        conn.close()


# --------------------------------------------------------------------------- players

ACTIONS: list[tuple[dict[str, Any] | None, int]] = [
    ({"type": "research", "from": "deck"}, 6),
    ({"type": "research", "from": "discard"}, 1),
    ({"type": "pass"}, 2),
    (None, 1),  # undo
]


def play(port: int, table: str, version: int, stop: threading.Event, pause: float, rng: random.Random,
         answers: list[tuple[str, int, float, float]], action_ms: list[float], refused: dict[str, int],
         errors: list[str]) -> None:
    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    choices = [a for a, _ in ACTIONS]
    weights = [w for _, w in ACTIONS]
    try:
        while not stop.is_set():
            action = rng.choices(choices, weights)[0]
            began = time.perf_counter()
            try:
                if action is None:
                    status, body = request(port, "POST", f"/api/tables/{table}/undo", {"version": version}, conn)
                else:
                    status, body = request(port, "POST", f"/api/tables/{table}/actions",
                                           {"action": action, "version": version}, conn)
            except (OSError, http.client.HTTPException) as exc:
                errors.append(f"action: {exc!r}")
                conn.close()
                conn = http.client.HTTPConnection(HOST, port, timeout=10)
                continue
            answered = time.perf_counter()
            if status == 200:
                version = body["state"]["version"]
                answers.append((table, version, began, answered))
                action_ms.append((answered - began) * 1000)
                if body["state"].get("over"):
                    return  # finished (unlikely with these actions); the other tables go on
                time.sleep(pause * rng.uniform(0.5, 1.5))
            elif isinstance(body, dict) and "error" in body:
                refused[body["error"]] = refused.get(body["error"], 0) + 1
                if body["error"] == "stale":
                    _, state = request(port, "GET", f"/api/tables/{table}", conn=conn)
                    version = state["version"]
            else:
                errors.append(f"action: HTTP {status} {body!r}"[:200])
    finally:
        conn.close()


# --------------------------------------------------------------------------- main

def run(args: argparse.Namespace) -> int:
    server = start_server()

    def watchdog() -> None:
        print(f"watchdog: still running after {args.timeout:.0f} s; stopping", file=sys.stderr, flush=True)
        server.cleanup()
        os._exit(3)

    timer = threading.Timer(args.timeout, watchdog)
    timer.daemon = True
    timer.start()
    rng = random.Random(args.seed)
    print(f"server pid {server.pid} on {HOST}:{server.port}; URL line after {server.startup_s * 1000:.0f} ms",
          flush=True)
    try:
        tables: list[tuple[str, int]] = []
        for t in range(args.tables):
            players = rng.sample(NAMES, rng.randint(3, 5))
            status, body = request(server.port, "POST", "/api/tables", {"players": players, "start": 0})
            if status != 201:
                raise SystemExit(f"creating a table failed: HTTP {status} {body!r}")
            tables.append((body["id"], body["state"]["version"]))
            print(f"table {t + 1}: {len(players)} players", flush=True)

        clients = [open_stream(server.port, tables[i % len(tables)][0], client_addr(i))
                   for i in range(args.streams)]
        stop_streams, stop_play = threading.Event(), threading.Event()
        reads: list[float] = []
        errors: list[str] = []
        threads = [threading.Thread(target=pump_streams, args=(clients, stop_streams), daemon=True)]
        threads += [threading.Thread(target=state_reader, args=(server.port, c, stop_streams, reads, errors),
                                     daemon=True) for c in clients]
        for th in threads:
            th.start()
        # every stream has said hello (its first event) before play starts
        deadline = time.monotonic() + 10
        while any(not c.versions for c in clients):
            if time.monotonic() > deadline:
                raise SystemExit("not every stream delivered its first event within 10 s")
            time.sleep(0.01)
        before = proc_status(server.pid)
        print(f"{len(clients)} streams open; server: {before['Threads']} threads, "
              f"RSS {before['VmRSS'] / 1024:.1f} MiB; playing for {args.duration:.0f} s ...", flush=True)

        answers: list[tuple[str, int, float, float]] = []
        action_ms: list[float] = []
        refused: dict[str, int] = {}
        players = [threading.Thread(target=play, args=(server.port, tid, version, stop_play, args.pause,
                                                       random.Random(rng.random()), answers, action_ms,
                                                       refused, errors), daemon=True)
                   for tid, version in tables]
        for th in players:
            th.start()
        time.sleep(args.duration)
        stop_play.set()
        for th in players:
            th.join(15)
        time.sleep(1.0)  # let the last events arrive
        stop_streams.set()
        for th in threads:
            th.join(5)
        after = proc_status(server.pid)

        latencies: list[float] = []
        from_send: list[float] = []
        early = missing = 0
        by_table: dict[str, list[StreamClient]] = {}
        for c in clients:
            by_table.setdefault(c.table, []).append(c)
        for table, version, sent, answered in answers:
            for c in by_table[table]:
                at = c.first_at_or_after(version)
                if at is None:
                    missing += 1
                    continue
                if at < answered:
                    early += 1
                latencies.append(max(0.0, (at - answered) * 1000))
                from_send.append((at - sent) * 1000)
        for c in clients:
            with contextlib.suppress(OSError):
                c.sock.close()
    finally:
        timer.cancel()
        code = server.stop()
        log_tail = server.log_path.read_text(errors="replace")
        shutil.rmtree(server.workdir, ignore_errors=True)

    tracebacks = log_tail.count("Traceback")
    print()
    print(f"actions accepted: {len(answers)} ({len(answers) / args.duration:.1f}/s over {len(tables)} tables); "
          f"refused by the rules: {sum(refused.values())} {dict(sorted(refused.items()))}")
    print(f"action round trip:           {summary(action_ms)}")
    print(f"answer -> event, per stream: {summary(latencies)}")
    print(f"  events before the answer (counted 0 ms): {early}; never delivered: {missing}")
    print(f"action sent -> event:        {summary(from_send)}")
    print(f"state reads GET /api/tables/{{id}}: {summary(reads)}")
    print(f"server: {after['Threads']} threads, RSS {after['VmRSS'] / 1024:.1f} MiB "
          f"(peak {after.get('VmHWM', 0) / 1024:.1f} MiB), {after['fds']} fds; "
          f"exit code {code} after SIGINT; tracebacks in its log: {tracebacks}")
    print(f"client errors: {len(errors)}" + (f" (first: {errors[0]})" if errors else ""))
    event_p95, read_p95 = percentile(latencies, 95), percentile(reads, 95)
    ok_event, ok_read = event_p95 < EVENT_GOAL_MS, read_p95 < READ_GOAL_MS
    print(f"goal event p95 < {EVENT_GOAL_MS:.0f} ms: {'met' if ok_event else 'MISSED'} ({event_p95:.1f} ms); "
          f"goal read p95 < {READ_GOAL_MS:.0f} ms: {'met' if ok_read else 'MISSED'} ({read_p95:.1f} ms)")
    healthy = not errors and not missing and code == 0 and not tracebacks and bool(answers)
    if not healthy:
        print("UNHEALTHY run: see the figures above", file=sys.stderr)
        return 1
    return 0 if (ok_event and ok_read) or not args.check else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of play (default 20)")
    parser.add_argument("--streams", type=int, default=25, help="clients holding /events (default 25)")
    parser.add_argument("--tables", type=int, default=5, help="tables playing at once (default 5)")
    parser.add_argument("--pause", type=float, default=0.2,
                        help="mean pause after each accepted action, per table, in s (default 0.2: "
                             "some 50 times the pace of real play)")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--timeout", type=float, default=180.0, help="hard stop for the whole run (s)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a goal is missed")
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
