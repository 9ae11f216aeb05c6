"""Promotion and relegation shown to the player when they happen (PL-13), after real
matches: the player's Hearts Are Trumps rating is set just below (or at) the Silver line
in the database, then a real match moves it across, and the page that watches the table
shows the change.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from e2eserver import Server
from matchplay import HEARTS, me, play_out, short_match
from playwright.sync_api import BrowserContext, Page, expect
from tablepage import sign_in_as_guest

from bolola.progression.leagues import THRESHOLDS, League

SILVER = dict(THRESHOLDS)[League.SILVER]
TRIES = 12  # matches at most until the wanted result; each side wins far more than 1 in 12


def set_rating(server: Server, player_id: int, rating: float) -> None:
    """The player's Hearts Are Trumps rating, as an operator's SQL would set it."""
    with sqlite3.connect(server.workdir / "e2e.db", timeout=30) as db:
        db.execute(
            "INSERT INTO ratings (player_id, game, rating, rated, played, won, drawn, lost)"
            " VALUES (?, ?, ?, 0, 0, 0, 0, 0)"
            " ON CONFLICT (player_id, game) DO UPDATE SET rating = excluded.rating",
            (player_id, HEARTS, rating),
        )


def watch_until(
    page: Page, server: Server, token: str, start: float, bot: str, change: str
) -> dict[str, object]:
    """Plays matches from ``start`` against ``bot`` until the league changes; checks that
    no match without a change shows one; returns the progress entry of the change."""
    player_id = me(server, token)["id"]
    for _ in range(TRIES):
        set_rating(server, player_id, start)
        table = short_match(server, token, bot=bot)
        page.goto(f"/table/{table}")
        expect(page.locator(".app")).to_have_attribute("data-status", "playing")
        mine = play_out(server, token, table)["progress"]["0"]
        assert mine["rating_before"] == start
        if mine["league_before"] != mine["league_after"]:
            dialog = page.get_by_test_id("level-up")
            expect(dialog).to_be_visible()
            expect(dialog.get_by_test_id("league-change")).to_have_attribute("data-change", change)
            return dict(mine)
        expect(page.get_by_test_id("league-change")).to_have_count(0)
    raise AssertionError(f"no {change} in {TRIES} matches")


def test_a_promotion_and_a_relegation_are_shown_when_they_happen(
    context: BrowserContext, server: Server, shots: Path
) -> None:
    page = context.new_page()
    sign_in_as_guest(page)
    expect(page.locator(".app")).to_have_attribute("data-daily", "done")
    token = page.evaluate("localStorage.getItem('bolola.token')")

    # Just below Silver, a win against the beginner bot (fixed at 1100) crosses the line.
    up = watch_until(page, server, token, SILVER - 0.1, "beginner", "promoted")
    assert (up["league_before"], up["league_after"]) == ("bronze", "silver")
    dialog = page.get_by_test_id("level-up")
    expect(dialog.get_by_test_id("league-change")).to_have_text("¡Asciendes a la liga Plata!")
    page.screenshot(path=str(shots / "promotion.png"), animations="disabled")
    dialog.get_by_role("button", name="Seguir").click()
    expect(dialog).to_have_count(0)

    # At the line, a loss against the expert bot (fixed at 1700) drops below it.
    down = watch_until(page, server, token, SILVER, "expert", "relegated")
    assert (down["league_before"], down["league_after"]) == ("silver", "bronze")
    expect(page.get_by_test_id("league-change")).to_have_text("Bajas a la liga Bronce.")
