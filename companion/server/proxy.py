"""Behind a reverse proxy (``companion serve --behind-proxy``): the device's address and the scheme it used, as the
proxy says — taken from its headers only when the connection comes from a proxy this server was told to trust
(``--trusted-proxy``, loopback by default), never from anyone else who reaches the port and sends the same
headers.

The proxy must overwrite what the client sent: nginx's ``proxy_set_header X-Forwarded-For $remote_addr`` (or
``$proxy_add_x_forwarded_for``, which appends: the *last* entry is the proxy's own, the one read here) and
``X-Forwarded-Proto $scheme`` (deploy/nginx/companion.conf.template).

The address and the scheme are written back into the ASGI scope, so that everything after the guard sees them:
Flask's ``request.remote_addr`` and ``request.scheme`` (the ``Origin`` check compares the scheme: behind a TLS
proxy a form's ``Origin: https://…`` must match).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, MutableMapping
from typing import Any

DEFAULT_TRUSTED = ("127.0.0.0/8", "::1/128")  # a proxy on this machine

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_network(text: str) -> Network:
    """An address or a network (``10.0.0.5``, ``172.30.0.0/24``, ``::1``); ValueError if neither."""
    return ipaddress.ip_network(text.strip(), strict=False)


class TrustedProxies:
    """The addresses whose forwarding headers are believed."""

    def __init__(self, networks: Iterable[str] = DEFAULT_TRUSTED) -> None:
        self.networks = tuple(parse_network(n) for n in networks)

    def trusts(self, peer: str) -> bool:
        try:
            ip = ipaddress.ip_address(peer)
        except ValueError:
            return False
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped  # a dual-stack socket shows an IPv4 proxy as ::ffff:a.b.c.d
        return any(ip.version == net.version and ip in net for net in self.networks)

    def __repr__(self) -> str:
        return f"TrustedProxies({', '.join(map(str, self.networks))})"


def _last(scope: MutableMapping[str, Any], name: bytes) -> str | None:
    """The last comma-separated value of the last header ``name``: what the nearest proxy wrote."""
    values = [v for k, v in scope.get("headers", ()) if k == name]
    if not values:
        return None
    return values[-1].decode("latin-1").rsplit(",", 1)[-1].strip()


def _address(text: str | None) -> str | None:
    if not text:
        return None
    text = text.strip()[:64]
    if text.startswith("[") and "]" in text:  # [v6]:port, as some proxies write it
        text = text[1:text.index("]")]
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def peer_of(scope: MutableMapping[str, Any]) -> str:
    peer = scope.get("client")
    return str(peer[0]) if peer else ""


def apply(scope: MutableMapping[str, Any], trusted: TrustedProxies | None) -> str:
    """The device's address. Behind a trusted proxy, the address and scheme the proxy forwards are written into
    ``scope`` (``client``, ``scheme``); otherwise the scope is left as it came and its TCP peer is the device."""
    peer = peer_of(scope)
    if trusted is None or not trusted.trusts(peer):
        return peer
    client = _address(_last(scope, b"x-forwarded-for")) or _address(_last(scope, b"x-real-ip"))
    if client is not None:
        scope["client"] = (client, 0)
        scope["companion.forwarded"] = client  # the request log names it (the peer is only the proxy)
    proto = (_last(scope, b"x-forwarded-proto") or "").lower()
    if proto in ("http", "https"):
        scope["scheme"] = proto
    return client or peer
