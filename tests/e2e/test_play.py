"""A guest sits with three bots and plays: whole deal, illegal card, reload, score sheet."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import BrowserContext, expect
from tablepage import (
    CORNER,
    REASON,
    deal_no,
    hand,
    legal_cards,
    play_card,
    play_deal,
    quick_play,
    sign_in_as_guest,
    wait_for_turn_or_deal,
)


def test_a_guest_plays_a_whole_deal_by_clicking_and_dragging(
    context: BrowserContext, shots: Path
) -> None:
    page = context.new_page()
    sign_in_as_guest(page)
    quick_play(page)
    expect(page.locator(".hand [data-card]")).to_have_count(13)
    expect(page.get_by_test_id("seat")).to_have_count(4)
    assert deal_no(page) == 1

    done = play_deal(page, drag_every=2)

    assert done["click"] >= 1 and done["drag"] >= 1, done
    assert deal_no(page) == 2
    # The deal's summary and the score sheet both show deal 1's points.
    expect(page.get_by_test_id("deal-summary")).to_contain_text("1")
    page.get_by_test_id("sheet-tab").click()
    sheet = page.get_by_test_id("score-sheet")
    first_row = sheet.locator("tbody tr").first
    expect(first_row.locator("td.contract")).not_to_be_empty()
    expect(first_row.locator("td.decl")).to_have_count(1)  # the declarer's cell is marked
    points = [int(re.sub(r"[^-\d]", "", x)) for x in first_row.locator("td.num").all_inner_texts()]
    totals = [int(x) for x in sheet.get_by_test_id("total").all_inner_texts()]
    assert points == totals and any(points), (points, totals)
    expect(sheet.locator("tbody tr")).to_have_count(24)
    page.screenshot(path=str(shots / "score-sheet.png"), animations="disabled")


def test_an_illegal_card_is_refused_with_its_reason(context: BrowserContext) -> None:
    page = context.new_page()
    sign_in_as_guest(page)
    quick_play(page)
    # Play legal cards until it is our turn with a card the rules forbid (not leading).
    for _ in range(60):
        deal = deal_no(page)
        step = wait_for_turn_or_deal(page, deal)
        if step == "declare":
            page.get_by_test_id("chooser").locator("[data-contract]").first.click()
            if page.locator("[data-trump]").count():
                page.locator("[data-trump]").first.click()
            continue
        if step == "over":
            continue
        forbidden = page.locator('.hand [data-legal="false"]')
        if forbidden.count():
            card = forbidden.first.get_attribute("data-card") or ""
            before = hand(page)
            forbidden.first.click(position=CORNER)
            notice = page.get_by_test_id("notice")
            expect(notice).to_have_text(REASON)
            assert not re.fullmatch(r"\((KB|PL)-\d+\)", notice.inner_text())
            # Refused: the card stays in the hand and it is still our turn.
            assert hand(page) == before and card in before
            expect(legal_cards(page).first).to_be_visible()
            return
        play_card(page, legal_cards(page).first.get_attribute("data-card") or "")
    raise AssertionError("never held a forbidden card in 60 turns")


def test_reload_mid_trick_restores_the_seat(context: BrowserContext, shots: Path) -> None:
    page = context.new_page()
    sign_in_as_guest(page)
    table_id = quick_play(page)
    # Our turn with cards already on the table: the server waits for us mid-trick.
    for _ in range(40):
        step = wait_for_turn_or_deal(page, deal_no(page))
        if step == "declare":
            page.get_by_test_id("chooser").locator("[data-contract]").first.click()
            if page.locator("[data-trump]").count():
                page.locator("[data-trump]").first.click()
            continue
        expect(page.get_by_test_id("trick-winner")).to_have_count(0)
        if step == "play" and page.locator("[data-played]").count() > 0:
            break
        play_card(page, legal_cards(page).first.get_attribute("data-card") or "")
    else:
        raise AssertionError("never followed to a trick in 40 turns")
    page.screenshot(path=str(shots / "table.png"), animations="disabled")
    held = sorted(hand(page))
    on_table = sorted(
        page.locator("[data-played]").evaluate_all("e => e.map(x => x.dataset.played)")
    )
    me = page.get_by_test_id("me").inner_text()

    page.reload()

    expect(page).to_have_url(re.compile(rf"/table/{table_id}$"))
    expect(page.locator(".hand [data-card]")).to_have_count(len(held))
    assert sorted(hand(page)) == held
    expect(legal_cards(page).first).to_be_visible()
    expect(page.locator("[data-played]")).to_have_count(len(on_table))
    assert (
        sorted(page.locator("[data-played]").evaluate_all("e => e.map(x => x.dataset.played)"))
        == on_table
    )
    expect(page.get_by_test_id("me")).to_have_text(me)
    # And play goes on from there, from the keyboard this time.
    version = page.get_by_test_id("table").get_attribute("data-version") or ""
    card = legal_cards(page).first.get_attribute("data-card") or ""
    legal_cards(page).first.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("table")).not_to_have_attribute("data-version", version)
    expect(page.locator(f'.hand [data-card="{card}"]')).to_have_count(0)
