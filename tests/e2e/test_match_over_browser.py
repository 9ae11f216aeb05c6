"""The end of a match shows how its last deal scored, as every other deal's summary does:
the match's result holds the last deal's lines, then what next."""

from __future__ import annotations

import re
from pathlib import Path

from htpage import page_errors, play_a_one_deal_match
from playwright.sync_api import BrowserContext, expect
from tablepage import sign_in_as_guest


def test_the_match_result_shows_how_the_last_deal_scored(
    sized: BrowserContext, size: str, shots: Path
) -> None:
    page = sized.new_page()
    errors = page_errors(page)
    sign_in_as_guest(page)
    # A target of 1: the first deal ends the match (its nine hands: HT-4, HT-5).
    # Rated on a desktop, friendly on a phone: the result says what each did.
    rated = size == "desktop"
    result = play_a_one_deal_match(page, rated=rated)
    # A new level or achievement may come over the result once: closed first.
    page.add_locator_handler(
        page.get_by_test_id("level-up"),
        lambda dialog: dialog.get_by_role("button").click(),
    )
    last = result.get_by_test_id("result-last-deal").get_by_test_id("deal-score")
    expect(last).to_have_attribute("data-deal", "1")
    expect(last.get_by_test_id("deal-points")).to_have_count(2)
    # One deal: its points are the match's scores, which the places list shows.
    points = sorted(int(x) for x in last.get_by_test_id("deal-points").all_inner_texts())
    expect(result.locator("li b")).to_have_text([str(p) for p in reversed(points)])
    # What the match did for the player is said win or lose (a box said it only for a
    # milestone): the XP, and the rating's move when the match was rated.
    moved = r"Elo \d+ → \d+ \(\S+\) · " if rated else ""
    expect(result.get_by_test_id("result-progress")).to_have_text(re.compile(rf"^{moved}\+\d+ XP$"))
    # Nothing waits on it: no "continue" inside the result, and no summary panel beside it.
    expect(result.get_by_test_id("deal-score-close")).to_have_count(0)
    expect(page.get_by_test_id("news")).to_have_count(0)
    page.screenshot(path=str(shots / f"match-over-last-deal-{size}.png"), animations="disabled")
    # What next stays in reach (the box scrolls on a phone).
    lobby = result.get_by_test_id("result-lobby")
    lobby.scroll_into_view_if_needed()
    expect(lobby).to_be_in_viewport()
    assert errors == []
