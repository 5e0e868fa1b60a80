"""Shared by every test folder.

This folder is on sys.path (pytest's default import mode puts a root conftest's folder there), so
``live_server`` imports the same way from tests/api, tests/security and tests/browser. The ``app`` and
``client`` fixtures give each test the real app on a fresh SQLite file (tests/api shares one per module
instead, for speed, and defines its own).
"""

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
