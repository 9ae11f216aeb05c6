"""The practice hint in the browser (issue 18): at a King Bolola table against bots the
Hint button shows the expert's suggestion, one of the player's legal moves, with its
reason; at a rated table there is no button at all."""

from __future__ import annotations

from pathlib import Path

from a11y import check_a11y
from playwright.sync_api import BrowserContext, Page, expect
from tablepage import deal_no, legal_cards, quick_play, sign_in_as_guest, wait_for_turn_or_deal


def test_the_hint_button_suggests_a_legal_move_against_bots(
    context: BrowserContext, shots: Path
) -> None:
    page = context.new_page()
    sign_in_as_guest(page)
    quick_play(page)  # waits for the first deal on screen: its number is known then
    phase = wait_for_turn_or_deal(page, deal_no(page))
    assert phase in ("declare", "play"), phase
    button = page.get_by_test_id("hint-button")
    expect(button).to_be_enabled()
    button.click()
    shown = page.get_by_test_id("hint-action")
    expect(shown).to_be_visible()
    action = shown.get_attribute("data-action") or ""
    if phase == "play":
        legal = legal_cards(page).evaluate_all("els => els.map(e => e.dataset.card)")
        assert action in legal, (action, legal)
    else:
        offered = page.get_by_test_id("chooser").locator("[data-contract]")
        contracts = offered.evaluate_all("els => els.map(e => e.dataset.contract)")
        assert action.split(":")[0] in contracts, (action, contracts)
    expect(shown).to_contain_text("Sugerencia:")
    expect(page.get_by_test_id("hint-reason")).not_to_be_empty()
    check_a11y(page, "a table with a hint shown")
    page.screenshot(path=str(shots / "hint.png"), animations="disabled")
    # The suggestion sits above the felt: the decision it is about stays open to take.
    if phase == "play":
        expect(legal_cards(page).first).to_be_visible()
    else:
        expect(page.get_by_test_id("chooser")).to_be_visible()


def rated_table(page: Page) -> int:
    answer = page.evaluate(
        """async () => {
            const token = localStorage.getItem('bolola.token');
            const seats = [{kind: 'human'}, ...Array(3).fill({kind: 'bot', level: 'club'})];
            const r = await fetch('/api/tables', {
              method: 'POST',
              headers: {'content-type': 'application/json', authorization: `Bearer ${token}`},
              body: JSON.stringify({game: 'king-bolola', seats, rated: true}),
            });
            return {status: r.status, body: await r.json()};
        }"""
    )
    assert answer["status"] == 201 and answer["body"]["table"]["hints"] is False, answer
    table_id: int = answer["body"]["table"]["id"]
    return table_id


def test_no_hint_button_at_a_rated_table(context: BrowserContext) -> None:
    page = context.new_page()
    sign_in_as_guest(page)
    table_id = rated_table(page)
    # The button waits on the table's summary: once it is read, the answer is final.
    with page.expect_response(lambda r: r.url.endswith(f"/api/tables/{table_id}")) as read:
        page.goto(f"/table/{table_id}")
    assert read.value.json()["table"]["hints"] is False
    wait_for_turn_or_deal(page, deal_no(page) or 1)
    expect(page.get_by_test_id("hint")).to_have_count(0)
    expect(page.get_by_test_id("hint-button")).to_have_count(0)
