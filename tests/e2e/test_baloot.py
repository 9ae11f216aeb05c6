"""Baloot in the browser: a guest plays whole rounds with three bots — bidding, doubling
when offered, declaring projects, playing every card — and reads the round's summary."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from a11y import check_a11y
from playwright.sync_api import BrowserContext, Page, expect
from tablepage import CORNER, keep_frames, set_pace, watch_errors

ROUNDS = 2


def create_table(page: Page, seats: list[dict[str, Any]]) -> int:
    """A Baloot table made through the REST API from the signed-in page."""
    answer = page.evaluate(
        """async (seats) => {
            const token = localStorage.getItem('bolola.token');
            const r = await fetch('/api/tables', {
              method: 'POST',
              headers: {'content-type': 'application/json', authorization: `Bearer ${token}`},
              body: JSON.stringify({game: 'baloot', seats}),
            });
            return {status: r.status, body: await r.json()};
        }""",
        seats,
    )
    assert answer["status"] == 201, answer
    table_id: int = answer["body"]["table"]["id"]
    return table_id


def sign_in(page: Page, lang: str) -> None:
    set_pace(page, "off")
    page.add_init_script(f"localStorage.setItem('bolola.lang', {lang!r})")
    keep_frames(page)
    page.goto("/")
    page.get_by_test_id("guest").click()
    expect(page.get_by_test_id("lobby")).to_be_visible()


def step(page: Page, deal: int, moves: dict[str, int], shots: Path, lang: str) -> bool:
    """Makes the player's next decision of deal ``deal``; False once that deal is over."""
    table = page.get_by_test_id("table")
    owes = page.locator(f'[data-testid="table"][data-owes="true"][data-deal="{deal}"]')
    later = page.locator('[data-testid="table"]').and_(page.locator(f':not([data-deal="{deal}"])'))
    expect(owes.or_(later)).to_be_visible()
    if table.get_attribute("data-deal") != str(deal):
        return False
    version = table.get_attribute("data-version") or ""
    panel = page.get_by_test_id("bid-panel")
    projects = page.get_by_test_id("project-panel")
    if panel.is_visible():
        if not moves["say"]:  # the first decision of all, before anything is said
            page.screenshot(path=str(shots / f"baloot-bid-{lang}.png"), animations="disabled")
            check_a11y(page, f"the Baloot bid panel ({lang})")
        # Buy when we can (Hokum first, else Sun), so rounds are played; double when the
        # other team bought.
        says = [panel.locator(f'[data-say="{say}"]') for say in ("hokum", "sun", "double")]
        button = next((b for b in says if b.count()), panel.locator("[data-say]").first)
        button.click()
        moves["say"] += 1
    elif projects.is_visible():
        projects.locator("[data-project]").first.click()
        moves["project"] += 1
    else:
        card = page.locator('.hand [data-legal="true"]').first
        if moves["card"] % 2:  # every other card by drag, onto the table
            card.drag_to(page.get_by_test_id("drop-zone"), source_position=CORNER)
        else:
            card.click(position=CORNER)
        moves["card"] += 1
    # While this seat is to move the table waits for it: a new version means it was taken.
    expect(table).not_to_have_attribute("data-version", version)
    return True


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_guest_plays_whole_rounds_with_three_bots(
    context: BrowserContext, shots: Path, lang: str
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    sign_in(page, lang)
    bots = [{"kind": "bot", "level": "club"}] * 3
    table_id = create_table(page, [{"kind": "human"}, *bots])
    page.goto(f"/table/{table_id}")
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-game", "baloot")
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang == "ar" else "ltr")
    expect(page.locator(".hand [data-card]")).to_have_count(5)  # BA-2: five before the buy
    expect(page.get_by_test_id("bid-card")).to_be_visible()

    moves = {"say": 0, "project": 0, "card": 0}
    for deal in range(1, ROUNDS + 1):
        expect(table).to_have_attribute("data-deal", str(deal))
        while step(page, deal, moves, shots, lang):
            pass
        summary = page.get_by_test_id("deal-summary")
        expect(summary).to_be_visible()
        expect(summary).to_contain_text(str(deal))
        if not summary.get_by_test_id("round-why").count():
            continue  # passed out (BA-9): nothing to explain
        # The conversion step by step and the reason in words.
        expect(summary.get_by_test_id("round-why")).not_to_be_empty()
        expect(summary.get_by_test_id("conversion-0")).to_contain_text("→")
        page.screenshot(path=str(shots / f"baloot-round-{lang}.png"), animations="disabled")
        summary.get_by_test_id("deal-summary-close").click()

    assert moves["say"] >= ROUNDS and moves["card"] >= 8 * ROUNDS - 4, moves
    # The score tab lists the rounds by team.
    page.get_by_test_id("sheet-tab").click()
    sheet = page.get_by_test_id("ba-sheet")
    expect(sheet.locator("tr[data-deal]")).to_have_count(ROUNDS)
    expect(sheet).to_contain_text(re.compile("152"))
    assert errors == []
