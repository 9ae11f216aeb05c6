"""Players' names where there is room for them, in English and Arabic: whole, on one line.
King Bolola's side seats on a desktop (1280 x 800) name their player above the avatar, the
seat's whole width; the table's score sheet (a side column of 320 px, four players) and
the match page's sheet cut a name only where its column is truly short, in the middle
("bot…er-1", the end tells the bots apart), on one line, never broken inside a word; the
match page gives its columns whole names where the page has the room (a desktop), and
its sheet never scrolls sideways on a phone (390 x 844)
(``names-<where>-<lang>-<size>.png``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from a11y import check_a11y
from e2eserver import Server
from layout import assert_in_reach, sideways
from matchplay import new_guest, play_out, short_match
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from screens import open_context
from tablepage import deal_no, quick_play, sign_in_as_guest, wait_for_turn_or_deal, watch_errors

LOCALES = {"en": "en-GB", "ar": "ar-SA"}
SCREENS = [(size, lang) for lang in LOCALES for size in ("desktop", "phone")]

# Each name as it shows: its text, whether its start gives way (cut, with an ellipsis
# there), how many lines it takes.
NAMES = """(els) => els.map((e) => {
  const head = e.querySelector('.head');
  const s = getComputedStyle(e);
  const line = parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.2;
  const box = (e.querySelector('.cut') ?? e).getBoundingClientRect();
  return {title: e.getAttribute('title'), text: e.textContent,
          cut: head ? head.scrollWidth > head.clientWidth + 1 : false,
          ellipsis: head ? getComputedStyle(head).textOverflow === 'ellipsis' : true,
          lines: box.height / line};
})"""


def names(loc: Locator) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = loc.evaluate_all(NAMES)
    return found


def check_one_line(found: list[dict[str, Any]], where: str) -> None:
    """Every name whole in its text (the cut is the screen's, not the words'), on one line,
    an ellipsis where it is cut."""
    for n in found:
        assert n["title"] and n["text"] == n["title"], (where, n)
        assert n["lines"] < 1.5, (where, "a name broken across lines", n)
        assert n["ellipsis"], (where, "a name cut without an ellipsis", n)


@pytest.fixture
def screen(browser: Browser, server: Server, request: pytest.FixtureRequest) -> Iterator[Page]:
    size, lang = request.param
    ctx: BrowserContext = open_context(browser, server, size, LOCALES[lang])
    page = ctx.new_page()
    page.add_init_script(f"localStorage.setItem('bolola.lang', {lang!r})")
    yield page
    ctx.close()


@pytest.mark.parametrize("screen", SCREENS, indirect=True, ids=lambda p: "-".join(p))
def test_king_bolola_names_whole_where_there_is_room_one_line_where_not(
    screen: Page, request: pytest.FixtureRequest, shots: Path
) -> None:
    page = screen
    size, lang = request.node.callspec.params["screen"]
    errors = watch_errors(page)
    sign_in_as_guest(page)
    expect(page.locator(".app")).to_have_attribute("data-daily", "done")
    reward = page.get_by_test_id("daily-reward")
    if reward.count():
        reward.get_by_role("button").click()
    expect(reward).to_have_count(0)
    quick_play(page)
    wait_for_turn_or_deal(page, deal_no(page))

    # The others' seats: every name whole ("bot-beginner-1"), on one line.
    others = page.locator(".seat:not(.bottom)").get_by_test_id("seat-name")
    expect(others).to_have_count(3)
    found = names(others)
    check_one_line(found, f"{size} {lang} seats")
    cut = [n for n in found if n["cut"]]
    assert not cut, (size, lang, "a seat's name cut with room to spare", cut)
    page.screenshot(path=str(shots / f"names-seats-{lang}-{size}.png"), animations="disabled")

    # The score sheet: four players' columns in the side column (a phone's drawer): each
    # name on one line, cut in its middle if at all, its end in sight.
    if size == "phone":
        page.get_by_test_id("side-toggle").click()
    page.get_by_test_id("sheet-tab").click()
    heads = page.get_by_test_id("score-sheet").get_by_test_id("sheet-name")
    expect(heads).to_have_count(4)
    found = names(heads)
    check_one_line(found, f"{size} {lang} sheet")
    assert_in_reach(heads.locator(".tail"), where=f"{size} {lang} sheet", at_least=4)
    ends = heads.locator(".tail").all_inner_texts()
    assert len(set(ends)) == 4, (size, lang, "two columns look the same", ends)
    check_a11y(page, f"the score sheet's names ({lang}, {size})")
    page.screenshot(path=str(shots / f"names-sheet-{lang}-{size}.png"), animations="disabled")
    assert errors == [], errors


@pytest.fixture(scope="module")
def finished(server: Server) -> dict[str, Any]:
    """A guest's finished match against a beginner bot (two columns: the names whole fit a
    desktop's sheet several times over)."""
    name, token = new_guest(server)
    table = short_match(server, token, bot="beginner")
    play_out(server, token, table)
    return {"name": name, "table": table}


@pytest.mark.parametrize("screen", SCREENS, indirect=True, ids=lambda p: "-".join(p))
def test_the_match_pages_sheet_names_its_players_whole_where_there_is_room(
    screen: Page, finished: dict[str, Any], request: pytest.FixtureRequest, shots: Path
) -> None:
    page = screen
    size, lang = request.node.callspec.params["screen"]
    page.goto(f"/match/{finished['table']}")
    sheet = page.get_by_test_id("match-sheet")
    expect(sheet).to_be_visible()
    heads = sheet.locator("th.who .member")
    expect(heads).to_have_count(2)
    found = [
        {**n, "title": n["text"]}  # the column's title is the whole name
        for n in names(heads)
    ]
    assert sorted(n["text"] for n in found) == sorted([finished["name"], "bot-beginner-1"])
    check_one_line(found, f"{size} {lang} match sheet")
    if size == "desktop":
        cut = [n for n in found if n["cut"]]
        assert not cut, (lang, "a name cut with hundreds of pixels free", cut)
    assert_in_reach(heads.locator(".tail"), where=f"{size} {lang} match sheet", at_least=2)
    box = sheet.evaluate("e => [e.parentElement.scrollWidth, e.parentElement.clientWidth]")
    assert box[0] <= box[1], (size, lang, "the sheet scrolls sideways", box)
    assert sideways(page) == []
    page.screenshot(path=str(shots / f"names-match-{lang}-{size}.png"), full_page=True)
