"""The rules pages link each other as the rules files do ("Versión en inglés: Rules in
English", "Spanish version: Reglas en español", the platform's "the King Bolola rules"):
each link opens that rules page inside the app, in the language the link names, never a
missing file, and no link reads as a file name."""

from __future__ import annotations

import re

import pytest
from e2eserver import Server
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect
from screens import open_context
from tablepage import watch_errors

GAMES = ["king-bolola", "baloot", "jolly", "hearts-trumps"]


def rules(page: Page) -> Locator:
    return page.get_by_test_id("rules")


@pytest.mark.parametrize("game", GAMES)
def test_the_other_language_link_opens_the_same_rules_in_that_language(
    context: BrowserContext, game: str
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"/rules/{game}")  # a Spanish browser: the Spanish text first
    text = rules(page).locator("article")
    expect(text).to_have_attribute("lang", "es")
    expect(text).to_contain_text("Versión en inglés")

    # Words, not file names ("baloot.md"), on the links.
    expect(text.get_by_role("link", name=re.compile(r"\.md\b"))).to_have_count(0)
    text.get_by_role("link", name="Rules in English").click()
    expect(page).to_have_url(re.compile(rf"/rules/{game}\?lang=en$"))
    expect(rules(page)).to_have_attribute("data-game", game)
    expect(text).to_have_attribute("lang", "en")
    expect(text).to_contain_text("Spanish version")
    expect(page.get_by_text('"type":"error"')).to_have_count(0)
    # The page around it stays in the player's language.
    expect(page.get_by_role("link", name="Volver al salón")).to_be_visible()

    expect(text.get_by_role("link", name=re.compile(r"\.md\b"))).to_have_count(0)
    text.get_by_role("link", name="Reglas en español").click()
    expect(page).to_have_url(re.compile(rf"/rules/{game}\?lang=es$"))
    expect(text).to_have_attribute("lang", "es")
    expect(text).to_contain_text("Versión en inglés")

    # Back: the English text again, as the address says.
    page.go_back()
    expect(page).to_have_url(re.compile(rf"/rules/{game}\?lang=en$"))
    expect(text).to_have_attribute("lang", "en")
    # A reload of that address keeps the language it asks for.
    page.reload()
    expect(rules(page).locator("article")).to_have_attribute("lang", "en")
    assert errors == [], errors


def test_the_platform_rules_link_to_a_games_rules_page(context: BrowserContext) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    page.goto("/rules/platform")
    link = rules(page).locator("article").get_by_role("link", name="the King Bolola rules")
    expect(link).to_have_attribute("href", "/rules/king-bolola")
    link.click()
    expect(page).to_have_url(re.compile(r"/rules/king-bolola$"))
    expect(rules(page)).to_have_attribute("data-game", "king-bolola")
    expect(rules(page).locator("article")).to_have_attribute("lang", "es")
    expect(page.locator("#kb-11")).to_be_attached()
    assert errors == [], errors


def test_rules_not_written_in_the_readers_language_say_so(browser: Browser, server: Server) -> None:
    """No game's rules are written in Arabic yet: an Arabic reader is told the text is
    English; the way back names the room's rules, not "the room" beside "the lobby"."""
    arabic = open_context(browser, server, "desktop", "ar")
    page = arabic.new_page()
    page.goto("/rules/baloot")
    expect(rules(page).locator("article")).to_have_attribute("lang", "en")
    expect(page.get_by_test_id("rules-other-lang")).to_be_visible()
    expect(rules(page).locator("nav")).to_contain_text("قواعد الصالة")
    arabic.close()


def test_rules_in_the_language_asked_say_nothing_more(context: BrowserContext) -> None:
    page = context.new_page()
    page.goto("/rules/baloot")  # Spanish, as the browser
    expect(rules(page).locator("article")).to_have_attribute("lang", "es")
    page.goto("/rules/baloot?lang=en")  # English, as asked
    expect(rules(page).locator("article")).to_have_attribute("lang", "en")
    expect(page.get_by_test_id("rules-other-lang")).to_have_count(0)
