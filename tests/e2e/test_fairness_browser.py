"""Deals anyone can verify, in the browser (docs/fairness.md): the page sends its own
client seed before it sits, the table's deals mix it in, and once a deal is over the
page checks the revealed seed and deck itself, saying "verified" or, for a tampered
reveal, failing loudly and naming the deal."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from htpage import create_table as ht_create_table
from htpage import open_table as ht_open_table
from htpage import page_errors, play_hand
from playwright.sync_api import BrowserContext, Page, WebSocket, WebSocketRoute, expect
from tablepage import create_table, play_deal, quick_play, sign_in_as_guest
from test_baloot import step as baloot_step


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


def flip(hex_text: str) -> str:
    return ("1" if hex_text[0] == "0" else "0") + hex_text[1:]


def tamper(frame: dict[str, Any], what: str) -> None:
    """One thing of a frame's ``fairness`` changed, as a lying server would."""
    fair = frame.get("fairness")
    if not isinstance(fair, dict):
        return
    if what == "commitment":
        fair["commitment"] = flip(fair["commitment"])
    elif what == "seed" and len(fair["seeds"]) >= 2:  # deal 1's is checked by the commitment
        fair["seeds"][1] = flip(fair["seeds"][1])
    elif what == "deck" and fair["deck"]:
        fair["deck"][0], fair["deck"][1] = fair["deck"][1], fair["deck"][0]


def tamper_frames(page: Page, what: str) -> None:
    """Between the page and the server: every frame's ``fairness`` tampered with."""

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            if isinstance(message, str) and '"fairness"' in message:
                frame = json.loads(message)
                tamper(frame, what)
                message = json.dumps(frame)
            ws.send(message)

        ws.on_message(lambda m: server.send(m))
        server.on_message(to_page)

    page.route_web_socket(re.compile(r"/ws$"), route)


@pytest.mark.parametrize(("what", "deal"), [("deck", 1), ("commitment", 1), ("seed", 2)])
def test_a_tampered_reveal_is_caught_loudly_naming_the_deal(
    context: BrowserContext, what: str, deal: int
) -> None:
    page = context.new_page()
    tamper_frames(page, what)
    sign_in_as_guest(page)
    quick_play(page)
    badge = page.get_by_test_id("fairness")
    for _ in range(deal):
        play_deal(page)
    expect(badge).to_have_attribute("data-state", "failed")
    expect(badge).to_have_attribute("role", "alert")
    expect(badge).to_have_attribute("data-problem", what)
    expect(badge).to_contain_text(re.compile(rf"\b{deal}\b"))


def test_hearts_are_trumps_and_baloot_deals_are_verified_with_the_seat_s_own_cards(
    context: BrowserContext, tmp_path: Path
) -> None:
    # Each game deals a seat its cards its own way (HT-4, BA-10): the page checks the cards
    # it was shown against the seat's part of the deck, and an honest deal passes.
    page = context.new_page()
    errors = page_errors(page)
    sign_in_as_guest(page)
    ht = ht_create_table(page, [{"kind": "human"}, {"kind": "bot", "level": "beginner"}], 1)
    ht_open_table(page, ht)
    badge = page.get_by_test_id("fairness")
    expect(badge).to_have_attribute("data-state", "committed")
    for _ in range(9):
        play_hand(page)
    expect(badge).to_have_attribute("data-state", "verified")

    bots = [{"kind": "bot", "level": "club"}] * 3
    baloot = create_table(page, "baloot", [{"kind": "human"}, *bots])
    page.goto(f"/table/{baloot}")
    expect(page.get_by_test_id("table")).to_have_attribute("data-game", "baloot")
    moves = {"say": 0, "project": 0, "card": 0}
    while baloot_step(page, 1, moves, tmp_path, "en"):
        pass
    expect(badge).to_have_attribute("data-state", "verified")
    expect(badge).to_contain_text("(1)")
    assert errors == []
