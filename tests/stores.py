"""A new empty database for a test, of either kind (not a test module; shared by the conftests)."""

from __future__ import annotations

import postgres_server
import pytest


def new_location(kind: str, folder, request: pytest.FixtureRequest, name: str = "companion.db") -> str:
    """A new empty database of this kind: a SQLite file in ``folder``, or a PostgreSQL schema (dropped when the
    requesting fixture's scope ends)."""
    if kind == "sqlite":
        return str(folder / name)
    url = request.getfixturevalue("postgres_url")
    location = postgres_server.fresh_schema(url)
    request.addfinalizer(lambda: postgres_server.drop_schema(url, location))
    return location
