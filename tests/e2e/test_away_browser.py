"""PL-5 seen by the player whose move time ran out: a bot plays their seat until "I'm
back", and the table says so at once — the status line names the bot, and the decision
they owed (the contract chooser) closes when the seat is handed over, not when the
bot's choice reaches the screen at the table's pace."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import BrowserContext, expect
from tablepage import create_table, sign_in_as_guest, table

BOTS = [{"kind": "bot", "level": "beginner"}] * 3

# Records whether the page ever showed the away notice while still asking for a move:
# the chooser on screen, or the table saying a decision is owed. Svelte writes one
# state's changes to the page together, and the observer runs after each such write.
WATCH = """() => {
  window.__owedWhileAway = [];
  const look = () => {
    if (!document.querySelector('[data-testid="away-notice"]')) return;
    const owes = document.querySelector('[data-testid="table"]')?.dataset.owes;
    const chooser = document.querySelector('[data-testid="chooser"]') !== null;
    if (owes === 'true' || chooser) window.__owedWhileAway.push({owes, chooser});
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true,
    attributes: true, attributeFilter: ['data-owes']});
}"""


def test_when_time_runs_out_the_bot_plays_and_nothing_is_asked_of_the_player(
    sized: BrowserContext, size: str, shots: Path
) -> None:
    page = sized.new_page()
    # The table's real pace: the bot's choice reaches the screen a beat after the seat
    # was handed over, which is when the chooser stayed open.
    sign_in_as_guest(page, pace="normal")
    # Seat 0 declares the first deal (KB-5, fixed here): a decision is owed at once.
    table_id = create_table(
        page,
        "king-bolola",
        [{"kind": "human"}, *BOTS],
        {"first-declarer": 0},
        move_seconds=2,
    )
    page.goto(f"/table/{table_id}")
    status = page.get_by_test_id("status")
    expect(page.get_by_test_id("chooser")).to_be_visible()
    expect(status).to_have_text("Elige el contrato")
    page.evaluate(WATCH)

    away = page.get_by_test_id("away-notice")
    expect(away).to_be_visible(timeout=15_000)
    # Whatever the bot does for the seat next (its contract, its cards), the status says
    # the bot plays, never "your turn".
    expect(status).to_have_text("Un bot juega por ti")
    expect(table(page)).to_have_attribute("data-owes", "false")
    expect(page.get_by_test_id("chooser")).to_have_count(0)
    assert page.evaluate("window.__owedWhileAway") == []
    # The bot's choice, and its cards after it, do not bring the chooser or "your turn" back.
    expect(table(page)).to_have_attribute("data-phase", "play")
    expect(status).to_have_text("Un bot juega por ti")
    assert page.evaluate("window.__owedWhileAway") == []
    page.screenshot(path=str(shots / f"away-bot-plays-{size}.png"), animations="disabled")

    away.get_by_role("button", name="Ya estoy").click()
    expect(away).to_have_count(0)
    expect(status).not_to_have_text("Un bot juega por ti")
