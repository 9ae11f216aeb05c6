"""The Baloot bid panel says which decision is owed (BA-5 … BA-8): four guests at one
table bid so that the first speaker owes a claim of the Sun after a partner's Ashkal
(BA-7), or the confirmation of a Hokum everyone passed (BA-6). Both offer the same kind
of buttons as a bid, so the panel's prompt, its rule link and the buttons' words are
what tell them apart. On a phone (390 x 844) and a desktop, in Spanish and Arabic
(``baloot-<stage>-<lang>-<size>.png``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from a11y import check_a11y
from e2eserver import Server
from layout import assert_in_reach, assert_nothing_over, sideways
from playwright.sync_api import Browser, BrowserContext, Page, expect
from screens import SIZES, open_context
from tablepage import create_table, join, sign_in_as_guest, watch_errors

# Seat 3 deals the first round, so seat 0 speaks first (BA-1); each scenario's bids in
# speaking order, then what the first speaker (the host) owes, with its rule and words.
SCENARIOS: dict[str, dict[str, Any]] = {
    "claim": {
        "bids": ["pass", "pass", "pass", "ashkal"],  # seat 3, an opponent, says Ashkal
        "rule": "BA-7",
        "says": ["sun", "pass"],
        "words": {"es": "puedes quedarte el Sun", "ar": "تأخذ الصن لنفسك"},
        "button": {"es": "El Sun pasa a ser tuyo", "ar": "يصير الصن لك"},
        "others": {"es": "puede quedarse el Sun de"},
    },
    # The same claim put to the caller's partner, who plays the Sun whichever they say.
    "partner-claim": {
        "stage": "claim",
        "bids": ["pass", "hokum", "ashkal"],  # seat 2, the host's partner, says Ashkal
        "rule": "BA-7",
        "says": ["sun", "pass"],
        "words": {"es": "juegas el Sun de todos modos", "ar": "ستلعب الصن في الحالتين"},
        "button": {"es": "Un Sun normal, tuyo", "ar": "صن عادي لك"},
        "others": {"es": "puede quedarse el Sun de"},
    },
    "confirm": {
        "bids": ["hokum", "pass", "pass", "pass"],  # everyone passed the host's Hokum
        "rule": "BA-6",
        "says": ["hokum", "sun"],
        "words": {"es": "confírmalo o cámbialo a Sun", "ar": "ثبّته أو حوّله إلى صن"},
        "button": {"es": "Te quedas tu Hokum", "ar": "تثبّت حكمك"},
        "others": {"es": "confirma su Hokum o lo cambia a Sun"},
    },
}
LOCALES = {"es": "es-ES", "ar": "ar-SA"}


@pytest.fixture
def others(browser: Browser, server: Server) -> Iterator[list[Page]]:
    """Three more guests, each in a browser of their own, in Spanish on a desktop."""
    contexts = [open_context(browser, server, "desktop") for _ in range(3)]
    pages = [c.new_page() for c in contexts]
    for p in pages:
        sign_in_as_guest(p)
    yield pages
    for c in contexts:
        c.close()


@pytest.mark.parametrize("stage", list(SCENARIOS))
@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("size", list(SIZES))
def test_ba6_ba7_the_bid_panel_says_which_decision_is_owed(
    browser: Browser,
    server: Server,
    others: list[Page],
    shots: Path,
    size: str,
    lang: str,
    stage: str,
) -> None:
    scenario = SCENARIOS[stage]
    bid_stage = str(scenario.get("stage", stage))
    ctx: BrowserContext = open_context(browser, server, size, locale=LOCALES[lang])
    host = ctx.new_page()
    errors = watch_errors(host)
    sign_in_as_guest(host)
    table_id = create_table(host, "baloot", [{"kind": "human"}] * 4)
    seats = {join(p, table_id): p for p in (host, *others)}
    assert seats[0] is host, sorted(seats)
    for p in seats.values():
        expect(p.get_by_test_id("table")).to_have_attribute("data-phase", "bid")

    for seat, bid in enumerate(scenario["bids"]):
        page = seats[seat]
        panel = page.get_by_test_id("bid-panel")
        expect(panel.get_by_test_id("bid-prompt")).to_have_attribute("data-stage", "speak")
        panel.locator(f'[data-say="{bid}"]').click()
        expect(panel).to_have_count(0)

    # The host owes the scenario's decision: the panel names it, and its rule.
    table = host.get_by_test_id("table")
    expect(table).to_have_attribute("data-owes", "true")
    expect(table).to_have_attribute("data-bid-stage", bid_stage)
    panel = host.get_by_test_id("bid-panel")
    prompt = panel.get_by_test_id("bid-prompt")
    expect(prompt).to_have_attribute("data-stage", bid_stage)
    expect(prompt).to_contain_text(scenario["words"][lang])
    rule = str(scenario["rule"])
    link = prompt.get_by_test_id("rule-link")
    expect(link).to_have_text(rule)
    expect(link).to_have_attribute("href", f"/rules/baloot#{rule.lower()}")
    cited = host.get_by_test_id("status").locator(f'a[data-rule="{rule}"]')
    expect(cited).to_have_attribute("href", f"/rules/baloot#{rule.lower()}")
    buttons = panel.locator("[data-say]")
    expect(buttons).to_have_count(len(scenario["says"]))
    for say in scenario["says"]:
        expect(panel.locator(f'[data-say="{say}"]')).to_be_visible()
    expect(panel.locator(f'[data-say="{scenario["says"][0]}"]')).to_contain_text(
        scenario["button"][lang]
    )
    # The others read who decides what, not "is bidding".
    expect(seats[1].get_by_test_id("status")).to_contain_text(scenario["others"]["es"])

    where = f"{stage} {lang} {size}"
    assert_nothing_over(host, panel, host.locator(".hand"), where=where)
    assert_in_reach(buttons, where=where)
    assert not sideways(host), (where, sideways(host))
    check_a11y(host, f"the Baloot {stage} prompt ({lang} {size})")
    host.screenshot(path=str(shots / f"baloot-{stage}-{lang}-{size}.png"), animations="disabled")
    assert errors == [], errors
    ctx.close()
