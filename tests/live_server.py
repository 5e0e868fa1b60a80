"""One way for tests to serve the real app over HTTP: waitress on 127.0.0.1 (random port) in a thread.

Not a test module. ``tests/conftest.py`` puts this folder on ``sys.path`` so every test folder can import
it. The event loop runs in our own thread with a stop flag, so shutting down never closes a socket under
a ``select`` still running elsewhere (which raised in that thread and failed tests at teardown).
"""

from __future__ import annotations

import threading
from typing import Any

import waitress
from flask import Flask
from waitress import wasyncore


class LiveServer:
    def __init__(self, app: Any, threads: int = 16, lookahead: int = 5) -> None:
        self.app = app
        # channel_request_lookahead > 0 gives streams waitress.client_disconnected, as in production
        self.server = waitress.create_server(app, host="127.0.0.1", port=0, threads=threads,
                                             channel_request_lookahead=lookahead)
        self.port: int = self.server.effective_port
        self.url = f"http://127.0.0.1:{self.port}"
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True, name="waitress-test")

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
