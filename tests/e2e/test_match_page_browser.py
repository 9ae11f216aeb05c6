"""What a new player reads after a match, in each language and on a phone: the match
page's score sheet in the reader's words and its bots by the names their table showed
(the replay's text too), the profile's recent matches and the leaderboard laid out for a
phone with nothing in a sideways scroll, and a friend request's notice naming the player
as they wrote their name.

The match is real (Hearts Are Trumps to 1 point against an expert bot, the human seat
played over the protocol: matchplay.py); the pages only read it.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from a11y import check_a11y
from e2eserver import WAIT_MS, Server
from layout import sideways
from matchplay import HEARTS, leave_and_see_it_end, new_guest, play_out, short_match
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from screens import open_context
from tablepage import sign_in_as_guest

LOCALES = {"es": "es-ES", "en": "en-GB", "ar": "ar-SA"}
# The sheet row label of a Hearts Are Trumps deal, and the expert bot's level, as each
# language says them.
DEAL = {"es": "Reparto", "en": "Deal", "ar": "الجولة"}
EXPERT = {"es": "Bot experto", "en": "Bot expert", "ar": "بوت خبير"}
BOT = "bot-expert-1"  # seat 1's bot, as the table named it


@pytest.fixture(scope="module")
def finished(server: Server) -> dict[str, Any]:
    """A guest's finished, rated match against an expert bot: the guest and the table."""
    name, token = new_guest(server)
    table = short_match(server, token, bot="expert")
    over = play_out(server, token, table)
    return {"name": name, "token": token, "table": table, "over": over}


@pytest.fixture
def screen(browser: Browser, server: Server, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page at the size and in the language the test's parameters name."""
    size, lang = request.param
    ctx: BrowserContext = open_context(browser, server, size, LOCALES[lang])
    yield ctx.new_page()
    ctx.close()


SCREENS = [(size, lang) for lang in LOCALES for size in ("phone", "desktop")]


def boxes(cells: Locator) -> list[dict[str, Any]]:
    """Each element's box and whether its text is cut (wider than its box)."""
    found: list[dict[str, Any]] = cells.evaluate_all(
        """els => els.map(e => {
          const r = e.getBoundingClientRect();
          return {text: e.innerText, left: r.left, right: r.right, width: r.width,
                  cut: e.scrollWidth > e.clientWidth + 1,
                  viewport: document.documentElement.clientWidth};
        })"""
    )
    return found


def assert_all_shown(cells: Locator, where: str) -> None:
    """Every cell on show, inside the viewport, its text whole."""
    found = boxes(cells)
    assert found, f"{where}: no cells"
    bad = [
        c
        for c in found
        if c["width"] <= 0 or c["left"] < -0.5 or c["right"] > c["viewport"] + 0.5 or c["cut"]
    ]
    assert not bad, f"{where}: cells hidden, outside the screen or cut: {bad}"


@pytest.mark.parametrize("screen", SCREENS, indirect=True, ids=lambda p: "-".join(p))
def test_the_match_page_reads_in_the_readers_language_and_names_bots_as_the_table_did(
    screen: Page, finished: dict[str, Any], request: pytest.FixtureRequest, shots: Path
) -> None:
    page = screen
    size, lang = request.node.callspec.params["screen"]
    table = finished["table"]
    page.goto(f"/match/{table}")
    expect(page.get_by_test_id("match-page")).to_be_visible()
    labels = page.get_by_test_id("match-sheet").locator("tbody td:nth-child(2)")
    expect(labels.first).to_be_visible()
    assert set(labels.all_inner_texts()) == {DEAL[lang]}, labels.all_inner_texts()

    seats = page.get_by_test_id("match-seat")
    expect(seats).to_have_count(2)
    bot = seats.filter(has_text=BOT)
    expect(bot).to_have_count(1)
    expect(bot.get_by_test_id("match-bot-level")).to_have_text(EXPERT[lang])
    expect(seats.filter(has_text=finished["name"])).to_have_count(1)
    heads = page.get_by_test_id("match-sheet").locator("thead th")
    expect(heads.filter(has_text=BOT)).to_have_count(1)
    # Points read left to right in every language ("-30", never "30-" in Arabic): a sign
    # stands left of its first digit on the screen.
    points = page.get_by_test_id("match-sheet").locator("td.num bdi, b bdi")
    order = points.evaluate_all(SIGN_BEFORE_DIGITS)
    assert order and all(order), order
    assert sideways(page) == []
    page.screenshot(path=str(shots / f"match-page-{lang}-{size}.png"), full_page=True)
    check_a11y(page, f"match page ({lang}, {size})")

    if (size, lang) == ("phone", "es"):
        # The replay's text names the bot the same way.
        page.get_by_test_id("match-replay").click()
        hands = page.get_by_test_id("replay-hand")
        expect(hands).to_have_count(2)
        expect(hands.nth(1)).to_contain_text(f"Mano de {BOT}")
        expect(page.get_by_test_id("replay")).not_to_contain_text("bot ·")


# For each element: whether its text's sign, if any, is drawn left of the first digit.
SIGN_BEFORE_DIGITS = """els => els.map((el) => {
  const text = el.firstChild;
  if (!text || text.nodeType !== 3 || !/^[-+\\u2212]/.test(text.textContent)) return true;
  const at = (i) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1);
    return r.getBoundingClientRect().left; };
  return at(0) < at(1);
})"""


FIT = [("phone", lang) for lang in LOCALES] + [("desktop", "es")]


@pytest.mark.parametrize("screen", FIT, indirect=True, ids=lambda p: "-".join(p))
def test_the_recent_matches_fit_the_screen(
    screen: Page, finished: dict[str, Any], request: pytest.FixtureRequest, shots: Path
) -> None:
    page = screen
    size, lang = request.node.callspec.params["screen"]
    page.goto(f"/player/{finished['name']}")
    recent = page.get_by_test_id("recent")
    row = recent.locator(f'tbody tr[data-table="{finished["table"]}"]')
    expect(row).to_be_visible()
    # Date, game, place, result, Elo and the record: every one on show, none cut.
    cells = row.locator("td")
    expect(cells).to_have_count(6)
    assert_all_shown(cells, f"recent matches ({lang}, {size})")
    scroller = recent.locator("xpath=..")
    assert scroller.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "a sideways scroll"
    assert sideways(page) == []
    row.screenshot(path=str(shots / f"recent-matches-{lang}-{size}.png"))
    check_a11y(page, f"profile ({lang}, {size})")  # the cards are still a table


@pytest.mark.parametrize("screen", FIT, indirect=True, ids=lambda p: "-".join(p))
def test_the_leaderboard_fits_the_screen(
    screen: Page, finished: dict[str, Any], request: pytest.FixtureRequest, shots: Path
) -> None:
    page = screen
    size, lang = request.node.callspec.params["screen"]
    page.goto(f"/leaderboard?game={HEARTS}")
    board = page.get_by_test_id("board-rows")
    mine = board.locator(f'tbody tr[data-player="{finished["name"]}"]')
    expect(mine).to_be_visible()
    # Rank, player, league, Elo, level and games: every one on show, none cut.
    cells = mine.locator("td")
    expect(cells).to_have_count(6)
    assert_all_shown(cells, f"leaderboard ({lang}, {size})")
    level, played = cells.nth(4).inner_text(), cells.nth(5).inner_text()
    if size == "phone":  # no column heads over them: each says what it counts
        assert not level.isdigit() and not played.isdigit(), (level, played)
    scroller = board.locator("xpath=..")
    assert scroller.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "a sideways scroll"
    assert sideways(page) == []
    page.screenshot(path=str(shots / f"leaderboard-rows-{lang}-{size}.png"))
    mine.screenshot(path=str(shots / f"leaderboard-row-{lang}-{size}.png"))
    check_a11y(page, f"leaderboard ({lang}, {size})")


def test_a_friend_request_names_the_player_as_they_wrote_their_name(
    context: BrowserContext, server: Server
) -> None:
    wanted = f"AnaReview{secrets.token_hex(2)}"
    with httpx.Client(base_url=server.url, timeout=WAIT_MS / 1000) as http:
        csrf = http.get("/api/csrf").json()["csrf"]
        made = http.post(
            "/api/signup",
            json={"name": wanted, "password": "una clave larga"},
            headers={"x-csrf-token": csrf},
        )
        assert made.status_code == 200, made.text
    page = context.new_page()
    sign_in_as_guest(page)
    panel = page.get_by_test_id("friends")
    panel.get_by_test_id("friend-name").fill(wanted.lower())
    panel.get_by_test_id("friend-ask").click()
    notice = page.get_by_test_id("notice")
    notice.wait_for()
    assert notice.inner_text().startswith(f"Solicitud enviada a {wanted}."), notice.inner_text()
    expect(panel.get_by_test_id("friend-outgoing")).to_have_text(wanted)


def test_a_guest_with_one_match_reads_one_match_not_one_matches(
    browser: Browser, server: Server
) -> None:
    """The profile's count of matches in the singular (PL-11's summary line)."""
    name, token = new_guest(server)
    play_out(server, token, short_match(server, token))
    for lang, said in (("es", r"\b1 partida\b"), ("en", r"\b1 game\b"), ("ar", "مباراة واحدة")):
        ctx = open_context(browser, server, "phone", LOCALES[lang])
        page = ctx.new_page()
        page.goto(f"/player/{name}")
        expect(page.get_by_test_id("profile-level")).to_be_visible()
        expect(page.get_by_test_id("profile")).to_contain_text(re.compile(said))
        ctx.close()


def test_a_player_who_left_reads_as_a_forfeit_on_the_match_page(
    browser: Browser, server: Server
) -> None:
    """A player who left mid-match, whose bot then finished first: the match page says the
    loss was theirs, as their profile does (the page listed them first with no mark)."""
    name, token = new_guest(server)
    table = short_match(server, token)
    leave_and_see_it_end(server, token, table)
    ctx = open_context(browser, server, "desktop", locale="en-GB")
    page = ctx.new_page()
    page.goto(f"/match/{table}")
    mine = page.get_by_test_id("match-seat").filter(has_text=name)
    expect(mine.get_by_test_id("match-left")).to_have_text("Left: counted as a loss")
    expect(page.get_by_test_id("match-left")).to_have_count(1)  # the bot's seat has none
    ctx.close()
