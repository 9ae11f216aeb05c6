"""Jolly's melds as a new player meets them, on a desktop and a phone, at a hand-made
position (jopage.py: the engine's own view of it, the page's actions kept, not played):
a joker on the table says the card it stands for as the cards show it ("10♥", in the
player's two or four colours); a selection that is no meld says why, citing the rule;
a player opens with the melds they choose, all at once or one meld at a time."""

from __future__ import annotations

from pathlib import Path

from a11y import check_a11y
from jopage import expect_sent, open_position, pick, position_view, unpick_all
from playwright.sync_api import BrowserContext, Page, expect

# Seat 0 has drawn and not opened; seat 1 has opened with jokers standing for 10♥, 4♠,
# K♦, 7♣ and J♠. The hand opens in several ways (JO-8): the finder's is
# 4♥ 5♥ 6♥ 7♥ | 7♠ 7♦ 7♣ | 2♣ 3♣ 4♣; 10♣ Q♣ K♣ is no run (J♣ is missing, JO-4).
HAND = "4H 5H 6H 7H 7S 7D 7C 2C 3C 4C TC QC KC AS"
TABLE = (
    (1, "9H,JK=TH,JH"),
    (1, "JK=4S,5S,6S"),
    (1, "KS,KH,JK=KD"),
    (1, "5C,6C,JK=7C"),
    (1, "9S,TS,JK=JS"),
)
# The colours of Card.svelte's faces: two-colour, then four-colour diamonds.
RED = "rgb(200, 16, 46)"
BLUE = "rgb(10, 99, 184)"


def at_position(context: BrowserContext, four_colours: bool = False) -> tuple[Page, list[str]]:
    page = context.new_page()
    page.add_init_script(
        f"localStorage.setItem('bolola.pace', 'off');"
        f"localStorage.setItem('bolola.fourColours', '{1 if four_colours else 0}')"
    )
    page.goto("/")
    lobby = page.get_by_test_id("lobby")
    guest = page.get_by_test_id("guest")
    lobby.or_(guest).first.wait_for()
    if guest.count():  # the context's first page: signed in from then on
        guest.click()
    expect(lobby).to_be_visible()
    sent = open_position(page, position_view(HAND, table=TABLE, opened=(False, True)))
    return page, sent


def suit_colour(page: Page, face: str) -> str:
    label = page.locator(f'[data-testid="joker-as"][data-face="{face}"]')
    colour: str = label.locator("svg path").evaluate("p => getComputedStyle(p).fill")
    return colour


def test_a_joker_on_the_table_says_its_card_as_the_cards_show_it(
    sized: BrowserContext, size: str, shots: Path
) -> None:
    page, _ = at_position(sized)
    melds = page.get_by_test_id("melds")
    labels = melds.get_by_test_id("joker-as")
    expect(labels).to_have_count(5)
    faces = labels.evaluate_all("els => els.map(e => e.dataset.face)")
    assert faces == ["TH", "4S", "KD", "7C", "JS"], faces
    # What it shows is the rank as printed on a card, with the suit's mark: never a code.
    shown = [s.strip() for s in labels.all_inner_texts()]
    assert shown == ["10", "4", "K", "7", "J"], shown
    expect(labels.locator("svg")).to_have_count(5)
    expect(melds.locator('[data-testid="joker-as"][data-face="TH"]')).to_have_attribute(
        "aria-label", "10♥ diez de corazones"
    )
    # K♦ is red in the two-colour deck, as on its card.
    assert suit_colour(page, "KD") == RED
    check_a11y(page, f"Jolly melds with jokers, {size}")
    page.screenshot(path=str(shots / f"jolly-jokers-{size}.png"), animations="disabled")

    four, _ = at_position(sized, four_colours=True)
    expect(four.get_by_test_id("joker-as")).to_have_count(5)
    assert suit_colour(four, "KD") == BLUE
    four.close()


def test_a_selection_that_is_no_meld_says_why(
    sized: BrowserContext, size: str, shots: Path
) -> None:
    page, _ = at_position(sized)
    why = page.get_by_test_id("meld-why")
    meld = page.get_by_test_id("meld")
    pick(page, "TC QC KC")
    expect(meld).to_be_disabled()
    expect(why).to_contain_text("J♣")
    # The rule it cites is a link to it, not a code in brackets.
    expect(why.locator('a[data-rule="JO-4"]')).to_have_attribute("href", "/rules/jolly#jo-4")
    page.screenshot(path=str(shots / f"jolly-why-{size}.png"), animations="disabled")
    pick(page, "AS")  # four cards of two suits and three ranks
    expect(why.locator("a[data-rule]")).to_have_text(["JO-3", "JO-4"])
    # A meld is fine on its own, but an opening needs more points (JO-8): it can go into
    # one, so it is offered to set aside for the opening, and nothing is wrong.
    unpick_all(page)
    expect(why).to_have_count(0)
    pick(page, "2C 3C 4C")
    expect(page.get_by_test_id("stage")).to_be_enabled()
    expect(why).to_have_count(0)


def test_a_player_opens_with_the_melds_they_choose(
    sized: BrowserContext, size: str, shots: Path
) -> None:
    # All at once: cards that split into melds one way only open with that split.
    page, sent = at_position(sized)
    pick(page, "4H 5H 6H 7S 7D 7C 2C 3C 4C")
    page.get_by_test_id("meld").click()
    expect_sent(page, sent, "open:2C,3C,4C|4H,5H,6H|7S,7D,7C")
    page.close()

    # One meld at a time: each set aside, counted, then the opening laid down.
    page, sent = at_position(sized)
    pick(page, "4H 5H 6H")
    page.get_by_test_id("stage").click()
    opening = page.get_by_test_id("opening")
    expect(opening.locator("[data-meld]")).to_have_count(1)
    expect(page.get_by_test_id("jolly-hand").locator("[data-card]")).to_have_count(11)
    pick(page, "7S 7H 7D 7C")
    page.get_by_test_id("stage").click()
    expect(opening).to_contain_text("43")
    expect(page.get_by_test_id("open")).to_be_enabled()
    pick(page, "2C 3C 4C")
    page.get_by_test_id("stage").click()
    expect(opening.locator("[data-meld]")).to_have_count(3)
    expect(opening).to_contain_text("52")
    check_a11y(page, f"a Jolly opening set aside meld by meld, {size}")
    page.screenshot(path=str(shots / f"jolly-opening-{size}.png"), animations="disabled")
    page.get_by_test_id("open").click()
    expect_sent(page, sent, "open:2C,3C,4C|4H,5H,6H|7S,7H,7D,7C")
    page.close()

    # Cards that split in two ways: the player picks the split.
    page, sent = at_position(sized)
    pick(page, "4H 5H 6H 7H 7S 7D 7C 2C 3C 4C")
    page.get_by_test_id("meld").click()
    choices = page.get_by_test_id("meld-choice").locator("[data-action]")
    expect(choices).to_have_count(2)
    page.screenshot(path=str(shots / f"jolly-choice-{size}.png"), animations="disabled")
    choices.filter(has=page.locator('[data-meld="7S,7H,7D,7C"]')).click()
    expect_sent(page, sent, "open:2C,3C,4C|4H,5H,6H|7S,7H,7D,7C")
