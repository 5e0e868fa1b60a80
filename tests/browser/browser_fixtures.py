"""Browser fixtures: the real app under the production server in a thread, and Debian's Chromium via Playwright.

A pytest plugin, registered by the root conftest.py (``pytest_plugins``), so every test folder has them: the
tests here and a game's own browser tests in ``companion/games/<package>/tests/`` (docs/adding-a-game.md). A
test is marked ``browser`` (``-m "not browser"`` leaves it out) when it lies in this folder or uses the
``browser`` fixture (``new_context`` does).

Never ``playwright install``: the browser is /usr/bin/chromium (``apt-get install chromium``). Without it the
browser tests are skipped with that reason.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

# Make this folder's helpers importable as top-level modules (game_driver, browser_helpers) whichever way
# pytest imports the tests (with or without __init__.py files).
HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from browser_helpers import PHONE, unasked_dialogs, watch_unasked_dialogs  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).resolve().parent == HERE or "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@dataclass
class Live:
    app: Any
    base: str
    service: Any

    def url(self, path: str) -> str:
        return self.base + path


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium per test module; closed when the module is done, so other suites can start their own
    (two sync Playwright instances cannot run at once)."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is absent: install Debian's chromium (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def live(tmp_path) -> Iterator[Live]:
    from live_server import LiveServer

    from companion.web import create_app

    app = create_app(str(tmp_path / "browser.db"), secret_key="browser-tests")
    service = app.extensions["companion"]
    with LiveServer(app) as server:
        yield Live(app, server.url, service)
    service.store.close()


@pytest.fixture
def new_context(browser):
    """Open browser contexts (phones, tablets); all closed after the test. Every page of them is watched for
    dialogs and popovers the phone did not open itself (issue 20: none may appear, in any game)."""
    opened = []

    def make(**options: Any):
        settings = {**PHONE, "locale": "en-US", **options}
        ctx = browser.new_context(**settings)
        watch_unasked_dialogs(ctx)
        opened.append(ctx)
        return ctx

    yield make
    unasked = []
    for ctx in opened:
        for page in ctx.pages:
            # a page that closed or navigated away mid-test has nothing left to say
            with contextlib.suppress(Exception):
                unasked += [(page.url, found) for found in unasked_dialogs(page)]
        ctx.close()
    assert unasked == [], f"dialogs opened on phones that did not ask for them: {unasked}"
