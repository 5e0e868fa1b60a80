"""Leak check: do live-update streams of vanished devices get cleaned up?

Starts the real server (``companion serve --host 127.0.0.1 --port <free> --db <tmp>``), creates a table,
then runs 500 stream cycles: a client opens ``/api/tables/{id}/events``, reads the first event and drops
the socket abruptly (RST, like a phone leaving the Wi-Fi range or a killed tab). Before and after, it reads
the server's RSS, thread count and open descriptors from ``/proc/PID/status`` and ``/proc/PID/fd``, and
finally checks that the server still has every worker thread free (a full set of new streams is served
and an action is answered quickly).

Loopback only (127.0.0.1), standard library only, bounded in time.

    python benchmarks/bench_streams_leak.py [--cycles 500] [--parallel 10] [--check]
"""

from __future__ import annotations

import argparse
import contextlib
import socket
import struct
import sys
import threading
import time

from bench_load import HOST, proc_status, request, start_server

RSS_GROWTH_LIMIT_KIB = 8 * 1024  # after warm-up; Python's allocator keeps some arenas, a leak grows linearly


class Busy(Exception):
    """The server refused the stream with 503 (its cap on simultaneous streams was reached)."""


def one_cycle(port: int, table: str, abrupt: bool = True) -> float:
    """Open the stream, read its first event, vanish. Returns the time to the first event (ms)."""
    began = time.perf_counter()
    sock = socket.create_connection((HOST, port), timeout=10)
    try:
        sock.sendall(f"GET /api/tables/{table}/events HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
                     f"Accept: text/event-stream\r\n\r\n".encode())
        buf = b""
        while b"event: state" not in buf or b"\n\n" not in buf.split(b"event: state", 1)[1]:
            if buf.startswith(b"HTTP/1.1 503") and b"\r\n\r\n" in buf:
                raise Busy()
            chunk = sock.recv(4096)
            if not chunk:
                raise ConnectionError(f"stream closed before its first event: {buf[:200]!r}")
            buf += chunk
        took = (time.perf_counter() - began) * 1000
        if abrupt:  # RST instead of FIN: no goodbye at all
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        return took
    finally:
        sock.close()


def run_cycles(port: int, table: str, count: int, parallel: int, abrupt: bool, pause: float
               ) -> tuple[list[float], list[str], int]:
    """``count`` completed cycles, ``parallel`` at a time, each worker pausing ``pause`` s in between.

    A stream dropped without a word keeps its worker thread until the app notices (it polls about once
    a second), so the pace is kept below the server's stream cap; a 503 is counted and retried.
    """
    times: list[float] = []
    errors: list[str] = []
    busy = [0]
    lock = threading.Lock()
    left = [count]

    def worker() -> None:
        while True:
            with lock:
                if left[0] <= 0:
                    return
                left[0] -= 1
            while True:
                try:
                    took = one_cycle(port, table, abrupt)
                    with lock:
                        times.append(took)
                except Busy:
                    with lock:
                        busy[0] += 1
                    time.sleep(0.5)
                    continue
                except (OSError, ConnectionError) as exc:
                    with lock:
                        errors.append(repr(exc))
                break
            time.sleep(pause)

    workers = [threading.Thread(target=worker, daemon=True) for _ in range(parallel)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
    return times, errors, busy[0]


def settle(pid: int, baseline_fds: int, timeout: float = 15.0) -> tuple[dict[str, int], float]:
    """Wait until the server has closed the dropped connections (streams notice within about a second)."""
    began = time.monotonic()
    time.sleep(2.0)  # two of the app's polling periods: every dropped stream has ended by then
    status = proc_status(pid)
    while status["fds"] > baseline_fds and time.monotonic() - began < timeout:
        time.sleep(0.1)
        status = proc_status(pid)
    time.sleep(0.5)
    return proc_status(pid), time.monotonic() - began


def workers_all_free(port: int, table: str, streams: int) -> tuple[bool, str]:
    """Open ``streams`` streams at once, all must say hello; then an action must be answered quickly."""
    socks = []
    try:
        for _ in range(streams):
            s = socket.create_connection((HOST, port), timeout=10)
            s.sendall(f"GET /api/tables/{table}/events HTTP/1.1\r\nHost: {HOST}:{port}\r\n\r\n".encode())
            socks.append(s)
        for s in socks:
            s.settimeout(5)
            buf = b""
            while b"event: state" not in buf:
                chunk = s.recv(4096)
                if not chunk:
                    return False, "a stream was closed without its first event"
                buf += chunk
        began = time.perf_counter()
        status, body = request(port, "POST", f"/api/tables/{table}/actions",
                               {"action": {"type": "research", "from": "deck"}})
        took = (time.perf_counter() - began) * 1000
        if status not in (200, 422):
            return False, f"action answered HTTP {status}: {body!r}"[:200]
        return True, f"{streams} new streams served at once, then an action answered in {took:.1f} ms"
    except (OSError, TimeoutError) as exc:
        return False, f"{exc!r} with {len(socks)} streams open"
    finally:
        for s in socks:
            with contextlib.suppress(OSError):
                s.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cycles", type=int, default=500)
    parser.add_argument("--parallel", type=int, default=5, help="cycles in flight at once (default 5)")
    parser.add_argument("--pause", type=float, default=0.1,
                        help="pause of each client between cycles, s (default 0.1)")
    parser.add_argument("--warmup", type=int, default=150, help="cycles before the baseline (default 150)")
    parser.add_argument("--fin", action="store_true", help="close politely (FIN) instead of RST")
    parser.add_argument("--timeout", type=float, default=240.0, help="hard stop for the whole run (s)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a leak is detected")
    args = parser.parse_args(argv)

    server = start_server()
    timer = threading.Timer(args.timeout, lambda: (server.cleanup(), print("watchdog: stopped", flush=True),
                                                    __import__("os")._exit(3)))
    timer.daemon = True
    timer.start()
    abrupt = not args.fin
    try:
        status, body = request(server.port, "POST", "/api/tables", {"players": ["Ada", "Emmy", "Carl"]})
        if status != 201:
            raise SystemExit(f"creating a table failed: HTTP {status} {body!r}")
        table = body["id"]
        print(f"server pid {server.pid} on {HOST}:{server.port}", flush=True)
        start = proc_status(server.pid)
        run_cycles(server.port, table, args.warmup, args.parallel, abrupt, args.pause)
        before, _ = settle(server.pid, start["fds"])
        print(f"after {args.warmup} warm-up cycles: RSS {before['VmRSS']} kB, {before['Threads']} threads, "
              f"{before['fds']} fds", flush=True)

        began = time.monotonic()
        times, errors, busy = run_cycles(server.port, table, args.cycles, args.parallel, abrupt, args.pause)
        elapsed = time.monotonic() - began
        peak = proc_status(server.pid)
        after, settle_s = settle(server.pid, before["fds"])
        free_ok, free_msg = workers_all_free(server.port, table, 40)
        final = proc_status(server.pid)
    finally:
        timer.cancel()
        code = server.stop()
        log = server.log_path.read_text(errors="replace")
        server.cleanup()

    times.sort()
    rss_growth = after["VmRSS"] - before["VmRSS"]
    print()
    print(f"{len(times)} cycles ({'RST' if abrupt else 'FIN'}) in {elapsed:.1f} s, {args.parallel} at a time; "
          f"503 busy (retried): {busy}; errors: {len(errors)}" + (f" (first: {errors[0]})" if errors else ""))
    if times:
        print(f"time to first event: p50 {times[len(times) // 2]:.1f} ms, "
              f"p95 {times[int(len(times) * 0.95) - 1]:.1f} ms, max {times[-1]:.1f} ms")
    print("               RSS kB   threads   fds")
    print(f"before      {before['VmRSS']:>9}   {before['Threads']:>7}   {before['fds']:>3}")
    print(f"right after {peak['VmRSS']:>9}   {peak['Threads']:>7}   {peak['fds']:>3}")
    print(f"settled     {after['VmRSS']:>9}   {after['Threads']:>7}   {after['fds']:>3}   "
          f"(after {settle_s:.1f} s)")
    print(f"RSS growth: {rss_growth} kB ({rss_growth / max(1, len(times)) * 1024:.0f} bytes per cycle); "
          f"threads {after['Threads'] - before['Threads']:+d}; fds {after['fds'] - before['fds']:+d}")
    print(f"workers free afterwards: {'yes' if free_ok else 'NO'} ({free_msg}); "
          f"final: RSS {final['VmRSS']} kB, {final['Threads']} threads, {final['fds']} fds")
    print(f"server exit code after SIGINT: {code}; tracebacks in its log: {log.count('Traceback')}")
    leak = (after["Threads"] != before["Threads"] or after["fds"] > before["fds"]
            or rss_growth > RSS_GROWTH_LIMIT_KIB or not free_ok)
    healthy = not errors and code == 0 and "Traceback" not in log
    print("verdict:", "no leak" if not leak else "LEAK SUSPECTED", "" if healthy else "(unhealthy run)")
    if not healthy:
        return 1
    return 1 if (leak and args.check) else 0


if __name__ == "__main__":
    sys.exit(main())
