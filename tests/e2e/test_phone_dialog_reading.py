"""Reading a box of choices and the practice hint on a phone (390 x 844), in English and
Arabic: King Bolola's contract chooser shows every contract whole (nine cards, the name,
what is left of it and what it costs), the hint open above it or not; the hint, kept to two
whole lines while a box of choices is open on the felt (never a line cut across), opens
whole by a tap on its arrow, and is never over the box's buttons (the chooser, Baloot's
bids). Where the room is short (the hint opened whole) the chooser scrolls inside itself
and every contract is still read whole and taken
(``phone-chooser-<state>-<lang>.png``, ``phone-bid-hint-<state>-<lang>.png``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from a11y import check_a11y
from e2eserver import Server
from layout import assert_apart, assert_in_reach, no_page_scroll, reach, sideways
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from screens import open_context
from tablepage import (
    create_table,
    deal_no,
    quick_play,
    sign_in_as_guest,
    wait_for_turn_or_deal,
    watch_errors,
)

BOT: dict[str, Any] = {"kind": "bot", "level": "beginner"}
LOCALES = {"en": "en-GB", "ar": "ar-SA"}


@pytest.fixture(params=list(LOCALES))
def lang(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture
def page(browser: Browser, server: Server, lang: str) -> Iterator[Page]:
    """A phone in ``lang``, a new guest signed in, the first day's reward put away."""
    ctx: BrowserContext = open_context(browser, server, "phone", LOCALES[lang])
    p = ctx.new_page()
    p.add_init_script(f"localStorage.setItem('bolola.lang', {lang!r})")
    sign_in_as_guest(p)
    expect(p.locator(".app")).to_have_attribute("data-daily", "done")
    reward = p.get_by_test_id("daily-reward")
    if reward.count():
        reward.get_by_role("button").click()
    expect(reward).to_have_count(0)
    yield p
    ctx.close()


def snap(page: Page, shots: Path, name: str) -> None:
    page.screenshot(path=str(shots / f"{name}.png"), animations="disabled")


# What a piece of text shows of itself: its box against its content (cut when the content
# is taller or wider), and whether its box ends on a whole line (a line cut across shows
# a part of a line: its height is not a whole number of lines).
TEXT = """(els) => els.map((e) => {
  const s = getComputedStyle(e);
  const line = parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.2;
  const lines = e.clientHeight / line;
  return {text: e.innerText.slice(0, 60), scroll: [e.scrollWidth, e.scrollHeight],
          client: [e.clientWidth, e.clientHeight], lines,
          whole: e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1,
          wholeLines: Math.abs(lines - Math.round(lines)) < 0.1};
})"""


def texts(loc: Locator) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = loc.evaluate_all(TEXT)
    return found


def check_contracts_read_whole(page: Page, where: str) -> None:
    """Each contract's card, brought into the chooser's view as a finger would scroll it,
    is inside the chooser and the screen and uncovered (``reach``), and its name, what is
    left and what it costs show whole."""
    chooser = page.get_by_test_id("chooser")
    cards = chooser.locator("[data-contract]")
    assert cards.count() == 9, (where, cards.count())
    for k in range(cards.count()):
        card = cards.nth(k)
        card.scroll_into_view_if_needed()
        found = reach(card)
        assert not found[0]["problems"], (where, found)
        parts = texts(card.locator(".cname, .quota, [data-testid=contract-help]"))
        assert len(parts) == 3, (where, parts)
        cut = [p for p in parts if not p["whole"]]
        assert not cut, (where, "a contract's text is cut", cut)


def check_hint_brief(page: Page, where: str) -> None:
    """The hint while a box of choices is open: whole lines only (the suggestion, the start
    of its reason; the suggestions here are longer than that), with the arrow that opens
    the rest in reach."""
    said = page.get_by_test_id("hint-said")
    found = texts(said)[0]
    assert found["wholeLines"] and round(found["lines"]) == 2, (where, found)
    assert not found["whole"], (where, "a suggestion this long shows whole: no test", found)
    more = page.get_by_test_id("hint-more")
    expect(more).to_have_attribute("aria-expanded", "false")
    assert_in_reach(more, where=f"{where}: the hint's arrow")


def open_hint_whole(page: Page, where: str) -> None:
    """A tap on the arrow: the whole suggestion, nothing of it cut or scrolled away."""
    more = page.get_by_test_id("hint-more")
    more.tap()
    expect(more).to_have_attribute("aria-expanded", "true")
    said = texts(page.get_by_test_id("hint-said"))[0]
    assert said["whole"], (where, "the opened hint still hides some of its text", said)
    hint = texts(page.get_by_test_id("hint"))[0]
    assert hint["whole"], (where, "the opened hint scrolls", hint)
    expect(page.get_by_test_id("hint-reason")).to_be_in_viewport(ratio=1)


def test_every_contract_reads_whole_on_a_phone_with_the_hint_open(
    page: Page, lang: str, shots: Path
) -> None:
    errors = watch_errors(page)
    quick_play(page)
    # A new guest outranks the beginner bots: it declares the first deal (PL-16).
    assert wait_for_turn_or_deal(page, deal_no(page)) == "declare"
    chooser = page.get_by_test_id("chooser")

    # The hint asked: the suggestion in two whole lines above the felt; every contract
    # shows whole at once, nothing to scroll, and the hint meets none of them.
    page.get_by_test_id("hint-button").tap()
    expect(page.get_by_test_id("hint-action")).to_be_visible()
    assert_in_reach(chooser.locator("[data-contract]"), where=f"{lang} brief", at_least=9)
    size = chooser.evaluate("e => [e.scrollHeight, e.clientHeight]")
    assert size[0] <= size[1] + 1, (lang, "the chooser does not fit its room", size)
    check_contracts_read_whole(page, f"{lang} brief")
    check_hint_brief(page, f"{lang} chooser")
    assert_apart(page.get_by_test_id("hint"), chooser, where=f"{lang} hint and chooser")
    assert no_page_scroll(page) == {"x": 0, "y": 0} and not sideways(page), lang
    check_a11y(page, f"the chooser and the hint ({lang}, phone)")
    snap(page, shots, f"phone-chooser-brief-{lang}")

    # Opened whole: it reads to its end; the chooser, a row lower, scrolls inside itself
    # and every contract is still read whole and taken.
    open_hint_whole(page, f"{lang} chooser")
    assert_apart(page.get_by_test_id("hint"), chooser, where=f"{lang} opened hint")
    check_contracts_read_whole(page, f"{lang} opened hint")
    snap(page, shots, f"phone-chooser-open-{lang}")

    # Closed again, then put away; the choice is made as before.
    page.get_by_test_id("hint-more").tap()
    expect(page.get_by_test_id("hint-more")).to_have_attribute("aria-expanded", "false")
    page.get_by_test_id("hint-close").tap()
    expect(page.get_by_test_id("hint-action")).to_have_count(0)
    last = chooser.locator("[data-contract]").last
    last.scroll_into_view_if_needed()
    contract = last.get_attribute("data-contract")
    last.tap()
    if contract == "trumps":
        chooser.locator("[data-trump]").first.tap()
    expect(chooser).to_have_count(0)
    assert errors == [], errors


def test_the_baloot_bid_hint_reads_whole_on_a_phone_and_never_over_the_bids(
    page: Page, lang: str, shots: Path
) -> None:
    errors = watch_errors(page)
    table_id = create_table(page, "baloot", [{"kind": "human"}, BOT, BOT, BOT])
    page.goto(f"/table/{table_id}")
    # Seat 3 deals: seat 0, ours, speaks first (BA-1).
    panel = page.get_by_test_id("bid-panel")
    expect(panel).to_be_visible()
    expect(page.get_by_test_id("table")).to_have_attribute("data-owes", "true")
    bids = panel.locator("[data-say]")

    page.get_by_test_id("hint-button").tap()
    expect(page.get_by_test_id("hint-action")).to_be_visible()
    check_hint_brief(page, f"{lang} bid")
    assert_apart(page.get_by_test_id("hint"), panel, where=f"{lang} hint and bids")
    assert_in_reach(bids, where=f"{lang} bids, the hint brief", at_least=2)
    snap(page, shots, f"phone-bid-hint-brief-{lang}")

    open_hint_whole(page, f"{lang} bid")
    assert_apart(page.get_by_test_id("hint"), panel, where=f"{lang} opened hint and bids")
    assert_in_reach(bids, where=f"{lang} bids, the hint whole", at_least=2)
    check_a11y(page, f"the bids and the opened hint ({lang}, phone)")
    snap(page, shots, f"phone-bid-hint-open-{lang}")
    assert errors == [], errors
