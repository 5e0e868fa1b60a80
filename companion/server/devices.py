"""In public mode (``companion serve --public``) a device is a device, not an address: a whole café reaches a
hosted server from its Wi-Fi's one NAT address, so the per-device caps and budgets (guard.py) count a cookie of
the device's own, and the address gets limits sized for a café (``PUBLIC_ADDRESS``).

The cookie, ``companion_device``, is a random id and its HMAC under a key derived from the server's secret: a
client cannot make up ids (one that sends none, or a forged one, is no device — it counts against its address
only, and its expensive requests share one budget per address, as a single device's). It is the guard's alone:
taken out of the request's ``Cookie`` header before the app sees the request (the app's pages and shared
renderings never depend on it), and set on the answer to a request that came without a valid one.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import MutableMapping
from typing import Any

COOKIE = "companion_device"
YEAR = 365 * 24 * 3600
_ID_BYTES = 12
_MAC_BYTES = 16

#: Per address in public mode (one café behind NAT: 100 phones and more), beside the per-device caps of guard.py.
PUBLIC_ADDRESS_STREAMS = 512  # a phone's page holds one stream; a tab or two more
PUBLIC_ADDRESS_REQUESTS = 256  # ordinary requests in flight from one address
#: Budgets per device in public mode: (requests per second, burst). Creation is a quota here: ten tables at once,
#: then one a minute (a table is played for many minutes; "play again" is a creation too).
PUBLIC_DEVICE_BUDGETS: dict[str, tuple[float, float]] = {
    "create": (1 / 60, 10),
    "query": (2.0, 10),
    "qr": (2.0, 10),
    "export": (2.0, 10),
}
#: Budgets per address in public mode: a café's tables together (and every request of devices without a cookie
#: shares the address's budget *and* one device's, ``PUBLIC_DEVICE_BUDGETS``).
PUBLIC_ADDRESS_BUDGETS: dict[str, tuple[float, float]] = {
    "create": (0.5, 60),
    "query": (20.0, 200),
    "qr": (10.0, 100),
    "export": (10.0, 100),
}


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


class DeviceCookies:
    """Issues and checks device cookies under a key derived from ``secret``."""

    def __init__(self, secret: str, *, secure: bool = False) -> None:
        self.key = hmac.new(secret.encode(), b"companion device cookie", hashlib.sha256).digest()
        self.secure = secure  # the server is reached over HTTPS: the cookie never travels in clear

    def _mac(self, ident: str) -> str:
        return _b64(hmac.new(self.key, ident.encode("ascii"), hashlib.sha256).digest()[:_MAC_BYTES])

    def new(self) -> str:
        ident = _b64(secrets.token_bytes(_ID_BYTES))
        return f"{ident}.{self._mac(ident)}"

    def check(self, value: str) -> str | None:
        """The device id in a cookie value, or None when it is not one this server issued."""
        ident, dot, mac = value.partition(".")
        if not dot or len(ident) != 16 or not ident.isascii():
            return None
        return ident if hmac.compare_digest(mac.encode(), self._mac(ident).encode()) else None

    def take(self, scope: MutableMapping[str, Any]) -> str | None:
        """The request's device id (None: no valid cookie), the cookie taken out of its headers."""
        found: str | None = None
        headers = []
        for name, value in scope.get("headers", ()):
            if name != b"cookie" or COOKIE.encode() not in value:
                headers.append((name, value))
                continue
            kept = []
            for part in value.decode("latin-1").split(";"):
                key, _, cookie = part.strip().partition("=")
                if key == COOKIE:
                    found = found or self.check(cookie.strip())
                elif part.strip():
                    kept.append(part.strip())
            if kept:
                headers.append((name, "; ".join(kept).encode("latin-1")))
        scope["headers"] = headers
        return found

    def set_cookie(self, value: str) -> tuple[bytes, bytes]:
        attrs = f"{COOKIE}={value}; Path=/; Max-Age={YEAR}; HttpOnly; SameSite=Lax"
        if self.secure:
            attrs += "; Secure"
        return b"set-cookie", attrs.encode("ascii")
