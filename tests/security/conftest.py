"""Fixtures for the security tests: an app on a fresh SQLite file, its client, tables, a live server.

The fuzz run records its figures (requests sent, answers by status, refusals by code, 5xx) in ``FIGURES``;
they are printed in the terminal summary and, if ``COMPANION_FUZZ_REPORT`` names a file, written there as
JSON.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from security_harness import FIGURES, LiveServer, new_table


@pytest.fixture
def table(client: FlaskClient) -> dict[str, Any]:
    """A fresh 3-player table with one action played (so an undo would have something to take back)."""
    created = new_table(client)
    resp = client.post(f"/api/tables/{created['id']}/actions", json={"action": {"type": "research", "from": "deck"}})
    assert resp.status_code == 200, resp.get_data(as_text=True)
    created["state"] = resp.get_json()["state"]
    return created


@pytest.fixture
def live(app: Flask) -> Iterator[LiveServer]:
    with LiveServer(app) as server:
        yield server


def pytest_terminal_summary(terminalreporter) -> None:  # pragma: no cover - reporting only
    if not FIGURES["requests"]:
        return
    figures = {
        "requests_fuzzed": FIGURES["requests"],
        "by_status": dict(sorted(FIGURES["by_status"].items())),
        "refusals_by_code": dict(FIGURES["refusals"].most_common()),
        "server_errors_5xx": FIGURES["server_errors"],
        "runs": dict(FIGURES["runs"]),
        "seconds": round(FIGURES["seconds"], 1),
    }
    terminalreporter.section("security fuzz figures")
    terminalreporter.write_line(json.dumps(figures, indent=1, ensure_ascii=False))
    path = os.environ.get("COMPANION_FUZZ_REPORT")
    if path:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(figures, fh, indent=1, ensure_ascii=False)
