"""What a new player's review of King Bolola found, checked in the browser:

- a finished deal's summary says why each seat scored what it did, item by item (KB-40 to
  KB-48), a Bolola deal too, and the items add up to the seat's points;
- the player's own "cards taken" list opens inside the screen (upward from the bottom
  seat: downward it left a 1280 x 800 desktop and all but 17 pixels of a phone);
- a match page's top bar shows the player's rating in that match's game, not the
  flagship's;
- King Bolola's sheet on the match page is the table's: the players in seat order, the
  declarer's cell starred, Trumps with its suit.

The finished matches are real (played over the protocol: matchplay.py); the pages read
them (``kb-review-*.png``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from e2eserver import Server
from layout import seen
from matchplay import HEARTS, bot_table, new_guest, play_out, short_match
from playwright.sync_api import Browser, BrowserContext, Page, expect
from screens import open_context
from tablepage import (
    deal_no,
    declare,
    legal_cards,
    play_card,
    play_deal,
    quick_play,
    sign_in_as_guest,
    wait_for_turn_or_deal,
    watch_errors,
)

KB = "king-bolola"


@pytest.fixture
def english(browser: Browser, server: Server) -> Iterator[BrowserContext]:
    """An English browser on a desktop (1280 x 800)."""
    ctx = open_context(browser, server, "desktop", "en-GB")
    yield ctx
    ctx.close()


# -- the deal's summary says why ------------------------------------------------------------

MINUS = "\u2212"  # the summary's minus sign
TIMES = "\u00d7"  # its multiplication sign


def figure(text: str) -> int:
    """A signed figure as the summary writes it ("-320" with a true minus, "+50", "0")."""
    return int(text.strip().replace(MINUS, "-").replace("+", ""))


def why_sum(text: str) -> int:
    """The points an English line of why adds up to: "3 tricks x -15 · K♥ -95 · trick 13:
    -60" (a true multiplication and minus sign); "nothing that scores" is none."""
    if text == "nothing that scores":
        return 0
    total = 0
    for item in text.split(" · "):
        counted = re.fullmatch(rf"(\d+) [a-z ]+ {TIMES} ([{MINUS}+]\d+)", item)
        fixed = re.fullmatch(rf"(?:K♥|trick 1[23]:) ([{MINUS}+]\d+)", item)
        if counted:
            total += int(counted[1]) * figure(counted[2])
        else:
            assert fixed, (item, text)
            total += figure(fixed[1])
    return total


def declare_contract(page: Page, contract: str) -> None:
    chooser = page.get_by_test_id("chooser")
    chooser.locator(f'[data-contract="{contract}"]').click()
    expect(chooser).to_have_count(0)


def test_a_deal_summary_says_why_each_seat_scored_a_bolola_deal_too(
    english: BrowserContext, shots: Path
) -> None:
    page = english.new_page()
    errors = watch_errors(page)
    sign_in_as_guest(page)
    quick_play(page)
    # A new guest outranks the beginner bots: it declares deal 1 (KB-5), Bolola minus,
    # whose points (KB-46) cannot be read back from the totals: the cards taken tell.
    assert wait_for_turn_or_deal(page, 1) == "declare"
    declare_contract(page, "bolola-negative")
    play_deal(page)
    summary = page.get_by_test_id("deal-summary")
    expect(summary).to_contain_text("Deal 1 is over")
    expect(summary.get_by_test_id("deal-prices")).to_have_text(
        f"All the penalties at once: {MINUS}800 in all"
    )
    seats = summary.get_by_test_id("deal-seat")
    expect(seats).to_have_count(4)
    total = 0
    for k in range(4):
        seat = seats.nth(k)
        points = figure(seat.locator("b").inner_text())
        why = seat.get_by_test_id("deal-why").inner_text()
        assert why_sum(why) == points, (k, why, points)
        assert points == 0 or f" {TIMES} " in why, why
        total += points
    assert total == -800  # the whole deal costs 800 (KB-46)
    page.screenshot(path=str(shots / "kb-review-deal-why-bolola.png"), animations="disabled")

    # The next deal, another's contract: the why again, item by item.
    summary.get_by_test_id("deal-summary-close").click()
    play_deal(page)
    summary = page.get_by_test_id("deal-summary")
    expect(summary).to_contain_text("Deal 2 is over")
    whys = summary.get_by_test_id("deal-why")
    expect(whys).to_have_count(4)
    for k in range(4):
        seat = summary.get_by_test_id("deal-seat").nth(k)
        assert why_sum(whys.nth(k).inner_text()) == figure(seat.locator("b").inner_text())
    assert errors == [], errors


# -- the cards taken open inside the screen -------------------------------------------------


def take_a_trick(page: Page) -> None:
    """Plays the highest legal card until this seat has taken a trick this deal, and stops
    on its own turn (nothing moves until it plays)."""
    summary = page.locator(".taken summary")
    for _ in range(200):
        step = wait_for_turn_or_deal(page, deal_no(page))
        if step == "declare":
            declare(page)
            continue
        if step == "over":
            continue
        if summary.count():
            return
        play_card(page, legal_cards(page).last.get_attribute("data-card") or "")
    raise AssertionError("no trick taken in 200 moves")


def test_the_cards_taken_open_inside_the_screen(
    sized: BrowserContext, size: str, shots: Path
) -> None:
    page = sized.new_page()
    errors = watch_errors(page)
    sign_in_as_guest(page)
    quick_play(page)
    take_a_trick(page)
    page.locator(".taken summary").click()
    taken = page.get_by_test_id("taken")
    expect(taken).to_be_visible()
    (found,) = seen(taken)
    assert found["inside"], (size, "the cards taken leave the screen", found["box"])
    assert found["seen"] == 1, (size, "the cards taken are covered", found)
    cards = taken.locator(".mini")
    assert cards.count() >= 4
    assert all(c["inside"] for c in seen(cards)), (size, seen(cards))
    # From the bottom seat the list opens upward: above its summary, not below it.
    box = taken.bounding_box()
    opener = page.locator(".taken summary").bounding_box()
    assert box is not None and opener is not None
    assert box["y"] + box["height"] <= opener["y"] + 1, (box, opener)
    page.screenshot(path=str(shots / f"kb-review-taken-{size}.png"), animations="disabled")
    page.locator(".taken summary").click()
    expect(taken).to_be_hidden()
    assert errors == [], errors


# -- a match page: the top bar's rating and King Bolola's sheet -----------------------------


def signed_in_page(browser: Browser, server: Server, token: str) -> tuple[BrowserContext, Page]:
    """An English desktop page signed in as the player of ``token``."""
    ctx = open_context(browser, server, "desktop", "en-GB")
    page = ctx.new_page()
    page.add_init_script(f"localStorage.setItem('bolola.token', {token!r})")
    return ctx, page


def test_a_match_pages_top_bar_rates_the_player_in_that_matchs_game(
    browser: Browser, server: Server, shots: Path
) -> None:
    _, token = new_guest(server)
    table = short_match(server, token)
    play_out(server, token, table)
    ctx, page = signed_in_page(browser, server, token)
    errors = watch_errors(page)
    page.goto(f"/match/{table}")
    expect(page.get_by_test_id("match-page")).to_contain_text("Hearts Are Trumps")
    me = page.get_by_test_id("me")
    expect(me).to_have_attribute("data-game", HEARTS)
    expect(page.get_by_test_id("my-rating")).to_have_text(
        re.compile(r"^ · Hearts Are Trumps rating \d+$")
    )
    page.screenshot(path=str(shots / "kb-review-match-top-bar.png"), animations="disabled")
    # Off the match page, the flagship's again.
    page.locator(".brand").click()
    expect(me).to_have_attribute("data-game", KB)
    assert errors == [], errors
    ctx.close()


def kb_match(server: Server) -> tuple[str, int]:
    """A finished King Bolola match: a guest (played over the protocol) and three beginner
    bots; the guest's token and the table."""
    _, token = new_guest(server)
    table = bot_table(server, token, KB, {}, rated=False, bot="beginner", seats=4)
    play_out(server, token, table)
    return token, table


def test_king_bololas_match_page_sheet_is_the_tables(
    browser: Browser, server: Server, shots: Path
) -> None:
    token, table = kb_match(server)
    with httpx.Client(base_url=server.url, timeout=20) as http:
        match: dict[str, Any] = http.get(f"/api/matches/{table}").json()["match"]
        record: dict[str, Any] = http.get(f"/api/tables/{table}/record").json()
    deals = record["deals"]
    assert len(deals) == 24
    by_seat = sorted(match["seats"], key=lambda s: s["seat"])
    ctx, page = signed_in_page(browser, server, token)
    errors = watch_errors(page)
    page.goto(f"/match/{table}")
    sheet = page.get_by_test_id("match-sheet").get_by_test_id("score-sheet")
    expect(sheet).to_be_visible()
    # The columns in seat order, as at the table.
    heads = sheet.get_by_test_id("sheet-name")
    expect(heads).to_have_count(4)
    assert [heads.nth(s).get_attribute("title") for s in range(4)] == [s["name"] for s in by_seat]
    rows = sheet.locator("tbody tr")
    expect(rows).to_have_count(24)
    # Each row's declarer starred, as the record has them (KB-5: clockwise from the first).
    expect(sheet.locator("td.decl .star")).to_have_count(24)
    for n, deal in enumerate(deals):
        cells = rows.nth(n).locator("td.num")
        assert cells.nth(deal["declarer"]).locator(".star").count() == 1, (n, deal["declarer"])
        contract = rows.nth(n).locator("td.contract")
        if deal["contract"] == "trumps":
            # Trumps keeps its suit: the mark, and the suit's name for a reader.
            expect(contract.locator("svg")).to_have_count(1)
            suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[deal["trump"]]
            expect(contract).to_have_attribute("aria-label", f"Trumps ({suit})")
        # The points in seat order.
        points = [figure(t) for t in cells.locator("bdi").all_inner_texts()]
        assert points == match["sheet"][n]["points"], (n, points)
    totals = [figure(t) for t in sheet.get_by_test_id("total").all_inner_texts()]
    assert totals == [s["score"] for s in by_seat]
    assert sum(d["contract"] == "trumps" for d in deals) == 8
    page.screenshot(path=str(shots / "kb-review-match-sheet.png"), full_page=True)
    assert errors == [], errors
    ctx.close()
