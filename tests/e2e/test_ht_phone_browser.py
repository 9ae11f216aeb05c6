"""Hearts Are Trumps on a phone: what each seat's count of cards says while cards sit in
the slots, and the felt keeping the player's own seat and move on screen with a hint
shown above it."""

from __future__ import annotations

from pathlib import Path

from htpage import create_table, hand_cards, open_table, page_errors, play_hand, slot, wait_to_place
from layout import assert_in_reach, seen
from playwright.sync_api import BrowserContext, Locator, Page, expect
from tablepage import sign_in_as_guest


def to_place(page: Page, seat: int) -> Locator:
    return page.locator(f'[data-testid="cards-to-place"][data-seat="{seat}"]')


def test_a_phone_counts_slotted_cards_as_still_to_place_and_keeps_the_move_in_sight(
    phone: BrowserContext, shots: Path
) -> None:
    page = phone.new_page()
    errors = page_errors(page)
    sign_in_as_guest(page)
    table_id = create_table(page, [{"kind": "human"}, {"kind": "bot", "level": "beginner"}])
    open_table(page, table_id)
    wait_to_place(page)

    # Two cards in the slots are still ours to place: the count stays at the six dealt,
    # while the hand row shows the four left in it.
    for role in ("loot", "attacker"):
        card = hand_cards(page).first
        card.click()
        slot(page, role).click()
        expect(slot(page, role)).not_to_have_attribute("data-card", "")
    expect(hand_cards(page)).to_have_count(4)
    expect(to_place(page, 0)).to_have_text("6 por colocar")
    # The opponent's count leaves out a placement it has sent (shown face down beside it).
    opponent = page.locator('[data-testid="ht-seat"][data-seat="1"]')
    expect(opponent).to_have_attribute("data-placed", "true")
    expect(to_place(page, 1)).to_have_text("3 por colocar")

    # A few hands on, with loot cards of ours listed in our seat, a hint shown above the
    # felt leaves the whole move and our seat on screen.
    page.get_by_role("button", name="Vaciar").click()
    for _ in range(4):
        play_hand(page)
    wait_to_place(page)
    mine = page.get_by_test_id("my-loot").locator("li")
    expect(mine).to_have_count(4)
    page.get_by_test_id("hint-button").click()
    expect(page.get_by_test_id("hint-action")).to_be_visible()
    page.screenshot(path=str(shots / "hearts-trumps-phone-hint.png"), animations="disabled")

    # One short row of loot cards, not a line for each.
    tops = {round(b["y"]) for b in (li.bounding_box() for li in mine.all()) if b}
    assert len(tops) == 1, tops
    assert_in_reach(page.get_by_test_id("hint-close"), where="hint")
    assert_in_reach(page.get_by_test_id("ht-hand").locator("[data-card]"), where="hand", at_least=3)
    assert_in_reach(page.locator("[data-slot]"), where="slots", at_least=3)
    ours = seen(page.locator('[data-testid="ht-seat"][data-seat="0"]'))
    assert ours and all(s["inside"] for s in ours), ours
    assert errors == []
