"""The end of a Baloot match at the table: partners are one side (BA-1). The winning team
is named as the winner, not a tie, and the losing team is second, not "3rd"."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import BrowserContext, expect
from tablepage import create_table, sign_in_as_guest, table, watch_errors

BOT = {"kind": "bot", "level": "beginner"}
WHOLE_MATCH_MS = 180_000  # four bots play a Baloot match to 152 (about 30 s here)


def test_the_result_of_a_baloot_match_ranks_two_teams(phone: BrowserContext, shots: Path) -> None:
    page = phone.new_page()
    errors = watch_errors(page)
    sign_in_as_guest(page)
    # Four bots play a match out; a person watches it end.
    table_id = create_table(page, "baloot", [BOT] * 4)
    page.goto(f"/table/{table_id}")
    expect(page).to_have_url(re.compile(rf"/table/{table_id}\b"))
    expect(table(page)).to_have_attribute("data-game", "baloot")
    result = page.get_by_test_id("match-result")
    expect(result).to_be_visible(timeout=WHOLE_MATCH_MS)
    places = result.locator("li")
    expect(places).to_have_count(2)
    expect(places.nth(0)).to_have_attribute("data-place", "1")
    expect(places.nth(1)).to_have_attribute("data-place", "2")
    # Each side names both partners; the headline names the winners, never a tie.
    expect(places.nth(0).locator(".who")).to_contain_text("+")
    expect(result.locator(".won")).to_contain_text("ganan la partida")
    page.screenshot(path=str(shots / "baloot-match-over-phone.png"), animations="disabled")
    assert errors == [], errors
