"""deploy/compose.yaml holds together with what CI runs (no container engine here: its parts are checked instead):
the proxy serves the very template tests/deploy/test_nginx.py runs and sets every value it needs; the workers'
command is one ``companion serve`` accepts, in public mode, trusting the proxy's fixed address and nobody else;
only the proxy is reachable from outside; the Dockerfile copies everything the package is built from."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from companion.server import cli

DEPLOY = Path(__file__).resolve().parent.parent.parent / "deploy"
tomllib = pytest.importorskip("tomllib", reason="Python 3.11's tomllib")  # CI runs 3.11


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def defaults(text: str) -> str:
    """``${NAME:-default}`` as its default, ``${NAME:?message}`` and ``${NAME}`` as a stand-in value."""
    return re.sub(r"\$\{([A-Z_]+)(?::-([^}]*)|:\?[^}]*)?\}", lambda m: m.group(2) or f"x-{m.group(1).lower()}", text)


def test_the_proxy_serves_the_template_ci_runs_with_every_value_set(compose: dict[str, Any]) -> None:
    proxy = compose["services"]["proxy"]
    mounts = {m.split(":")[0]: m.split(":")[1] for m in proxy["volumes"]}
    assert mounts["./nginx/companion.conf.template"] == "/etc/nginx/templates/default.conf.template"
    template = (DEPLOY / "nginx" / "companion.conf.template").read_text()
    needed = set(re.findall(r"\$\{(COMPANION_[A-Z0-9_]+)\}", template))
    assert needed == set(proxy["environment"]), needed ^ set(proxy["environment"])
    workers = {f"{name}:8000" for name in ("worker1", "worker2")}
    assert {proxy["environment"][k] for k in ("COMPANION_UPSTREAM_1", "COMPANION_UPSTREAM_2")} == workers
    published = {name for name, service in compose["services"].items() if service.get("ports")}
    assert published == {"proxy"}  # the workers and the database are reachable through the proxy only
    assert compose["networks"]["back"]["internal"] is True


@pytest.mark.parametrize("name", ["worker1", "worker2"])
def test_each_worker_runs_a_command_companion_accepts(compose: dict[str, Any], name: str) -> None:
    service = compose["services"][name]
    args = cli.parse_args([defaults(part) for part in service["command"]])
    assert args.command == "serve" and args.public and args.port == 8000 and args.host == "0.0.0.0"
    proxy_address = compose["services"]["proxy"]["networks"]["front"]["ipv4_address"]
    assert args.trusted_proxy == [f"{proxy_address}/32"]  # nobody else's X-Forwarded-For
    assert args.db.startswith("postgresql://companion:") and args.db.endswith("@db:5432/companion")
    assert args.url.startswith("https://")  # TLS: every cookie Secure
    assert set(service["networks"]) == {"front", "back"} and service["environment"]["XDG_DATA_HOME"] == "/data"
    assert any(v.endswith(":/data") for v in service["volumes"])  # one session secret for every worker


def test_the_dockerfile_copies_what_the_package_is_built_from() -> None:
    copied = {source for line in (DEPLOY / "Dockerfile").read_text().splitlines() if line.startswith("COPY ")
              for source in line.split()[1:-1]}
    project = tomllib.loads((DEPLOY.parent / "pyproject.toml").read_text())
    wheel = project["tool"]["hatch"]["build"]["targets"]["wheel"]
    needed = {"pyproject.toml", project["project"]["readme"], *wheel["packages"], *wheel["force-include"]}
    assert needed <= copied, needed - copied
