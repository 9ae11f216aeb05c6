"""The table shell's acceptance, on a desktop (1280 x 800) and a phone (390 x 844): a whole
King Bolola deal and a whole Hearts Are Trumps deal played by clicks, where at every
decision the player owes no dialog covers it, its controls are on screen and uncovered, the
led card shows when "Te toca" does, and no page error occurs; the axe check of every screen;
a spectator from the lobby's "Mirar"; the links to "How to play". Each screen is saved as
``<screen>-desktop.png`` / ``<screen>-phone.png`` (docs/screenshots.md)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from a11y import check_a11y
from e2eserver import Server
from htpage import create_table, fill_slots, open_table, press_place, wait_for_battles
from htpage import table as ht_table
from layout import assert_in_reach, assert_nothing_over, no_page_scroll, seen
from playwright.sync_api import BrowserContext, Locator, Page, expect
from tablepage import (
    CORNER,
    REASON,
    deal_no,
    declare,
    leave_table,
    legal_cards,
    play_card,
    play_deal,
    quick_play,
    sign_in_as_guest,
    table,
    wait_for_turn_or_deal,
    watch_errors,
)

# Quickened ("Rápido"): the same queue of beats (cards landing one by one, the trick held
# then collected, the turn shown last) with shorter beats. The real pace has its own test
# (test_play.py::test_at_the_real_pace_your_turn_shows_the_cards_led_before_it).
PACE = "fast"


def snap(page: Page, shots: Path, screen: str, size: str) -> None:
    """What the player sees now (the viewport, not the whole scrolled page)."""
    page.screenshot(path=str(shots / f"{screen}-{size}.png"), animations="disabled")


def my_seat(page: Page) -> int:
    return int(page.locator(".seat-slot.bottom [data-testid=seat]").get_attribute("data-seat") or 0)


def open_sheet(page: Page, size: str) -> None:
    """The score tab: beside the board on a desktop, in the drawer from the bar on a phone."""
    if size == "phone":
        page.get_by_test_id("side-toggle").click()
    page.get_by_test_id("sheet-tab").click()


# -- sign-in, lobby, rules ------------------------------------------------------------------


def test_sign_in_lobby_and_rules_pass_axe_and_the_tile_links_to_the_rules(
    sized: BrowserContext, server: Server, shots: Path, size: str
) -> None:
    page = sized.new_page()
    errors = watch_errors(page)
    page.goto("/")
    expect(page.get_by_test_id("guest")).to_be_visible()
    check_a11y(page, f"sign-in {size}")
    snap(page, shots, "sign-in", size)

    sign_in_as_guest(page)
    # An open table (a human seat free) and a table in play (us and three bots), listed.
    open_id = create_kb_table(page, [{"kind": "human"}, {"kind": "human"}, BOT, BOT])
    # A table is in play once we sit at it; leaving it (the bar's "Dejar la mesa") keeps
    # it going (a bot plays our seat), and back in the lobby it is listed with our seat
    # to take back.
    playing_id = quick_play(page)
    leave_table(page)  # asked first, the match being in play
    expect(page.locator(f'[data-testid=tables] li[data-table="{open_id}"]')).to_be_visible()
    playing = page.locator(f'[data-testid=playing] li[data-table="{playing_id}"]')
    expect(playing.get_by_test_id("return")).to_be_attached()
    check_a11y(page, f"lobby {size}")
    assert no_page_scroll(page)["x"] <= 0, "the lobby scrolls sideways"
    if size == "phone":  # the tiles fill a phone's screen: the picture shows the tables
        page.get_by_role("heading", name="Mesas abiertas").evaluate(
            "e => e.scrollIntoView({block: 'start'})"
        )
    snap(page, shots, "lobby", size)

    # The tile's "Cómo se juega" opens the game's rules, with the numbered rule anchors.
    tile = page.locator("[data-testid=game-tile][data-game=king-bolola]")
    tile.get_by_test_id("how-to-play").click()
    expect(page).to_have_url(re.compile(r"/rules/king-bolola$"))
    expect(page.get_by_test_id("rules")).to_have_attribute("data-game", "king-bolola")
    expect(page.locator("#kb-11")).to_be_attached()
    expect(page.locator("#kb-11")).to_have_text("KB-11.")
    check_a11y(page, f"rules {size}")
    assert no_page_scroll(page)["x"] <= 0, "the rules scroll sideways"
    snap(page, shots, "rules", size)
    assert errors == [], errors


BOT: dict[str, Any] = {"kind": "bot", "level": "beginner"}


def create_kb_table(page: Page, seats: list[dict[str, Any]]) -> int:
    """A King Bolola table made through the REST API as the signed-in page's player."""
    answer = page.evaluate(
        """async (seats) => {
            const token = localStorage.getItem('bolola.token');
            const r = await fetch('/api/tables', {
              method: 'POST',
              headers: {'content-type': 'application/json', authorization: `Bearer ${token}`},
              body: JSON.stringify({game: 'king-bolola', seats}),
            });
            return {status: r.status, body: await r.json()};
        }""",
        seats,
    )
    assert answer["status"] == 201, answer
    table_id: int = answer["body"]["table"]["id"]
    return table_id


# -- a whole King Bolola deal ---------------------------------------------------------------


def check_declare(page: Page, where: str) -> None:
    """The contract chooser: nothing over it or the hand; every contract in reach."""
    chooser = page.get_by_test_id("chooser")
    expect(chooser.locator("[data-contract]").first).to_be_enabled()
    expect(page.get_by_test_id("status")).to_have_text("Elige el contrato")
    assert_nothing_over(page, chooser, page.locator(".hand"), where=where)
    assert no_page_scroll(page) == {"x": 0, "y": 0}, (where, no_page_scroll(page))
    assert_in_reach(chooser.locator("[data-contract]"), where=where)


def choose_with_checks(page: Page, where: str) -> str:
    """Chooses the first contract (and for trumps the first suit, checked the same way)."""
    chooser = page.get_by_test_id("chooser")
    first = chooser.locator("[data-contract]").first
    contract = first.get_attribute("data-contract") or ""
    first.click()
    if contract == "trumps":
        expect(chooser.locator("[data-trump]").first).to_be_visible()
        assert_nothing_over(page, chooser, where=where)
        assert_in_reach(chooser.locator("[data-trump]"), where=f"{where} (suits)", at_least=4)
        chooser.locator("[data-trump]").first.click()
    expect(chooser).to_have_count(0)
    return contract


def check_turn(page: Page, me: int, where: str) -> int:
    """Our turn to play a card: no popup over the hand; the legal cards in reach; the trick
    so far (the led card first) in the middle, each card inside the viewport and in sight
    (nothing, popup or card, hides it: the browser hits the card itself). Returns how many
    cards were on the table."""
    expect(page.get_by_test_id("status")).to_have_text("Te toca")
    t = table(page)
    # The screen has caught up: what it shows is the latest the server sent.
    assert t.get_attribute("data-version") == t.get_attribute("data-latest-version"), where
    expect(page.get_by_test_id("trick-winner")).to_have_count(0)
    centre = page.get_by_test_id("drop-zone")
    hand = page.locator(".hand")
    assert_nothing_over(page, hand, where=where)
    assert no_page_scroll(page) == {"x": 0, "y": 0}, (where, no_page_scroll(page))
    assert_in_reach(legal_cards(page), where=where)
    # The cards before ours in this trick: one per seat from the leader to us (KB: four
    # seats, each plays once a trick).
    leader = centre.get_attribute("data-leader") or ""
    owed = (me - int(leader)) % 4 if leader else 0
    trick = (centre.get_attribute("data-trick") or "").split()
    assert len(trick) == owed, (where, leader, me, trick)
    played = centre.locator("[data-played]")
    expect(played).to_have_count(owed)
    if owed:
        shown = seen(played)
        assert [s["name"] for s in shown] == trick, (where, shown, trick)
        for s in shown:
            assert s["inside"] and s["seen"] > 0, (where, "a played card is out of sight", s)
        # The led card: not hidden under the ones played after it.
        assert shown[0]["seen"] >= 0.3, (where, "the led card is mostly covered", shown)
    return owed


def test_a_whole_king_bolola_deal_keeps_every_decision_in_sight(
    sized: BrowserContext, shots: Path, size: str
) -> None:
    page = sized.new_page()
    errors = watch_errors(page)
    sign_in_as_guest(page, pace=PACE)
    quick_play(page)
    me = my_seat(page)
    assert deal_no(page) == 1
    decisions = {"declare": 0, "play": 0, "followed": 0}
    while True:
        step = wait_for_turn_or_deal(page, 1)
        if step == "over":
            break
        where = f"{size} deal 1 {step} {sum(decisions.values())}"
        if step == "declare":
            check_declare(page, where)
            if not decisions["declare"]:
                check_a11y(page, f"contract chooser {size}")
                snap(page, shots, "kb-chooser", size)
            choose_with_checks(page, where)
            decisions["declare"] += 1
            continue
        owed = check_turn(page, me, where)
        if owed and not decisions["followed"]:
            check_a11y(page, f"mid-trick {size}")
            snap(page, shots, "kb-trick", size)
        decisions["followed"] += bool(owed)
        decisions["play"] += 1
        play_card(page, legal_cards(page).first.get_attribute("data-card") or "")
    # A new guest outranks the beginner bots, so declares the first deal (PL-16).
    assert decisions["declare"] == 1, decisions
    assert decisions["play"] >= 1 and decisions["followed"] >= 1, decisions

    # Deal 1 is over: its summary shows, and the next decision of deal 2 is not under it.
    summary = page.get_by_test_id("deal-summary")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("Fin del reparto 1")
    assert_in_reach(page.get_by_test_id("news-close"), where=f"{size} summary")
    step = wait_for_turn_or_deal(page, 2)
    assert step in ("declare", "play"), step
    expect(summary).to_be_visible()
    where = f"{size} deal 2 first {step}, summary on show"
    if step == "declare":
        check_declare(page, where)
    else:
        check_turn(page, me, where)
    snap(page, shots, "kb-deal-over", size)

    # The score sheet keeps deal 1.
    open_sheet(page, size)
    sheet = page.get_by_test_id("score-sheet")
    expect(sheet).to_be_visible()
    first_row = sheet.locator("tbody tr").first
    expect(first_row.locator("td.contract")).not_to_be_empty()
    points = [int(re.sub(r"[^-\d]", "", x)) for x in first_row.locator("td.num").all_inner_texts()]
    assert any(points), points
    check_a11y(page, f"score sheet {size}")
    snap(page, shots, "kb-sheet", size)
    assert errors == [], errors


def test_a_deal_summary_never_covers_the_next_contract_choice(
    sized: BrowserContext, size: str
) -> None:
    """The declarer passes clockwise (KB-5): we choose again in deal 5, with deal 4's
    summary still on show (it stays until closed); it must not cover the chooser."""
    page = sized.new_page()
    errors = watch_errors(page)
    sign_in_as_guest(page)
    quick_play(page)
    for deal in range(1, 5):
        assert deal_no(page) == deal
        play_deal(page)
    summary = page.get_by_test_id("deal-summary")
    expect(summary).to_contain_text("Fin del reparto 4")
    step = wait_for_turn_or_deal(page, 5)
    assert step == "declare", step
    expect(summary).to_be_visible()
    check_declare(page, f"{size} deal 5, deal 4's summary on show")
    assert_in_reach(page.get_by_test_id("news-close"), where=f"{size} summary")
    choose_with_checks(page, f"{size} deal 5")
    assert errors == [], errors


# -- a whole Hearts Are Trumps deal ---------------------------------------------------------


def check_placing(page: Page, where: str, *, filled: bool = False) -> None:
    """A placement owed: nothing over the slots, the button or the hand; the slots and the
    hand's cards in reach before filling, the slots and "Colocar" once filled (the hand
    may be empty then: a hand of three cards is placed whole)."""
    placing = page.get_by_test_id("placing")
    assert_nothing_over(page, placing, where=where)
    assert no_page_scroll(page) == {"x": 0, "y": 0}, (where, no_page_scroll(page))
    assert_in_reach(placing.locator("[data-slot]"), where=where, at_least=3)
    if filled:
        assert_in_reach(page.get_by_test_id("place"), where=where)
    else:
        cards = page.get_by_test_id("ht-hand").locator("[data-card]")
        assert_in_reach(cards, where=where, at_least=3)


def wait_to_place(page: Page) -> tuple[int, int]:
    t = ht_table(page)
    expect(t).to_have_attribute("data-to-place", "true")
    expect(page.get_by_test_id("place")).to_be_visible()
    return int(t.get_attribute("data-deal") or 0), int(t.get_attribute("data-hand") or 0)


def test_a_whole_hearts_are_trumps_deal_keeps_every_placement_in_sight(
    sized: BrowserContext, shots: Path, size: str
) -> None:
    page = sized.new_page()
    errors = watch_errors(page)
    sign_in_as_guest(page, pace=PACE)
    table_id = create_table(page, [{"kind": "human"}, BOT])
    open_table(page, table_id)
    for h in range(1, 10):
        assert wait_to_place(page) == (1, h)
        where = f"{size} hand {h}"
        check_placing(page, where)
        if h == 1:
            check_a11y(page, f"placing {size}")
        fill_slots(page, ("click", "click", "click"))
        check_placing(page, f"{where}, filled", filled=True)
        if h == 1:
            snap(page, shots, "ht-placing", size)
        press_place(page)
        wait_for_battles(page, 1, h)
        if h == 2:
            snap(page, shots, "ht-battle", size)

    # The deal's score shows, and deal 2's first placement stays in sight beside it.
    score = page.get_by_test_id("deal-score")
    expect(score).to_have_attribute("data-deal", "1")
    assert wait_to_place(page) == (2, 1)
    expect(score).to_be_visible()
    check_placing(page, f"{size} deal 2 with the deal score on show")
    assert_in_reach(page.get_by_test_id("news-close"), where=f"{size} deal score")
    if size == "desktop":
        # Nothing is pushed down: the whole decision fits the screen with the score beside.
        assert no_page_scroll(page) == {"x": 0, "y": 0}, no_page_scroll(page)
        for part in ("placing", "place", "ht-hand"):
            box = page.get_by_test_id(part).bounding_box()
            assert box is not None and box["y"] + box["height"] <= 800, (part, box)
    check_a11y(page, f"deal score {size}")
    snap(page, shots, "ht-deal-score", size)
    assert errors == [], errors


# -- a spectator ----------------------------------------------------------------------------


def test_a_spectator_watches_a_king_bolola_table_from_the_lobby(
    context: BrowserContext, sized: BrowserContext, shots: Path, size: str
) -> None:
    player = context.new_page()
    sign_in_as_guest(player)
    table_id = quick_play(player)
    # Our turn with cards already on the table: the server waits for us mid-trick.
    for _ in range(40):
        step = wait_for_turn_or_deal(player, deal_no(player))
        if step == "declare":
            declare(player)
            continue
        if step == "play" and player.locator("[data-played]").count() > 0:
            break
        play_card(player, legal_cards(player).first.get_attribute("data-card") or "")
    else:
        raise AssertionError("never followed to a trick in 40 turns")
    trick = player.get_by_test_id("drop-zone").get_attribute("data-trick") or ""

    page = sized.new_page()
    errors = watch_errors(page)
    sign_in_as_guest(page)
    row = page.locator(f'[data-testid=playing] li[data-table="{table_id}"]')
    row.get_by_test_id("watch").click()
    expect(page).to_have_url(re.compile(rf"/table/{table_id}\b"))
    expect(table(page)).to_have_attribute("data-game", "king-bolola")
    expect(page.get_by_test_id("seat")).to_have_count(4)
    expect(page.get_by_test_id("drop-zone")).to_have_attribute("data-trick", trick)
    expect(page.locator("[data-played]")).to_have_count(len(trick.split()))
    for s in seen(page.locator("[data-played]")):
        assert s["inside"] and s["seen"] > 0, s
    # No hand: no card to click, and the table says we are watching.
    expect(page.locator(".hand")).to_have_count(0)
    expect(page.locator("[data-card]")).to_have_count(0)
    expect(page.get_by_test_id("status")).to_contain_text("Estás mirando")
    expect(page.locator(".spectator")).to_have_text("Estás mirando")
    # No seat to leave: the bar's button stops watching.
    expect(page.locator(".tools .leave")).to_have_attribute("title", "Dejar de mirar")
    expect(table(page)).to_have_attribute("data-owes", "false")
    check_a11y(page, f"watching {size}")
    snap(page, shots, "watching", size)
    assert errors == [], errors


# -- an illegal card links to its rule ------------------------------------------------------


def find_forbidden(page: Page) -> Locator:
    """Plays legal cards until it is our turn with a card the rules forbid; returns it."""
    for _ in range(60):
        step = wait_for_turn_or_deal(page, deal_no(page))
        if step == "declare":
            declare(page)
            continue
        if step == "over":
            continue
        forbidden = page.locator('.hand [data-legal="false"]')
        if forbidden.count():
            return forbidden.first
        play_card(page, legal_cards(page).first.get_attribute("data-card") or "")
    raise AssertionError("never held a forbidden card in 60 turns")


def test_a_refused_card_links_to_its_rule_in_how_to_play(context: BrowserContext) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    sign_in_as_guest(page)
    quick_play(page)
    forbidden = find_forbidden(page)
    card = forbidden.get_attribute("data-card") or ""
    forbidden.click(position=CORNER)
    notice = page.get_by_test_id("notice")
    expect(notice).to_have_text(REASON)
    # The notice covers none of what we still have to do.
    assert_nothing_over(page, page.locator(".hand"), page.get_by_test_id("drop-zone"))
    # Nor any seat: over the top seat it hid that seat's score.
    assert_nothing_over(page, page.locator(".seat-slot"), where="the seats")
    assert_in_reach(legal_cards(page), where="after a refusal")
    link = notice.get_by_test_id("rule-link")
    rule = link.inner_text()
    anchor = rule.lower()
    game = "king-bolola" if rule.startswith("KB") else "platform"
    expect(link).to_have_attribute("href", f"/rules/{game}#{anchor}")
    with context.expect_page() as opened:
        link.click()
    rules = opened.value
    expect(rules).to_have_url(re.compile(rf"/rules/{game}#{anchor}$"))
    target = rules.locator(f"#{anchor}")
    expect(target).to_have_text(f"{rule}.")
    expect(target).to_be_in_viewport()
    # The asked rule is lit.
    expect(rules.locator(".asked").filter(has=target)).to_have_count(1)
    check_a11y(rules, f"rules at {rule}")
    # Refused: the card stays in the hand and it is still our turn.
    expect(page.locator(f'.hand [data-card="{card}"]')).to_have_count(1)
    expect(legal_cards(page).first).to_be_visible()
    assert errors == [], errors
