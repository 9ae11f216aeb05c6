"""Baloot in the browser: a guest plays whole rounds with three bots — bidding, doubling
when offered, declaring projects, playing every card — and reads the round's summary; in
Arabic, the lobby and the table read right to left on a desktop (1280 x 800) and a phone
(390 x 844) while the felt stays a real table, left to right (``*-ar-*.png``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from a11y import check_a11y
from e2eserver import Server
from layout import assert_apart, assert_in_reach, assert_nothing_over, no_page_scroll, sideways
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from screens import SIZES, open_context
from tablepage import CORNER, create_table, keep_frames, set_pace, watch_errors

ROUNDS = 2


def sign_in(page: Page, lang: str) -> None:
    set_pace(page, "off")
    page.add_init_script(f"localStorage.setItem('bolola.lang', {lang!r})")
    keep_frames(page)
    page.goto("/")
    page.get_by_test_id("guest").click()
    expect(page.get_by_test_id("lobby")).to_be_visible()


def check_decision(page: Page, decision: Locator, controls: Locator, where: str) -> None:
    """A decision owed: nothing over it or the hand, its controls on screen and uncovered,
    nothing sideways."""
    assert_nothing_over(page, decision, page.locator(".hand"), where=where)
    assert_in_reach(controls, where=where)
    assert no_page_scroll(page)["x"] <= 0, (where, no_page_scroll(page))
    assert not sideways(page), (where, sideways(page))


def step(
    page: Page, deal: int, moves: dict[str, int], shots: Path, lang: str, *, checks: bool = False
) -> bool:
    """Makes the player's next decision of deal ``deal``; False once that deal is over.
    With ``checks``, each decision's layout is checked first (``check_decision``) and the
    first card owed is saved as ``baloot-play-<lang>.png``."""
    table = page.get_by_test_id("table")
    owes = page.locator(f'[data-testid="table"][data-owes="true"][data-deal="{deal}"]')
    later = page.locator('[data-testid="table"]').and_(page.locator(f':not([data-deal="{deal}"])'))
    expect(owes.or_(later)).to_be_visible()
    if table.get_attribute("data-deal") != str(deal):
        return False
    version = table.get_attribute("data-version") or ""
    panel = page.get_by_test_id("bid-panel")
    projects = page.get_by_test_id("project-panel")
    where = f"{lang} deal {deal} decision {sum(moves.values())}"
    if panel.is_visible():
        if checks:
            check_decision(page, panel, panel.locator("[data-say]"), where)
        if not moves["say"]:  # the first decision of all, before anything is said
            page.screenshot(path=str(shots / f"baloot-bid-{lang}.png"), animations="disabled")
            check_a11y(page, f"the Baloot bid panel ({lang})")
        # Buy when we can (Hokum first, else Sun), so rounds are played; double when the
        # other team bought.
        # Never higher than a double: a Gahwa would end the match on this round (BA-24).
        says = [panel.locator(f'[data-say="{say}"]') for say in ("hokum", "sun", "double")]
        button = next((b for b in says if b.count()), panel.locator('[data-say="pass"]'))
        button.click()
        moves["say"] += 1
    elif projects.is_visible():
        if checks:
            check_decision(page, projects, projects.locator("[data-project]"), where)
        projects.locator("[data-project]").first.click()
        moves["project"] += 1
    else:
        legal = page.locator('.hand [data-legal="true"]')
        card = legal.first
        if checks:
            check_decision(page, page.locator(".hand"), legal, where)
            if not moves["card"]:
                page.screenshot(path=str(shots / f"baloot-play-{lang}.png"), animations="disabled")
        if moves["card"] % 2:  # every other card by drag, onto the table
            card.drag_to(page.get_by_test_id("drop-zone"), source_position=CORNER)
        else:
            card.click(position=CORNER)
        moves["card"] += 1
    # While this seat is to move the table waits for it: a new version means it was taken.
    expect(table).not_to_have_attribute("data-version", version)
    return True


def check_sheet_rows(sheet: Locator, where: str) -> None:
    """Each bought deal's row says its contract: the kind with Hokum's trump drawn, where
    the buyer sits around the table (for a seated reader), the whole in words for a screen
    reader; and the sheet fits its column, never scrolling sideways."""
    cells = sheet.get_by_test_id("ba-sheet-contract")
    passed_out = sheet.locator("tr[data-deal] td.none").count()  # BA-9: no contract
    expect(cells).to_have_count(sheet.locator("tr[data-deal]").count() - passed_out)
    for cell in cells.all():
        contract = cell.get_attribute("data-contract") or ""
        assert re.fullmatch(r"hokum:[SHDC]|sun|ashkal", contract), (where, contract)
        assert cell.get_attribute("data-place") in ("bottom", "left", "top", "right"), where
        expect(cell.locator("svg")).to_have_count(1 if contract.startswith("hokum") else 0)
        expect(cell.locator(".sr")).not_to_be_empty()
    box = sheet.locator(".scroll").evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert box[0] <= box[1], (where, "the sheet scrolls sideways", box)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_guest_plays_whole_rounds_with_three_bots(
    context: BrowserContext, shots: Path, lang: str
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    sign_in(page, lang)
    bots = [{"kind": "bot", "level": "club"}] * 3
    table_id = create_table(page, "baloot", [{"kind": "human"}, *bots])
    page.goto(f"/table/{table_id}")
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-game", "baloot")
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang == "ar" else "ltr")
    expect(page.locator(".hand [data-card]")).to_have_count(5)  # BA-2: five before the buy
    expect(page.get_by_test_id("bid-card")).to_be_visible()

    moves = {"say": 0, "project": 0, "card": 0}
    for deal in range(1, ROUNDS + 1):
        expect(table).to_have_attribute("data-deal", str(deal))
        while step(page, deal, moves, shots, lang):
            pass
        summary = page.get_by_test_id("deal-summary")
        expect(summary).to_be_visible()
        expect(summary).to_contain_text(str(deal))
        if not summary.get_by_test_id("round-why").count():
            continue  # passed out (BA-9): nothing to explain
        # The conversion step by step and the reason in words.
        expect(summary.get_by_test_id("round-why")).not_to_be_empty()
        expect(summary.get_by_test_id("conversion-0")).to_contain_text("→")
        page.screenshot(path=str(shots / f"baloot-round-{lang}.png"), animations="disabled")
        summary.get_by_test_id("deal-summary-close").click()

    assert moves["say"] >= ROUNDS and moves["card"] >= 8 * ROUNDS - 4, moves
    # The score tab lists the rounds by team.
    page.get_by_test_id("sheet-tab").click()
    sheet = page.get_by_test_id("ba-sheet")
    expect(sheet.locator("tr[data-deal]")).to_have_count(ROUNDS)
    expect(sheet).to_contain_text(re.compile("152"))
    check_sheet_rows(sheet, f"score tab {lang}")
    assert errors == []


# -- in Arabic, right to left --------------------------------------------------------------


def check_screen(page: Page, where: str, *controls: Locator) -> None:
    """A screen in Arabic: declared right to left, nothing out of the viewport sideways,
    its controls on screen and uncovered, axe clean."""
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("html")).to_have_attribute("lang", "ar")
    assert no_page_scroll(page)["x"] <= 0, (where, no_page_scroll(page))
    assert not sideways(page), (where, sideways(page))
    for c in controls:
        assert_in_reach(c, where=where)
    check_a11y(page, where)


def direction(loc: Locator) -> str:
    found: str = loc.evaluate("e => getComputedStyle(e).direction")
    return found


def check_felt(page: Page, where: str) -> None:
    """The felt is a real table, not mirrored: the left seat on the left, the right seat on
    the right, the hand fanned left to right (each card's corner left uncovered by the next)
    and nothing on it overlapping; the words on it (status, seats) read right to left."""
    assert direction(page.locator(".felt")) == "ltr", where
    assert direction(page.locator(".hand")) == "ltr", where
    assert direction(page.get_by_test_id("status")) == "rtl", where
    assert direction(page.locator(".seat-slot.bottom [data-testid=seat]")) == "rtl", where
    xs = {
        place: (page.locator(f".seat-slot.{place}").bounding_box() or {"x": -1.0})["x"]
        for place in ("left", "top", "right")
    }
    assert xs["left"] < xs["top"] < xs["right"], (where, xs)
    cards = [b for b in (c.bounding_box() for c in page.locator(".hand [data-card]").all()) if b]
    assert len(cards) >= 5, (where, cards)
    assert [b["x"] for b in cards] == sorted(b["x"] for b in cards), (where, "the fan is mirrored")
    assert_apart(
        page.get_by_test_id("seat"),
        page.get_by_test_id("drop-zone"),
        page.locator(".hand"),
        where=f"{where}: the felt",
    )
    assert_apart(page.locator("header.bar > *"), where=f"{where}: the table's bar")


@pytest.mark.parametrize("size", list(SIZES))
def test_in_arabic_the_room_reads_right_to_left_around_a_felt_that_stays_put(
    browser: Browser, server: Server, shots: Path, size: str
) -> None:
    """Sign-in, lobby, a Baloot round, its score tab and summary, the profile and the
    leaderboard in Arabic, picked from the browser's language; each checked for layout and
    axe and saved as ``<screen>-ar-<size>.png``. The language switch keeps a choice."""
    ctx = open_context(browser, server, size, locale="ar-SA")  # the room picks Arabic itself
    page = ctx.new_page()
    errors = watch_errors(page)
    set_pace(page, "off")
    keep_frames(page)

    def snap(screen: str) -> None:
        page.screenshot(path=str(shots / f"{screen}-ar-{size}.png"), animations="disabled")

    page.goto("/")
    guest = page.get_by_test_id("guest")
    expect(guest).to_have_text("العب كضيف")
    check_screen(page, f"sign-in ar {size}", guest)
    snap("sign-in")

    guest.click()
    expect(page.get_by_test_id("lobby")).to_be_visible()
    expect(page.locator(".app")).to_have_attribute("data-daily", "done")
    tile = page.locator("[data-testid=game-tile][data-game=baloot]")
    quick = page.get_by_test_id("quick-play-baloot")
    expect(quick).to_contain_text("بلوت ضد 3 بوتات")
    tile.scroll_into_view_if_needed()
    check_screen(page, f"lobby ar {size}", tile.locator("button, a"))
    assert_apart(
        page.get_by_test_id("game-tile"), page.locator("aside.me"), where=f"lobby ar {size}"
    )
    assert_nothing_over(page, page.get_by_test_id("game-tile"), where=f"lobby ar {size}")
    page.evaluate("window.scrollTo(0, 0)")
    snap("lobby")

    quick.click()
    expect(page).to_have_url(re.compile(r"/table/\d+$"))
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-game", "baloot")
    expect(page.locator(".hand [data-card]")).to_have_count(5)  # BA-2: five before the buy
    check_felt(page, f"table ar {size}")

    moves = {"say": 0, "project": 0, "card": 0}
    checked = False
    while step(page, 1, moves, shots, f"ar-{size}", checks=True):
        if not checked and page.locator(".hand [data-card]").count() == 8:
            check_felt(page, f"table ar {size}, eight cards")
            checked = True
    summary = page.get_by_test_id("deal-summary")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("الجولة 1")
    # The panel's close button stays in reach; its "Continue" at the end, once scrolled to
    # (on a phone the panel over the top seats scrolls).
    expect(page.get_by_test_id("news")).to_have_attribute("data-kind", "deal-over")
    assert_in_reach(page.get_by_test_id("news-close"), where=f"round summary ar {size}")
    close = summary.get_by_test_id("deal-summary-close")
    close.scroll_into_view_if_needed()
    expect(close).to_be_in_viewport()
    assert_in_reach(close, where=f"round summary ar {size}")
    assert not sideways(page), sideways(page)
    check_a11y(page, f"round summary ar {size}")
    page.get_by_test_id("news").evaluate("e => e.scrollTo(0, 0)")
    snap("baloot-round")
    close.click()

    # The score tab: beside the board on a desktop, a drawer from the inline end on a phone.
    if size == "phone":
        page.get_by_test_id("side-toggle").click()
    page.get_by_test_id("sheet-tab").click()
    sheet = page.get_by_test_id("ba-sheet")
    expect(sheet.locator("tr[data-deal]")).to_have_count(1)
    expect(sheet).to_contain_text("لنا")
    check_sheet_rows(sheet, f"score tab ar {size}")
    check_screen(page, f"score tab ar {size}", page.locator(".side [role=tab]"))
    snap("baloot-sheet")
    if size == "phone":
        page.locator(".side .close-drawer").click()

    page.get_by_test_id("my-profile").click()
    expect(page.locator("[data-stat=played]").first).to_be_visible()
    check_screen(page, f"profile ar {size}")
    snap("profile")
    page.get_by_test_id("nav-leaderboard").click()
    expect(page).to_have_url(re.compile(r"/leaderboard"))
    expect(page.get_by_role("heading", name="الترتيب")).to_be_visible()
    check_screen(page, f"leaderboard ar {size}")
    snap("leaderboard")

    # The switch: English, kept over a reload, then Arabic again.
    for lang, way in (("en", "ltr"), ("ar", "rtl")):
        if size == "phone":
            page.locator(".gear").click()
        page.get_by_test_id("lang").select_option(lang)
        expect(page.locator("html")).to_have_attribute("dir", way)
        page.reload()
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("html")).to_have_attribute("dir", way)
    assert errors == [], errors
