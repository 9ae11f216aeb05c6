"""Baloot in the browser: a guest plays whole rounds with three bots — bidding, doubling
when offered, declaring projects, playing every card — and reads the round's summary; in
Arabic, the lobby and the table read right to left on a desktop (1280 x 800) and a phone
(390 x 844) while the felt stays a real table, left to right (``*-ar-*.png``). The
purchase is said on the felt with its trump in words, in every reader's language; a
spectator, in neither team, reads the teams by their players, and a finished match's page
gives each deal's contract in full."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from a11y import check_a11y
from e2eserver import Server
from layout import assert_apart, assert_in_reach, assert_nothing_over, no_page_scroll, sideways
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from screens import SIZES, open_context
from tablepage import (
    CORNER,
    create_table,
    join,
    keep_frames,
    set_pace,
    sign_in_as_guest,
    watch_errors,
)

ROUNDS = 2
BOT = {"kind": "bot", "level": "beginner"}
WHOLE_MATCH_MS = 180_000  # four bots play a Baloot match to 152 (about 30 s here)
# A suit in words, and "X bought: Hokum in <suit>", as each language says them.
SUITS = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "es": {"S": "picas", "H": "corazones", "D": "diamantes", "C": "tréboles"},
    "ar": {"S": "سبيت", "H": "هاص", "D": "ديمن", "C": "شريا"},
}
BOUGHT_HOKUM = {
    "en": "{name} bought: Hokum in {suit}",
    "es": "{name} compró: Hokum a {suit}",
    "ar": "{name} اشترى: حكم {suit}",
}
LOCALES = {"en": "en-GB", "es": "es-ES", "ar": "ar-SA"}


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


def check_sheet_rows(sheet: Locator, where: str, names: list[str] | None = None) -> None:
    """Each bought deal's row says its contract: the kind with Hokum's trump drawn, where
    the buyer sits around the table (for a seated reader; to a spectator, ``names``
    given, the buyer's name), the whole in words for a screen reader; and the sheet fits
    its column, never scrolling sideways."""
    cells = sheet.get_by_test_id("ba-sheet-contract")
    passed_out = sheet.locator("tr[data-deal] td.none").count()  # BA-9: no contract
    expect(cells).to_have_count(sheet.locator("tr[data-deal]").count() - passed_out)
    for cell in cells.all():
        contract = cell.get_attribute("data-contract") or ""
        assert re.fullmatch(r"hokum:[SHDC]|sun|ashkal", contract), (where, contract)
        if names is None:
            assert cell.get_attribute("data-place") in ("bottom", "left", "top", "right"), where
        else:
            assert cell.get_attribute("data-place") == "", where
            assert (cell.locator(".by").text_content() or "").strip(" ·\xa0") in names, where
        expect(cell.locator("svg")).to_have_count(1 if contract.startswith("hokum") else 0)
        expect(cell.locator(".sr-only")).not_to_be_empty()
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


# -- the purchase, and a spectator -----------------------------------------------------------


def team_heads(page: Page) -> Locator:
    """The score tab's two team columns, opened."""
    page.get_by_test_id("sheet-tab").click()
    return page.get_by_test_id("ba-sheet").get_by_test_id("ba-sheet-team")


def test_ba5_the_purchase_names_its_trump_in_words_and_a_spectator_reads_teams_by_name(
    browser: Browser, server: Server, shots: Path
) -> None:
    """Four guests at one table, each in a language of their own, and a fifth who watches:
    seat 0 calls Hokum and keeps it when the others pass (BA-6). Every reader, the
    spectator too, reads who bought it and its trump in words until the first card. The
    players' score tab heads its columns us and them; the spectator's, in neither team,
    by each team's players."""
    langs = ["en", "es", "ar", "es", "en"]  # seats 0 to 3 in joining order, the spectator
    contexts = [open_context(browser, server, "desktop", LOCALES[lang]) for lang in langs]
    pages = [c.new_page() for c in contexts]
    errors = [watch_errors(p) for p in pages]
    names = [sign_in_as_guest(p) for p in pages]
    table_id = create_table(pages[0], "baloot", [{"kind": "human"}] * 4)
    seats = [join(p, table_id) for p in pages[:4]]
    assert seats == [0, 1, 2, 3], seats
    spectator = pages[4]
    spectator.goto(f"/table/{table_id}")
    for p in pages:
        expect(p.get_by_test_id("table")).to_have_attribute("data-phase", "bid")

    for seat, say in ((0, "hokum"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "hokum")):
        panel = pages[seat].get_by_test_id("bid-panel")
        panel.locator(f'[data-say="{say}"]').click()
        expect(pages[seat].get_by_test_id("table")).not_to_have_attribute("data-owes", "true")
    table = pages[0].get_by_test_id("table")
    expect(table).to_have_attribute("data-contract", re.compile(r"^hokum:[SHDC]$"))
    trump = (table.get_attribute("data-contract") or "")[-1]

    for p, lang in zip(pages, langs, strict=True):
        said = BOUGHT_HOKUM[lang].format(name=names[0], suit=SUITS[lang][trump])
        expect(p.get_by_test_id("bought")).to_have_text(said)

    heads = team_heads(pages[0])
    expect(heads).to_have_text(["Us", "Them"])
    heads = team_heads(spectator)
    for team in (0, 1):
        head = heads.nth(team)
        expect(head).to_have_attribute("data-team", str(team))
        expect(head.locator(".sr-only")).to_have_text(f"{names[team]} and {names[team + 2]}")
        for seat in (team, team + 2):
            expect(head).to_contain_text(names[seat])
    expect(spectator.get_by_test_id("ba-sheet")).not_to_contain_text(re.compile(r"\bUs\b"))
    expect(spectator.locator(".seat-slot .team")).to_have_count(0)  # nor on the seats
    expect(pages[0].locator(".seat-slot .team")).to_have_count(4)
    spectator.screenshot(path=str(shots / "baloot-spectator-sheet.png"), animations="disabled")
    box = spectator.locator("[data-testid=ba-sheet] .scroll").evaluate(
        "e => [e.scrollWidth, e.clientWidth]"
    )
    assert box[0] <= box[1], ("the spectator's sheet scrolls sideways", box)
    check_a11y(spectator, "a spectator's Baloot score tab")
    assert errors == [[]] * len(pages), errors
    for c in contexts:
        c.close()


def test_ba12_a_spectator_and_the_match_page_give_every_deal_in_full(
    browser: Browser, server: Server, shots: Path
) -> None:
    """Four bots play a match out while a guest watches: the spectator's score tab names
    each deal's buyer and the last round's summary heads the teams by their players; the
    match page gives each deal its contract, Hokum's trump in words, the doubling and the
    buyer by name, as the in-table sheet does."""
    ctx = open_context(browser, server, "desktop", LOCALES["en"])
    page = ctx.new_page()
    errors = watch_errors(page)
    sign_in_as_guest(page)
    table_id = create_table(page, "baloot", [BOT] * 4)
    page.goto(f"/table/{table_id}")
    result = page.get_by_test_id("match-result")
    expect(result).to_be_visible(timeout=WHOLE_MATCH_MS)
    seated = [f"bot-beginner-{s}" for s in range(4)]

    heads = result.get_by_test_id("result-last-deal").locator("thead th[data-team]")
    expect(heads).to_have_count(2)
    for head in heads.all():
        team = int(head.get_attribute("data-team") or "")
        expect(head.locator(".sr-only")).to_have_text(f"{seated[team]} and {seated[team + 2]}")
    result.get_by_test_id("result-sheet").click()
    sheet = page.get_by_test_id("ba-sheet")
    expect(sheet.get_by_test_id("ba-sheet-team")).to_have_count(2)
    check_sheet_rows(sheet, "a spectator's score tab", seated)

    match = page.evaluate(
        "async (id) => (await (await fetch(`/api/matches/${id}`)).json()).match", table_id
    )
    page.goto(f"/match/{table_id}")
    labels = page.get_by_test_id("match-sheet-label")
    expect(labels).to_have_count(len(match["sheet"]))
    for label, row in zip(labels.all(), match["sheet"], strict=True):
        found = re.fullmatch(r"(hokum:([SHDC])|sun|ashkal) (x[1-4]|gahwa) by ([0-3])", row["label"])
        assert found, row["label"]
        kind, suit, level, buyer = found.groups()
        words = f"Hokum in {SUITS['en'][suit]}" if suit else kind.capitalize()
        doubled = {"x1": "", "gahwa": " · Gahwa"}.get(level, f" · \u00d7{level[1:]}")
        expect(label).to_have_attribute("data-label", row["label"])
        expect(label).to_have_text(f"{words}{doubled} · {seated[int(buyer)]}")
    assert sheet_fits(page), "the match page's sheet scrolls sideways on a desktop"
    page.screenshot(path=str(shots / "baloot-match-page.png"), animations="disabled")
    assert errors == [], errors
    ctx.close()
    # On a phone too: the rows' words wrap, the partners' names go one under the other.
    phone = open_context(browser, server, "phone", LOCALES["en"])
    small = phone.new_page()
    small.goto(f"/match/{table_id}")
    expect(small.get_by_test_id("match-sheet-label")).to_have_count(len(match["sheet"]))
    small.screenshot(path=str(shots / "baloot-match-page-phone.png"), animations="disabled")
    assert sheet_fits(small), "the match page's sheet scrolls sideways on a phone"
    phone.close()


def sheet_fits(page: Page) -> bool:
    """The match page's score sheet shows whole, without a sideways scroll."""
    box = page.get_by_test_id("match-sheet").evaluate(
        "e => [e.parentElement.scrollWidth, e.parentElement.clientWidth]"
    )
    return bool(box[0] <= box[1])


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
