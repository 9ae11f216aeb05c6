"""The screens the browser tests look through: a desktop and a phone (touch, twice the
pixels), each a browser context of the room's server in a language."""

from __future__ import annotations

from e2eserver import WAIT_MS, Server
from playwright.sync_api import Browser, BrowserContext, ViewportSize

SIZES: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 800},
    "phone": {"width": 390, "height": 844},
}


def open_context(
    browser: Browser, server: Server, size: str, locale: str = "es-ES"
) -> BrowserContext:
    """A new browser context at ``size`` (a key of ``SIZES``) whose language is ``locale``."""
    phone = size == "phone"
    ctx = browser.new_context(
        base_url=server.url,
        locale=locale,
        viewport=SIZES[size],
        device_scale_factor=2 if phone else 1,
        is_mobile=phone,
        has_touch=phone,
    )
    ctx.set_default_timeout(WAIT_MS)
    return ctx
