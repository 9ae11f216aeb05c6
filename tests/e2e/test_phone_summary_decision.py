"""A deal's summary on a phone (390 x 844) never covers a decision the player owes: it
lies over the top of the felt, and once the next deal asks something of the player while
it is on show it is folded to its first line over the top seats' band, so the trick the
player must answer, the hand, the bid buttons and the seats' names stay in sight (Baloot
in Arabic: a round's summary over the first trick of the next round hid its top card
while the bar said "your turn"; later, 64 pixels of it hid the top seats' names)."""

from __future__ import annotations

from pathlib import Path

from a11y import check_a11y
from e2eserver import Server
from layout import assert_in_reach, assert_nothing_over, seen
from playwright.sync_api import Browser, Page, expect
from screens import open_context
from tablepage import keep_frames, set_pace, watch_errors
from test_baloot import step


def owes_a_card_on_a_trick(page: Page, deal: int) -> bool:
    """The player owes a card of ``deal`` with a card already on the trick (the screen has
    caught up): the moment a panel over the felt's top would hide what is to be answered."""
    t = page.get_by_test_id("table")
    if t.get_attribute("data-owes") != "true" or t.get_attribute("data-deal") != str(deal):
        return False
    if (
        page.get_by_test_id("bid-panel").is_visible()
        or page.get_by_test_id("project-panel").is_visible()
    ):
        return False
    if t.get_attribute("data-version") != t.get_attribute("data-latest-version"):
        return False
    return page.get_by_test_id("drop-zone").locator("[data-played]").count() > 0


def test_a_round_summary_on_a_phone_leaves_the_trick_owed_in_sight(
    browser: Browser, server: Server, shots: Path
) -> None:
    ctx = open_context(browser, server, "phone", locale="ar-SA")
    page = ctx.new_page()
    errors = watch_errors(page)
    set_pace(page, "off")
    keep_frames(page)
    page.goto("/")
    page.get_by_test_id("guest").click()
    expect(page.get_by_test_id("lobby")).to_be_visible()
    expect(page.locator(".app")).to_have_attribute("data-daily", "done")
    page.get_by_test_id("quick-play-baloot").click()
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-game", "baloot")

    moves = {"say": 0, "project": 0, "card": 0}
    while step(page, 1, moves, shots, "ar-phone-summary"):
        pass
    news = page.get_by_test_id("news")
    expect(news).to_have_attribute("data-kind", "deal-over")
    expect(page.get_by_test_id("deal-summary")).to_contain_text("الجولة 1")

    # Round 2 with round 1's summary left open: every decision until a card is owed on a
    # trick already led has nothing over it.
    deal = int(table.get_attribute("data-deal") or 0)
    assert deal == 2, deal
    hand = page.locator(".hand")
    for _ in range(40):
        owes = page.locator(f'[data-testid="table"][data-owes="true"][data-deal="{deal}"]')
        expect(
            owes.or_(page.locator(f'[data-testid="table"]:not([data-deal="{deal}"])'))
        ).to_be_visible()
        assert table.get_attribute("data-deal") == str(deal), "round 2 ended with no trick owed"
        expect(news).to_be_visible()
        if owes_a_card_on_a_trick(page, deal):
            break
        for panel in ("bid-panel", "project-panel"):
            box = page.get_by_test_id(panel)
            if box.is_visible():
                assert_nothing_over(page, box, hand, where=f"round 2 {panel}")
        assert step(page, deal, moves, shots, "ar-phone-summary")
    else:
        raise AssertionError("no card owed on a trick in round 2")

    # The summary is on show, and covers neither the trick to answer nor the hand.
    where = "round 2, a card owed on a led trick, round 1's summary on show"
    expect(page.get_by_test_id("status")).to_contain_text("دورك في اللعب")
    played = page.get_by_test_id("drop-zone").locator("[data-played]")
    assert_nothing_over(page, played, hand, where=where)
    for s in seen(played):
        assert s["inside"] and s["seen"] >= 0.3, (where, "a played card is out of sight", s)
    assert_in_reach(page.locator('.hand [data-legal="true"]'), where=where)
    # Folded to its first line: the seats' names stay in sight under it.
    assert_nothing_over(page, page.get_by_test_id("seat-name"), where=where)
    # The summary stays within reach: closed by its close button, unfolded by "show all".
    assert_in_reach(page.get_by_test_id("news-close"), where=where)
    assert_in_reach(page.get_by_test_id("news-more"), where=where)
    check_a11y(page, where)
    page.screenshot(path=str(shots / "summary-owed-ar-phone.png"), animations="disabled")
    folded = news.bounding_box()
    page.get_by_test_id("news-more").click()
    expect(page.get_by_test_id("news-more")).to_be_hidden()
    unfolded = news.bounding_box()
    assert folded and unfolded and unfolded["height"] > 2 * folded["height"], (folded, unfolded)
    page.get_by_test_id("news-close").click()
    expect(news).to_have_count(0)
    assert errors == [], errors
    ctx.close()
