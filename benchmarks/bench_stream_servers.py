"""Which server should hold the live streams? The candidates measured on this machine, each in a process of its
own with the same tiny app, the client in another:

* **fan-out**: ``--streams`` Server-Sent Events streams (default 1,000) spread over tables of five, and
  ``--rate`` changes a second (default 50) made by a thread of the server, as an action's request thread makes
  them in the real app; each change is pushed to its table's five streams as one ~1 KB event. Measured: push
  latency (the change made -> the event read by the client; both clocks are the machine's monotonic clock),
  p50/p95/max, missed events, the server's CPU per push and its RSS;
* **guards**: a connection that sends nothing, one that drips a header byte every second and never ends its
  request (slowloris), and an idle keep-alive connection after one answer: how long each is kept open (the
  server's own idle setting is 10 s wherever it has one; ``open`` = still open after ``--guard-wait`` s).

Candidates: ``hypercorn`` (asyncio, h11, pure Python), ``hypercorn-uvloop``, ``uvicorn`` (asyncio, h11, pure
Python), ``uvicorn-fast`` (uvloop + httptools), ``waitress`` (a thread per stream, waitress's own loop, as
``companion serve`` ran before it moved), ``gevent`` (gevent.pywsgi, a greenlet per stream). A candidate that is
not installed is skipped (``pip install hypercorn uvicorn uvloop httptools waitress gevent``).

    python benchmarks/bench_stream_servers.py [--only hypercorn,uvicorn] [--streams 1000] [--rate 50]
        [--seconds 20] [--guard-wait 25]

Loopback only; Linux (reads /proc); every loop bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import json
import os
import socket
import subprocess
import sys
import time

PAD = "x" * 1000
CANDIDATES = ["hypercorn", "hypercorn-uvloop", "uvicorn", "uvicorn-fast", "waitress", "gevent"]
NEEDS = {"hypercorn": ["hypercorn"], "hypercorn-uvloop": ["hypercorn", "uvloop"], "uvicorn": ["uvicorn"],
         "uvicorn-fast": ["uvicorn", "uvloop", "httptools"], "waitress": ["waitress"], "gevent": ["gevent"]}
IDLE = 10  # every server's idle / keep-alive setting, where it has one


# --------------------------------------------------------------------------- the servers' side

def _asgi_app() -> object:
    """Streams at /s/<table>; /go?rate=R&seconds=S starts the changes; / answers ok."""
    import threading

    tables: dict[int, set] = {}
    loop_box: list[asyncio.AbstractEventLoop] = []

    class Stream:
        __slots__ = ("wake", "latest")

        def __init__(self) -> None:
            self.wake = asyncio.Event()
            self.latest: bytes | None = None

    def fan_out(table: int, data: bytes) -> None:
        for stream in tables.get(table, ()):
            stream.latest = data
            stream.wake.set()

    def changes(rate: float, seconds: float) -> None:
        loop = loop_box[0]
        count = len(tables)
        end = time.monotonic() + seconds
        n = 0
        while time.monotonic() < end:
            n += 1
            stamp = time.monotonic_ns()
            data = f"data: {stamp} {PAD}\n\n".encode()
            loop.call_soon_threadsafe(fan_out, n % count, data)
            time.sleep(max(0.0, (n / rate) - (seconds - (end - time.monotonic()))))

    async def app(scope: dict, receive: object, send: object) -> None:
        if scope["type"] == "lifespan":
            while True:
                message = await receive()  # type: ignore[operator]
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})  # type: ignore[operator]
                else:
                    await send({"type": "lifespan.shutdown.complete"})  # type: ignore[operator]
                    return
        path = scope["path"]
        if not loop_box:
            loop_box.append(asyncio.get_running_loop())
        if path.startswith("/s/"):
            table = int(path[3:])
            stream = Stream()
            tables.setdefault(table, set()).add(stream)
            gone = asyncio.Event()

            async def watch() -> None:
                while (await receive())["type"] != "http.disconnect":  # type: ignore[operator]
                    pass
                gone.set()
                stream.wake.set()

            watcher = asyncio.get_running_loop().create_task(watch())
            loop = asyncio.get_running_loop()
            try:
                await send({"type": "http.response.start", "status": 200,  # type: ignore[operator]
                            "headers": [(b"content-type", b"text/event-stream"), (b"cache-control", b"no-cache")]})
                await send({"type": "http.response.body", "body": b": ready\n\n", "more_body": True})  # type: ignore[operator]
                while not gone.is_set():
                    timer = loop.call_later(IDLE, stream.wake.set)
                    await stream.wake.wait()
                    timer.cancel()
                    stream.wake.clear()
                    data, stream.latest = stream.latest, None
                    await send({"type": "http.response.body", "body": data or b": keep-alive\n\n",  # type: ignore[operator]
                                "more_body": True})
            finally:
                tables[table].discard(stream)
                watcher.cancel()
            return
        if path == "/go":
            query = dict(p.split("=") for p in scope["query_string"].decode().split("&"))
            threading.Thread(target=changes, args=(float(query["rate"]), float(query["seconds"])), daemon=True).start()
        await send({"type": "http.response.start", "status": 200,  # type: ignore[operator]
                    "headers": [(b"content-type", b"text/plain"), (b"content-length", b"2")]})
        await send({"type": "http.response.body", "body": b"ok"})  # type: ignore[operator]

    return app


def _wsgi_app() -> object:
    import threading

    versions: dict[int, tuple[int, bytes]] = {}
    conditions: dict[int, threading.Condition] = {}
    lock = threading.Lock()

    def condition(table: int) -> threading.Condition:
        with lock:
            if table not in conditions:
                conditions[table] = threading.Condition()
                versions[table] = (0, b"")
            return conditions[table]

    def changes(rate: float, seconds: float) -> None:
        count = len(conditions)
        end = time.monotonic() + seconds
        n = 0
        while time.monotonic() < end:
            n += 1
            table = n % count
            stamp = time.monotonic_ns()
            cond = condition(table)
            with cond:
                versions[table] = (versions[table][0] + 1, f"data: {stamp} {PAD}\n\n".encode())
                cond.notify_all()
            time.sleep(max(0.0, (n / rate) - (seconds - (end - time.monotonic()))))

    def app(environ: dict, start_response: object) -> object:
        path = environ["PATH_INFO"]
        if path.startswith("/s/"):
            table = int(path[3:])
            cond = condition(table)
            gone = environ.get("waitress.client_disconnected") or (lambda: False)
            start_response("200 OK", [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")])  # type: ignore[operator]

            def body() -> object:
                yield b": ready\n\n"
                known = versions[table][0]
                while not gone():
                    with cond:
                        cond.wait_for(lambda k=known: versions[table][0] != k, IDLE)
                    version, data = versions[table]
                    if version != known:
                        known = version
                        yield data
                    else:
                        yield b": keep-alive\n\n"
            return body()
        if path == "/go":
            query = dict(p.split("=") for p in environ["QUERY_STRING"].split("&"))
            threading.Thread(target=changes, args=(float(query["rate"]), float(query["seconds"])), daemon=True).start()
        start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "2")])  # type: ignore[operator]
        return [b"ok"]

    return app


def serve(kind: str, port: int, streams: int) -> None:
    """Run candidate ``kind`` on 127.0.0.1:``port`` until killed (the servers' process)."""
    if kind == "gevent":
        from gevent import monkey

        monkey.patch_all()
    with contextlib.suppress(ValueError, OSError):
        import resource

        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if kind.startswith("hypercorn"):
        from hypercorn.asyncio import serve as hserve
        from hypercorn.config import Config

        config = Config()
        config.bind = [f"127.0.0.1:{port}"]
        config.keep_alive_timeout = IDLE
        config.backlog = 2048
        config.accesslog = None
        config.errorlog = None
        if kind == "hypercorn-uvloop":
            import uvloop

            uvloop.run(hserve(_asgi_app(), config))  # type: ignore[arg-type]
        else:
            asyncio.run(hserve(_asgi_app(), config))  # type: ignore[arg-type]
    elif kind.startswith("uvicorn"):
        import uvicorn

        fast = kind == "uvicorn-fast"
        uvicorn.run(_asgi_app(), host="127.0.0.1", port=port, log_level="warning", access_log=False,  # type: ignore[arg-type]
                    timeout_keep_alive=IDLE, backlog=2048, loop="uvloop" if fast else "asyncio",
                    http="httptools" if fast else "h11", lifespan="on")
    elif kind == "waitress":
        import waitress

        waitress.serve(_wsgi_app(), host="127.0.0.1", port=port, threads=streams + 100, connection_limit=streams + 500,
                       channel_timeout=IDLE, cleanup_interval=1, backlog=2048, asyncore_use_poll=True,
                       channel_request_lookahead=5, _quiet=True)
    elif kind == "gevent":
        from gevent.pywsgi import WSGIServer

        WSGIServer(("127.0.0.1", port), _wsgi_app(), log=None, backlog=2048).serve_forever()
    else:
        raise SystemExit(f"unknown candidate {kind}")


# --------------------------------------------------------------------------- the client's side

def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def get(port: int, path: str) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
    data = await asyncio.wait_for(reader.read(), 10)
    writer.close()
    return data


async def hold_stream(port: int, table: int, latencies: list[float], ready: list[int], stop: asyncio.Event,
                      received: list[int]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /s/{table} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    buf = b""
    counted = False
    try:
        while not stop.is_set():
            chunk = await reader.read(65536)
            if not chunk:
                return
            now = time.monotonic_ns()
            buf += chunk
            if not counted and b": ready" in buf:
                counted = True
                ready[0] += 1
            while True:
                at = buf.find(b"data: ")
                if at < 0:
                    break
                end = buf.find(b" ", at + 6)
                if end < 0:
                    break
                latencies.append((now - int(buf[at + 6:end])) / 1e6)
                received[0] += 1
                buf = buf[end:]
            buf = buf[-256:]
    finally:
        writer.close()


async def guard_checks(port: int, wait: float) -> dict[str, str]:
    """How long a silent, a slowloris and an idle keep-alive connection are kept open."""

    async def closed_after(first: bytes, drip: bool) -> str:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        began = time.monotonic()
        if first:
            writer.write(first)
        try:
            while time.monotonic() - began < wait:
                try:
                    data = await asyncio.wait_for(reader.read(65536), 1.0)
                    if not data:
                        return f"closed after {time.monotonic() - began:.1f} s"
                except asyncio.TimeoutError:
                    if drip:
                        writer.write(b"X")
                except OSError:
                    return f"closed after {time.monotonic() - began:.1f} s"
            return f"open after {wait:.0f} s"
        finally:
            writer.close()

    silent, slow, idle = await asyncio.gather(
        closed_after(b"", False),
        closed_after(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", True),
        closed_after(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", False))
    return {"silent": silent, "slowloris": slow, "idle keep-alive": idle}


async def measure(kind: str, port: int, pid: int, args: argparse.Namespace) -> dict[str, object]:
    tables = max(1, args.streams // 5)
    latencies: list[float] = []
    ready = [0]
    received = [0]
    stop = asyncio.Event()
    tasks = []
    for n in range(args.streams):
        tasks.append(asyncio.create_task(hold_stream(port, n % tables, latencies, ready, stop, received)))
        if n % 100 == 99:
            await asyncio.sleep(0.05)
    deadline = time.monotonic() + 30
    while ready[0] < args.streams and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    held = ready[0]
    await asyncio.sleep(1)
    cpu0, wall0 = cpu_seconds(pid), time.monotonic()
    await get(port, f"/go?rate={args.rate}&seconds={args.seconds}")
    await asyncio.sleep(args.seconds + 2)
    cpu = cpu_seconds(pid) - cpu0
    wall = time.monotonic() - wall0
    rss = rss_mib(pid)
    expected = int(args.rate * args.seconds) * 5
    stop.set()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    guards = await guard_checks(port, args.guard_wait) if args.guard_wait > 0 else {}
    pushes = received[0]
    return {"server": kind, "streams held": held, "pushes": pushes, "expected": expected,
            "missed": max(0, expected - pushes),
            "p50 ms": round(percentile(latencies, 50), 2), "p95 ms": round(percentile(latencies, 95), 2),
            "max ms": round(max(latencies), 1) if latencies else None,
            "CPU %": round(cpu / wall * 100, 1), "CPU per push ms": round(cpu * 1000 / max(1, pushes), 3),
            "RSS MiB": round(rss), **guards}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_one(kind: str, args: argparse.Namespace) -> dict[str, object] | None:
    missing = [m for m in NEEDS[kind] if importlib.util.find_spec(m) is None]
    if missing:
        print(f"{kind}: skipped ({', '.join(missing)} not installed)", flush=True)
        return None
    port = free_port()
    proc = subprocess.Popen([sys.executable, __file__, "--serve", kind, "--port", str(port),
                             "--streams", str(args.streams)], stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    print(f"{kind}: did not start", flush=True)
                    return None
                time.sleep(0.1)
        return asyncio.run(asyncio.wait_for(measure(kind, port, proc.pid, args), args.seconds + args.guard_wait + 120))
    finally:
        proc.kill()
        proc.wait(10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=",".join(CANDIDATES))
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=50.0, help="changes a second (each to five streams)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--guard-wait", type=float, default=25.0)
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.port, args.streams)
        return 0
    with contextlib.suppress(ValueError, OSError):
        import resource

        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    results = []
    for kind in args.only.split(","):
        result = run_one(kind.strip(), args)
        if result is not None:
            print(json.dumps(result, ensure_ascii=False), flush=True)
            results.append(result)
    print(f"\nmachine load average (1 min) at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
