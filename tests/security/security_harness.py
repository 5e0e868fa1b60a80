"""Shared machinery for the security tests (not a test module): names, figures, a live server."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

import waitress
from flask import Flask
from flask.testing import FlaskClient
from waitress import wasyncore

NAMES = ["Hilbert", "Banach", "Noether", "Gauss", "Euler"]

FIGURES: dict[str, Any] = {"requests": 0, "by_status": Counter(), "refusals": Counter(), "server_errors": 0,
                           "runs": Counter(), "seconds": 0.0}


def new_table(client: FlaskClient, players: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    resp = client.post("/api/tables", json={"players": players or NAMES[:3], **extra})
    assert resp.status_code == 201, resp.get_data(as_text=True)
    return resp.get_json()



class LiveServer:
    """A WSGI app under waitress on 127.0.0.1 (random port), its event loop in a daemon thread.

    The loop runs with a stop flag in our own thread, so stopping never closes a socket under a ``select``
    still running elsewhere (which would raise in the thread and fail the test at teardown)."""

    def __init__(self, app: Any, threads: int = 16) -> None:
        self.app = app
        self.server = waitress.create_server(app, host="127.0.0.1", port=0, threads=threads,
                                             channel_request_lookahead=5)
        self.port = self.server.effective_port
        self.url = f"http://127.0.0.1:{self.port}"
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True, name="waitress-security")

    def _loop(self) -> None:
        socket_map = self.server._map
        while not self._stop.is_set():
            wasyncore.loop(timeout=0.05, map=socket_map, count=1)
        for channel in list(socket_map.values()):
            channel.close()

    def __enter__(self) -> LiveServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if isinstance(self.app, Flask):
            self.app.extensions["companion"].close()  # ends open event streams
        self.server.task_dispatcher.shutdown(timeout=5)
        self._stop.set()
        self.thread.join(5)
