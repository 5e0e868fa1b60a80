"""Command line: ``companion serve`` (also bare ``companion`` and ``python -m companion``).

Binds 0.0.0.0:8000 by default, prints the URL to open and a QR code of it, and serves (hypercorn, the live
streams on its event loop: serve.py, asgi.py) until Ctrl-C; ``--workers N`` runs N such processes on the one
socket (workers.py, POSIX).
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import logging.handlers
import os
import queue
import secrets
import shutil
import socket
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from .. import __version__
from ..games.texts import LANGUAGES
from .datadir import SECRET_FILENAME, default_db_path, ensure_dir, load_or_create_secret
from .netinfo import public_url
from .sockets import PortInUse, bind_socket, next_free_port
from .termqr import MODES, terminal_qr

DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 8000
PORT_SEARCH = 100

_TOP_LEVEL_FLAGS = {"-h", "--help", "--version"}


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port must be between 0 and 65535, not {value}")
    return value


MIN_THREADS = 4
DEFAULT_THREADS = 32
MAX_WORKERS = 64
PUBLIC_IDLE_HOURS = 12.0


def _network(text: str) -> str:
    from .proxy import parse_network

    try:
        return str(parse_network(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an address or network: {text!r}") from None


def _hours(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of hours: {text!r}") from None
    if not 0 < value <= 24 * 365 or value != value:
        raise argparse.ArgumentTypeError("hours: more than 0, at most a year")
    return value


def _count(least: int, most: int, what: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not least <= value <= most:
            raise argparse.ArgumentTypeError(f"{what}: between {least} and {most}")
        return value

    return parse


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="A table companion for card, tile and dice games (Laminate Rummy, Rummikub). "
                    "Without a command, runs `serve`.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    serve = commands.add_parser(
        "serve", help="run the companion on this device for everyone at the table",
        description="Serve the companion on the local network; players open the URL or scan the QR code.",
    )
    serve.add_argument("--host", default=DEFAULT_HOST,
                       help="address to listen on (default %(default)s: every interface; "
                            "127.0.0.1: this device only)")
    serve.add_argument("--port", type=_port, default=None,
                       help=f"port to listen on (default {DEFAULT_PORT}, or the next free one; 0 picks any free one)")
    serve.add_argument("--db", metavar="PATH|URL",
                       help=f"where tables are kept: a SQLite file (default: {default_db_path()}), or a PostgreSQL "
                            "database several servers can share: postgresql://USER:PASSWORD@HOST:PORT/DB")
    serve.add_argument("--lang", choices=LANGUAGES, default="en",
                       help="default language of the pages (default %(default)s; "
                            "each browser can switch)")
    serve.add_argument("--url", metavar="URL",
                       help="the address players should open, if the one found is wrong "
                            "(e.g. http://192.168.1.23:8000)")
    serve.add_argument("--allow-host", metavar="NAME", action="append", default=[],
                       help="another name devices use to reach this server (e.g. laptop.lan); "
                            "repeatable. Requests naming an unknown host are refused (DNS rebinding)")
    serve.add_argument("--qr", choices=MODES, default="auto",
                       help="how to draw the QR code (default auto: colours on a terminal, "
                            "ASCII otherwise)")
    serve.add_argument("--threads", type=_count(MIN_THREADS, 1024, "threads"), default=DEFAULT_THREADS,
                       help="threads for pages and API requests in each process (default %(default)s); "
                            "the live-update streams take none")
    serve.add_argument("--workers", type=_count(1, MAX_WORKERS, "workers"), default=1,
                       help="processes serving on the one address and port, each taking phones' connections "
                            "itself; a worker that dies is replaced (default 1; Linux, macOS, Termux: not "
                            "on Windows)")
    serve.add_argument("--behind-proxy", action="store_true",
                       help="a reverse proxy forwards every request: take the device's address (and http or "
                            "https) from its X-Forwarded-For (X-Forwarded-Proto) when the connection comes from a "
                            "trusted proxy (--trusted-proxy; default: this machine), and never offer a table's "
                            "full link to 'this machine' (every visitor would look like it)")
    serve.add_argument("--trusted-proxy", metavar="ADDRESS[/BITS]", action="append", default=[], type=_network,
                       help="an address or network whose X-Forwarded-For is believed (repeatable; implies "
                            "--behind-proxy), e.g. the proxy's container network 172.30.0.0/24. Anyone else's "
                            "forwarding headers are ignored")
    serve.add_argument("--public", action="store_true",
                       help="a hosted instance anyone may open, not a LAN: the start page lists only this "
                            "browser's own tables, no 'host machine'; a device is its own cookie, not its "
                            "address (a whole café shares one); idle tables close (--close-idle-after). "
                            "Serve it over HTTPS (deploy/, docs/security.md)")
    serve.add_argument("--close-idle-after", metavar="HOURS", type=_hours, default=None,
                       help=f"close a table after this many hours without a move: it takes no more moves, its "
                            f"play is kept (default with --public: {PUBLIC_IDLE_HOURS:g}; without: never)")
    loudness = serve.add_mutually_exclusive_group()
    loudness.add_argument("-q", "--quiet", action="store_true", help="log only warnings and errors")
    loudness.add_argument("-v", "--verbose", action="store_true",
                          help="log more (server internals, full ids in paths)")
    return parser


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or (args[0].startswith("-") and args[0] not in _TOP_LEVEL_FLAGS):
        args.insert(0, "serve")  # bare `companion` and `companion --port 9000` mean serve
    return build_parser().parse_args(args)


# --------------------------------------------------------------------------- output

class _Formatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        when = self.formatTime(record, "%H:%M:%S")
        message = record.getMessage()
        if record.levelno >= logging.WARNING:
            message = f"{record.levelname.lower()}: {message}"
        text = f"{when} {message}"
        if record.exc_info:
            text += "\n" + self.formatException(record.exc_info)
        return text


class _DroppingQueueHandler(logging.handlers.QueueHandler):
    """Hands log records to a writer thread. If stderr is a pipe that nobody reads, the writer blocks and
    the queue fills: lines are then dropped rather than stalling the requests that log them."""

    def enqueue(self, record: logging.LogRecord) -> None:
        with contextlib.suppress(queue.Full):
            self.queue.put_nowait(record)


_log_writer: logging.handlers.QueueListener | None = None
_own_handlers: list[logging.Handler] = []


def configure_logging(*, quiet: bool = False, verbose: bool = False, stream: TextIO | None = None,
                      threaded: bool = True) -> None:
    """Log lines on stderr. ``threaded``: written by a thread of their own, so that a stderr nobody reads never
    stalls a request (the process that serves); a supervisor that forks workers writes directly (no thread may
    run while it forks: the children would inherit a lock held by it)."""
    global _log_writer
    root = logging.getLogger()
    for old in _own_handlers:
        root.removeHandler(old)  # a forked worker replaces what it inherited
    _own_handlers.clear()
    if not root.handlers:
        handler = logging.StreamHandler(stream or sys.stderr)
        handler.setFormatter(_Formatter())
        if threaded:
            records: queue.Queue[logging.LogRecord] = queue.Queue(maxsize=10_000)
            _own_handlers.append(_DroppingQueueHandler(records))
            _log_writer = logging.handlers.QueueListener(records, handler)
            _log_writer.start()
        else:
            _log_writer = None
            _own_handlers.append(handler)
        root.addHandler(_own_handlers[0])
    own = logging.WARNING if quiet else logging.DEBUG if verbose else logging.INFO
    root.setLevel(own)
    logging.getLogger("companion").setLevel(own)
    # asyncio says "socket.send() raised exception" for writes after a phone vanished: not news here.
    logging.getLogger("asyncio").setLevel(logging.INFO if verbose else logging.ERROR)


def flush_logging(timeout: float = 1.0) -> None:
    """Let the writer thread print what is queued, but never wait on a blocked pipe for long."""
    writer = _log_writer
    if writer is None or writer._thread is None:
        return
    with contextlib.suppress(queue.Full):
        writer.queue.put_nowait(writer._sentinel)  # type: ignore[attr-defined]
    writer._thread.join(timeout)


def _tidy_streams() -> None:
    """Never die on a console that cannot show a character of a path (e.g. cp1252, cp932)."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]


def say(text: str = "") -> None:
    """Print and flush at once (stdout is a pipe under test harnesses and service managers)."""
    try:
        print(text, flush=True)
    except BrokenPipeError:  # e.g. `companion serve | head -3`: keep serving, stop printing
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115


def _is_tty(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def _stdin_is_tty() -> bool:
    return _is_tty(sys.stdin)


# --------------------------------------------------------------------------- serve

def acquire_socket(host: str, port: int, *, interactive: bool | None = None, explicit: bool = False,
                   ask: Callable[[str], str] = input, tell: Callable[[str], None] = say
                   ) -> socket.socket | None:
    """Bind ``host:port``; if taken, offer (interactive) or pick (non-interactive) the next free port.

    A port asked for with ``--port`` is never swapped silently: a script that starts the server on a
    port it chose must not end up talking to whatever else holds that port."""
    try:
        return bind_socket(host, port)
    except PortInUse:
        pass
    if interactive is None:
        interactive = _stdin_is_tty()
    if explicit and not interactive:
        tell(f"Port {port} is already in use. Stop the other program or choose another port with --port.")
        return None
    candidate = next_free_port(host, port + 1, PORT_SEARCH) if port < 65535 else None
    if candidate is None:
        tell(f"Port {port} is already in use, and so are the next {PORT_SEARCH}. "
             "Stop the other program or choose one with --port.")
        return None
    new_port = candidate.getsockname()[1]
    if not interactive:
        tell(f"Port {port} is already in use; using port {new_port} instead.")
        return candidate
    try:
        answer = ask(f"Port {port} is already in use. Use port {new_port} instead? [Y/n] ")
    except EOFError:
        answer = ""
    except KeyboardInterrupt:
        candidate.close()
        raise
    if answer.strip().lower() in ("n", "no"):
        candidate.close()
        tell("Not started. Stop the program using the port, or choose another one with --port.")
        return None
    return candidate


def _closer(app: Any) -> Callable[[], None] | None:
    service = getattr(app, "extensions", {}).get("companion")
    close = getattr(service, "close", None)
    return close if callable(close) else None


def _secret() -> tuple[str, Path | None]:
    """The session secret, kept in the user's own data folder whatever --db says: a --db in a shared
    folder such as /tmp must not read a secret_key someone else planted there. Without a private folder
    the secret lives in memory (sessions then last one run)."""
    folder = default_db_path().parent
    try:
        return load_or_create_secret(ensure_dir(folder)), folder / SECRET_FILENAME
    except OSError:
        return secrets.token_hex(32), None


@dataclass(frozen=True)
class Settings:
    """What every serving process builds its app from (the one process, or each worker after the fork)."""

    db_location: str  # a SQLite file's path or a PostgreSQL URL
    secret: str
    url: str
    lang: str
    allow_host: tuple[str, ...]
    behind_proxy: bool
    threads: int
    verbose: bool
    quiet: bool = False
    workers: int = 1
    trusted_proxies: tuple[str, ...] = ()  # with behind_proxy; empty: a proxy on this machine
    public: bool = False
    close_idle_after: float | None = None  # seconds


def build(settings: Settings, worker: int | None = None) -> tuple[Any, Any, Callable[[], None]]:
    """(the ASGI app to serve, what ends its streams, what closes it all after the server stopped)."""
    from ..web import create_app  # imported late: keeps `companion --help` instant
    from .asgi import build_app
    from .devices import DeviceCookies
    from .guard import MAX_STREAMS, PublicLimits
    from .proxy import DEFAULT_TRUSTED, TrustedProxies
    from .sockets import raise_fd_limit

    app = create_app(settings.db_location, lang=settings.lang, public_url=settings.url, secret_key=settings.secret)
    app.config["ALLOWED_HOSTS"] = [*app.config.get("ALLOWED_HOSTS", []), *settings.allow_host]
    app.config["BEHIND_PROXY"] = settings.behind_proxy
    app.config["PUBLIC_MODE"] = settings.public
    https = settings.url.lower().startswith("https://")
    app.config["SESSION_COOKIE_SECURE"] = https  # and every other cookie (web/security.py)
    app.extensions["companion"].close_idle_after = settings.close_idle_after
    trusted = TrustedProxies(settings.trusted_proxies or DEFAULT_TRUSTED) if settings.behind_proxy else None
    public = PublicLimits(DeviceCookies(settings.secret, secure=https)) if settings.public else None
    # A stream is a connection; a phone holds another one or two: the streams get half the files we may open.
    files = raise_fd_limit(2 * MAX_STREAMS + 256)
    asgi, router, _ = build_app(app, threads=settings.threads, max_streams=max(16, min(MAX_STREAMS, files // 2 - 64)),
                                trust_proxy=trusted, public=public, redact_ids=not settings.verbose,
                                log_prefix=f"[worker {worker}] " if worker is not None else "")
    close = _closer(app)

    def closed() -> None:
        router.live.stop()
        router.wsgi.close()
        if close is not None:
            close()

    return asgi, router.live.close, closed


def serve_one(sock: socket.socket, settings: Settings, built: tuple[Any, Any, Callable[[], None]],
              *, parent: int | None = None) -> None:
    from .gctune import tune_for_serving
    from .serve import run

    asgi, end_streams, closed = built
    tune_for_serving()  # the app is set up: keep the collector's full passes off the streams' latency
    run(asgi, sock, before_stop=end_streams, on_shutdown=closed, verbose=settings.verbose, watch_parent=parent,
        signals=("SIGINT", "SIGTERM", "SIGBREAK") if parent is None else ("SIGTERM",))


def run_worker(sock: socket.socket, settings: Settings, slot: int, parent: int) -> int:
    """A worker's life, in the forked child: its own logging, app, service and store, on the inherited socket."""
    configure_logging(quiet=settings.quiet, verbose=settings.verbose)
    try:
        serve_one(sock, settings, build(settings, worker=slot), parent=parent)
    finally:
        flush_logging()
    return 0


def serve(args: argparse.Namespace) -> int:
    _tidy_streams()
    from . import workers

    if args.workers > 1 and not workers.supported():
        say("--workers needs a POSIX system (Linux, macOS, Android/Termux); on Windows the companion runs as one "
            "process: start it without --workers.")
        return 2
    # A supervisor forks: no thread of ours may run in it then (see configure_logging).
    configure_logging(quiet=args.quiet, verbose=args.verbose, threaded=args.workers == 1)

    from ..store import StoreError, describe_location, is_url

    try:  # a URL is checked for its form here; whether its server answers, when the app opens it below
        db_location, db_shown = describe_location(args.db or str(default_db_path()))
    except StoreError as exc:
        say(f"Cannot use the database: {exc}")
        return 2
    if not is_url(db_location):  # a file: its folder must exist
        db_path = Path(db_location)
        try:
            ensure_dir(db_path.parent)
        except OSError as exc:
            say(f"Cannot use the data folder {db_path.parent}: {exc.strerror or exc}. "
                "Choose another place with --db PATH.")
            return 2
    secret, secret_path = _secret()

    try:
        explicit = args.port is not None
        sock = acquire_socket(args.host, args.port if explicit else DEFAULT_PORT, explicit=explicit)
    except KeyboardInterrupt:
        say()
        return 130
    except OSError as exc:
        say(f"Cannot listen on {args.host}:{args.port or DEFAULT_PORT}: {exc.strerror or exc}.")
        return 2
    if sock is None:
        return 1
    port = sock.getsockname()[1]
    url, warning = public_url(args.host, port, override=args.url)
    idle_hours = args.close_idle_after if args.close_idle_after is not None else \
        (PUBLIC_IDLE_HOURS if args.public else None)
    settings = Settings(db_location=db_location, secret=secret, url=url, lang=args.lang,
                        allow_host=tuple(args.allow_host), behind_proxy=args.behind_proxy or bool(args.trusted_proxy),
                        threads=args.threads, verbose=args.verbose, quiet=args.quiet, workers=args.workers,
                        trusted_proxies=tuple(args.trusted_proxy), public=args.public,
                        close_idle_after=idle_hours * 3600 if idle_hours is not None else None)

    built = None
    try:
        if args.workers == 1:
            built = build(settings)
        else:
            # The schema is made (or migrated) once, here, before the workers open the database together:
            # two first starts racing to create it would find it locked.
            from ..store import open_store

            open_store(db_location).close()
    except StoreError as exc:  # unreachable, refused, not a database: one line, no traceback
        say(f"Cannot use the database {db_shown}: {exc}")
        sock.close()
        return 2
    except BaseException:
        sock.close()
        raise

    # The socket listens already: anyone who connects from here on is served as soon as the server runs.
    say(f"Table companion {__version__}")
    columns = shutil.get_terminal_size((80, 24)).columns if _is_tty(sys.stdout) else None
    qr = terminal_qr(url, mode=args.qr, columns=columns)
    say(f"Open {url} on every device at the table (same Wi-Fi)" + (", or scan:" if qr else "."))
    if qr:
        say()
        say(qr)
        say()
    if warning:
        say(f"Note: {warning}")
    if settings.behind_proxy:
        from .proxy import DEFAULT_TRUSTED

        say("Behind a proxy: the device's address is taken from X-Forwarded-For sent by "
            + ", ".join(settings.trusted_proxies or DEFAULT_TRUSTED)
            + ("" if settings.trusted_proxies else " (this machine; --trusted-proxy names another)"))
    if args.public:
        say(f"Public mode: every browser sees only its own tables; tables close after {idle_hours:g} h without a move"
            + ("" if url.lower().startswith("https://") else
               ". Note: serve it over HTTPS (a TLS proxy in front, deploy/) and give its address with "
               "--url https://…"))
    say(f"Data:  {db_shown}  (secret key: {secret_path or 'kept in memory for this run'})")
    if args.workers > 1:
        say(f"Workers: {args.workers} processes on this port; one that dies is replaced")
    say("Stop:  press Ctrl+C")

    if built is not None:
        serve_one(sock, settings, built)
        code = 0
    else:
        code = workers.supervise(sock, args.workers, lambda slot, parent: run_worker(sock, settings, slot, parent))
    flush_logging()
    say("Stopped.")
    return code


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.command != "serve":  # pragma: no cover - argparse only knows serve
        build_parser().print_help()
        return 2
    try:
        return serve(args)
    except KeyboardInterrupt:  # Ctrl-C before the server loop took over: still no traceback
        say()
        say("Stopped.")
        return 0
