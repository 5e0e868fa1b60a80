"""Security hooks for every request and response (threat model: docs/security.md).

* ``Host`` check: only the server's own names and addresses are answered, so a DNS-rebinding page
  (``attacker.example`` resolving to this machine) never reaches a table. Runs before anything else.
* Cross-site request forgery:
  - HTML form posts (anything not under ``/api/``) need the session-bound ``csrf_token`` form field
    (or an ``X-CSRF-Token`` header, for scripts) and must not come from another site (``Sec-Fetch-Site``,
    ``Origin``, ``Referer``).
  - JSON API writes take ``Content-Type: application/json`` or no content type at all (415 otherwise), so
    a cross-site form can never reach them, and are refused when the browser says they come from another
    site.
* Headers on every response: a Content-Security-Policy without inline script or eval, ``nosniff``,
  ``Referrer-Policy: no-referrer`` (table ids live in URLs), framing denied, ``charset=utf-8`` on text,
  ``Cache-Control: no-store`` unless a page chose otherwise.

Every refusal is a clear 4xx with a stable code: JSON (``errors.error_response``) under ``/api/``, a short
``text/plain`` page elsewhere. The pages may render their own page by registering an error handler for
:class:`Refused`.
"""

from __future__ import annotations

import hmac
import ipaddress
import mimetypes
import secrets
import socket
import threading
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request, session
from werkzeug.exceptions import HTTPException

from ..games.texts import COMMON, Msg

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), "
                          "bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=()",
}

# Types that are text even though they are not text/*: they get "; charset=utf-8" too.
TEXT_LIKE = ("application/json", "application/javascript", "application/xml", "application/manifest+json")


class Refused(HTTPException):
    """A request refused before it reached a view: status, stable code, and its sentence (a catalog's)."""

    def __init__(self, status: int, code: str, words: Msg) -> None:
        super().__init__(words.say("en"))
        self.code = status
        self.error_code, self.words = code, words


# --- CSRF token ---


def csrf_token() -> str:
    """A per-session token that every HTML form carries in a hidden ``csrf_token`` field."""
    token = session.get("csrf")
    if not isinstance(token, str) or not token:
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


# --- Host check (DNS rebinding) ---


def _split_host(raw: str) -> str | None:
    """The host part of a ``Host`` header, lower-cased, without port or trailing dot; None if malformed."""
    raw = raw.strip().lower()
    if not raw or len(raw) > 255:
        return None
    if raw.startswith("["):
        end = raw.find("]")
        if end < 0 or (raw[end + 1:] and not _is_port(raw[end + 1:])):
            return None
        return raw[1:end]
    if raw.count(":") == 1:
        raw, port = raw.split(":")
        if not _is_port(":" + port):
            return None
    elif ":" in raw:
        return None
    raw = raw.rstrip(".")
    if not raw or any(not (ch.isascii() and (ch.isalnum() or ch in "-._")) for ch in raw):
        return None
    return raw


def _is_port(text: str) -> bool:
    from ..games.ui import parse_uint  # ASCII digits only: str.isdigit() also takes '²'
    return text.startswith(":") and parse_uint(text[1:], limit=65536) is not None


class HostGuard:
    """Which ``Host`` values this server answers: its own names and its own addresses."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self._local_ips: dict[str, bool] = {}
        self._lock = threading.Lock()

    def names(self) -> set[str]:
        names = {"localhost", "localhost.localdomain"}
        try:
            hostname = socket.gethostname().lower().rstrip(".")
        except OSError:  # pragma: no cover - no hostname at all
            hostname = ""
        if hostname:
            short = hostname.split(".")[0]
            names |= {hostname, short, f"{short}.local", f"{hostname}.local"}
        public = self.app.config.get("PUBLIC_URL")
        if public:
            host = urlsplit(public if "//" in public else f"http://{public}").hostname
            if host:
                names.add(host.lower().rstrip("."))
        for extra in self.app.config.get("ALLOWED_HOSTS") or ():
            host = _split_host(str(extra))
            if host:
                names.add(host)
        return names

    def is_local_ip(self, text: str) -> bool:
        """True for a literal address of this machine (checked by binding to it, which only works for ours)."""
        try:
            ip = ipaddress.ip_address(text)
        except ValueError:
            return False
        if ip.is_unspecified or ip.is_multicast:
            return False
        if ip.is_loopback:
            return True
        key = str(ip)
        with self._lock:
            known = self._local_ips.get(key)
        if known is not None:
            return known
        family = socket.AF_INET6 if ip.version == 6 else socket.AF_INET
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.bind((key, 0))
            local = True
        except OSError:
            local = False
        with self._lock:
            if local or len(self._local_ips) < 256:
                self._local_ips[key] = local
        return local

    def allows(self, raw_host: str | None) -> bool:
        if raw_host is None:  # HTTP/1.0 without Host: not a browser, so not a rebinding page
            return True
        host = _split_host(raw_host)
        if host is None:
            return False
        if self.app.config.get("TRUST_ANY_HOST") or "*" in (self.app.config.get("ALLOWED_HOSTS") or ()):
            return True
        return host in self.names() or self.is_local_ip(host)


# --- same-origin checks ---


DEFAULT_PORTS = {"http": ":80", "https": ":443"}


def _origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of a URL, without a default port; None if it has none."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return None
    if not parts.netloc or not parts.scheme:
        return None
    scheme, netloc = parts.scheme.lower(), parts.netloc.lower()
    default = DEFAULT_PORTS.get(scheme)
    if default and netloc.endswith(default):
        netloc = netloc[: -len(default)]
    return f"{scheme}://{netloc}"


def _own_origin() -> str | None:
    return _origin_of(f"{request.scheme}://{request.host}")


def cross_site_reason() -> str | None:
    """Why this request looks like it came from another site, or None if it does not."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None and site.strip().lower() not in ("same-origin", "none"):
        return f"Sec-Fetch-Site: {site[:20]}"
    origin = request.headers.get("Origin")
    if origin is not None:
        # "null" is what a same-origin POST carries under Referrer-Policy: no-referrer (Fetch standard);
        # the token or the JSON content type still has to hold.
        if origin.strip() != "null" and _origin_of(origin) != _own_origin():
            return "Origin"
        return None
    referer = request.headers.get("Referer")
    if referer and _origin_of(referer) != _own_origin():
        return "Referer"
    return None


# --- the hooks ---


#: Every refusal of this layer: code -> (status, English, Japanese).
REFUSALS: dict[str, tuple[int, Msg]] = {
    "bad_host": (400, COMMON.msg("sec_bad_host")),
    "unsupported_media_type": (415, COMMON.msg("svc_json_only")),
    "cross_site": (403, COMMON.msg("sec_cross_site")),
    "csrf_failed": (403, COMMON.msg("sec_csrf_failed")),
}


def refuse(code: str) -> Refused:
    status, words = REFUSALS[code]
    return Refused(status, code, words)


def _check_api_write() -> None:
    if request.mimetype not in ("", "application/json"):
        raise refuse("unsupported_media_type")
    if cross_site_reason():
        raise refuse("cross_site")


def _check_form_post() -> None:
    if cross_site_reason():
        raise refuse("cross_site")
    sent = request.headers.get(CSRF_HEADER) or request.form.get(CSRF_FIELD) or ""
    expected = session.get("csrf")
    if not (isinstance(expected, str) and expected and hmac.compare_digest(sent.encode(), expected.encode())):
        raise refuse("csrf_failed")


def _before_request() -> None:
    guard: HostGuard = current_app.extensions["companion_host_guard"]
    if not guard.allows(request.environ.get("HTTP_HOST")):
        raise refuse("bad_host")
    if request.method not in UNSAFE_METHODS or request.url_rule is None:
        return  # reads, and routes that do not exist (404/405 answer those)
    if request.path.startswith("/api/"):
        _check_api_write()
    else:
        _check_form_post()


def _with_charset(resp: Response) -> None:
    mimetype = resp.mimetype or ""
    textual = (mimetype.startswith("text/") or mimetype in TEXT_LIKE or mimetype.endswith("+json")
               or mimetype.endswith("+xml"))
    if textual and "charset" not in resp.headers.get("Content-Type", "").lower():
        resp.headers["Content-Type"] = f"{mimetype}; charset=utf-8"


def _after_request(resp: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        resp.headers.setdefault(name, value)
    if current_app.config.get("SESSION_COOKIE_SECURE"):  # reached over HTTPS only: no cookie ever in clear
        cookies = resp.headers.getlist("Set-Cookie")
        if cookies:
            resp.headers.setlist("Set-Cookie", [c if "; secure" in c.lower() else f"{c}; Secure" for c in cookies])
    _with_charset(resp)
    path = request.path
    if path.startswith("/api/"):
        transform = "no-transform" in resp.headers.get("Cache-Control", "")
        resp.headers["Cache-Control"] = "no-store, no-transform" if transform else "no-store"
    elif not path.startswith("/static/") and "Cache-Control" not in resp.headers:
        resp.headers["Cache-Control"] = "no-store"
    return resp


def _refused(exc: Refused) -> Response:
    if request.path.startswith("/api/"):
        from .errors import error_response
        return error_response(exc.code or 400, exc.error_code, exc.words)
    from .i18n import request_lang
    text = exc.words.say(request_lang())
    return Response(f"{exc.code} {exc.error_code}: {text}\n", status=exc.code,
                    mimetype="text/plain")


def init_security(app: Flask) -> None:
    app.config.setdefault("ALLOWED_HOSTS", [])
    app.config.setdefault("TRUST_ANY_HOST", False)
    if not app.config.get("SESSION_COOKIE_SAMESITE"):
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"  # the session (and its CSRF token) stays home
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.extensions["companion_host_guard"] = HostGuard(app)
    app.jinja_env.globals["csrf_token"] = csrf_token
    # Types Python may not know, so that nosniff does not break them.
    mimetypes.add_type("application/manifest+json", ".webmanifest")
    mimetypes.add_type("text/javascript", ".js")
    mimetypes.add_type("text/javascript", ".mjs")
    # First of all hooks: a refused Host must not reach any other code.
    app.before_request_funcs.setdefault(None, []).insert(0, _before_request)
    app.after_request(_after_request)
    app.register_error_handler(Refused, _refused)
