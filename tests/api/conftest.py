"""Fixtures for the JSON API tests: an app on a temporary database (one per module; each test makes its own
tables), its test client, a fresh table, and the app under the live production server. Every API test runs on
SQLite and on PostgreSQL (``store_kind``, tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from api_harness import NAMES, FlaskCaller, LiveServer, close_app, make_app
from flask import Flask
from flask.testing import FlaskClient
from stores import new_location


@pytest.fixture(scope="module")
def db_path(store_kind: str, tmp_path_factory, request: pytest.FixtureRequest) -> str:
    return new_location(store_kind, tmp_path_factory.mktemp("api"), request)


@pytest.fixture(scope="module")
def app(db_path: str) -> Iterator[Flask]:
    """One app per test module (every test makes its own tables, so they stay independent).
    Modules that close the service (live SSE servers) override this with a fresh app per test."""
    app = make_app(db_path)
    yield app
    close_app(app)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def caller(client: FlaskClient) -> FlaskCaller:
    return FlaskCaller(client)


@pytest.fixture
def table(client: FlaskClient) -> dict[str, Any]:
    """A fresh 3-player table (start seat 0): the 201 answer ``{"id", "view_id", "state"}``."""
    resp = client.post("/api/tables", json={"players": NAMES[:3]})
    assert resp.status_code == 201
    return resp.get_json()


@pytest.fixture
def live(app: Flask) -> Iterator[LiveServer]:
    """The same app under the production server on 127.0.0.1, in a thread."""
    with LiveServer(app) as server:
        yield server
