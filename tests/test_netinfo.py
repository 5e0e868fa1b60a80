"""LAN address discovery, with fake sockets: no packet ever leaves, no real route is asked."""

from __future__ import annotations

import errno

import pytest

from companion.server import netinfo


class FakeUDP:
    """Stands in for a UDP socket: ``routes`` maps a probe target to the local address, or an error."""

    created: list[FakeUDP] = []

    def __init__(self, routes: dict[str, object]) -> None:
        self.routes = routes
        self.connected_to: tuple[str, int] | None = None
        self.closed = False
        self.sent = False
        FakeUDP.created.append(self)

    def connect(self, address: tuple[str, int]) -> None:
        outcome = self.routes.get(address[0], OSError(errno.ENETUNREACH, "Network is unreachable"))
        if isinstance(outcome, BaseException):
            raise outcome
        self.connected_to = address
        self.local = outcome

    def getsockname(self) -> tuple[str, int]:
        return (self.local, 54321)

    def send(self, data: bytes) -> int:  # pragma: no cover - must never be called
        self.sent = True
        raise AssertionError("the UDP trick must not send anything")

    sendto = send

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def routes(monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    table: dict[str, object] = {}
    FakeUDP.created = []
    monkeypatch.setattr(netinfo, "_udp_socket", lambda: FakeUDP(table))
    return table


def no_hostname() -> list[str]:
    return []


def test_udp_trick_finds_the_default_route_address(routes: dict[str, object]) -> None:
    routes["192.0.2.1"] = "192.168.1.23"
    assert netinfo.lan_address(resolve=no_hostname) == "192.168.1.23"
    sock = FakeUDP.created[0]
    assert sock.connected_to == ("192.0.2.1", netinfo.PROBE_PORT)
    assert sock.closed and not sock.sent


def test_without_default_route_a_private_range_probe_finds_the_lan(routes: dict[str, object]) -> None:
    # e.g. a phone hotspot without internet: only the directly connected subnet has a route
    routes["192.168.254.254"] = "192.168.43.1"
    assert netinfo.lan_address(resolve=no_hostname) == "192.168.43.1"
    assert all(s.closed for s in FakeUDP.created)
    assert [s.connected_to for s in FakeUDP.created if s.connected_to] == [("192.168.254.254", 9)]


def test_loopback_or_unspecified_answers_are_ignored(routes: dict[str, object]) -> None:
    routes["192.0.2.1"] = "0.0.0.0"
    routes["10.254.254.254"] = "127.0.0.1"
    routes["172.31.254.254"] = "172.20.0.4"
    assert netinfo.lan_address(resolve=no_hostname) == "172.20.0.4"


def test_falls_back_to_the_host_name_when_the_trick_raises(routes: dict[str, object]) -> None:
    # every connect() raises (no network, or a sandbox forbids it): use what the host name resolves to
    assert netinfo.lan_address(resolve=lambda: ["127.0.1.1", "1.2.3.4", "10.1.2.3"]) == "10.1.2.3"
    assert netinfo.lan_address(resolve=lambda: ["127.0.1.1", "1.2.3.4"]) == "1.2.3.4"


def test_nothing_found_gives_none(routes: dict[str, object]) -> None:
    assert netinfo.lan_address(resolve=lambda: ["127.0.0.1"]) is None


def test_socket_creation_forbidden_falls_back_gracefully(monkeypatch: pytest.MonkeyPatch) -> None:
    # Android/Termux-like sandbox: the socket call itself is refused, and so is the host name lookup
    def refuse() -> object:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(netinfo, "_udp_socket", refuse)
    monkeypatch.setattr(netinfo.socket, "gethostname", refuse)
    assert netinfo.lan_address() is None
    url, warning = netinfo.public_url("0.0.0.0", 8000, find_lan=netinfo.lan_address)
    assert url == "http://127.0.0.1:8000"
    assert warning and "--url" in warning


def test_public_url_uses_the_lan_address_for_a_wildcard_host() -> None:
    assert netinfo.public_url("0.0.0.0", 8000, find_lan=lambda: "192.168.1.23") == (
        "http://192.168.1.23:8000", None)
    assert netinfo.public_url("::", 8123, find_lan=lambda: "10.0.0.2")[0] == "http://10.0.0.2:8123"


def test_loopback_host_prints_loopback_url_without_probing() -> None:
    def must_not_probe() -> str:
        raise AssertionError("no LAN lookup for a specific host")

    url, warning = netinfo.public_url("127.0.0.1", 5123, find_lan=must_not_probe)
    assert url == "http://127.0.0.1:5123"
    assert warning and "0.0.0.0" in warning
    assert netinfo.public_url("192.168.1.5", 80, find_lan=must_not_probe) == ("http://192.168.1.5:80", None)


def test_url_override_wins() -> None:
    def must_not_probe() -> str:
        raise AssertionError("--url means no lookup")

    assert netinfo.public_url("0.0.0.0", 8000, override="http://table.local:8000/",
                              find_lan=must_not_probe) == ("http://table.local:8000", None)
    assert netinfo.public_url("0.0.0.0", 8000, override="192.168.9.9:8001",
                              find_lan=must_not_probe)[0] == "http://192.168.9.9:8001"


def test_helpers() -> None:
    assert netinfo.format_url("::1", 8000) == "http://[::1]:8000"
    assert netinfo.is_loopback("localhost") and netinfo.is_loopback("127.0.0.2")
    assert netinfo.is_loopback("::1") and not netinfo.is_loopback("192.168.1.1")
    assert netinfo.is_wildcard("0.0.0.0") and netinfo.is_wildcard("::") and not netinfo.is_wildcard("127.0.0.1")
