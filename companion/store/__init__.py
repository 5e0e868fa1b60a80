"""The one place with SQL: tables and their append-only event log, on SQLite (a file, the default) or on
PostgreSQL (a server several processes share), behind one interface (``base.Store``).

``open_store("path/to/file.db")`` or ``open_store("postgresql://user:password@host:5432/db")``.
"""

from __future__ import annotations

import re
from pathlib import Path

from .base import Change, EventRow, IntegrityError, Store, StoreError, TableRecord, Transaction, now_iso

__all__ = ["Change", "EventRow", "IntegrityError", "Store", "StoreError", "TableRecord", "Transaction",
           "describe_location", "is_url", "now_iso", "open_store"]

URL_SCHEMES = ("postgresql://", "postgres://")
_ANY_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


def is_url(location: str) -> bool:
    """A PostgreSQL URL (anything else is a SQLite file path)."""
    return location.lower().startswith(URL_SCHEMES)


def describe_location(location: str) -> tuple[str, str]:
    """(what to open, what to show people) for a ``--db`` value: a PostgreSQL URL as given (shown without its
    password), anything else as an absolute file path. A URL of another kind, or a PostgreSQL URL that is not
    one, is a ``StoreError`` (never a file named after it)."""
    if is_url(location):
        from .postgres import check_url, redact

        check_url(location)
        return location, redact(location)
    if _ANY_URL.match(location):
        raise StoreError(f"{location.split('://', 1)[0]}:// is not a database this server knows: give a SQLite file "
                         "path or a postgresql://USER:PASSWORD@HOST:PORT/DB URL")
    path = str(Path(location).expanduser().absolute())
    return path, path


def open_store(location: str) -> Store:
    """The store at ``location``: a PostgreSQL URL, else a SQLite file (created if missing). Raises
    ``StoreError`` with a one-line reason when it cannot be used."""
    if is_url(location):
        try:
            from .postgres import PostgresStore  # psycopg is needed only for PostgreSQL
        except ImportError as exc:  # pragma: no cover - a broken install
            raise StoreError(f"PostgreSQL needs the psycopg package ({exc})") from None
        return PostgresStore(location)
    from .sqlite import SQLiteStore

    return SQLiteStore(location)
