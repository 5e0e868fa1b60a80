"""Fixtures every test shares, the game packages' own tests (``companion/games/<game>/tests``) included: the
real app on a fresh database and its test client (tests/api shares one app per module instead, for speed,
and defines its own).

Which database: ``store_kind``, "sqlite" unless the module is marked ``pytest.mark.both_stores`` (or lies in
tests/api) — then each of its tests runs on SQLite and on a real PostgreSQL (``tests/postgres_server.py``;
skipped with the reason where none can be had, a failure in CI). ``db_location``: a new SQLite file, or a new
PostgreSQL schema, for the test (``tests/stores.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.web import create_app

sys.path.insert(0, str(Path(__file__).resolve().parent / "tests"))  # postgres_server, stores (for every folder)
sys.path.insert(0, str(Path(__file__).resolve().parent / "tests" / "browser"))  # browser_fixtures and its helpers
import postgres_server  # noqa: E402
from stores import new_location  # noqa: E402

# The browser fixtures (live, browser, new_context) for every folder: tests/browser and a game's own tests/.
pytest_plugins = ["browser_fixtures"]

STORES = ("sqlite", "postgres")
BOTH_STORES_FOLDERS = {Path(__file__).resolve().parent / "tests" / "api"}  # every test here runs on both


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "both_stores: run each test on SQLite and on PostgreSQL (store_kind)")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    both = metafunc.definition.get_closest_marker("both_stores") or \
        metafunc.definition.path.parent.resolve() in BOTH_STORES_FOLDERS
    if "store_kind" in metafunc.fixturenames and both:
        metafunc.parametrize("store_kind", STORES, indirect=True, scope="module")


@pytest.fixture(scope="module")
def store_kind(request: pytest.FixtureRequest) -> str:
    return getattr(request, "param", "sqlite")


@pytest.fixture(scope="session")
def postgres_url() -> str:
    url = postgres_server.server_url()
    if url is None:
        if postgres_server.required():
            pytest.fail(f"PostgreSQL is required here (COMPANION_REQUIRE_POSTGRES): {postgres_server.reason()}")
        pytest.skip(postgres_server.reason())
    return url


@pytest.fixture
def db_location(store_kind: str, tmp_path, request: pytest.FixtureRequest) -> str:
    return new_location(store_kind, tmp_path, request)


@pytest.fixture
def app(db_location: str) -> Iterator[Flask]:
    app = create_app(db_location, secret_key="test")
    app.config.update(TESTING=True)
    yield app
    service = app.extensions["companion"]
    service.close()
    service.store.close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
