"""``companion serve --db``: a SQLite file path or a PostgreSQL URL; a URL of another kind, a PostgreSQL URL
libpq cannot read or whose server does not answer is one clear line and exit code 2, never a traceback, and
never the password."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.server import cli


def serve(*db: str, tmp_path) -> subprocess.CompletedProcess[str]:
    env = {"XDG_DATA_HOME": str(tmp_path / "xdg"), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    return subprocess.run([sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port", "0",
                           "--qr", "off", "-q", "--db", *db], capture_output=True, text=True, timeout=60, env=env,
                          cwd=tmp_path)


def made(tmp_path: Path) -> set[str]:
    """What the server left in its working folder besides the user's data folder (xdg)."""
    return {p.name for p in tmp_path.iterdir()} - {"xdg"}


def test_the_help_names_both_forms(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["serve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "SQLite file" in text and "postgresql://USER:PASSWORD@HOST:PORT/DB" in text


@pytest.mark.parametrize(("db", "reason"), [
    ("postgresql://ann:s3cret-pw@127.0.0.1:1/companion", "Connection refused"),
    ("postgresql://ann:s3cret-pw@[::1/companion", "not a usable PostgreSQL URL"),
    ("postgres://ann@127.0.0.1:1/companion?sslmode=nonsense", "sslmode"),
    ("mysql://ann:s3cret-pw@127.0.0.1/companion", "is not a database this server knows"),
])
def test_an_unusable_database_is_one_line_and_exit_code_2(db: str, reason: str, tmp_path) -> None:
    done = serve(db, tmp_path=tmp_path)
    output = (done.stdout + done.stderr).strip()
    assert done.returncode == 2, output
    assert len(output.splitlines()) == 1 and output.startswith("Cannot use the database") and reason in output
    assert "Traceback" not in output and "s3cret-pw" not in output
    assert made(tmp_path) == set()  # no file or folder named after the URL


def test_a_postgres_url_without_a_password_makes_no_folder(tmp_path) -> None:
    done = serve("postgresql://127.0.0.1:1/companion", tmp_path=tmp_path)
    assert done.returncode == 2 and "Connection refused" in done.stdout
    assert made(tmp_path) == set()
