"""A Jolly table at a chosen moment, for the browser tests of what the board shows.

A real table's deal is fair, so nobody chooses its cards: here the page's WebSocket is
routed through the test, which puts a view of a hand-made position (made and viewed by
the real engine, so its legal actions are the rules' own) into every frame for the
table, and keeps the actions the page sends instead of passing them on, answering each
with a refusal that names it: the page shows that in its notice, which the test waits
for, and is free to act again.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from playwright.sync_api import Page, WebSocketRoute, expect
from tablepage import CORNER, create_table

from bolola.cards import Card
from bolola.games.jolly import GAME, JollyOptions
from bolola.games.jolly.deck import DECK, JOKERS, hand_order, ids_of
from bolola.games.jolly.match import Match
from bolola.games.jolly.meld import Spec, TableMeld, put_down
from bolola.games.jolly.round import Turn, deal


def position_view(
    hand: str,
    *,
    table: tuple[tuple[int, str], ...] = (),
    opened: tuple[bool, bool] = (False, False),
    drew: str | None = "stock",
    opened_now: bool = False,
    pile: str = "",
) -> dict[str, Any]:
    """Seat 0's view (of two seats) with this hand (faces, ``JK`` a joker) after its draw,
    these melds on the table (owner, meld text) and who has opened."""
    state = position_state(
        hand, table=table, opened=opened, drew=drew, opened_now=opened_now, pile=pile
    )
    view: dict[str, Any] = GAME.view(state, 0).to_json()
    return view


def position_state(
    hand: str,
    *,
    table: tuple[tuple[int, str], ...] = (),
    opened: tuple[bool, bool] = (False, False),
    drew: str | None = "stock",
    opened_now: bool = False,
    pile: str = "",
) -> Match:
    """A two-seat match at seat 0's turn with this hand (faces, ``JK`` a joker), after its
    draw unless ``drew`` is None (or in the turn it opened: ``opened_now``), these melds on
    the table (owner, meld text), who has opened, and the discard pile (faces, oldest
    first)."""
    free = set(DECK)

    def take(f: str) -> int:
        cid = next(c for c in (JOKERS if f == "JK" else ids_of(Card.parse(f))) if c in free)
        free.remove(cid)
        return cid

    mine = hand_order(take(f) for f in hand.split())
    discards = tuple(take(f) for f in pile.split())
    melds: list[TableMeld] = []
    for k, (owner, text) in enumerate(table, start=1):
        spec = Spec.parse(text)
        cards = tuple(take("JK" if p.joker else str(p.face)) for p in spec.pieces)
        melds.append(put_down(spec, cards, k, owner))
    theirs = hand_order(sorted(free)[:13])
    stock = tuple(sorted(free - set(theirs)))
    r = replace(
        deal(2, 1, DECK),
        hands=(mine, theirs),
        stock=stock,
        pile=discards,
        table=tuple(melds),
        opened=opened,
        turn=Turn(0, drew, opened_now),
    )
    return replace(GAME.new(JollyOptions(players=2), 1), round=r)


def open_position(page: Page, view: dict[str, Any], *, status: str | None = None) -> list[str]:
    """Opens a new Jolly table (the guest against a bot) showing ``view``; returns the
    list the actions the page sends are put in. ``status``: the table's status the page
    is told as it joins (``over``: a finished match, its result rebuilt from ``view``)."""
    sent: list[str] = []

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_server(message: str | bytes) -> None:
            if isinstance(message, str) and '"action"' in message:
                frame = json.loads(message)
                if frame.get("type") == "action":
                    sent.append(frame["action"])
                    kept = {
                        "type": "error",
                        "table": frame["table"],
                        "id": frame["id"],
                        "code": "e2e_kept",
                        "message": f"kept {frame['action']}",
                    }
                    ws.send(json.dumps(kept))
                    return
            server.send(message)

        def to_page(message: str | bytes) -> None:
            if isinstance(message, str) and '"view"' in message:
                frame = json.loads(message)
                if isinstance(frame.get("view"), dict) and frame["view"].get("game") == "jolly":
                    frame["view"] = view
                    if status is not None and frame.get("type") in ("snapshot", "catchup"):
                        frame["status"] = status
                    message = json.dumps(frame)
            ws.send(message)

        ws.on_message(to_server)
        server.on_message(to_page)

    page.route_web_socket(re.compile(r"/ws$"), route)
    bot = {"kind": "bot", "level": "beginner"}
    table_id = create_table(page, "jolly", [{"kind": "human"}, bot], {"players": 2})
    page.goto(f"/table/{table_id}")
    expect(page.get_by_test_id("jolly-hand").locator("[data-card]")).to_have_count(
        len(view["hand"])
    )
    return sent


def pick(page: Page, faces: str) -> None:
    """Selects these cards of the hand (faces; a second copy by naming the face twice)."""
    hand = page.get_by_test_id("jolly-hand")
    for f in faces.split():
        cid = hand.locator(f'[data-face="{f}"][data-picked="false"]').first.get_attribute(
            "data-card"
        )
        card = hand.locator(f'[data-card="{cid}"]')
        card.click(position=CORNER)
        expect(card).to_have_attribute("data-picked", "true")


def unpick_all(page: Page) -> None:
    """Puts every selected card of the hand back."""
    hand = page.get_by_test_id("jolly-hand")
    picked = hand.locator('[data-picked="true"]')
    for card in picked.evaluate_all("els => els.map(e => e.dataset.card)"):
        hand.locator(f'[data-card="{card}"]').click(position=CORNER)
    expect(picked).to_have_count(0)


def expect_sent(page: Page, sent: list[str], action: str) -> None:
    """Waits until the page has sent ``action`` (its refusal shown), the only one so far."""
    expect(page.get_by_test_id("notice")).to_contain_text(f"kept {action}")
    assert sent == [action], sent
