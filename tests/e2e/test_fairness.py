"""Deals anyone can verify, in the browser (docs/fairness.md): the page sends its own
client seed before it sits, the table's deals mix it in, and once a deal is over the
page checks the revealed seed and deck itself, saying "verified" or, for a tampered
reveal, failing loudly and naming the deal."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import BrowserContext, Page, WebSocket, WebSocketRoute, expect
from tablepage import play_deal, quick_play, sign_in_as_guest


def frames(page: Page) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every JSON frame the page sends, and every one it receives, from now on."""
    sent: list[dict[str, Any]] = []
    received: list[dict[str, Any]] = []

    def on_socket(ws: WebSocket) -> None:
        ws.on("framesent", lambda f: sent.append(json.loads(f)) if isinstance(f, str) else None)
        ws.on(
            "framereceived",
            lambda f: received.append(json.loads(f)) if isinstance(f, str) else None,
        )

    page.on("websocket", on_socket)
    return sent, received


def test_a_finished_deal_shows_verified_and_the_page_seed_is_in_the_deals(
    context: BrowserContext,
) -> None:
    page = context.new_page()
    sent, received = frames(page)
    sign_in_as_guest(page)
    table_id = quick_play(page)
    badge = page.get_by_test_id("fairness")
    expect(badge).to_have_attribute("data-state", "committed")
    seeds = [f for f in sent if f.get("type") == "client_seed" and f.get("table") == table_id]
    assert seeds and re.fullmatch(r"[0-9a-f]{32}", seeds[-1]["seed"]), seeds
    joins = [i for i, f in enumerate(sent) if f.get("type") == "join"]
    assert sent.index(seeds[0]) < joins[-1]  # sent before the page sat

    play_deal(page)

    expect(badge).to_have_attribute("data-state", "verified")
    expect(badge).to_contain_text("✓")
    mixed = [
        f["fairness"]["client_seeds"]
        for f in received
        if isinstance(f.get("fairness"), dict) and f["fairness"]["client_seeds"]
    ]
    assert mixed and all(seeds[-1]["seed"] in c and "bot:1" in c for c in mixed), mixed


def tamper_reveals(page: Page) -> None:
    """Between the page and the server: each revealed deck has its first two cards swapped."""

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            if isinstance(message, str) and '"type":"fairness"' in message.replace(" ", ""):
                frame = json.loads(message)
                deck = frame["fairness"]["deck"]
                deck[0], deck[1] = deck[1], deck[0]
                message = json.dumps(frame)
            ws.send(message)

        ws.on_message(lambda m: server.send(m))
        server.on_message(to_page)

    page.route_web_socket(re.compile(r"/ws$"), route)


def test_a_tampered_deck_is_caught_loudly_naming_the_deal(context: BrowserContext) -> None:
    page = context.new_page()
    tamper_reveals(page)
    sign_in_as_guest(page)
    quick_play(page)
    play_deal(page)
    badge = page.get_by_test_id("fairness")
    expect(badge).to_have_attribute("data-state", "failed")
    expect(badge).to_have_attribute("role", "alert")
    expect(badge).to_contain_text("1")
