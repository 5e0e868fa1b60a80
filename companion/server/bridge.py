"""Flask (WSGI) behind the ASGI server: a request is answered by the WSGI app in a thread of a pool, whole, and
its answer sent from the event loop — one hand-over to the thread and one back per request.

Only answers that end are sent this way: every page, fragment, API answer, static file and export (the largest,
a game's CSV log or a script, is some hundreds of KB). The live streams, the only answers that do not end, never
come here (streams.py). A streaming bridge (a2wsgi, hypercorn's own, asgiref's) hands every message of an
answer to the event loop and waits for it — its start, each chunk, its end — and each hand-over waits for the
other thread to be scheduled and to get the interpreter lock: measured at 100 tables × 5 phones on this loaded
2-core machine (docs/scaling.md, fifth pass) a2wsgi's 4 hand-overs per action gave action p50 338–405 ms where
this gave 21–143 ms, in the same minutes. Plain PEP 3333 on one side and the ASGI spec on the other: no
library's internals.

The request's body has been read whole by the guard (guard.py) before it gets here, with its limits and
deadline, so no thread ever waits on a slow body.
"""

from __future__ import annotations

import asyncio
import io
import sys
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

Headers = list[tuple[bytes, bytes]]


def wsgi_environ(scope: dict[str, Any], body: bytes = b"") -> dict[str, Any]:
    """A WSGI environ for ``scope`` (PEP 3333; the same keys a WSGI server gives)."""
    server = scope.get("server") or ("localhost", 80)
    root = scope.get("root_path", "")
    path = scope["path"]
    if root and path.startswith(root):
        path = path[len(root):]
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": root.encode("utf-8").decode("latin-1"),
        "PATH_INFO": path.encode("utf-8").decode("latin-1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin-1"),
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1] or 0),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    client = scope.get("client")
    if client:
        environ["REMOTE_ADDR"], environ["REMOTE_PORT"] = str(client[0]), str(client[1])
    for raw_name, raw_value in scope.get("headers", ()):
        name = raw_name.decode("latin-1").upper().replace("-", "_")
        key = name if name in ("CONTENT_TYPE", "CONTENT_LENGTH") else "HTTP_" + name
        value = raw_value.decode("latin-1")
        if key in environ:
            value = environ[key] + ("; " if key == "HTTP_COOKIE" else ",") + value
        environ[key] = value
    return environ


def call_wsgi(app: Callable[..., Iterable[bytes]], environ: dict[str, Any]) -> tuple[int, Headers, bytes]:
    """Run a WSGI app to the end of its answer: (status, headers, body)."""
    started: list[Any] = []
    written: list[bytes] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[[bytes], None]:
        started[:] = [status, headers]  # a second call (an error page after all) replaces the first: nothing left
        return written.append

    result = app(environ, start_response)
    try:
        body = b"".join([*written, *result])
    finally:
        close = getattr(result, "close", None)
        if close is not None:
            close()
    status, headers = started
    return int(status.split(" ", 1)[0]), [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers], body


class WSGIBridge:
    """An ASGI app answering every HTTP request with the WSGI ``app``, in a pool of ``threads`` threads."""

    def __init__(self, app: Callable[..., Iterable[bytes]], threads: int) -> None:
        self.app = app
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="wsgi")

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":  # served alone (a test's little site): nothing to start or stop
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        if scope["type"] != "http":
            return
        chunks = []
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        environ = wsgi_environ(scope, b"".join(chunks))
        status, headers, body = await asyncio.get_running_loop().run_in_executor(self.pool, call_wsgi, self.app,
                                                                                 environ)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
