"""Jolly in the browser: a guest plays a whole round against a bot — draws, opens with the
underlined melds, lays off and discards, by click and by drag — reads the round's points
card by card and continues; the lobby offers Jolly's players and targets."""

from __future__ import annotations

import re
from pathlib import Path

from a11y import check_a11y
from playwright.sync_api import BrowserContext, Locator, Page, expect
from tablepage import CORNER, FRAMES, create_table, sign_in_as_guest, watch_errors


def moved(page: Page, version: str, what: str) -> None:
    """While this seat is to move the table waits for it: a new version means it was taken."""
    try:
        expect(page.get_by_test_id("table")).not_to_have_attribute("data-version", version)
    except AssertionError as e:
        notice = page.get_by_test_id("notice")
        said = notice.inner_text() if notice.count() else "no notice"
        frames = "\n".join(FRAMES.get(id(page), ()))
        raise AssertionError(f"{what} was not taken ({said}); last frames:\n{frames}") from e


def lay_off(page: Page, table: Locator, by_drag: bool) -> bool:
    """Lays off some card of the hand on a meld: picks each card until a meld lights up."""
    cards = page.get_by_test_id("jolly-hand").locator("[data-card]")
    for i in range(cards.count()):
        card = cards.nth(i)
        card.click(position=CORNER)
        # A meld lit for a lay-off (a lit joker alone would be a swap).
        target = page.locator(".meld.target", has=page.get_by_test_id("lay")).first
        if target.count():
            version = table.get_attribute("data-version") or ""
            if by_drag:
                card.drag_to(target, source_position=CORNER)
            else:
                target.get_by_test_id("lay").click()
            moved(page, version, "a lay-off by drag" if by_drag else "a lay-off")
            return True
        card.click(position=CORNER)  # put it back
    return False


def play_round(page: Page, moves: dict[str, int]) -> None:
    """Plays this seat's turns until the round is scored."""
    table = page.get_by_test_id("table")
    owes = page.locator('[data-testid="table"][data-owes="true"]')
    scored = page.locator('[data-testid="table"][data-phase="scored"]')
    while True:
        expect(owes.or_(scored)).to_be_visible()
        if table.get_attribute("data-phase") == "scored":
            return
        version = table.get_attribute("data-version") or ""
        what = "a discard"
        if table.get_attribute("data-phase") == "draw":
            what = "a draw"
            page.get_by_test_id("draw").click()
            moves["draw"] += 1
        elif page.get_by_test_id("show").is_enabled():
            what = "show cards"
            page.get_by_test_id("show").click()
            moves["show"] += 1
        elif table.get_attribute("data-can-lay") == "true" and lay_off(
            page, table, by_drag=moves["lay"] % 2 == 1
        ):
            moves["lay"] += 1
            continue
        else:
            card = page.get_by_test_id("jolly-hand").locator("[data-card]").last
            if moves["discard"] % 2:
                what = "a discard by drag"
                card.drag_to(page.get_by_test_id("pile"), source_position=CORNER)
            else:
                card.click(position=CORNER)
                page.get_by_test_id("discard").click()
            moves["discard"] += 1
        moved(page, version, what)


def test_a_guest_plays_a_whole_round_against_a_bot(context: BrowserContext, shots: Path) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    sign_in_as_guest(page)
    bot = {"kind": "bot", "level": "beginner"}
    table_id = create_table(page, "jolly", [{"kind": "human"}, bot], {"players": 2, "target": 500})
    page.goto(f"/table/{table_id}")
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-game", "jolly")
    expect(page.get_by_test_id("jolly-hand").locator("[data-card]")).to_have_count(13)  # JO-2
    expect(page.get_by_test_id("seat")).to_have_count(2)
    page.screenshot(path=str(shots / "jolly-start.png"), animations="disabled")
    check_a11y(page, "the Jolly table")

    moves = {"draw": 0, "show": 0, "lay": 0, "discard": 0}
    play_round(page, moves)
    # A deal is random (a fair one): a hand may go out on its first turn (JO-14, the
    # guest's or the bot's), so one draw and one discard is all a round is sure to take.
    assert moves["draw"] >= 1 and moves["discard"] >= 1, moves

    # The round's points, card by card, and the table waits for "continue".
    summary = page.get_by_test_id("jolly-centre").get_by_test_id("jolly-round")
    expect(summary).to_be_visible()
    expect(summary.locator("[data-seat]")).to_have_count(2)
    page.screenshot(path=str(shots / "jolly-round.png"), animations="disabled")
    version = table.get_attribute("data-version") or ""
    page.get_by_test_id("continue").click()
    moved(page, version, "continue")
    expect(table).to_have_attribute("data-deal", "2")
    expect(table).to_have_attribute("data-phase", re.compile("draw|play"))
    page.get_by_test_id("sheet-tab").click()
    expect(page.get_by_test_id("jo-sheet").locator("tr[data-deal]")).to_have_count(1)
    assert errors == []


def test_the_lobby_offers_jollys_players_and_targets(context: BrowserContext) -> None:
    page = context.new_page()
    sign_in_as_guest(page)
    page.locator("[data-testid=game-tile][data-game=jolly]").get_by_test_id("tile-new").click()
    form = page.get_by_test_id("new-game")
    expect(form.get_by_test_id("players-choice")).to_be_visible()
    form.get_by_test_id("players-choice").select_option("3")
    expect(form.get_by_test_id("seat-choice")).to_have_count(2)
    form.get_by_test_id("target").select_option("250")
    form.get_by_test_id("create").click()
    expect(page).to_have_url(re.compile(r"/table/\d+$"))
    expect(page.get_by_test_id("table")).to_have_attribute("data-seats", "3")
