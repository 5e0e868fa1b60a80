"""Where the companion keeps its data, and the secret key kept beside the database.

The default data directory follows each platform's convention:

* Linux and other Unix: ``$XDG_DATA_HOME/companion`` (``~/.local/share/companion`` when unset);
* Android / Termux: the same XDG path, which is under Termux's own ``$HOME``;
* macOS: ``~/Library/Application Support/companion``;
* Windows: ``%LOCALAPPDATA%\\companion`` (``%APPDATA%``, then ``~\\AppData\\Local`` as fallbacks).

``--db`` overrides the database path; the ``secret_key`` file always lives next to the database.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

APP_NAME = "companion"
DB_FILENAME = "companion.db"
SECRET_FILENAME = "secret_key"
_SECRET_MIN_LEN = 32


def user_data_dir(*, platform: str | None = None, environ: Mapping[str, str] | None = None,
                  home: str | os.PathLike[str] | None = None) -> Path:
    """The per-user data directory for this platform (not created here)."""
    platform = sys.platform if platform is None else platform
    env = os.environ if environ is None else environ
    home_dir = Path(home) if home is not None else Path(env.get("HOME") or Path.home())

    if platform.startswith("win"):
        for var in ("LOCALAPPDATA", "APPDATA"):
            base = env.get(var)
            if base:
                return Path(base) / APP_NAME
        return home_dir / "AppData" / "Local" / APP_NAME
    if platform == "darwin":
        return home_dir / "Library" / "Application Support" / APP_NAME
    # Linux, the BSDs, Android ("android" since Python 3.13) and Termux (reports "linux"; its $HOME is
    # /data/data/com.termux/files/home, so the XDG default lands inside the app's private storage).
    xdg = env.get("XDG_DATA_HOME")
    if xdg and os.path.isabs(xdg):  # the XDG spec says relative values are to be ignored
        return Path(xdg) / APP_NAME
    return home_dir / ".local" / "share" / APP_NAME


def default_db_path() -> Path:
    return user_data_dir() / DB_FILENAME


def ensure_dir(path: Path) -> Path:
    """Create ``path`` (and parents) if missing; new folders are private to the user (0700)."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def _valid(secret: str) -> bool:
    return len(secret) >= _SECRET_MIN_LEN and secret.isascii() and secret.isprintable()


def _make_private(path: Path) -> None:
    if os.name == "nt":  # POSIX modes mean little on Windows; %LOCALAPPDATA% is per-user already
        return
    with contextlib.suppress(OSError):
        if path.stat().st_mode & 0o077:
            path.chmod(0o600)


def load_or_create_secret(directory: str | os.PathLike[str]) -> str:
    """Return the secret kept in ``directory/secret_key``, generating it (mode 0600) the first time.

    The file is written to a private temporary file first and then linked into place, so a reader never
    sees a half-written secret and two first starts racing each other agree on one value.
    """
    folder = ensure_dir(Path(directory))
    path = folder / SECRET_FILENAME
    try:
        existing: str | None = path.read_text(encoding="ascii", errors="replace").strip()
    except FileNotFoundError:
        existing = None
    if existing is not None and _valid(existing):
        _make_private(path)
        return existing

    secret = secrets.token_hex(32)
    fd, tmp = tempfile.mkstemp(prefix=".secret_key.", dir=folder)  # mkstemp creates it 0600
    try:
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(secret + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        if existing is not None:  # present but unusable (empty, truncated): replace it
            os.replace(tmp, path)
        else:
            try:
                os.link(tmp, path)  # atomic, and fails if another process won the race
            except FileExistsError:
                return load_or_create_secret(folder)
            except OSError:  # file systems without hard links (FAT on Android, some shares)
                os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
    _make_private(path)
    return secret
