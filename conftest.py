"""Fixtures every test shares, the game packages' own tests (``companion/games/<game>/tests``) included: the
real app on a fresh SQLite file and its test client (tests/api shares one app per module instead, for speed,
and defines its own)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.web import create_app


@pytest.fixture
def app(tmp_path) -> Iterator[Flask]:
    app = create_app(str(tmp_path / "companion.db"), secret_key="test")
    app.config.update(TESTING=True)
    yield app
    service = app.extensions["companion"]
    service.close()
    service.store.close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
