"""Shared machinery for the security tests (not a test module): names, figures, a live server."""

from __future__ import annotations

from collections import Counter
from typing import Any

from flask.testing import FlaskClient
from live_server import LiveServer  # noqa: F401 - re-exported for the security tests

NAMES = ["Hilbert", "Banach", "Noether", "Gauss", "Euler"]

FIGURES: dict[str, Any] = {"requests": 0, "by_status": Counter(), "refusals": Counter(), "server_errors": 0,
                           "runs": Counter(), "seconds": 0.0}


def new_table(client: FlaskClient, players: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    resp = client.post("/api/tables", json={"players": players or NAMES[:3], **extra})
    assert resp.status_code == 201, resp.get_data(as_text=True)
    return resp.get_json()
