"""The listening socket: bound by ``companion serve`` itself (so that a port in use can be reported, or the next
free one offered, before anything starts), then handed to the server (``fd://``) — to one process, or inherited
by every worker of ``--workers``.

Options set on the listening socket are inherited by every connection it accepts (Linux, macOS): TCP keep-alive
and, where the OS has it, TCP_USER_TIMEOUT. A phone that leaves the Wi-Fi without closing its socket sends
neither FIN nor RST; its stream's keep-alive comments then go unacknowledged and the kernel drops the connection
after ~30 s instead of ~15 minutes of retransmissions, which ends the stream (the server reads the close).
"""

from __future__ import annotations

import contextlib
import errno
import socket
import sys

BACKLOG = 1024


class PortInUse(OSError):
    pass


def _in_use(exc: OSError) -> bool:
    return exc.errno in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", -1)) or \
        getattr(exc, "winerror", None) in (10048, 10013)


def bind_socket(host: str, port: int) -> socket.socket:
    """A listening TCP socket bound to ``host:port``; ``PortInUse`` if the port is taken."""
    bind_host = None if host in ("", "*") else host.strip("[]")
    infos = socket.getaddrinfo(bind_host, port, socket.AF_UNSPEC, socket.SOCK_STREAM, 0,
                               socket.AI_PASSIVE)
    family, socktype, proto, _, sockaddr = infos[0]
    sock = socket.socket(family, socktype, proto)
    try:
        if sys.platform == "win32":
            # On Windows SO_REUSEADDR would let us steal a port another program is using.
            with contextlib.suppress(AttributeError, OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_EXCLUSIVEADDRUSE, 1)
        else:
            # Rebind right away after a restart (sockets in TIME_WAIT); a listener still blocks us.
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(sockaddr)
        sock.listen(BACKLOG)
        for option in socket_options():
            with contextlib.suppress(OSError):
                sock.setsockopt(*option)
    except OSError as exc:
        sock.close()
        if _in_use(exc):
            raise PortInUse(exc.errno, f"port {port} is already in use on {host or '*'}") from exc
        raise
    return sock


def next_free_port(host: str, start: int, tries: int = 100) -> socket.socket | None:
    """The first port from ``start`` on that can be bound, as a bound socket (None if all taken)."""
    for port in range(start, min(start + tries, 65536)):
        try:
            return bind_socket(host, port)
        except PortInUse:
            continue
    return None


def socket_options() -> list[tuple[int, int, int]]:
    """TCP_NODELAY (every SSE event leaves at once), keep-alive probes after 30 s of silence every 10 s, and
    TCP_USER_TIMEOUT 30 s where the OS has it: only those this OS accepts."""
    tcp = socket.IPPROTO_TCP
    wanted = [(tcp, socket.TCP_NODELAY, 1), (socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)]
    if hasattr(socket, "TCP_KEEPIDLE"):
        wanted.append((tcp, socket.TCP_KEEPIDLE, 30))
    elif hasattr(socket, "TCP_KEEPALIVE"):  # macOS
        wanted.append((tcp, socket.TCP_KEEPALIVE, 30))
    if hasattr(socket, "TCP_KEEPINTVL"):
        wanted.append((tcp, socket.TCP_KEEPINTVL, 10))
    if hasattr(socket, "TCP_KEEPCNT"):
        wanted.append((tcp, socket.TCP_KEEPCNT, 3))
    if hasattr(socket, "TCP_USER_TIMEOUT"):  # Linux, Android
        wanted.append((tcp, socket.TCP_USER_TIMEOUT, 30_000))
    usable = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        for option in wanted:
            try:
                probe.setsockopt(*option)
            except OSError:
                continue
            usable.append(option)
    finally:
        probe.close()
    return usable


def raise_fd_limit(wanted: int) -> int:
    """Raise the soft open-files limit towards ``wanted`` (macOS starts at 256); return the limit."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return wanted
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ValueError, OSError):
        return wanted
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return wanted if soft == resource.RLIM_INFINITY else soft
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        return target
    except (ValueError, OSError):
        return soft
