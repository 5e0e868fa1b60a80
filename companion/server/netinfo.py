"""Find the address other devices on the LAN can use to reach this one.

The portable way is to ``connect()`` a UDP socket towards some address and read the socket's own address:
``connect()`` on a datagram socket sends nothing, it only asks the kernel which route (and so which
local address) it would use. This needs no interface listing, which Android forbids to apps (Termux
included: ``getifaddrs``/netlink are blocked there), and works the same on Linux, macOS and Windows.

We probe, in order, a documentation address (TEST-NET-1, which follows the default route) and then one
address in each private range (which follows a directly connected LAN even without a default gateway,
e.g. a phone hotspot or a travel router without internet). If every probe fails (no network at all), we
fall back to whatever the host name resolves to, and finally to ``None``: the caller then prints a
loopback URL with a hint to pass ``--url``.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from collections.abc import Callable, Iterable

# Never sent to: a UDP connect() only selects a route. Port 9 is "discard", for good measure.
PROBE_TARGETS: tuple[str, ...] = ("192.0.2.1", "10.254.254.254", "172.31.254.254", "192.168.254.254")
PROBE_PORT = 9

WILDCARD_HOSTS = frozenset({"", "0.0.0.0", "::", "[::]", "*"})


def _udp_socket() -> socket.socket:
    return socket.socket(socket.AF_INET, socket.SOCK_DGRAM)


def _usable(address: str | None) -> bool:
    if not address:
        return False
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_multicast)


def udp_probe(target: str, port: int = PROBE_PORT) -> str | None:
    """The local address the kernel would use to reach ``target`` (no packet is sent), or None."""
    try:
        sock = _udp_socket()
    except OSError:
        return None
    try:
        sock.connect((target, port))
        address = sock.getsockname()[0]
    except (OSError, IndexError, TypeError, ValueError):
        return None
    finally:
        with contextlib.suppress(OSError):
            sock.close()
    return address if _usable(address) else None


def _resolve_hostname() -> list[str]:
    try:
        name = socket.gethostname()
        infos = socket.getaddrinfo(name, None, socket.AF_INET, socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return []
    return [str(info[4][0]) for info in infos]


def lan_address(*, targets: Iterable[str] = PROBE_TARGETS,
                resolve: Callable[[], list[str]] | None = None) -> str | None:
    """This device's LAN IPv4 address, or None when it cannot be found."""
    for target in targets:
        address = udp_probe(target)
        if address:
            return address
    candidates = [a for a in (resolve or _resolve_hostname)() if _usable(a)]
    # Prefer a private address (the LAN) over anything else the host name may map to.
    private = [a for a in candidates if ipaddress.ip_address(a).is_private]
    found = private or candidates
    return found[0] if found else None


def is_wildcard(host: str) -> bool:
    return host.strip() in WILDCARD_HOSTS


def is_loopback(host: str) -> bool:
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def format_url(host: str, port: int, scheme: str = "http") -> str:
    if ":" in host and not host.startswith("["):  # an IPv6 literal
        host = f"[{host}]"
    return f"{scheme}://{host}:{port}"


def public_url(host: str, port: int, *, override: str | None = None,
               find_lan: Callable[[], str | None] = lan_address) -> tuple[str, str | None]:
    """The base URL players should open, and a warning to show (or None).

    ``override`` (``--url``) wins; a specific bind host is used as given (127.0.0.1 stays 127.0.0.1);
    with a wildcard bind host the LAN address is looked up.
    """
    if override and override.strip():
        url = override.strip().rstrip("/")
        if "://" not in url:
            url = "http://" + url
        return url, None
    if not is_wildcard(host):
        warning = None
        if is_loopback(host):
            warning = (f"Listening on {host} only: other devices cannot connect. "
                       "Use --host 0.0.0.0 to let phones at the table in.")
        return format_url(host, port), warning
    address = find_lan()
    if address:
        return format_url(address, port), None
    return format_url("127.0.0.1", port), (
        "Could not find this device's address on the local network. Other devices need it: "
        "find it in your network settings and restart with --url http://ADDRESS:PORT")
