"""Jolly as a new player's review found it, on a desktop and a phone, at hand-made
positions (jopage.py: the engine's own view of each, the page's actions kept, not played):
the status line says what the legal actions leave (after an opening, only the discard:
JO-8); the score sheet's "Total" stays one word in every language; an opening set aside
meld by meld has one "open" button, not two; a tap on the discard pile before opening
says why it is refused (JO-7), as a refused move does, where a touch screen shows no
hover title; and the match's result shows its last round card by card, as the board
showed every other round."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from a11y import check_a11y
from jopage import expect_sent, open_position, pick, position_state, position_view
from playwright.sync_api import BrowserContext, Locator, Page, expect
from tablepage import create_table, sign_in_as_guest
from test_jolly_melds import HAND, TABLE

from bolola.games.jolly import GAME

# HAND and TABLE: test_jolly_melds.py's position (seat 0 has drawn and not opened, and
# its hand opens, JO-8; seat 1 has opened). OPENING: the same hand once it has opened
# with three of its melds, in this turn.
OPENING = ((0, "4H,5H,6H,7H"), (0, "7S,7D,7C"), (0, "2C,3C,4C"))


def at(
    context: BrowserContext, view: dict[str, Any], lang: str = "es", **kw: Any
) -> tuple[Page, list[str]]:
    """A page of the context's guest (signed in on its first page) at ``view``."""
    page = context.new_page()
    page.add_init_script(
        f"localStorage.setItem('bolola.pace', 'off'); localStorage.setItem('bolola.lang', {lang!r})"
    )
    page.goto("/")
    lobby = page.get_by_test_id("lobby")
    guest = page.get_by_test_id("guest")
    lobby.or_(guest).first.wait_for()
    if guest.count():
        guest.click()
    expect(lobby).to_be_visible()
    return page, open_position(page, view, **kw)


def test_the_status_says_what_the_turn_leaves(
    sized: BrowserContext, size: str, shots: Path
) -> None:
    status = "status"
    # Before opening, with a hand that opens: open, or discard.
    page, _ = at(sized, position_view(HAND, table=TABLE, opened=(False, True)))
    expect(page.get_by_test_id(status)).to_have_text("Abre o descarta")
    page.close()

    # The turn of the opening: only the discard is left (JO-8), whatever the hand holds.
    view = position_view("TC QC KC AS", table=TABLE + OPENING, opened=(True, True), opened_now=True)
    assert all(a.startswith("discard:") for a in view["legal"]), view["legal"]
    page, _ = at(sized, view)
    expect(page.get_by_test_id(status)).to_have_text("Has abierto: ahora descarta")
    expect(page.get_by_test_id(status)).not_to_contain_text("Baja")
    page.screenshot(path=str(shots / f"jolly-status-opened-{size}.png"), animations="disabled")
    page.close()

    # Opened in an earlier turn, with a card that lays off and no meld: lay off, or discard.
    view = position_view("8H QC KC AS", table=TABLE + OPENING, opened=(True, True))
    assert any(a.startswith("lay:") for a in view["legal"]), view["legal"]
    assert not any(a.startswith("meld:") for a in view["legal"]), view["legal"]
    page, _ = at(sized, view, lang="en")
    expect(page.get_by_test_id(status)).to_have_text("Lay off or discard")


# A cell's text as it shows: the lines it takes, whether some of it is hidden (clipped by
# its cell), and its box beside the box of the next cell's text.
TEXT_SEEN = """(e) => {
  const box = (n) => { const r = document.createRange(); r.selectNodeContents(n); return r; };
  const rects = [...box(e).getClientRects()].filter((b) => b.width > 0);
  const tops = new Set(rects.map((b) => Math.round(b.top)));
  const clips = getComputedStyle(e).overflowX !== 'visible';
  const next = e.nextElementSibling;
  const own = box(e).getBoundingClientRect();
  const after = next ? box(next).getBoundingClientRect() : null;
  const table = e.closest('table')?.getBoundingClientRect() ?? own;
  return {text: e.textContent.trim(), lines: tops.size,
          hidden: clips && e.scrollWidth > e.clientWidth + 1,
          over: after !== null && after.width > 0
                && own.left < after.right && after.left < own.right,
          outside: own.left < table.left - 1 || own.right > table.right + 1};
}"""


def open_sheet(page: Page, size: str) -> Locator:
    if size == "phone":
        page.get_by_test_id("side-toggle").click()
    page.get_by_test_id("sheet-tab").click()
    sheet = page.get_by_test_id("jo-sheet")
    expect(sheet).to_be_visible()
    return sheet


@pytest.mark.parametrize("lang", ["es", "en", "ar"])
def test_the_sheets_total_is_one_word_on_one_line(
    sized: BrowserContext, size: str, lang: str, shots: Path
) -> None:
    page, _ = at(sized, position_view(HAND, table=TABLE, opened=(False, True)), lang=lang)
    sheet = open_sheet(page, size)
    # The totals' row and the tab: the word whole, on one line, in sight, clear of the
    # first player's total beside it.
    for cell in (sheet.locator("tfoot th.totals"), page.get_by_test_id("sheet-tab")):
        seen = cell.evaluate(TEXT_SEEN)
        assert seen["text"] in ("Total", "المجموع"), seen
        assert seen["lines"] == 1, (size, lang, "the word broken across lines", seen)
        assert not seen["hidden"] and not seen["outside"], (size, lang, "the word cut", seen)
        assert not seen["over"], (size, lang, "the word over the total beside it", seen)
    # The players' names keep their room (whole where they were: one line each).
    for name in sheet.get_by_test_id("jo-sheet-name").all():
        assert name.evaluate(TEXT_SEEN)["lines"] == 1, (size, lang, "a name on two lines")
    page.screenshot(path=str(shots / f"jolly-sheet-total-{lang}-{size}.png"), animations="disabled")


def test_an_opening_set_aside_has_one_open_button(
    sized: BrowserContext, size: str, shots: Path
) -> None:
    page, sent = at(sized, position_view(HAND, table=TABLE, opened=(False, True)))
    actions = page.get_by_test_id("jolly-actions")
    openers = page.get_by_role("button", name=re.compile(r"^Abrir\b")).filter(visible=True)
    # Nothing aside: the finder's opening is the one offered.
    expect(page.get_by_test_id("show")).to_be_enabled()
    expect(openers).to_have_text([re.compile(r"^Abrir con \d+ puntos$")])
    pick(page, "4H 5H 6H")
    page.get_by_test_id("stage").click()
    pick(page, "7S 7H 7D 7C")
    page.get_by_test_id("stage").click()
    opening = page.get_by_test_id("opening")
    expect(opening).to_contain_text("43")
    # An opening set aside: its own "open" lays it down, and it is the only one.
    expect(openers).to_have_text(["Abrir"])
    expect(page.get_by_test_id("show")).to_have_count(0)
    expect(actions.get_by_role("button", name=re.compile(r"^Abrir\b"))).to_have_count(0)
    expect(page.get_by_test_id("open")).to_be_enabled()
    check_a11y(page, f"a Jolly opening set aside, one open button, {size}")
    page.screenshot(path=str(shots / f"jolly-one-open-{size}.png"), animations="disabled")
    page.get_by_test_id("open").click()
    expect_sent(page, sent, "open:4H,5H,6H|7S,7H,7D,7C")


def test_a_tap_on_the_pile_before_opening_says_why(
    sized: BrowserContext, size: str, shots: Path
) -> None:
    view = position_view(HAND, table=TABLE, opened=(False, True), drew=None, pile="9D QS 5C")
    assert view["phase"] == "draw" and view["legal"] == ["draw"], view["legal"]
    page, sent = at(sized, view)
    top = page.get_by_test_id("pile").locator('[data-depth="1"]')
    expect(top).to_have_attribute("aria-disabled", "true")
    # Taken by nobody (it is no legal move), but tapped it answers, as a refused move does.
    if size == "phone":
        top.tap(force=True)
    else:
        top.click(force=True)
    notice = page.get_by_test_id("notice")
    expect(notice).to_contain_text("solo roba quien abrió en un turno anterior")
    expect(notice.get_by_test_id("rule-link")).to_have_text("JO-7")
    expect(notice.get_by_test_id("rule-link")).to_have_attribute("href", "/rules/jolly#jo-7")
    page.screenshot(path=str(shots / f"jolly-pile-why-{size}.png"), animations="disabled")
    assert sent == [], sent
    # The stock is what the turn takes from.
    page.get_by_test_id("draw").click()
    expect_sent(page, sent, "draw")


def test_the_match_result_shows_the_last_round_card_by_card(
    sized: BrowserContext, size: str, shots: Path
) -> None:
    # Seat 0 goes out in one go (a mano jolly, JO-14) and the match is over: 82 points
    # doubled and the bonus doubled reach 100 (JO-18, JO-20).
    hand = "4H 5H 6H 7H 7S 7D 7C 2C 3C 4C TC JC QC KD"
    state = position_state(hand, opened=(False, False))
    state, _ = GAME.apply(
        state, 0, GAME.parse_action("open:2C,3C,4C|4H,5H,6H,7H|7S,7D,7C|TC,JC,QC")
    )
    state, _ = GAME.apply(state, 0, GAME.parse_action("discard:KD"))
    assert state.over, state.totals
    view: dict[str, Any] = GAME.view(state, 0).to_json()
    last = view["last_round"]
    theirs = len(last["seats"][1]["hand"])
    assert theirs == 13 and len(last["seats"][0]["table"]) == 13, last

    page, _ = at(sized, view, status="over")
    result = page.get_by_test_id("match-result")
    expect(result).to_be_visible()
    round_ = result.get_by_test_id("result-last-deal").get_by_test_id("jolly-round")
    expect(round_).to_be_visible()
    # Card by card: what the winner put down, what the bot was left holding, the bonus.
    mine = round_.locator('[data-seat="0"]')
    bot = round_.locator('[data-seat="1"]')
    expect(mine.locator(".cards:not(.minus) .c")).to_have_count(13)
    expect(bot.locator(".cards.minus .c")).to_have_count(theirs)
    expect(mine).to_contain_text("+60")
    expect(mine.locator(".pts")).to_have_text(f"+{last['seats'][0]['points']}")
    # Nothing waits on it: no close button inside the result, nobody to continue.
    expect(result.get_by_test_id("deal-summary-close")).to_have_count(0)
    expect(round_.locator(".ready")).to_have_count(0)
    check_a11y(page, f"a Jolly match's result, {size}")
    page.screenshot(path=str(shots / f"jolly-match-over-{size}.png"), animations="disabled")
    # What next comes before the round's long lines: in sight without scrolling, on a
    # phone too (after them, it was reached only by scrolling the box).
    expect(result.get_by_test_id("result-lobby")).to_be_in_viewport()


def test_a_seated_player_waiting_for_the_others_is_not_told_they_watch(
    context: BrowserContext,
) -> None:
    """The host of a Jolly table with a free seat has no view yet: they wait, they do not
    watch (the board said "Estás mirando" beside their own seat)."""
    page = context.new_page()
    sign_in_as_guest(page)
    table_id = create_table(page, "jolly", [{"kind": "human"}] * 2, {"players": 2})
    page.goto(f"/table/{table_id}")
    expect(page.get_by_test_id("seat")).to_have_count(2)
    expect(page.get_by_test_id("seat-free")).to_have_count(1)
    expect(page.get_by_test_id("status")).to_contain_text("Esperando")
    expect(page.locator(".spectator")).to_have_count(0)
