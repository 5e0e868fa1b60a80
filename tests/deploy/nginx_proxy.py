"""A real nginx in front of real ``companion serve`` processes, with the configuration deploy/ ships (not a test
module): a self-signed certificate made here with the ``openssl`` command, deploy/nginx/companion.conf.template
filled in as the nginx image's envsubst would, inside a minimal main configuration of our own, run in the
foreground on free loopback ports. ``COMPANION_REQUIRE_NGINX=1`` (CI) turns "no nginx here" into a failure."""

from __future__ import annotations

import contextlib
import os
import random
import re
import shutil
import socket
import ssl
import subprocess
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
TEMPLATE = REPO / "deploy" / "nginx" / "companion.conf.template"


def nginx_binary() -> str | None:
    found = shutil.which("nginx")
    if found:
        return found
    return "/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None


def required() -> bool:
    return os.environ.get("COMPANION_REQUIRE_NGINX", "") not in ("", "0")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening_port() -> int:
    """A port for nginx to listen on, on every address, below the kernel's ephemeral range: a port the kernel
    hands out (``free_port``) may be taken a moment later by some process's outgoing connection."""
    low = 20000
    with contextlib.suppress(OSError, ValueError):
        low = min(low, int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0]) - 5000)
    for _ in range(200):
        port = random.randrange(max(1024, low - 10000), low)
        with socket.socket() as s:
            try:
                s.bind(("0.0.0.0", port))
            except OSError:
                continue
            return port
    raise AssertionError("no free port")


def fill(template: str, values: dict[str, str]) -> str:
    """``${NAME}`` replaced for the names given — and only those, as the image's envsubst does (nginx's own
    ``$host`` and the like stay)."""
    missing = set(re.findall(r"\$\{(COMPANION_[A-Z0-9_]+)\}", template)) - set(values)
    assert not missing, f"the template needs {sorted(missing)}"
    return re.sub(r"\$\{(COMPANION_[A-Z0-9_]+)\}", lambda m: values[m.group(1)], template)


def self_signed(folder: Path, name: str = "127.0.0.1") -> tuple[Path, Path]:
    """A certificate for the address the test connects to, and its key (``openssl req``)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-keyout", str(key),
                    "-out", str(cert), "-subj", f"/CN={name}", "-addext", f"subjectAltName=IP:{name}"],
                   check=True, capture_output=True)
    return cert, key


class Nginx:
    """nginx with the shipped site in front of ``upstreams`` (host:port each); ``https_port`` once started."""

    def __init__(self, upstreams: list[str]) -> None:
        self.binary = nginx_binary()
        assert self.binary is not None
        # A folder of its own outside pytest's private temp tree: nginx's worker runs as nobody when we are root,
        # and writes its temporary files here.
        self.folder = Path(tempfile.mkdtemp(prefix="companion-nginx-"))
        self.folder.chmod(0o755)
        self.upstreams = upstreams
        self.https_port, self.http_port = listening_port(), listening_port()
        self.cert, self.key = self_signed(self.folder)
        self.proc: subprocess.Popen[bytes] | None = None

    def config(self) -> Path:
        site = fill(TEMPLATE.read_text(), {
            "COMPANION_SERVER_NAME": "127.0.0.1", "COMPANION_HTTP_PORT": str(self.http_port),
            "COMPANION_HTTPS_PORT": str(self.https_port), "COMPANION_TLS_CERT": str(self.cert),
            "COMPANION_TLS_KEY": str(self.key), "COMPANION_ACCESS_LOG": str(self.folder / "access.log"),
            "COMPANION_UPSTREAM_1": self.upstreams[0],
            "COMPANION_UPSTREAM_2": self.upstreams[1]})
        (self.folder / "site.conf").write_text(site)
        temp = "\n".join(f"    {kind}_temp_path {self.folder / kind};"
                         for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        main = self.folder / "nginx.conf"
        main.write_text(f"""
{"user nobody nogroup;" if os.geteuid() == 0 else ""}
worker_processes 1;
daemon off;
pid {self.folder / "nginx.pid"};
error_log {self.folder / "error.log"} info;
events {{ worker_connections 2048; }}
http {{
    access_log off;
{temp}
    include {self.folder / "site.conf"};
}}
""")
        return main

    def start(self) -> Nginx:
        for _ in range(3):  # a port taken meanwhile by someone else: other ports
            if self._start():
                return self
            self.https_port, self.http_port = listening_port(), listening_port()
        raise AssertionError(f"nginx did not start: {self.error_log()}")

    def _start(self) -> bool:
        main = self.config()
        check = subprocess.run([self.binary, "-t", "-p", str(self.folder), "-e", str(self.folder / "error.log"),
                                "-c", str(main)], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        self.proc = subprocess.Popen([self.binary, "-p", str(self.folder), "-e", str(self.folder / "error.log"),
                                      "-c", str(main)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                if "Address already in use" in self.error_log():
                    return False
                raise AssertionError(f"nginx stopped: {self.error_log()}")
            try:
                socket.create_connection(("127.0.0.1", self.https_port), timeout=1).close()
                return True
            except OSError:
                time.sleep(0.05)
        raise AssertionError(f"nginx did not listen: {self.error_log()}")

    def tls(self) -> ssl.SSLContext:
        """A client context that trusts this instance's certificate only."""
        return ssl.create_default_context(cafile=str(self.cert))

    def error_log(self) -> str:
        path = self.folder / "error.log"
        return path.read_text(errors="replace")[-4000:] if path.exists() else ""

    def access_log(self) -> str:
        path = self.folder / "access.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()  # SIGTERM: nginx's fast shutdown
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.folder, ignore_errors=True)
