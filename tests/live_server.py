"""One way for tests to serve the real app over HTTP: the production server of ``companion serve`` (hypercorn, the
live streams on its event loop, Flask through the WSGI bridge, the guards) on 127.0.0.1 (random port), in a
thread of the test's process.

Not a test module. ``tests/conftest.py`` puts this folder on ``sys.path`` so every test folder can import it.
The per-device caps are off by default (a test's many clients all come from 127.0.0.1); ``caps=True`` keeps
``companion serve``'s. Any other WSGI app (a test's own little site) is served the same way, without streams.
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from companion.server.asgi import build_app
from companion.server.bridge import WSGIBridge
from companion.server.serve import Background
from companion.server.sockets import bind_socket


class LiveServer:
    def __init__(self, app: Any, threads: int = 16, caps: bool = False) -> None:
        self.app = app
        limits: dict[str, Any] = {} if caps else {"max_streams": None, "max_client_streams": None,
                                                   "max_client_requests": None, "budget": None}
        sock = bind_socket("127.0.0.1", 0)
        self.port: int = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        if isinstance(app, Flask) and "companion" in app.extensions:
            self.asgi, self.router, self.guard = build_app(app, threads=threads, **limits)
            self.server = Background(self.asgi, sock, before_stop=self.router.live.close)
        else:
            self.router = None
            self.bridge = WSGIBridge(app, threads)
            self.server = Background(self.bridge, sock)

    def __enter__(self) -> LiveServer:
        self.server.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if isinstance(self.app, Flask) and "companion" in self.app.extensions:
            self.app.extensions["companion"].close()  # ends what else waits on the service
        self.server.stop()
        if self.router is not None:
            self.router.live.stop()
            self.router.wsgi.close()
        else:
            self.bridge.close()
