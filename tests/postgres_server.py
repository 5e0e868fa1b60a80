"""A real PostgreSQL for the tests (not a test module; ``tests/conftest.py`` puts this folder on ``sys.path``).

``server_url()``: ``COMPANION_TEST_POSTGRES`` when set (CI's ``.ci/run`` starts a cluster and sets it), else a
throwaway cluster started here once per test session — ``initdb`` in a temporary folder on a free loopback
port, as the ``postgres`` system user when running as root (initdb refuses root) — and stopped at exit. None
when no PostgreSQL can be had (``reason()`` says why); with ``COMPANION_REQUIRE_POSTGRES=1`` the fixtures fail
instead of skipping.

``fresh_schema(url)``: a URL whose connections work in a new, empty schema of their own (a test or a module gets
a clean database in a few milliseconds; the store's NOTIFY channel is per schema, so they never hear each other).
"""

from __future__ import annotations

import atexit
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path
from urllib.parse import quote

_state: dict[str, str | None] = {}


def required() -> bool:
    return os.environ.get("COMPANION_REQUIRE_POSTGRES", "") not in ("", "0")


def reason() -> str:
    return _state.get("reason") or "no PostgreSQL"


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=lambda p: int(p.split("/")[4]))
    return found[-1] if found else shutil.which(name)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_cluster(durable: bool = False) -> str | None:
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        _state["reason"] = "PostgreSQL's initdb/pg_ctl not found (apt-get install postgresql)"
        return None
    root = os.geteuid() == 0
    if root and shutil.which("runuser") is None:
        _state["reason"] = "running as root without runuser: cannot start PostgreSQL as another user"
        return None
    folder = Path(tempfile.mkdtemp(prefix="companion-pg-"))
    prefix: list[str] = []
    if root:  # initdb refuses root: the cluster belongs to the postgres system user
        try:
            shutil.chown(folder, user="postgres")
        except (LookupError, OSError) as exc:
            _state["reason"] = f"no postgres system user to run PostgreSQL as ({exc})"
            return None
        os.chmod(folder, 0o700)
        prefix = ["runuser", "-u", "postgres", "--"]
    port = _free_port()
    data = folder / "data"
    try:
        subprocess.run([*prefix, initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"],
                       check=True, capture_output=True, timeout=120)
        subprocess.run([*prefix, pg_ctl, "-D", str(data), "-l", str(folder / "log"), "-w", "-t", "60",
                        "-o", f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=300"
                        + ("" if durable else " -c fsync=off -c full_page_writes=off"), "start"],
                       check=True, capture_output=True, timeout=90)
    except (OSError, subprocess.SubprocessError) as exc:
        out = getattr(exc, "stderr", b"") or b""
        _state["reason"] = f"could not start a PostgreSQL cluster: {exc} {out.decode(errors='replace')[-300:]}"
        shutil.rmtree(folder, ignore_errors=True)
        return None

    def stop() -> None:
        subprocess.run([*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)

    atexit.register(stop)
    return f"postgresql://postgres@127.0.0.1:{port}/postgres"


def server_url(*, durable: bool = False) -> str | None:
    """The URL of a PostgreSQL database the tests may use, or None (see ``reason()``). A cluster started here
    runs without fsync (the tests kill the app's processes, never PostgreSQL), unless ``durable`` (benchmarks)."""
    if "url" not in _state:
        _state["url"] = os.environ.get("COMPANION_TEST_POSTGRES") or _start_cluster(durable)
    return _state["url"]


def fresh_schema(url: str) -> str:
    """A new empty schema in the database at ``url``, and a URL whose connections use it."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:16]
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {name}")  # a name of our own making: hex digits only
    joiner = "&" if "?" in url else "?"
    return f"{url}{joiner}options={quote(f'-csearch_path={name}')}"


def drop_schema(url: str, schema_url: str) -> None:
    import psycopg

    name = schema_url.rsplit("search_path%3D", 1)[-1]
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
