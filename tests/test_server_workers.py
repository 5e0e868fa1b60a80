"""``companion serve --workers 2``: two processes on one port, each accepting connections itself; one table is
served by both; a worker killed with SIGKILL is replaced and the table is served on; Ctrl-C stops every process
without a traceback. A real ``python -m companion serve`` in a subprocess (POSIX: fork)."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(os.name != "posix", reason="--workers forks (POSIX)")


class Supervised:
    def __init__(self, tmp: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
                   XDG_DATA_HOME=str(tmp / "xdg"))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port", "0", "--db",
             str(tmp / "t.db"), "--qr", "off", "--workers", "2", "-v"],
            cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.out: list[str] = []
        self.err: list[str] = []
        for stream, lines in ((self.proc.stdout, self.out), (self.proc.stderr, self.err)):
            threading.Thread(target=lambda s=stream, ls=lines: ls.extend(iter(s.readline, "")), daemon=True).start()

    def wait_for(self, pattern: str, where: str = "err", timeout: float = 20, after: int = 0) -> re.Match[str]:
        lines = self.err if where == "err" else self.out
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in lines[after:]:
                found = re.search(pattern, line)
                if found:
                    return found
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(f"no line matching {pattern!r}: {self.out} {self.err}")

    def stop(self) -> tuple[int, str]:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        time.sleep(0.2)
        return self.proc.returncode, "".join(self.err)


def call(port: int, method: str, path: str, body: object = None) -> tuple[int, object]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        headers = {"Connection": "close"}
        data = None
        if body is not None:
            data, headers["Content-Type"] = json.dumps(body).encode(), "application/json"
        conn.request(method, path, body=data, headers=headers)
        resp = conn.getresponse()
        return resp.status, json.loads(resp.read() or b"null")
    finally:
        conn.close()


def served_by(sup: Supervised, port: int, path: str, after: int = 0, tries: int = 300) -> set[str]:
    """Ask for ``path`` on fresh connections until both workers have answered it (bounded); who did."""
    seen: set[str] = set()
    for _ in range(tries):
        assert call(port, "GET", path)[0] == 200
        time.sleep(0.01)
        seen = {m.group(1) for line in sup.err[after:] if (m := re.search(rf"\[worker (\d)\] GET {path} 200", line))}
        if len(seen) == 2:
            break
    return seen


def test_two_workers_serve_one_table_and_a_killed_worker_is_replaced() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        sup = Supervised(Path(tmp))
        try:
            port = int(sup.wait_for(r"http://127\.0\.0\.1:(\d+)", where="out").group(1))
            first = {m.group(1): int(m.group(2)) for m in
                     (sup.wait_for(rf"worker ({n}) started \(pid (\d+)\)") for n in (1, 2))}
            status, table = call(port, "POST", "/api/tables", {"players": ["Ann", "Ben", "Cy"]})
            assert status == 201
            path = f"/api/tables/{table['id']}"  # type: ignore[index]
            assert served_by(sup, port, path) == {"1", "2"}, "both workers answer for the one table"

            os.kill(first["1"], signal.SIGKILL)
            sup.wait_for(r"worker 1 \(pid \d+\) was killed by SIGKILL; starting another")
            mark = len(sup.err)
            again = int(sup.wait_for(r"worker 1 started \(pid (\d+)\)", after=mark - 1).group(1))
            assert again != first["1"]
            assert served_by(sup, port, path, after=mark) == {"1", "2"}, "the new worker serves the table too"
        finally:
            code, err = sup.stop()
        assert code == 0, err
        assert "Traceback" not in err
        assert "".join(sup.out).rstrip().endswith("Stopped.")
        for pid in (*first.values(), again):
            with pytest.raises(ProcessLookupError):
                os.kill(pid, 0)  # every worker is gone
