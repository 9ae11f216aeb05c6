"""The New table form offers every table option a game's rules name (PL-1), each with its
words and a link to its rule, starting at the game's defaults (Jolly: 4 players, JO-1);
the lobby's list shows the options a table has on (PL-2). On a phone (390 x 844) and a
desktop, in Spanish and Arabic (``lobby-options-<game>-<lang>-<size>.png``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from a11y import check_a11y
from e2eserver import Server
from layout import assert_in_reach, no_page_scroll, sideways
from playwright.sync_api import Browser, Page, expect
from screens import SIZES, open_context
from tablepage import create_table, sign_in_as_guest, watch_errors

# The options each game's form offers, with the rule that explains each one.
OFFERED = {
    "king-bolola": {"king-under-ace": "kb-45"},
    "baloot": {"strict-trumping": "ba-15", "hokum-kaboot-25": "ba-25"},
}
HUMAN = {"kind": "human"}


def open_form(page: Page, game: str) -> None:
    page.locator(f"[data-testid=game-tile][data-game={game}]").get_by_test_id("tile-new").click()
    expect(page.get_by_test_id("game-choice")).to_have_value(game)


def table_options(page: Page, table_id: int) -> dict[str, object]:
    """The table's options as the server lists it."""
    answer = page.evaluate(
        """async (id) => {
            const token = localStorage.getItem('bolola.token');
            const headers = {authorization: `Bearer ${token}`};
            const r = await fetch(`/api/tables/${id}`, {headers});
            return (await r.json()).table.options;
        }""",
        table_id,
    )
    assert isinstance(answer, dict), answer
    return answer


@pytest.mark.parametrize("lang", ["es", "ar"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_form_offers_each_option_with_its_rule_and_the_lobby_shows_it(
    browser: Browser, server: Server, shots: Path, size: str, lang: str
) -> None:
    ctx = open_context(browser, server, size, locale={"es": "es-ES", "ar": "ar-SA"}[lang])
    page = ctx.new_page()
    errors = watch_errors(page)
    sign_in_as_guest(page)
    form = page.get_by_test_id("new-game")

    for game, rules in OFFERED.items():
        open_form(page, game)
        options = form.get_by_test_id("option")
        expect(options).to_have_count(len(rules))
        for key, anchor in rules.items():
            option = form.locator(f'[data-testid=option][data-option="{key}"]')
            box = option.get_by_role("checkbox")
            expect(box).not_to_be_checked()  # off unless chosen, as the rules say
            expect(option.locator(".option-help")).not_to_be_empty()
            link = option.get_by_test_id("option-rule")
            expect(link).to_have_attribute("href", f"/rules/{game}#{anchor}")
            expect(link).to_have_attribute("target", "_blank")
        form.get_by_test_id("table-options").scroll_into_view_if_needed()
        assert_in_reach(options.get_by_role("checkbox"), where=f"{game} options {lang} {size}")
        assert not sideways(page) and no_page_scroll(page)["x"] <= 0, (game, lang, size)
        page.screenshot(
            path=str(shots / f"lobby-options-{game}-{lang}-{size}.png"), animations="disabled"
        )
    check_a11y(page, f"the New table form's options ({lang} {size})")

    # A game without on/off options shows none; Jolly's form starts at 4 players (JO-1).
    open_form(page, "jolly")
    expect(form.get_by_test_id("table-options")).to_have_count(0)
    expect(form.get_by_test_id("players-choice")).to_have_value("4")
    expect(form.get_by_test_id("seat-choice")).to_have_count(3)
    expect(form.get_by_test_id("players-choice").locator("xpath=..")).to_contain_text("JO-1")

    # The host turns strict trumping on: the table the server made has it, the other off.
    open_form(page, "baloot")
    form.locator('[data-option="strict-trumping"]').get_by_role("checkbox").check()
    form.get_by_test_id("create").click()
    expect(page).to_have_url(re.compile(r"/table/\d+$"))
    made = int(page.url.rsplit("/", 1)[1])
    assert table_options(page, made) == {"strict-trumping": True, "hokum-kaboot-25": False}

    # A table with an option on, open for anyone: the lobby lists it with that option.
    page.goto("/")
    listed = create_table(page, "baloot", [HUMAN] * 4, {"hokum-kaboot-25": True})
    row = page.locator(f'[data-testid=tables] [data-table="{listed}"]')
    chip = row.get_by_test_id("table-option")
    expect(chip).to_have_count(1)
    expect(chip).to_have_attribute("data-option", "hokum-kaboot-25")
    expect(chip).to_have_attribute("title", re.compile(r"25.*44|44.*25"))
    row.scroll_into_view_if_needed()
    page.screenshot(
        path=str(shots / f"lobby-listed-option-{lang}-{size}.png"), animations="disabled"
    )
    assert errors == [], errors
    ctx.close()
