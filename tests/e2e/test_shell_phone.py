"""The table shell where a phone (390 x 844) is short of room, and its ways out: the
practice hint beside the felt, never over a seat or a card, on a surface of its own; the
chat and score drawer out of the way once the player's turn comes; leaving a match in play
asks first (a bot plays the seat to the end and the result counts, PL-5), leaving before
it starts does not; a table that is not there says so, with the way back to the lobby."""

from __future__ import annotations

import re
from pathlib import Path

from a11y import check_a11y
from htpage import create_table as create_ht_table
from htpage import fill_slots, open_table, press_place, wait_for_battles, wait_to_place
from layout import assert_apart, assert_in_reach, assert_nothing_over
from playwright.sync_api import BrowserContext, Page, expect
from tablepage import (
    create_table,
    deal_no,
    declare,
    legal_cards,
    play_card,
    quick_play,
    sign_in_as_guest,
    table,
    wait_for_turn_or_deal,
    watch_errors,
)

BOT = {"kind": "bot", "level": "beginner"}


def snap(page: Page, shots: Path, screen: str, size: str) -> None:
    page.screenshot(path=str(shots / f"{screen}-{size}.png"), animations="disabled")


# -- the practice hint ----------------------------------------------------------------------


def check_hint_apart(page: Page, where: str) -> None:
    """The hint (its button, and its suggestion once asked) meets no seat (a seat holds the
    player's name, avatar and the cards it placed) and nothing on the felt."""
    hint = page.get_by_test_id("hint")
    expect(hint).to_be_visible()
    seats = page.get_by_test_id("seat")
    assert seats.count() >= 2, where
    for k in range(seats.count()):
        assert_apart(hint, seats.nth(k), where=f"{where}, seat {k}")
    assert_apart(hint, page.locator("main.felt"), where=f"{where}, the felt")


def check_hint_readable(page: Page, where: str) -> None:
    """The suggestion's text is on a surface of its own (an opaque background), not on
    whatever lies under it."""
    said = page.get_by_test_id("hint-panel")
    background = said.evaluate("e => getComputedStyle(e).backgroundColor")
    alpha = re.fullmatch(r"rgba\([^)]*,\s*([\d.]+)\)", background)
    assert background != "transparent" and (alpha is None or float(alpha.group(1)) == 1), (
        where,
        background,
    )


def test_the_king_bolola_hint_covers_no_seat_and_reads_on_its_own_surface(
    sized: BrowserContext, shots: Path, size: str
) -> None:
    page = sized.new_page()
    errors = watch_errors(page)
    sign_in_as_guest(page)
    quick_play(page)
    step = wait_for_turn_or_deal(page, deal_no(page))
    assert step in ("declare", "play"), step
    button = page.get_by_test_id("hint-button")
    expect(button).to_be_enabled()
    check_hint_apart(page, f"{size} {step}, the hint idle")
    button.click()
    expect(page.get_by_test_id("hint-action")).to_be_visible()
    check_hint_apart(page, f"{size} {step}, the hint shown")
    check_hint_readable(page, f"{size} {step}")
    # The decision it is about stays open to take.
    if step == "play":
        assert_in_reach(legal_cards(page), where=f"{size} with the hint")
    else:
        assert_in_reach(page.get_by_test_id("chooser").locator("[data-contract]"), where=size)
    check_a11y(page, f"the hint shown {size}")
    snap(page, shots, "kb-hint", size)
    # Read, it is put away; the button asks again.
    page.get_by_test_id("hint-close").click()
    expect(page.get_by_test_id("hint-action")).to_have_count(0)
    expect(button).to_be_enabled()
    assert errors == [], errors


def test_the_hearts_are_trumps_hint_leaves_the_placed_cards_in_sight_on_a_phone(
    phone: BrowserContext, shots: Path
) -> None:
    page = phone.new_page()
    errors = watch_errors(page)
    sign_in_as_guest(page)
    open_table(page, create_ht_table(page, [{"kind": "human"}, BOT]))
    assert wait_to_place(page) == (1, 1)
    fill_slots(page, ("click", "click", "click"))
    press_place(page)
    wait_for_battles(page, 1, 1)
    # Hand 2: the bot's three cards, face down in its seat, wait for ours.
    assert wait_to_place(page) == (1, 2)
    expect(page.get_by_test_id("opponent-placed")).to_be_visible()
    check_hint_apart(page, "hand 2, the hint idle")
    page.get_by_test_id("hint-button").click()
    expect(page.get_by_test_id("hint-action")).to_be_visible()
    check_hint_apart(page, "hand 2, the hint shown")
    check_hint_readable(page, "hand 2")
    placing = page.get_by_test_id("placing")
    assert_in_reach(placing.locator("[data-slot]"), where="hand 2 with the hint", at_least=3)
    assert_in_reach(page.get_by_test_id("ht-hand").locator("[data-card]"), where="hand 2")
    snap(page, shots, "ht-hint", "phone")
    assert errors == [], errors


# -- the drawer and the turn ----------------------------------------------------------------


def test_the_drawer_closes_when_the_players_turn_comes_on_a_phone(
    phone: BrowserContext, shots: Path
) -> None:
    """Opened while the others play, the chat and score drawer covers the felt; once the
    turn is the player's it goes, and the hand is in reach (a move clock may be running)."""
    page = phone.new_page()
    errors = watch_errors(page)
    # At the real pace the others' cards land one by one: time to open the drawer.
    sign_in_as_guest(page, pace="normal")
    quick_play(page)
    toggle = page.get_by_test_id("side-toggle")
    side = page.locator("#table-side")
    for _ in range(12):
        step = wait_for_turn_or_deal(page, deal_no(page))
        if step == "declare":
            declare(page)
            continue
        if step == "over":
            continue
        play_card(page, legal_cards(page).first.get_attribute("data-card") or "")
        toggle.click()
        expect(side).to_be_visible()
        if table(page).get_attribute("data-owes") == "false":
            break  # open while the turn is another's
        toggle.click()  # our turn came first: again after the next card
        expect(side).not_to_be_visible()
    else:
        raise AssertionError("the turn always came back before the drawer opened")
    expect(table(page)).to_have_attribute("data-owes", "true")
    expect(side).not_to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    step = wait_for_turn_or_deal(page, deal_no(page))
    if step == "play":
        assert_in_reach(legal_cards(page), where="the turn after the drawer")
    elif step == "declare":
        assert_in_reach(page.get_by_test_id("chooser").locator("[data-contract]"), where="declare")
    snap(page, shots, "drawer-turn", "phone")
    # Opened again during the turn, on purpose: it stays.
    toggle.click()
    expect(side).to_be_visible()
    page.wait_for_timeout(500)
    expect(side).to_be_visible()
    assert errors == [], errors


# -- leaving --------------------------------------------------------------------------------


def test_leaving_a_match_in_play_asks_first_and_an_open_table_does_not(
    sized: BrowserContext, shots: Path, size: str
) -> None:
    page = sized.new_page()
    errors = watch_errors(page)
    sign_in_as_guest(page)
    table_id = quick_play(page)
    leave = page.locator(".tools .leave")
    leave.click()
    ask = page.get_by_test_id("leave-ask")
    expect(ask).to_be_visible()
    expect(ask).to_contain_text("bot")
    expect(page).to_have_url(re.compile(rf"/table/{table_id}$"))
    assert_in_reach(ask.locator("button"), where=f"{size} leave asked", at_least=2)
    check_a11y(page, f"leave asked {size}")
    snap(page, shots, "leave-ask", size)
    # "Seguir jugando": still at the table, the seat ours (no leave was sent).
    page.get_by_test_id("leave-stay").click()
    expect(ask).to_have_count(0)
    expect(leave).to_be_focused()
    expect(page.get_by_test_id("away-notice")).to_have_count(0)
    seat = page.evaluate(
        "async (id) => (await (await fetch(`/api/tables/${id}`)).json()).table.seats[0]",
        table_id,
    )
    assert seat["online"] and not seat["away"], seat
    # Escape says no too.
    leave.click()
    expect(ask).to_be_visible()
    page.keyboard.press("Escape")
    expect(ask).to_have_count(0)
    # Leaving for good: the lobby, and the seat goes to its bot.
    leave.click()
    page.get_by_test_id("leave-confirm").click()
    expect(page.get_by_test_id("lobby")).to_be_visible()
    page.wait_for_function(
        """async (id) => {
            const seat = (await (await fetch(`/api/tables/${id}`)).json()).table.seats[0];
            return seat.away && !seat.online;
        }""",
        arg=table_id,
    )

    # A table whose match has not started: nothing to lose, gone at once.
    open_id = create_table(page, "king-bolola", [{"kind": "human"}, {"kind": "human"}, BOT, BOT])
    page.goto(f"/table/{open_id}")
    expect(table(page)).to_have_attribute("data-phase", "waiting")
    expect(page.get_by_test_id("status")).not_to_be_empty()
    leave.click()
    expect(page.get_by_test_id("lobby")).to_be_visible()
    expect(ask).to_have_count(0)
    assert errors == [], errors


# -- a table that is not there --------------------------------------------------------------


def test_a_table_that_is_not_there_says_so_with_the_way_back(
    sized: BrowserContext, shots: Path, size: str
) -> None:
    page = sized.new_page()
    errors = watch_errors(page)
    sign_in_as_guest(page)
    page.goto("/table/99999")
    gone = page.get_by_test_id("no-table")
    expect(gone).to_be_visible()
    expect(gone).to_contain_text("99999")
    # No empty felt waiting for players, no chat, no notice over it.
    expect(page.get_by_test_id("table")).to_have_count(0)
    expect(page.locator("main.felt")).to_have_count(0)
    expect(page.get_by_test_id("notice")).to_have_count(0)
    back = page.get_by_test_id("no-table-lobby")
    assert_in_reach(back, where=f"{size} no table")
    assert_nothing_over(page, gone, where=f"{size} no table")
    check_a11y(page, f"no such table {size}")
    snap(page, shots, "no-table", size)
    back.click()
    expect(page.get_by_test_id("lobby")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/$"))
    assert errors == [], errors
