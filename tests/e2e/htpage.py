"""Driving the Hearts Are Trumps table as a player would: every step waits on the page."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, Page, expect
from tablepage import FRAMES

ROLES = ("loot", "attacker", "defender")
REASON = re.compile(r"\w.*\bHT-(9|10|11|12)\b")


def create_table(
    page: Page, seats: list[dict[str, Any]], target: int = 500, *, rated: bool = False
) -> int:
    """A Hearts Are Trumps table made through the REST API from the signed-in page (the
    session token rides as a bearer header, as the client's api.ts sends it)."""
    answer = page.evaluate(
        """async ([seats, target, rated]) => {
            const token = localStorage.getItem('bolola.token');
            const r = await fetch('/api/tables', {
              method: 'POST',
              headers: {'content-type': 'application/json', authorization: `Bearer ${token}`},
              body: JSON.stringify({game: 'hearts-trumps', seats, options: {target}, rated}),
            });
            return {status: r.status, body: await r.json()};
        }""",
        [seats, target, rated],
    )
    assert answer["status"] == 201, answer
    table_id: int = answer["body"]["table"]["id"]
    return table_id


def open_table(page: Page, table_id: int) -> None:
    page.goto(f"/table/{table_id}")
    expect(table(page)).to_have_attribute("data-game", "hearts-trumps")


def page_errors(page: Page) -> list[str]:
    """Every uncaught error the page throws from now on: a Svelte error (a duplicate key…)
    stops a render half way and leaves a stale screen, so tests assert this stays empty."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def table(page: Page) -> Locator:
    return page.get_by_test_id("table")


def deal_and_hand(page: Page) -> tuple[int, int]:
    t = table(page)
    return int(t.get_attribute("data-deal") or 0), int(t.get_attribute("data-hand") or 0)


def wait_to_place(page: Page) -> tuple[int, int]:
    """Waits until this seat is to place; returns (deal, hand number)."""
    expect(table(page)).to_have_attribute("data-to-place", "true")
    expect(page.get_by_test_id("place")).to_be_visible()
    return deal_and_hand(page)


def hand_cards(page: Page) -> Locator:
    return page.get_by_test_id("ht-hand").locator("[data-card]")


def slot(page: Page, role: str) -> Locator:
    return page.get_by_test_id(f"slot-{role}")


def fill_slots(page: Page, how: tuple[str, str, str] = ("click", "drag", "key")) -> str:
    """Puts the hand's first cards into loot, attacker and defender, each its own way (a
    click on the card then the slot; a drag; keys 1-3 on the focused card); returns the
    placement's text."""
    placed = []
    for k, (role, way) in enumerate(zip(ROLES, how, strict=True)):
        card_el = hand_cards(page).first
        card = card_el.get_attribute("data-card") or ""
        if way == "click":
            card_el.click()
            expect(card_el).to_have_attribute("aria-pressed", "true")
            slot(page, role).click()
        elif way == "drag":
            card_el.drag_to(slot(page, role))
        else:
            card_el.focus()
            page.keyboard.press(str(k + 1))
        expect(slot(page, role)).to_have_attribute("data-card", card)
        placed.append(card)
    return "/".join(placed)


def press_place(page: Page) -> None:
    button = page.get_by_test_id("place")
    expect(button).to_be_enabled()
    button.click()


def wait_for_battles(page: Page, deal: int, hand_no: int) -> Locator:
    """The two battles of that hand, once shown; fails with the last frames if never."""
    battles = page.locator(f'[data-testid="battles"][data-hand="{deal}-{hand_no}"]')
    try:
        expect(battles).to_be_visible()
    except AssertionError as e:
        notice = page.get_by_test_id("notice")
        said = notice.inner_text() if notice.count() else "no notice"
        frames = "\n".join(FRAMES.get(id(page), ()))
        raise AssertionError(f"hand {deal}-{hand_no} never resolved ({said}):\n{frames}") from e
    return battles


def loot_counts(page: Page) -> list[int]:
    """Each seat's loot taken this deal, as the seat panels show them (seat order)."""
    out = [0, 0]
    for el in page.get_by_test_id("loot-count").all():
        out[int(el.get_attribute("data-seat") or 0)] = int(el.inner_text())
    return out


def play_hand(page: Page, how: tuple[str, str, str] = ("click", "click", "click")) -> str:
    """Places this seat's cards of the current hand and waits for its battles."""
    deal, hand_no = wait_to_place(page)
    placement = fill_slots(page, how)
    press_place(page)
    wait_for_battles(page, deal, hand_no)
    return placement


def play_a_one_deal_match(page: Page, *, rated: bool = False) -> Locator:
    """A Hearts Are Trumps match against a beginner bot to a target of 1, played through
    its one deal (nine hands, HT-4, HT-5) by the signed-in page; returns the result shown
    once the match is over."""
    seats = [{"kind": "human"}, {"kind": "bot", "level": "beginner"}]
    table_id = create_table(page, seats, 1, rated=rated)
    open_table(page, table_id)
    for _ in range(9):
        play_hand(page)
    result = page.get_by_test_id("match-result")
    expect(result).to_be_visible()
    expect(table(page)).to_have_attribute("data-phase", "over")
    return result
