"""The live layer: every open stream held on the event loop, none on a thread.

The two stream routes — the page's ``GET /t/<id>/live`` (``/v/<view id>/live``) and the API's
``GET /api/tables/<id>/events`` — are answered by Flask like any other request, once, in a worker thread (the
Host check, the table's id, the headers, the session's cookie and the first event: web/sse.py, web/pages/live.py).
The view hands the stream over (``sse.LiveStream``) and from then on the stream is a coroutine here:

* a change is heard through ``service.add_listener`` from whatever thread made it (an action's worker thread;
  later another process's notice) and handed to the loop with ``call_soon_threadsafe``;
* the API's streams of that table send one ``event: state`` per new version at once (no thread);
* the page's streams need the fragment as each phone sees it: one job per table in the rendering thread
  (``RENDER_THREADS``) renders it for each of the table's streams in a request context made from that stream's
  own request (Flask's public ``request_context`` + ``preprocess_request``) and hands each stream its event as
  soon as it is made; phones that see the same share one rendering per version (fragcache's single flight),
  each with its own tokens. A change that lands while the job runs starts one more job after it, not one per
  change;
* a stream whose phone is slow keeps only the latest fragment offered: when its send returns, it sends that one;
* a phone that closes its connection ends its stream at once (ASGI ``http.disconnect``); a stream sends a
  keep-alive comment after ``KEEPALIVE_SECONDS`` of silence; closing the layer ends every stream cleanly
  (a gzip stream with its trailer).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from ..web import sse
from ..web.sse import LIVE_KEY, LiveStream
from .bridge import call_wsgi, wsgi_environ

log = logging.getLogger("companion.server")

Rendered = tuple[int, tuple[bytes, bytes]]  # a page stream's next event: (version, (bytes, deflate blocks))

_STREAM_PATH = re.compile(r"/(?:t|v)/[^/]+/live|/api/tables/[^/]+/events")
# The streams' opening requests get threads of their own (never the pages' and the API's). The renderings get
# one: they are Python all through, so under the interpreter lock a second thread only splits the one core
# between two jobs and each ends later — at 100 tables with a seat per phone (benchmarks/bench_cafe.py --seats,
# quiet machine) push p95 74-85 ms with one thread, 100-119 ms with two, 168-312 ms with four, and less CPU
# per change (16-17.5 ms against 17-20). The price: a rendering that waits holds back the renderings queued
# behind it — on the database (on PostgreSQL one short indexed read per change since ``reads_together``), or,
# catching a table up after another process's write, on this process's writer of that table while its own
# write waits for the database (SQLite: another process's write transaction, milliseconds).
OPENING_THREADS = 2
RENDER_THREADS = 1


def is_stream(method: str, path: str) -> bool:
    return method == "GET" and _STREAM_PATH.fullmatch(path) is not None


def with_cookies_set(environ: dict[str, Any], headers: list[tuple[bytes, bytes]]) -> None:
    """The stream's later renderings see the cookies its answer set (its new session and CSRF token), as the
    browser will on its next request."""
    jar: dict[str, str] = {}
    for part in environ.get("HTTP_COOKIE", "").split(";"):
        name, sep, value = part.strip().partition("=")
        if sep:
            jar[name] = value
    changed = False
    for key, value in headers:
        if key != b"set-cookie":
            continue
        first, *attrs = value.decode("latin-1").split(";")
        name, _, cookie = first.strip().partition("=")
        gone = any(a.strip().lower() in ("max-age=0", "expires=thu, 01 jan 1970 00:00:00 gmt") for a in attrs)
        if gone:
            jar.pop(name, None)
        else:
            jar[name] = cookie
        changed = True
    if changed:
        environ["HTTP_COOKIE"] = "; ".join(f"{k}={v}" for k, v in jar.items())


# --------------------------------------------------------------------------- streams

class Stream:
    __slots__ = ("live", "environ", "context", "sent", "target", "offered", "wake", "gone", "failed")

    def __init__(self, live: LiveStream, environ: dict[str, Any]) -> None:
        self.live = live
        self.environ = environ
        self.context: Any = None  # the Flask request context its renderings run in, made at the first
        self.sent = live.version  # the version the phone has (for the API: the last event sent)
        self.target = live.version  # the API's: the newest version heard
        self.offered: Rendered | None = None  # the page's: the latest fragment not sent
        self.wake = asyncio.Event()
        self.gone = False
        self.failed = False

    @property
    def is_page(self) -> bool:
        return self.live.page is not None

    def take(self) -> bytes | None:
        """What is due to be sent now, if anything."""
        if self.live.page is not None:
            offered, self.offered = self.offered, None
            if offered is None or offered[0] <= self.sent:
                return None
            self.sent = offered[0]
            return self.live.page.event(*offered)
        if self.target == self.sent:
            return None
        text = sse.state_events(self.sent, self.target)
        self.sent = self.target
        return text.encode()

    def keepalive(self) -> bytes:
        text = ": keep-alive\n\n"
        return self.live.page.text(text) if self.live.page is not None else text.encode()


class LiveLayer:
    """The streams of one process, by table, and the work of keeping them current."""

    def __init__(self, flask_app: Any, *, threads: int = OPENING_THREADS,
                 render_threads: int = RENDER_THREADS) -> None:
        self.flask = flask_app
        self.service = flask_app.extensions["companion"]
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="live-open")
        self.renderer = ThreadPoolExecutor(render_threads, thread_name_prefix="live-render")
        self.tables: dict[str, set[Stream]] = {}
        self.rendering: set[str] = set()
        self.again: set[str] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.closing = False
        self.renders = 0  # render jobs run (one per table and burst of changes)
        self._unlisten: Callable[[], None] | None = None

    @property
    def open_streams(self) -> int:
        return sum(len(s) for s in self.tables.values())

    def start(self) -> None:
        """Listen to the service's changes; on the loop (the first stream starts it, or the server)."""
        if self.loop is None:
            self.loop = asyncio.get_running_loop()
            self._unlisten = self.service.add_listener(self._heard)

    def close(self) -> None:
        """End every stream (shutting down); on the loop."""
        self.closing = True
        for streams in self.tables.values():
            for stream in streams:
                stream.wake.set()

    def stop(self) -> None:
        """Forget the service and the threads (after the server stopped)."""
        if self._unlisten is not None:
            self._unlisten()
            self._unlisten = None
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.renderer.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ changes (any thread, then the loop)

    def _heard(self, table_id: str, version: int) -> None:
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nothing left to wake
            loop.call_soon_threadsafe(self.changed, table_id, version)

    def changed(self, table_id: str, version: int) -> None:
        streams = self.tables.get(table_id)
        if not streams:
            return
        pages = False
        for stream in streams:
            if stream.is_page:
                pages = pages or version > stream.sent
            elif version > stream.target:
                stream.target = version
                stream.wake.set()
        if pages:
            self._render(table_id)

    def _render(self, table_id: str) -> None:
        if table_id in self.rendering:
            self.again.add(table_id)  # one more job after this one, with whatever is newest then
            return
        streams = [s for s in self.tables.get(table_id, ()) if s.is_page and not s.gone]
        if not streams or self.loop is None:
            return
        self.rendering.add(table_id)
        self.renders += 1
        job = self.renderer.submit(self._render_all, streams)
        job.add_done_callback(lambda done: self._heard_back(table_id, streams, done))

    def _heard_back(self, table_id: str, streams: list[Stream], done: Future[None]) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._rendered, table_id, streams, done)

    def _render_all(self, streams: list[Stream]) -> None:
        """In a worker thread: each stream's next event, from the shared rendering of its version and viewer,
        handed to the loop as soon as it is made (the table's first phone need not wait for its fifth). The
        table is read as of one moment for all of them (``reads_together``)."""
        with self.service.reads_together():
            self._render_each(streams)

    def _render_each(self, streams: list[Stream]) -> None:
        for stream in streams:
            try:
                result = self.render_one(stream)
            except Exception:
                log.exception("Rendering a live event failed; the stream ends (its page reconnects)")
                result = None
            loop = self.loop
            if loop is not None and not loop.is_closed():
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(self._offer, stream, result)

    def render_one(self, stream: Stream) -> Rendered | None:
        """In a worker thread: the stream's next event, in its own request context. The context is made once
        and pushed again for each rendering (as Flask's ``stream_with_context`` does): its session is opened
        once, its parsed headers are kept; ``preprocess_request`` runs the before-request hooks each time (the
        Host check, the page's language in ``g``)."""
        render = stream.live.render
        if render is None:
            return None
        if stream.context is None:
            stream.context = self.flask.request_context(stream.environ)
        with stream.context:
            if self.flask.preprocess_request() is not None:  # refused now (never, once the stream was let in)
                return None
            return render()

    def _offer(self, stream: Stream, result: Rendered | None) -> None:
        """On the loop: a stream's new event, kept to be sent unless it already has as new a one."""
        if result is None:
            stream.failed = True
        elif result[0] > stream.sent and (stream.offered is None or result[0] > stream.offered[0]):
            stream.offered = result
        else:
            return
        stream.wake.set()

    def _rendered(self, table_id: str, streams: list[Stream], done: Future[None]) -> None:
        """On the loop, after the job's offers (the loop runs its callbacks in the order they were handed)."""
        self.rendering.discard(table_id)
        if done.cancelled() or done.exception() is not None:  # shut down meanwhile: the pages reconnect
            for stream in streams:
                stream.failed = True
                stream.wake.set()
        if table_id in self.again:
            self.again.discard(table_id)
            self._render(table_id)

    # ------------------------------------------------------------------ one stream's life (the loop)

    async def handle(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.start()
        loop = asyncio.get_running_loop()
        environ = wsgi_environ(scope)
        holder: list[LiveStream] = []
        environ[LIVE_KEY] = holder
        status, headers, body = await loop.run_in_executor(self.pool, call_wsgi, self.flask,
                                                           environ)
        if status != 200 or not holder or self.closing:
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        live = holder[0]
        del environ[LIVE_KEY]
        with_cookies_set(environ, headers)
        stream = Stream(live, environ)
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(k, v) for k, v in headers if k != b"content-length"]})
        await send({"type": "http.response.body", "body": live.first, "more_body": True})
        streams = self.tables.setdefault(live.table_id, set())
        streams.add(stream)
        watcher = loop.create_task(self._watch(receive, stream))
        try:
            # A change between the first event and now found no stream here to wake: look once.
            current = await loop.run_in_executor(self.pool, self.service.version, live.table_id)
            if current != stream.sent:
                self.changed(live.table_id, current)
            await self._serve(stream, send, loop)
        finally:
            streams.discard(stream)
            if not streams and self.tables.get(live.table_id) is streams:
                del self.tables[live.table_id]
            watcher.cancel()

    async def _watch(self, receive: Any, stream: Stream) -> None:
        try:
            while (await receive())["type"] != "http.disconnect":
                pass
        finally:
            stream.gone = True
            stream.wake.set()

    async def _serve(self, stream: Stream, send: Any, loop: asyncio.AbstractEventLoop) -> None:
        quiet_since = loop.time()
        while True:
            if not stream.wake.is_set():
                timer = loop.call_later(max(0.0, quiet_since + sse.KEEPALIVE_SECONDS - loop.time()), stream.wake.set)
                await stream.wake.wait()
                timer.cancel()
            stream.wake.clear()
            if stream.gone:
                return
            if self.closing or stream.failed:
                break
            chunk = stream.take()
            if chunk is None:
                if loop.time() - quiet_since < sse.KEEPALIVE_SECONDS:
                    continue
                if self.service.is_closed(stream.live.table_id):  # idle past public mode's limit: let it go
                    break
                chunk = stream.keepalive()
            await send({"type": "http.response.body", "body": chunk, "more_body": True})
            quiet_since = loop.time()
        await send({"type": "http.response.body", "body": stream.live.end(), "more_body": False})
