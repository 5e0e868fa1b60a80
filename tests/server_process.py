"""The real server in a subprocess (``companion serve --port … --db …``), driven through the JSON API only (not a
test module): the crash tests kill it with SIGKILL, the two-process tests run two on one database."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from api_harness import REPO, HttpCaller, free_port


class Server:
    def __init__(self, db: str, logdir: Path, name: str = "server") -> None:
        self.db, self.logdir, self.name = db, logdir, name
        self.proc: subprocess.Popen | None = None
        self.port = 0
        self.starts = 0

    @property
    def log(self) -> Path:
        return self.logdir / f"{self.name}-{self.starts}.log"

    def start(self) -> HttpCaller:
        self.port = free_port()  # a new port each time: the old one may linger in TIME_WAIT
        self.starts += 1
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
        command = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--db", self.db, "-q", "--qr", "off"]
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                         env=env, cwd=str(REPO))
        caller = HttpCaller(self.port, timeout=5)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.log.read_text()
            try:
                status, _ = caller.call("GET", "/api/tables/" + "N" * 24)
                if status == 404:
                    # warm up (the games load on first use) so that a kill lands mid-play, not mid-import
                    caller.call("POST", "/api/tables", {"players": []})
                    return caller
            except OSError:
                pass
            time.sleep(0.05)
        raise AssertionError(f"server did not come up: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()  # SIGKILL: no clean-up of any kind
            self.proc.wait(10)

    def stop(self) -> None:
        """Ctrl-C, as a person stops it (the store closes its connections)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(2)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()
