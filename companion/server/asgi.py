"""The ASGI app that ``companion serve`` runs: the live streams on the event loop (streams.py), every other request
to Flask, answered whole in a thread of a pool of ``threads`` (bridge.py), with the per-device guards (guard.py)
and the request log (reqlog.py) in front of both."""

from __future__ import annotations

from typing import Any

from .bridge import WSGIBridge
from .guard import (
    BUDGETS,
    MAX_CLIENT_REQUESTS,
    MAX_CLIENT_STREAMS,
    MAX_STREAMS,
    Budget,
    Guard,
    PublicLimits,
    Receive,
    Scope,
    Send,
)
from .proxy import TrustedProxies
from .reqlog import RequestLog
from .streams import LiveLayer, is_stream

THREADS = 32  # Flask's requests (pages, the API) at once; streams take none
MIN_THREADS = 4


class CompanionApp:
    """Routes a request: a stream to the live layer, anything else to Flask."""

    def __init__(self, flask_app: Any, *, threads: int = THREADS) -> None:
        self.flask = flask_app
        self.live = LiveLayer(flask_app)
        self.wsgi = WSGIBridge(flask_app, threads)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "http":
            if is_stream(scope["method"], scope["path"]):
                await self.live.handle(scope, receive, send)  # type: ignore[arg-type]
            else:
                await self.wsgi(scope, receive, send)  # type: ignore[arg-type]
        elif kind == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    self.live.start()
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        elif kind == "websocket":
            await send({"type": "websocket.close", "code": 1000})


def build_app(flask_app: Any, *, threads: int = THREADS, max_streams: int | None = MAX_STREAMS,
              max_client_streams: int | None = MAX_CLIENT_STREAMS,
              max_client_requests: int | None = MAX_CLIENT_REQUESTS, budget: Budget | None | bool = True,
              trust_proxy: bool | TrustedProxies | None = False, public: PublicLimits | None = None,
              redact_ids: bool = True, log_prefix: str = "") -> tuple[Any, CompanionApp, Guard]:
    """(the ASGI app to serve, its router — ``.live`` is the live layer —, its guard). ``trust_proxy``: whose
    forwarding headers to believe (``True``: a proxy on this machine); ``public``: public mode's caps per device
    cookie and per address (guard.py, devices.py)."""
    router = CompanionApp(flask_app, threads=threads)
    guard = Guard(router, max_streams=max_streams, max_client_streams=max_client_streams,
                  max_client_requests=max_client_requests,
                  budget=Budget(BUDGETS) if budget is True else (budget or None), trust_proxy=trust_proxy,
                  public=public)
    return RequestLog(guard, redact_ids=redact_ids, prefix=log_prefix), router, guard


def serve_in_thread(flask_app: Any, host: str = "127.0.0.1", port: int = 0, *, threads: int = 16,
                    caps: bool = False) -> tuple[Any, int]:
    """The production server for ``flask_app`` in a thread of this process (scripts: screenshots, benchmarks):
    (its ``serve.Background``, the port). The per-device caps are off unless ``caps``: a script's many clients
    come from one address."""
    from .serve import Background
    from .sockets import bind_socket

    limits: dict[str, Any] = {} if caps else {"max_streams": None, "max_client_streams": None,
                                               "max_client_requests": None, "budget": None}
    asgi, router, _ = build_app(flask_app, threads=threads, **limits)
    sock = bind_socket(host, port)
    bound = sock.getsockname()[1]
    return Background(asgi, sock, before_stop=router.live.close).start(), bound
