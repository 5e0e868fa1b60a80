"""The request middleware of the production server: one log line per request, and the per-device caps and
budgets that keep one device from taking what the others need (streams, requests in flight, expensive
requests; docs/security.md). Server-side only: the app never sees it, tests wrap it around the real app.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .guard import Budget, expensive_kind, too_many

log = logging.getLogger("companion.requests")
server_log = logging.getLogger("companion.server")

Environ = dict[str, Any]
StartResponse = Callable[..., Any]
WSGIApp = Callable[[Environ, StartResponse], Iterable[bytes]]


_TOKEN = re.compile(r"(?<=/)([A-Za-z0-9_-]{4})[A-Za-z0-9_-]{12,}")


def redact(path: str) -> str:
    """Shorten long unguessable tokens (table ids grant write access) in a logged path."""
    return _TOKEN.sub(r"\1...", path)


class _Body:
    """Wraps an app_iter to learn when the response is over (waitress calls close() at the end)."""

    def __init__(self, inner: Iterable[bytes], done: Callable[[], None]) -> None:
        self._inner = inner
        self._done: Callable[[], None] | None = done

    def __iter__(self) -> Iterator[bytes]:
        return iter(self._inner)

    def close(self) -> None:
        try:
            close = getattr(self._inner, "close", None)
            if close is not None:
                close()
        finally:
            done, self._done = self._done, None
            if done is not None:
                done()


class _SizedBody(_Body):
    def __len__(self) -> int:  # lets waitress set Content-Length for one-chunk bodies
        return len(self._inner)  # type: ignore[arg-type]


class RequestMiddleware:
    """One log line per request (method, path without query, status, ms) and a cap on open streams.

    A response is a stream when its Content-Type is ``text/event-stream``; it is logged once, when it
    ends (keep-alive comments are never logged). Streams beyond ``max_streams`` get 503 + Retry-After so
    that ordinary requests always find a free worker thread.
    """

    def __init__(self, app: WSGIApp, *, max_streams: int | None = None, redact_ids: bool = True,
                 max_client_streams: int | None = None, max_client_requests: int | None = None,
                 budget: Budget | None = None, trust_proxy: bool = False) -> None:
        self.app = app
        self.max_streams = max_streams
        self.max_client_streams = max_client_streams
        self.max_client_requests = max_client_requests
        self.budget = budget
        self.trust_proxy = trust_proxy
        self.redact_ids = redact_ids
        self._lock = threading.Lock()
        self.open_streams = 0
        self.client_streams: Counter[str] = Counter()
        self.client_requests: Counter[str] = Counter()
        self.limited = 0

    def client(self, environ: Environ) -> str:
        """Who is asking: the TCP peer, or behind a trusted proxy the address it says it forwards for."""
        if self.trust_proxy:
            forwarded = environ.get("HTTP_X_FORWARDED_FOR", "")
            if forwarded:
                return forwarded.rsplit(",", 1)[-1].strip()[:64]
        return str(environ.get("REMOTE_ADDR", ""))

    def _release(self, client: str) -> None:  # with self._lock held
        if self.client_requests[client] <= 1:
            self.client_requests.pop(client, None)
        else:
            self.client_requests[client] -= 1

    def _over_budget(self, environ: Environ, client: str) -> WSGIApp | None:
        """A 429 answer when this client is over its budget; else None, and the request counts as in flight."""
        kind = expensive_kind(environ)
        wait = self.budget.take(client, kind) if (kind and self.budget is not None) else 0.0
        with self._lock:
            if not wait:
                busy = self.max_client_requests is not None and \
                    self.client_requests[client] >= self.max_client_requests
                if not busy:
                    self.client_requests[client] += 1
                    return None
                wait = 1.0
            self.limited += 1
        if self.limited % 1000 == 1:
            server_log.warning("%s is over its budget (%s); answering 429", client, kind or "requests in flight")
        return too_many(wait, str(environ.get("PATH_INFO", "")).startswith("/api/"))

    def _path(self, environ: Environ) -> str:
        path = (environ.get("SCRIPT_NAME", "") + environ.get("PATH_INFO", "")) or "/"
        return redact(path) if self.redact_ids else path

    def _log(self, method: str, path: str, status: str, started: float, stream: bool) -> None:
        ms = (time.perf_counter() - started) * 1000
        code = status.split(" ", 1)[0] if status else "-"
        level = logging.WARNING if code.startswith("5") else logging.INFO
        if log.isEnabledFor(level):
            suffix = " (stream)" if stream else ""
            log.log(level, "%s %s %s %.1f ms%s", method, path, code, ms, suffix)

    def __call__(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        started = time.perf_counter()
        method = environ.get("REQUEST_METHOD", "-")
        path = self._path(environ)
        client = self.client(environ)
        refusal = self._over_budget(environ, client)
        if refusal is not None:
            return refusal(environ, start_response)
        seen: dict[str, Any] = {"status": "", "stream": False, "rejected": False, "counted": True}

        def _start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            is_stream = any(k.lower() == "content-type" and v.lower().startswith("text/event-stream")
                            for k, v in headers)
            if is_stream and not seen["stream"]:
                with self._lock:
                    if ((self.max_streams is not None and self.open_streams >= self.max_streams)
                            or (self.max_client_streams is not None
                                and self.client_streams[client] >= self.max_client_streams)):
                        seen["rejected"] = True
                    else:
                        self.open_streams += 1
                        self.client_streams[client] += 1
                        seen["stream"] = True
                    if seen["counted"]:  # a stream is not one of the client's requests in flight
                        seen["counted"] = False
                        self._release(client)
            if seen["rejected"]:
                status = "503 Service Unavailable"
                headers = [("Content-Type", "text/plain; charset=utf-8"), ("Retry-After", str(STREAM_RETRY)),
                           ("Content-Length", str(len(_BUSY)))]
                exc_info = None
            seen["status"] = status
            return start_response(status, headers, exc_info) if exc_info else start_response(status, headers)

        def _done() -> None:
            with self._lock:
                if seen["stream"]:
                    self.open_streams -= 1
                    self.client_streams[client] -= 1
                    if self.client_streams[client] <= 0:
                        del self.client_streams[client]
                if seen["counted"]:
                    seen["counted"] = False
                    self._release(client)
            self._log(method, path, seen["status"], started, seen["stream"])

        on_close = getattr(getattr(environ.get("waitress.client_disconnected"), "__self__", None), "on_close", None)
        if on_close is not None:  # a stream can be woken when its phone goes (guard.GuardedChannel.on_close)
            environ["companion.on_disconnect"] = on_close
        try:
            result = self.app(environ, _start_response)
        except BaseException:
            with self._lock:
                if seen["counted"]:
                    seen["counted"] = False
                    self._release(client)
            self._log(method, path, seen["status"] or "500", started, False)
            raise
        if seen["rejected"]:
            close = getattr(result, "close", None)
            if close is not None:
                close()
            server_log.warning("Too many live streams open (%d); refused one", self.max_streams)
            _done()
            return [_BUSY]
        file_wrapper = environ.get("wsgi.file_wrapper")
        if isinstance(file_wrapper, type) and isinstance(result, file_wrapper):
            _done()  # keep waitress's zero-copy file sending; a file is out in no time anyway
            return result
        if hasattr(result, "__len__"):
            return _SizedBody(result, _done)
        return _Body(result, _done)


_BUSY = b"Too many devices are following live updates right now; retrying shortly.\n"
STREAM_RETRY = 10  # seconds a refused stream waits (the page polls meanwhile, and adds jitter)
