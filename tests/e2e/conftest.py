"""End-to-end fixtures: a real server process with the built client, Debian's Chromium.

Chromium is the system's (/usr/bin/chromium): Playwright's own browser builds are never
downloaded.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from e2eserver import CHROMIUM, CHROMIUM_ARGS, SHOTS, STATIC, WAIT_MS, Server
from playwright.sync_api import Browser, BrowserContext, Playwright, sync_playwright
from screens import SIZES, open_context


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    assert STATIC.is_file(), "the client is not built: run `make client`"
    s = Server(tmp_path_factory.mktemp("e2e"))
    s.start()
    yield s
    s.stop()


# Module scope, not session: Playwright's sync API keeps an asyncio loop running in this
# thread while it is open, and the server tests that run after these call asyncio.run().
@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    b = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield b
    b.close()


@pytest.fixture
def context(browser: Browser, server: Server) -> Iterator[BrowserContext]:
    ctx = browser.new_context(
        base_url=server.url, locale="es-ES", viewport={"width": 1280, "height": 800}
    )
    ctx.set_default_timeout(WAIT_MS)
    yield ctx
    ctx.close()


@pytest.fixture(scope="session")
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


@pytest.fixture(params=list(SIZES))
def size(request: pytest.FixtureRequest) -> str:
    """Each screen of ``SIZES`` in turn (the test runs once per screen)."""
    name: str = request.param
    return name


@pytest.fixture
def sized(browser: Browser, server: Server, size: str) -> Iterator[BrowserContext]:
    """A Spanish browser at ``size``."""
    ctx = open_context(browser, server, size)
    yield ctx
    ctx.close()


@pytest.fixture
def phone(browser: Browser, server: Server) -> Iterator[BrowserContext]:
    """A Spanish browser on a phone."""
    ctx = open_context(browser, server, "phone")
    yield ctx
    ctx.close()
