"""`companion serve`: arguments, data folder and secret, the port-taken path, and the real thing end to end."""

from __future__ import annotations

import http.client
import json
import os
import queue
import re
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from companion.server import cli, datadir
from companion.server import sockets as server

ROOT = Path(__file__).resolve().parent.parent
URL_LINE = re.compile(r"(http://127\.0\.0\.1:(\d+))")


# --------------------------------------------------------------------------- arguments

def test_bare_companion_means_serve_with_defaults() -> None:
    args = cli.parse_args([])
    assert args.command == "serve"
    # no --port: None here, and serve() takes 8000 (and may move on from it if it is taken)
    assert (args.host, args.port, args.db, args.lang, args.url) == ("0.0.0.0", None, None, "en", None)
    assert cli.DEFAULT_PORT == 8000
    assert (args.quiet, args.verbose, args.qr) == (False, False, "auto")


def test_serve_arguments() -> None:
    args = cli.parse_args(["serve", "--host", "127.0.0.1", "--port", "0", "--db", "x.db", "--lang", "ja",
                           "--url", "http://t:1", "--qr", "ascii", "-q"])
    assert (args.host, args.port, args.db, args.lang, args.url, args.qr, args.quiet) == (
        "127.0.0.1", 0, "x.db", "ja", "http://t:1", "ascii", True)
    assert cli.parse_args(["--port", "9000", "--verbose"]).port == 9000  # options without `serve`


@pytest.mark.parametrize("argv", [["serve", "--port", "70000"], ["serve", "--port", "http"],
                                  ["serve", "--lang", "fr"], ["serve", "-q", "-v"],
                                  ["serve", "--threads", "3"], ["launch"]])
def test_bad_arguments_exit_with_usage(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.parse_args(argv)
    assert exc.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.parse_args(["--version"])
    assert "0.1.0" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        cli.parse_args(["serve", "--help"])
    out = capsys.readouterr().out
    for flag in ("--host", "--port", "--db", "--lang", "--url", "--quiet", "--verbose"):
        assert flag in out


# --------------------------------------------------------------------------- data folder and secret

@pytest.mark.parametrize(
    ("platform", "env", "expected"),
    [
        ("linux", {"HOME": "/home/ann"}, "/home/ann/.local/share/companion"),
        ("linux", {"HOME": "/home/ann", "XDG_DATA_HOME": "/data/ann"}, "/data/ann/companion"),
        ("linux", {"HOME": "/home/ann", "XDG_DATA_HOME": "relative/dir"}, "/home/ann/.local/share/companion"),
        ("freebsd14", {"HOME": "/home/ann"}, "/home/ann/.local/share/companion"),
        ("darwin", {"HOME": "/Users/ann"}, "/Users/ann/Library/Application Support/companion"),
        # Termux reports "linux" and has its own $HOME; Python 3.13+ on Android reports "android"
        ("linux", {"HOME": "/data/data/com.termux/files/home", "TERMUX_VERSION": "0.118.0",
                   "PREFIX": "/data/data/com.termux/files/usr"},
         "/data/data/com.termux/files/home/.local/share/companion"),
        ("android", {"HOME": "/data/data/com.termux/files/home"},
         "/data/data/com.termux/files/home/.local/share/companion"),
    ],
)
def test_data_dir_per_platform(platform: str, env: dict[str, str], expected: str) -> None:
    assert datadir.user_data_dir(platform=platform, environ=env).as_posix() == expected


def test_data_dir_on_windows() -> None:
    local = r"C:\Users\Ann\AppData\Local"
    found = datadir.user_data_dir(platform="win32", environ={"LOCALAPPDATA": local, "APPDATA": "x"})
    assert str(found).startswith(local) and found.name == "companion"
    roaming = r"C:\Users\Ann\AppData\Roaming"
    assert str(datadir.user_data_dir(platform="win32", environ={"APPDATA": roaming})).startswith(roaming)
    bare = datadir.user_data_dir(platform="win32", environ={}, home="/h")
    assert bare.as_posix() == "/h/AppData/Local/companion"


def test_default_data_dir_follows_sys_platform_and_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert datadir.default_db_path() == tmp_path / "xdg" / "companion" / "companion.db"
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert datadir.default_db_path() == tmp_path / "Library" / "Application Support" / "companion" / "companion.db"


@pytest.mark.skipif(os.name == "nt", reason="POSIX file modes")
def test_secret_is_private_and_stable(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "data"
    first = datadir.load_or_create_secret(folder)
    path = folder / "secret_key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert len(first) >= 32 and path.read_text().strip() == first
    assert datadir.load_or_create_secret(folder) == first
    assert [p.name for p in folder.iterdir()] == ["secret_key"]  # no temporary files left behind


@pytest.mark.skipif(os.name == "nt", reason="POSIX file modes")
def test_secret_permissions_are_tightened_and_a_broken_file_replaced(tmp_path: Path) -> None:
    secret = datadir.load_or_create_secret(tmp_path)
    path = tmp_path / "secret_key"
    path.chmod(0o644)
    assert datadir.load_or_create_secret(tmp_path) == secret
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.write_text("")
    fresh = datadir.load_or_create_secret(tmp_path)
    assert len(fresh) >= 32 and fresh != secret
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert datadir.load_or_create_secret(tmp_path) == fresh


def test_secret_racing_first_starts_agree(tmp_path: Path) -> None:
    results: list[str] = []
    barrier = threading.Barrier(8)

    def start() -> None:
        barrier.wait()
        results.append(datadir.load_or_create_secret(tmp_path))

    threads = [threading.Thread(target=start) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(results)) == 1
    assert (tmp_path / "secret_key").read_text().strip() == results[0]


# --------------------------------------------------------------------------- port taken

@pytest.fixture
def taken_port() -> int:
    blocker = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    blocker.bind(("127.0.0.1", 0))
    blocker.listen(1)
    yield blocker.getsockname()[1]
    blocker.close()


def test_port_taken_non_interactive_picks_the_next_free_one(taken_port: int) -> None:
    said: list[str] = []
    sock = cli.acquire_socket("127.0.0.1", taken_port, interactive=False, tell=said.append)
    assert sock is not None
    new_port = sock.getsockname()[1]
    sock.close()
    assert new_port > taken_port
    assert said == [f"Port {taken_port} is already in use; using port {new_port} instead."]


def test_explicit_port_taken_without_a_terminal_refuses_to_start(taken_port: int) -> None:
    """An outside harness that starts `serve --port P` must never be moved to another port silently."""
    said: list[str] = []
    assert cli.acquire_socket("127.0.0.1", taken_port, interactive=False, explicit=True,
                              tell=said.append) is None
    assert said == [f"Port {taken_port} is already in use. Stop the other program or choose another port "
                    "with --port."]


def test_request_logging_never_blocks_on_an_unread_pipe() -> None:
    """A full stderr pipe (a harness that never reads it) must not stall requests: lines are dropped."""
    import logging
    import queue
    import threading

    gate = threading.Event()

    class Stuck:
        def write(self, text: str) -> int:
            gate.wait(5)  # a pipe nobody reads
            return len(text)

        def flush(self) -> None:
            pass

    records: queue.Queue = queue.Queue(maxsize=3)
    handler = cli._DroppingQueueHandler(records)
    writer = logging.handlers.QueueListener(records, logging.StreamHandler(Stuck()))
    writer.start()
    log = logging.getLogger("companion.test.stuck")
    log.addHandler(handler)
    log.propagate = False
    try:
        done = threading.Event()

        def many() -> None:
            for i in range(200):
                log.warning("line %d", i)
            done.set()

        threading.Thread(target=many, daemon=True).start()
        assert done.wait(2), "logging blocked behind a stuck stream"
    finally:
        gate.set()
        log.removeHandler(handler)
        deadline = time.monotonic() + 5
        while records.full() and time.monotonic() < deadline:  # let the writer drain before stopping it
            time.sleep(0.01)
        writer.stop()


@pytest.mark.parametrize("answer", ["", "y", "Yes"])
def test_port_taken_interactive_default_yes(taken_port: int, answer: str) -> None:
    asked: list[str] = []
    sock = cli.acquire_socket("127.0.0.1", taken_port, interactive=True,
                              ask=lambda q: asked.append(q) or answer, tell=lambda s: None)
    assert sock is not None
    new_port = sock.getsockname()[1]
    sock.close()
    assert asked == [f"Port {taken_port} is already in use. Use port {new_port} instead? [Y/n] "]


def test_port_taken_interactive_no(taken_port: int) -> None:
    said: list[str] = []
    assert cli.acquire_socket("127.0.0.1", taken_port, interactive=True, ask=lambda q: "n",
                              tell=said.append) is None
    assert "Not started" in said[0]


def test_port_taken_and_stdin_closed_counts_as_yes(taken_port: int) -> None:
    def eof(question: str) -> str:
        raise EOFError

    sock = cli.acquire_socket("127.0.0.1", taken_port, interactive=True, ask=eof, tell=lambda s: None)
    assert sock is not None
    sock.close()


def test_free_port_is_used_as_is() -> None:
    probe = server.bind_socket("127.0.0.1", 0)
    port = probe.getsockname()[1]
    probe.close()
    sock = cli.acquire_socket("127.0.0.1", port, interactive=False, tell=lambda s: None)
    assert sock is not None and sock.getsockname()[1] == port
    sock.close()


# --------------------------------------------------------------------------- end to end

class Served:
    """`python -m companion serve ...` in a subprocess, its stdout read line by line."""

    def __init__(self, *args: str, data_home: Path | None = None) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        # the per-user data folder (where the secret lives) goes to a private temporary place
        self.data_home = data_home or Path(tempfile.mkdtemp(prefix="companion-xdg-"))
        env["XDG_DATA_HOME"] = str(self.data_home)
        env.pop("PYTHONUNBUFFERED", None)  # the CLI must flush by itself
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", *args],
            cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, encoding="utf-8",
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.out: list[str] = []
        self.err: list[str] = []
        self._pumps = [threading.Thread(target=self._pump_out, daemon=True),
                       threading.Thread(target=self._pump_err, daemon=True)]
        for pump in self._pumps:
            pump.start()

    def _pump_out(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.out.append(line)
            self.lines.put(line)
        self.lines.put(None)

    def _pump_err(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.err.append(line)

    def wait_for(self, pattern: re.Pattern[str], timeout: float = 10) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no line matching {pattern.pattern}: {self.out} {self.err}")
            try:
                line = self.lines.get(timeout=remaining)
            except queue.Empty:
                continue
            if line is None:
                time.sleep(0.2)
                raise AssertionError(f"exited early: {self.out} {self.err}")
            match = pattern.search(line)
            if match:
                return match

    def stop(self, timeout: float = 10) -> tuple[int, str, float]:
        """SIGINT (what Ctrl-C sends); the exit code, all of stderr, and how long the stop took."""
        began = time.monotonic()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        took = time.monotonic() - began
        for pump in self._pumps:
            pump.join(5)
        return self.proc.returncode, "".join(self.err), took


def get(port: int, path: str) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


@pytest.mark.skipif(os.name == "nt", reason="SIGINT to a child process is POSIX")
def test_serve_end_to_end_and_clean_ctrl_c(tmp_path: Path) -> None:
    db = tmp_path / "data" / "table.db"
    served = Served("--host", "127.0.0.1", "--port", "0", "--db", str(db), data_home=tmp_path / "xdg")
    try:
        match = served.wait_for(URL_LINE)
        port = int(match.group(2))
        status, body = get(port, "/")
        assert status == 200 and body
        served.wait_for(re.compile(r"Ctrl\+C"))
    finally:
        code, err, took = served.stop()
    assert code == 0, err
    assert "Traceback" not in err
    assert re.search(r"GET / 200 [\d.]+ ms", err)  # the request log
    output = "".join(served.out)
    assert str(db) in output and output.rstrip().endswith("Stopped.")
    # the secret is kept in the user's own data folder, never beside a --db that may sit in a shared one
    secret = tmp_path / "xdg" / "companion" / "secret_key"
    assert db.exists() and secret.exists() and not (db.parent / "secret_key").exists()
    assert str(secret) in output


@pytest.mark.skipif(os.name == "nt", reason="SIGINT to a child process is POSIX")
def test_ctrl_c_with_live_streams_open_is_quick_and_clean(tmp_path: Path) -> None:
    served = Served("--host", "127.0.0.1", "--port", "0", "--db", str(tmp_path / "t.db"), "--qr", "off")
    streams = []
    try:
        port = int(served.wait_for(URL_LINE).group(2))
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("POST", "/api/tables", body=json.dumps({"players": ["A", "B", "C"]}),
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        assert resp.status == 201
        table = json.loads(resp.read())["id"]
        conn.close()
        for _ in range(5):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(f"GET /api/tables/{table}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            buf = b""
            while b"event: state" not in buf:
                chunk = s.recv(4096)
                assert chunk, buf
                buf += chunk
            streams.append(s)
    finally:
        code, err, took = served.stop()
        for s in streams:
            s.close()
    assert code == 0, err  # it stopped by itself (stop() kills it after its timeout: another code)
    assert "Traceback" not in err


@pytest.mark.skipif(os.name == "nt", reason="SIGINT to a child process is POSIX")
def test_explicit_port_taken_without_a_terminal_exits_with_a_clear_message(tmp_path: Path,
                                                                          taken_port: int) -> None:
    served = Served("--host", "127.0.0.1", "--port", str(taken_port), "--db", str(tmp_path / "t.db"),
                    "--qr", "off", "--quiet")
    assert served.proc.wait(10) == 1
    assert any(f"Port {taken_port} is already in use" in line for line in served.out), served.out
