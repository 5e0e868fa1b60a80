"""Command line: ``companion serve`` (also bare ``companion`` and ``python -m companion``).

Binds 0.0.0.0:8000 by default, prints the URL to open and a QR code of it, and runs waitress until Ctrl-C.
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
from pathlib import Path
from typing import Any, TextIO

from .. import __version__
from ..games.texts import LANGUAGES
from .datadir import SECRET_FILENAME, default_db_path, ensure_dir, load_or_create_secret
from .gctune import tune_for_serving
from .guard import BUDGETS, Budget
from .netinfo import public_url
from .termqr import MODES, terminal_qr
from .wsgi import (
    DEFAULT_THREADS,
    MAX_CLIENT_REQUESTS,
    MAX_CLIENT_STREAMS,
    MIN_THREADS,
    PortInUse,
    RequestMiddleware,
    bind_socket,
    make_server,
    next_free_port,
    reserved_threads,
    run,
    waitress_settings,
)

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


def _threads(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < MIN_THREADS:
        raise argparse.ArgumentTypeError(f"at least {MIN_THREADS} threads are needed")
    return value


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
    serve.add_argument("--threads", type=_threads, default=DEFAULT_THREADS,
                       help="worker threads; each open live-update stream holds one "
                            "(default %(default)s: about 1,000 phones)")
    serve.add_argument("--behind-proxy", action="store_true",
                       help="a reverse proxy on this machine forwards every request: take the device's "
                            "address from X-Forwarded-For, and never offer a table's full link to "
                            "'this machine' (every visitor would look like it)")
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


def configure_logging(*, quiet: bool = False, verbose: bool = False, stream: TextIO | None = None) -> None:
    global _log_writer
    root = logging.getLogger()
    if not root.handlers:
        handler = logging.StreamHandler(stream or sys.stderr)
        handler.setFormatter(_Formatter())
        records: queue.Queue[logging.LogRecord] = queue.Queue(maxsize=10_000)
        root.addHandler(_DroppingQueueHandler(records))
        _log_writer = logging.handlers.QueueListener(records, handler)
        _log_writer.start()
    own = logging.WARNING if quiet else logging.DEBUG if verbose else logging.INFO
    root.setLevel(own)
    logging.getLogger("companion").setLevel(own)
    # waitress says "Client disconnected while serving ..." at INFO for every phone that leaves.
    logging.getLogger("waitress").setLevel(logging.INFO if verbose else logging.WARNING)


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


def serve(args: argparse.Namespace) -> int:
    _tidy_streams()
    configure_logging(quiet=args.quiet, verbose=args.verbose)

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

    try:
        settings = waitress_settings(threads=args.threads, verbose=args.verbose)
        from ..web import create_app  # imported late: keeps `companion --help` instant

        try:
            app = create_app(db_location, lang=args.lang, public_url=url, secret_key=secret)
        except StoreError as exc:  # unreachable, refused, not a database: one line, no traceback
            say(f"Cannot use the database {db_shown}: {exc}")
            sock.close()
            return 2
        app.config["ALLOWED_HOSTS"] = [*app.config.get("ALLOWED_HOSTS", []), *args.allow_host]
        app.config["BEHIND_PROXY"] = args.behind_proxy
        wsgi = RequestMiddleware(app, max_streams=args.threads - reserved_threads(args.threads),
                                 max_client_streams=MAX_CLIENT_STREAMS, max_client_requests=MAX_CLIENT_REQUESTS,
                                 budget=Budget(BUDGETS), trust_proxy=args.behind_proxy,
                                 redact_ids=not args.verbose)
        server = make_server(wsgi, sock, guard={"exempt_loopback": args.behind_proxy}, **settings)
    except BaseException:
        sock.close()
        raise

    # The socket listens already: anyone who connects from here on is served as soon as run() starts.
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
    say(f"Data:  {db_shown}  (secret key: {secret_path or 'kept in memory for this run'})")
    say("Stop:  press Ctrl+C")

    tune_for_serving()  # the app is set up: keep the collector's full passes off the streams' latency
    run(server, on_shutdown=_closer(app))
    flush_logging()
    say("Stopped.")
    return 0


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
