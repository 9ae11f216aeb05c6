"""What a new player reads at the tables, on a desktop (1280 x 800) and a phone (390 x 844):
the seats' names cut in the middle, so two bots stay apart ("bot-be…ner-1", "…ner-3");
Jolly's score sheet with every player's column inside the side column, four players; and
Hearts Are Trumps' slots saying what each role does on a phone too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from a11y import check_a11y
from htpage import create_table as create_ht_table
from htpage import open_table as open_ht_table
from htpage import wait_to_place
from layout import assert_in_reach, no_page_scroll
from playwright.sync_api import BrowserContext, Locator, Page, expect
from tablepage import create_table, quick_play, sign_in_as_guest, watch_errors

BOT: dict[str, Any] = {"kind": "bot", "level": "beginner"}


def signed_in(page: Page) -> str:
    """A new guest in the lobby, its first day's reward closed (at a table it would show in
    the panel over the top seats of a phone, for a few seconds)."""
    me = sign_in_as_guest(page)
    expect(page.locator(".app")).to_have_attribute("data-daily", "done")
    reward = page.get_by_test_id("daily-reward")
    if reward.count():
        reward.get_by_role("button").click()
    expect(reward).to_have_count(0)
    return me


def snap(page: Page, shots: Path, screen: str, size: str) -> None:
    page.screenshot(path=str(shots / f"{screen}-{size}.png"), animations="disabled")


def name_ends(names: Locator, where: str) -> list[str]:
    """Each name's end as shown (its whole last part in sight, uncovered); checks every
    name's title and text are the whole name."""
    ends = []
    for i in range(names.count()):
        name = names.nth(i)
        full = name.get_attribute("title") or ""
        assert full, (where, "a name without its whole in a title")
        expect(name).to_have_text(full)
        tail = name.locator(".tail")
        assert_in_reach(tail, where=f"{where}: the end of {full}")
        ends.append(tail.inner_text())
    return ends


def test_the_seats_names_are_cut_in_the_middle_and_tell_the_bots_apart(
    sized: BrowserContext, size: str, shots: Path
) -> None:
    page = sized.new_page()
    errors = watch_errors(page)
    signed_in(page)
    quick_play(page)  # King Bolola: us and three beginner bots
    others = page.locator(".seat:not(.bottom)").get_by_test_id("seat-name")
    expect(others).to_have_count(3)
    titles = [others.nth(i).get_attribute("title") for i in range(3)]
    assert sorted(titles) == [f"bot-beginner-{n}" for n in (1, 2, 3)], titles
    ends = name_ends(others, size)
    assert len(set(ends)) == 3, (size, "two bots look the same", ends)
    if size == "desktop":
        # Beside the table's long sides the name heads the seat, its whole width: whole
        # (it was cut beside the avatar with the felt's middle wide open). Where room is
        # short the start gives way; the score sheet shows that (test_names_whole_browser).
        for place in ("left", "right"):
            head = page.locator(f".seat.{place}").get_by_test_id("seat-name").locator(".head")
            cut = head.evaluate("e => e.scrollWidth > e.clientWidth")
            assert not cut, (place, "a side seat's name cut with room to spare")
    snap(page, shots, "seat-names", size)
    assert errors == [], errors


def open_sheet(page: Page, size: str) -> None:
    if size == "phone":
        page.get_by_test_id("side-toggle").click()
    page.get_by_test_id("sheet-tab").click()


def test_jollys_score_sheet_shows_four_players_columns_whole(
    sized: BrowserContext, size: str, shots: Path
) -> None:
    page = sized.new_page()
    errors = watch_errors(page)
    me = signed_in(page)
    table_id = create_table(
        page, "jolly", [{"kind": "human"}, BOT, BOT, BOT], {"players": 4, "target": 100}
    )
    page.goto(f"/table/{table_id}")
    expect(page.get_by_test_id("table")).to_have_attribute("data-seats", "4")
    open_sheet(page, size)
    sheet = page.get_by_test_id("jo-sheet")
    expect(sheet).to_be_visible()

    # Every column inside the side column (nothing to scroll sideways, nothing clipped):
    # the players' names (whole in their titles, in seat order) and their totals.
    scroller = sheet.locator(".scroll")
    over = scroller.evaluate("e => e.scrollWidth - e.clientWidth")
    assert over <= 0, (size, f"the sheet scrolls {over}px sideways")
    names = sheet.get_by_test_id("jo-sheet-name")
    expect(names).to_have_count(4)
    titles = [names.nth(i).get_attribute("title") for i in range(4)]
    assert titles == [me, "bot-beginner-1", "bot-beginner-2", "bot-beginner-3"], titles
    ends = name_ends(names, f"{size} sheet")
    assert len(set(ends)) == 4, (size, "two columns look the same", ends)
    assert_in_reach(names, where=f"{size} sheet names", at_least=4)
    assert_in_reach(sheet.locator("tfoot th"), where=f"{size} sheet totals", at_least=5)
    check_a11y(page, f"the Jolly sheet, four players, {size}")
    snap(page, shots, "jolly-sheet-4", size)
    assert errors == [], errors


ROLE_HELP = {
    "loot": "lo gana quien venza la batalla por él",
    "attacker": "ataca el botín del rival",
    "defender": "defiende tu botín",
}


def test_hearts_are_trumps_slots_say_what_each_role_does_on_a_phone_too(
    sized: BrowserContext, size: str, shots: Path
) -> None:
    page = sized.new_page()
    errors = watch_errors(page)
    signed_in(page)
    table_id = create_ht_table(page, [{"kind": "human"}, BOT])
    open_ht_table(page, table_id)
    wait_to_place(page)
    placing = page.get_by_test_id("placing")
    for role, help_text in ROLE_HELP.items():
        slot = page.get_by_test_id(f"slot-{role}")
        help_ = slot.locator(".help")
        expect(help_).to_have_text(help_text)
        expect(help_).to_be_in_viewport(ratio=1)
        box, slot_box = help_.bounding_box(), slot.bounding_box()
        assert box and slot_box, role
        # Compact: inside its slot; on a phone two short lines at most.
        right = box["x"] + box["width"]
        assert slot_box["x"] <= box["x"] and right <= slot_box["x"] + slot_box["width"], (
            size,
            role,
            box,
            slot_box,
        )
        if size == "phone":
            assert box["height"] <= 30, (role, "the role's help takes too much room", box)
    # How to place, under the buttons.
    expect(placing.locator(".hint")).to_be_in_viewport(ratio=1)
    # And the decision still fits: no scroll, the slots, the hand and "Colocar" in reach.
    assert no_page_scroll(page) == {"x": 0, "y": 0}, (size, no_page_scroll(page))
    assert_in_reach(placing.locator("[data-slot]"), where=size, at_least=3)
    assert_in_reach(page.get_by_test_id("ht-hand").locator("[data-card]"), where=size, at_least=3)
    assert_in_reach(page.get_by_test_id("place"), where=size)
    snap(page, shots, "ht-slots-help", size)
    assert errors == [], errors
