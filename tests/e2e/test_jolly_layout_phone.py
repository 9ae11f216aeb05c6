"""Jolly's felt late in a round, on a desktop and a phone, at a hand-made position
(jopage.py: the engine's own view of it, the page's actions kept, not played): a long
discard pile stays one row, so the melds on the table and the hand stay in sight, and any
card of it the player may take from is still reached by a tap; a player's melds that wrap
to a second row stay in that player's meld area, indented past the name, never under it
(where they would read as a third player's)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from a11y import check_a11y
from jopage import expect_sent, open_position
from layout import assert_in_reach, no_page_scroll, sideways
from playwright.sync_api import BrowserContext, Locator, Page, expect

from bolola.cards import Card
from bolola.games.jolly import GAME, JollyOptions
from bolola.games.jolly.deck import DECK, JOKERS, hand_order, ids_of
from bolola.games.jolly.meld import Spec, TableMeld, put_down
from bolola.games.jolly.round import Turn, deal

# Seat 0, about to draw, opened in an earlier turn with four melds and holds five cards,
# so it may take up to 15 cards of the pile (JO-7: 20 in hand at most). Seat 1 has opened
# with ten melds: more than one row of a desktop's felt.
HAND = "KH QH 4D 5D KS"
MINE = ("2H,2D,2C", "9S,TS,JS,QS", "9C,TC,JC,QC", "6D,7D,8D")
THEIRS = (
    "TD,JD,QD,KD,AD",
    "3H,3D,3C",
    "5H,6H,7H,8H",
    "AS,AH,AD,AC",
    "8S,8H,8C",
    "4S,4H,4C",
    "2S,3S,4S",
    "5S,6S,JK=7S",
    "JS,JH,JC",
    "6C,7C,8C,JK=9C",
)
PILE = 40  # about 25 turns of discards
MOST = 15


def late_view() -> dict[str, Any]:
    """Seat 0's view (of two seats) of the position above, the pile ``PILE`` cards long."""
    free = set(DECK)

    def take(f: str) -> int:
        cid = next(c for c in (JOKERS if f == "JK" else ids_of(Card.parse(f))) if c in free)
        free.remove(cid)
        return cid

    mine = hand_order(take(f) for f in HAND.split())
    melds: list[TableMeld] = []
    owned = [(0, m) for m in MINE] + [(1, m) for m in THEIRS]
    for k, (owner, text) in enumerate(owned, start=1):
        spec = Spec.parse(text)
        cards = tuple(take("JK" if p.joker else str(p.face)) for p in spec.pieces)
        melds.append(put_down(spec, cards, k, owner))
    rest = sorted(free)
    random.Random(25).shuffle(rest)
    theirs = hand_order(rest[:6])
    pile = tuple(rest[6 : 6 + PILE])
    stock = tuple(sorted(rest[6 + PILE :]))
    r = replace(
        deal(2, 1, DECK),
        hands=(mine, theirs),
        stock=stock,
        pile=pile,
        table=tuple(melds),
        opened=(True, True),
        turn=Turn(0, None),
    )
    state = replace(GAME.new(JollyOptions(players=2), 1), round=r)
    view: dict[str, Any] = GAME.view(state, 0).to_json()
    assert view["phase"] == "draw", view["phase"]
    assert f"take:{MOST}" in view["legal"] and f"take:{MOST + 1}" not in view["legal"]
    return view


def at_late_position(context: BrowserContext) -> tuple[Page, list[str]]:
    page = context.new_page()
    page.add_init_script("localStorage.setItem('bolola.pace', 'off')")
    page.goto("/")
    lobby = page.get_by_test_id("lobby")
    guest = page.get_by_test_id("guest")
    lobby.or_(guest).first.wait_for()
    if guest.count():
        guest.click()
    expect(lobby).to_be_visible()
    sent = open_position(page, late_view())
    expect(page.get_by_test_id("pile").locator("[data-card]")).to_have_count(PILE)
    return page, sent


def box(loc: Locator) -> dict[str, float]:
    b = loc.bounding_box()
    assert b is not None, loc
    return {"x": b["x"], "y": b["y"], "width": b["width"], "height": b["height"]}


def test_a_long_pile_leaves_the_melds_and_the_hand_in_sight(
    sized: BrowserContext, size: str, shots: Path
) -> None:
    page, sent = at_late_position(sized)
    pile = page.get_by_test_id("pile")
    cards = pile.locator("[data-card]")
    top = cards.last
    # The newest card is in sight, the pile scrolled to it; the pile is one row of cards.
    expect(top).to_have_attribute("data-depth", "1")
    expect(top).to_be_in_viewport(ratio=1)
    height = box(pile)["height"]
    card = box(top)["height"]
    assert height < card * 1.6, f"{size}: the pile is {height}px high, a card {card}px"
    page.screenshot(path=str(shots / f"jolly-long-pile-{size}.png"), animations="disabled")

    # The player's own melds, the first of the other's, the hand, the stock and the top of
    # the pile: on screen, unclipped, uncovered, with nothing to scroll first.
    melds = page.get_by_test_id("melds")
    assert_in_reach(melds.locator('[data-seat="0"] [data-meld]'), where=size, at_least=len(MINE))
    assert_in_reach(melds.locator('[data-seat="1"] [data-meld]').first, where=size)
    assert_in_reach(
        page.get_by_test_id("jolly-hand").locator("[data-card]"), where=size, at_least=5
    )
    assert_in_reach(page.get_by_test_id("draw"), where=size)
    assert_in_reach(top, where=size)
    assert sideways(page) == [], sideways(page)
    assert no_page_scroll(page) == {"x": 0, "y": 0}, no_page_scroll(page)
    check_a11y(page, f"Jolly with a long discard pile, {size}")

    # The deepest card the player may take is reached (the pile scrolls sideways to it)
    # and taken with every card after it, by a tap on a phone.
    deepest = pile.locator(f'[data-depth="{MOST}"]')
    expect(deepest).to_be_enabled()
    expect(pile.locator(f'[data-depth="{MOST + 1}"]')).to_be_disabled()
    deepest.scroll_into_view_if_needed()
    assert_in_reach(deepest, where=f"{size}, the deepest card to take")
    assert_in_reach(melds.locator('[data-seat="0"] [data-meld]'), where=size, at_least=len(MINE))
    if size == "phone":
        deepest.tap()
    else:
        deepest.click()
    expect_sent(page, sent, f"take:{MOST}")


def test_a_players_wrapped_melds_stay_in_their_meld_area(
    sized: BrowserContext, size: str, shots: Path
) -> None:
    page, _ = at_late_position(sized)
    group = page.get_by_test_id("melds").locator('[data-seat="1"]')
    melds = group.locator("[data-meld]")
    expect(melds).to_have_count(len(THEIRS))
    name = box(group.locator(".who"))
    boxes = [box(melds.nth(i)) for i in range(len(THEIRS))]
    # The rows of melds (a meld with a joker is taller: by their middles) and where each
    # row starts.
    starts: dict[float, float] = {}
    for b in sorted(boxes, key=lambda b: b["y"] + b["height"] / 2):
        middle = b["y"] + b["height"] / 2
        row = next((r for r in starts if abs(r - middle) < 8), middle)
        starts[row] = min(starts.get(row, b["x"]), b["x"])
    assert len(starts) > 1, f"{size}: the ten melds fit one row, nothing wraps: {starts}"
    lefts = {round(x) for x in starts.values()}
    assert len(lefts) == 1, f"{size}: the rows of melds start at {sorted(lefts)}"
    (left,) = lefts
    assert left > name["x"] + 4, f"{size}: the melds start at {left}, the name at {name['x']}"
    # No meld under or over the name.
    for b in boxes:
        assert not (
            b["x"] < name["x"] + name["width"]
            and name["x"] < b["x"] + b["width"]
            and b["y"] < name["y"] + name["height"]
            and name["y"] < b["y"] + b["height"]
        ), f"{size}: a meld {b} over the name {name}"
        if size == "desktop":
            assert b["x"] >= name["x"] + name["width"], f"{size}: a meld {b} under the name {name}"
    page.screenshot(path=str(shots / f"jolly-wrapped-melds-{size}.png"), animations="disabled")


def test_a_card_of_a_long_pile_is_dragged_to_the_hand(sized: BrowserContext, size: str) -> None:
    page, sent = at_late_position(sized)
    pile = page.get_by_test_id("pile")
    # A sideways swipe on the pile scrolls it; the drag's own "none" would stop that.
    actions = pile.locator("[data-card]").evaluate_all(
        "els => [...new Set(els.map(e => getComputedStyle(e).touchAction))]"
    )
    assert actions == ["pan-x"], actions
    hand = page.get_by_test_id("jolly-hand")
    pile.locator('[data-depth="3"]').drag_to(hand, source_position={"x": 6, "y": 20})
    expect_sent(page, sent, "take:3")
