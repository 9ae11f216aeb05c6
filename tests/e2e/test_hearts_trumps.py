"""Hearts Are Trumps in the browser: a whole deal against a bot through the slots, and two
people placing in secret (the waiting state, HT-6, HT-8)."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from a11y import check_a11y
from e2eserver import WAIT_MS, Server
from htpage import (
    REASON,
    create_table,
    fill_slots,
    hand_cards,
    loot_counts,
    open_table,
    page_errors,
    play_a_one_deal_match,
    press_place,
    slot,
    table,
    wait_for_battles,
    wait_to_place,
)
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect
from tablepage import sign_in_as_guest

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
WAYS: list[tuple[str, str, str]] = [
    (a, b, c) for a, b, c in itertools.permutations(("click", "drag", "key"))
]


def shot(page: Page, path: Path) -> None:
    page.screenshot(path=str(path), animations="disabled", full_page=True)


def test_a_guest_plays_a_whole_deal_against_a_bot(context: BrowserContext, shots: Path) -> None:
    page = context.new_page()
    errors = page_errors(page)
    sign_in_as_guest(page)
    table_id = create_table(page, [{"kind": "human"}, {"kind": "bot", "level": "beginner"}])
    open_table(page, table_id)

    for h in range(1, 10):
        assert wait_to_place(page) == (1, h)
        # Each hand starts with its three slots empty, before any click.
        for role in ("loot", "attacker", "defender"):
            expect(slot(page, role)).to_have_attribute("data-card", "")
        if h == 1:
            # The whole decision fits a 1280 x 800 screen: slots, button and hand.
            for part in ("slot-defender", "place", "ht-hand"):
                box = page.get_by_test_id(part).bounding_box()
                assert box is not None and box["y"] + box["height"] <= 800, (part, box)
            # The top bar shows this game's rating.
            expect(page.get_by_test_id("me")).to_have_attribute("data-game", "hearts-trumps")
            rating = page.get_by_test_id("my-rating")
            expect(rating).to_contain_text("Los triunfos son corazones: Elo 1500")
        # Rounds of six cards are two hands of three; the fifth round is one hand (HT-4, HT-5).
        expect(hand_cards(page)).to_have_count(6 if h in (1, 3, 5, 7) else 3)
        placement = fill_slots(page, WAYS[h % len(WAYS)])
        if h == 1:
            shot(page, shots / "hearts-trumps-placing.png")
        press_place(page)
        battles = wait_for_battles(page, 1, h)

        # Battle A: our attacker against the bot's defender; battle B: the other way (HT-7).
        loot, attacker, defender = placement.split("/")
        expect(
            battles.get_by_test_id("battle-A").locator(f'[data-face="{attacker}"]').first
        ).to_be_visible()
        expect(
            battles.get_by_test_id("battle-B").locator(f'[data-face="{defender}"]').first
        ).to_be_visible()
        for name in ("A", "B"):
            battle = battles.get_by_test_id(f"battle-{name}")
            expect(battle.get_by_test_id("battle-why")).to_have_text(REASON)
            expect(battle.get_by_test_id("battle-winner")).not_to_be_empty()
        if h < 9:
            # Two loot cards were taken this hand, and our loot card is listed with its taker.
            assert sum(loot_counts(page)) == 2 * h, loot_counts(page)
            mine = page.get_by_test_id("my-loot").locator("li")
            expect(mine).to_have_count(h)
            expect(mine.nth(h - 1).locator(f'[data-face="{loot}"]')).to_have_count(1)
        if h == 2:
            shot(page, shots / "hearts-trumps-battle.png")
            check_a11y(page, "battles")
        if h == 4:
            page.set_viewport_size(PHONE)
            shot(page, shots / "hearts-trumps-phone.png")
            page.set_viewport_size(DESKTOP)

    # The deal is over: its score, explained, and the next deal under way at once.
    score = page.get_by_test_id("deal-score")
    expect(score).to_be_visible()
    expect(score).to_have_attribute("data-deal", "1")
    counts = [int(x) for x in score.get_by_test_id("deal-loot-count").all_inner_texts()]
    assert sum(counts) == 18, counts
    bonus = score.get_by_test_id("bonus")
    if counts[0] == counts[1]:
        expect(bonus).to_have_text(re.compile(r"\+29 .*\(HT-14\)"))
    else:
        expect(bonus).to_have_text(re.compile(r"\(\d+ contra \d+\): \+59 \(HT-14\)"))
    points = [int(x) for x in score.get_by_test_id("deal-points").all_inner_texts()]
    assert max(points) >= 59, points
    # By seat (the human sits at 0), not by screen order: the opponent is shown on top.
    totals = [
        int(page.locator(f'[data-testid="ht-total"][data-seat="{s}"]').inner_text()) for s in (0, 1)
    ]
    assert sorted(totals) == sorted(points), (totals, points)
    expect(table(page)).to_have_attribute("data-deal", "2")
    shot(page, shots / "hearts-trumps-deal-score.png")
    page.set_viewport_size(PHONE)
    shot(page, shots / "hearts-trumps-phone-score.png")
    page.set_viewport_size(DESKTOP)

    # The score tab keeps the deal; the panel goes, and deal 2 is ours to place.
    page.get_by_test_id("sheet-tab").click()
    expect(page.get_by_test_id("ht-score").locator("tbody tr")).to_have_count(1)
    page.get_by_test_id("deal-score-close").click()
    expect(score).to_have_count(0)
    assert wait_to_place(page) == (2, 1)
    for role in ("loot", "attacker", "defender"):
        expect(slot(page, role)).to_have_attribute("data-card", "")
    assert sum(loot_counts(page)) == 0
    assert errors == []


def test_a_placement_waits_unseen_for_the_opponent(
    context: BrowserContext, browser: Browser, server: Server, shots: Path
) -> None:
    host = context.new_page()
    sign_in_as_guest(host)
    table_id = create_table(host, [{"kind": "human"}, {"kind": "human"}])
    open_table(host, table_id)
    other_context = browser.new_context(base_url=server.url, locale="es-ES", viewport=DESKTOP)
    other_context.set_default_timeout(WAIT_MS)
    try:
        guest = other_context.new_page()
        sign_in_as_guest(guest)
        open_table(guest, table_id)

        wait_to_place(host)
        wait_to_place(guest)
        placement = fill_slots(host)
        press_place(host)

        # Ours: the three cards locked in their slots, and the wait said in words.
        waiting = host.get_by_test_id("placed-waiting")
        expect(waiting).to_have_text("Colocadas: esperando al rival")
        expect(host.get_by_test_id("status")).to_have_text("Colocadas: esperando al rival")
        for role, card in zip(("loot", "attacker", "defender"), placement.split("/"), strict=True):
            expect(slot(host, role)).to_have_attribute("data-card", card)
        expect(table(host)).to_have_attribute("data-to-place", "false")
        expect(hand_cards(host)).to_have_count(3)  # kept for the round's second hand
        shot(host, shots / "hearts-trumps-waiting.png")
        check_a11y(host, "placed, waiting")
        check_a11y(guest, "the opponent has placed")
        # A reload keeps the placement and the wait (the view holds our placement).
        host.reload()
        expect(host.get_by_test_id("placed-waiting")).to_be_visible()
        for role, card in zip(("loot", "attacker", "defender"), placement.split("/"), strict=True):
            expect(slot(host, role)).to_have_attribute("data-card", card)

        # Theirs: that we have placed, never what.
        expect(guest.get_by_test_id("opponent-placed")).to_be_visible()
        expect(guest.locator('[data-testid="ht-seat"][data-seat="0"]')).to_have_attribute(
            "data-placed", "true"
        )
        expect(guest.get_by_test_id("battles")).to_have_count(0)
        for card in set(placement.split("/")) - {"JK"}:
            expect(guest.locator(f'[data-face="{card}"]')).to_have_count(0)

        fill_slots(guest, ("key", "click", "drag"))
        press_place(guest)
        seen = []
        for page in (host, guest):
            battles = wait_for_battles(page, 1, 1)
            seen.append(
                [
                    battles.get_by_test_id(f"battle-{n}").get_attribute("data-winner")
                    for n in ("A", "B")
                ]
            )
            expect(page.get_by_test_id("placed-waiting")).to_have_count(0)
        assert seen[0] == seen[1]
        # Our loot card shows in the battle for it on our screen only (HT-8).
        loot = placement.split("/")[0]
        if loot != "JK":
            expect(host.get_by_test_id("battle-B").locator(f'[data-face="{loot}"]')).to_have_count(
                1
            )
            expect(guest.locator(f'[data-face="{loot}"]')).to_have_count(0)
    finally:
        other_context.close()


def test_the_match_ends_at_its_target_with_the_winner_named(context: BrowserContext) -> None:
    page = context.new_page()
    errors = page_errors(page)
    sign_in_as_guest(page)
    # A target of 1: whoever takes more loot cards (59) or either on a tie (29) passes it.
    result = play_a_one_deal_match(page)
    # By seat (the human sits at 0), not by screen order: the opponent is shown on top.
    totals = [
        int(page.locator(f'[data-testid="ht-total"][data-seat="{s}"]').inner_text()) for s in (0, 1)
    ]
    me = page.get_by_test_id("me").inner_text().split(" · ")[0]
    if totals[0] == totals[1]:
        expect(result).to_contain_text("Empate")
    else:
        winner = me if totals[0] > totals[1] else "bot-beginner-1"
        expect(result).to_contain_text(f"¡{winner} gana la partida!")
    expect(result.locator("li b")).to_have_text([str(x) for x in sorted(totals, reverse=True)])
    # The result leaves the tabs free and opens the final score itself; the record is there.
    expect(result.get_by_test_id("result-record")).to_have_attribute(
        "href", re.compile(r"/api/tables/\d+/record")
    )
    # The match may unlock achievements (a first win, the 59 bonus): their dialog comes
    # over the result once no decision is owed, and the player closes it first.
    page.add_locator_handler(
        page.get_by_test_id("level-up"),
        lambda dialog: dialog.get_by_role("button").click(),
    )
    result.get_by_test_id("result-sheet").click()
    expect(page.get_by_test_id("ht-score").locator("tbody tr")).to_have_count(1)
    expect(result).to_be_visible()
    assert errors == []
