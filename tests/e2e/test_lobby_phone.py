"""The lobby on a phone (390 x 844) and a desktop (1280 x 800): a tile's "Nueva mesa" opens
the new table's form under all four tiles, a screen or more below the tile on a phone; the
page goes to the form and the focus into it, so the click visibly does something."""

from __future__ import annotations

from pathlib import Path

import pytest
from layout import assert_in_reach
from playwright.sync_api import BrowserContext, expect
from tablepage import sign_in_as_guest, watch_errors


@pytest.mark.parametrize("game", ["king-bolola", "jolly"])
def test_a_tiles_new_table_brings_the_form_into_view_and_focus(
    sized: BrowserContext, size: str, game: str, shots: Path
) -> None:
    page = sized.new_page()
    errors = watch_errors(page)
    sign_in_as_guest(page)
    form = page.get_by_test_id("new-game")
    expect(form).to_have_count(0)
    tile = page.locator(f"[data-testid=game-tile][data-game={game}]")
    tile.get_by_test_id("tile-new").click()

    # The form's top is on screen: its title and the game's choice, which has the focus and
    # holds the tile's game.
    choice = form.get_by_test_id("game-choice")
    expect(form.get_by_role("heading", name="Nueva mesa")).to_be_in_viewport(ratio=1)
    expect(choice).to_be_in_viewport(ratio=1)
    expect(choice).to_be_focused()
    expect(choice).to_have_value(game)
    assert_in_reach(choice, where=f"{size}: the form's game choice after the tile's click")
    # The form is ready to use from where it opened: the next field is a Tab away.
    page.keyboard.press("Tab")
    expect(choice).not_to_be_focused()
    expect(form.locator(":focus")).to_have_count(1)
    page.screenshot(path=str(shots / f"lobby-new-table-{game}-{size}.png"), animations="disabled")
    assert errors == [], errors
