"""Two browsers at one table; chat; the lobby live; a phone; the language switch."""

from __future__ import annotations

import re
from pathlib import Path

from e2eserver import Server
from layout import assert_in_reach
from playwright.sync_api import Browser, BrowserContext, FloatRect, Page, ViewportSize, expect
from tablepage import (
    CORNER,
    deal_no,
    declare,
    hand,
    leave_table,
    legal_cards,
    play_card,
    quick_play,
    sign_in_as_guest,
    table,
)


def played(page: Page) -> list[str]:
    cards: list[str] = page.locator("[data-played]").evaluate_all(
        "e => e.map(x => x.dataset.played)"
    )
    return sorted(cards)


def test_two_players_see_each_others_cards_and_chat(
    context: BrowserContext, browser: Browser, server: Server, shots: Path
) -> None:
    host = context.new_page()
    host_name = sign_in_as_guest(host)
    # New game: seat 2 open for a human, seats 3 and 4 bots.
    host.get_by_test_id("tile-new").first.click()
    host.get_by_test_id("seat-choice").first.select_option("open")
    host.get_by_test_id("create").click()
    expect(host).to_have_url(re.compile(r"/table/\d+$"))
    table_id = int(host.url.rsplit("/", 1)[1])
    expect(table(host)).to_have_attribute("data-phase", "waiting")

    other = browser.new_context(base_url=server.url, locale="es-ES")
    other.set_default_timeout(20_000)
    guest = other.new_page()
    guest_name = sign_in_as_guest(guest)
    # The lobby lists the open table live, with its host and the open seat.
    row = guest.locator(f'[data-table="{table_id}"]')
    expect(row).to_contain_text(host_name)
    guest.screenshot(path=str(shots / "lobby.png"), animations="disabled")
    row.get_by_test_id("join").click()

    for page in (host, guest):
        expect(table(page)).to_have_attribute("data-phase", re.compile("declare|play"))
        expect(page.locator(".hand [data-card]")).to_have_count(13)
    expect(host.get_by_test_id("table")).to_contain_text(guest_name)
    expect(guest.get_by_test_id("table")).to_contain_text(host_name)

    # Chat is shown as text: markup stays visible, never becomes elements.
    line = "<b>hola</b> <img src=x onerror=alert(1)>"
    host.get_by_test_id("chat-input").fill(line)
    host.get_by_test_id("chat-input").press("Enter")
    for page in (host, guest):
        lines = page.get_by_test_id("chat-lines")
        expect(lines).to_contain_text(line)
        expect(lines.locator("b", has_text="hola")).to_have_count(0)
        expect(lines.locator("img")).to_have_count(0)
    guest.get_by_test_id("chat-input").fill("¡buena suerte!")
    guest.get_by_test_id("chat-input").press("Enter")
    expect(host.get_by_test_id("chat-lines")).to_contain_text("¡buena suerte!")

    # Play the first deal; whenever one waits for the other, both see the same trick.
    compared = 0
    later = host.locator('[data-testid="table"]:not([data-deal="1"])')
    guest_turn = host.locator('[data-testid="seat"][data-turn="true"]', has_text=guest_name)
    while True:
        host_acts = host.get_by_test_id("chooser").or_(legal_cards(host).first)
        host_acts.or_(guest_turn).or_(later).first.wait_for()
        if later.count():
            break
        if host_acts.count():
            me, them = host, guest
        elif guest.locator('[data-testid="table"][data-owes="true"]').count():
            me, them = guest, host
        else:
            # The host's page still shows the guest to move when the guest has just played
            # (it shows the update a moment later): look again rather than wait on the guest.
            continue
        chooser = me.get_by_test_id("chooser")
        chooser.or_(legal_cards(me).first).wait_for()
        if chooser.count():
            declare(me)
            continue
        for p in (host, guest):
            expect(p.get_by_test_id("trick-winner")).to_have_count(0)
        mine = played(me)
        expect(them.locator("[data-played]")).to_have_count(len(mine))
        assert played(them) == mine
        compared += len(mine) > 0
        play_card(me, legal_cards(me).first.get_attribute("data-card") or "")
    assert compared > 0
    assert deal_no(guest) >= 2
    # The guest leaves mid-match: the host reads on the guest's seat that a bot plays it.
    seat = host.locator('[data-testid="seat"]', has_text=guest_name)
    expect(seat.get_by_test_id("seat-away")).to_have_count(0)
    leave_table(guest)
    expect(seat.get_by_test_id("seat-away")).to_have_text("juega un bot")
    other.close()


def test_a_phone_can_play(browser: Browser, server: Server, shots: Path) -> None:
    ctx = browser.new_context(
        base_url=server.url,
        locale="es-ES",
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    sign_in_as_guest(page)
    quick_play(page)
    cards = page.locator(".hand [data-card]")
    expect(cards).to_have_count(13)
    # The whole fan fits the screen: no card is cut off, nothing scrolls sideways.
    for box in cards.evaluate_all("e => e.map(x => x.getBoundingClientRect().toJSON())"):
        assert box["left"] >= 0 and box["right"] <= 390, box
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    # The table fits the phone: nothing to scroll down to during play.
    assert page.evaluate("document.scrollingElement.scrollHeight") <= 844
    # Tap to play a few cards.
    for _ in range(3):
        step_deal = deal_no(page)
        page.get_by_test_id("chooser").or_(legal_cards(page).first).wait_for()
        if page.get_by_test_id("chooser").count():
            declare(page, tap=True)
            continue
        assert_in_reach(legal_cards(page), where="phone, our turn")
        card = legal_cards(page).first.get_attribute("data-card") or ""
        legal_cards(page).first.tap(position=CORNER)
        expect(page.locator(f'.hand [data-card="{card}"]')).to_have_count(0)
        assert deal_no(page) == step_deal
    # Play on until our turn comes with a card on the table (after a trick we won, we lead
    # to an empty one).
    for _ in range(13):
        legal_cards(page).first.wait_for()
        if page.locator("[data-played]").count():
            break
        card = legal_cards(page).first.get_attribute("data-card") or ""
        legal_cards(page).first.tap(position=CORNER)
        expect(page.locator(f'.hand [data-card="{card}"]')).to_have_count(0)
    expect(page.locator("[data-played]").first).to_be_visible()
    assert page.evaluate("document.scrollingElement.scrollHeight") <= 844
    page.screenshot(path=str(shots / "phone.png"), animations="disabled")
    ctx.close()


def boxes_meet(a: FloatRect | None, b: FloatRect | None) -> bool:
    assert a is not None and b is not None
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_the_daily_reward_covers_nothing_and_goes_by_itself(
    browser: Browser, server: Server
) -> None:
    """PL-14's toast: on a desktop and on a phone it covers none of the lobby's buttons,
    it can be closed, and it leaves by itself after a few seconds."""
    viewports: list[ViewportSize] = [{"width": 1280, "height": 800}, {"width": 390, "height": 844}]
    for viewport in viewports:
        ctx = browser.new_context(base_url=server.url, locale="es-ES", viewport=viewport)
        ctx.set_default_timeout(20_000)
        page = ctx.new_page()
        sign_in_as_guest(page)
        toast = page.get_by_test_id("daily-reward")
        expect(toast).to_be_visible()
        for button in page.get_by_test_id("lobby").get_by_role("button").all():
            if button.is_visible():
                assert not boxes_meet(toast.bounding_box(), button.bounding_box()), button
        expect(toast).to_have_count(0, timeout=15_000)
        ctx.close()


def test_the_language_follows_the_browser_and_the_switch(browser: Browser, server: Server) -> None:
    ctx = browser.new_context(base_url=server.url, locale="en-US")
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    page.goto("/")
    expect(page.get_by_test_id("guest")).to_have_text("Play as a guest")
    page.get_by_test_id("lang").select_option("es")
    expect(page.get_by_test_id("guest")).to_have_text("Jugar como invitado")
    page.reload()  # the choice is remembered by this browser
    expect(page.get_by_test_id("guest")).to_have_text("Jugar como invitado")
    # So is the mute toggle.
    page.get_by_test_id("mute").click()
    expect(page.get_by_test_id("mute")).to_have_attribute("aria-pressed", "true")
    page.reload()
    expect(page.get_by_test_id("mute")).to_have_attribute("aria-pressed", "true")
    ctx.close()


def test_a_lost_connection_shows_a_banner_and_reconnects(
    context: BrowserContext, server: Server
) -> None:
    page = context.new_page()
    sign_in_as_guest(page)
    quick_play(page)
    expect(page.locator(".hand [data-card]")).to_have_count(13)
    held = sorted(hand(page))
    # The server goes away for real (a restart on the same database).
    server.stop()
    expect(page.get_by_test_id("offline-banner")).to_be_visible()
    server.start()
    expect(page.get_by_test_id("offline-banner")).to_have_count(0, timeout=60_000)
    expect(page.locator(".hand [data-card]")).to_have_count(13)
    assert sorted(hand(page)) == held


def test_a_seat_left_in_play_goes_to_a_bot_and_the_lobby_gives_it_back(
    context: BrowserContext, server: Server
) -> None:
    """Leaving a table in play tells the server (it kept the seat online, so a table
    without a clock waited for good), a bot plays the seat (PL-5), and the lobby offers
    the player their seat back, not a spectator's view of it (which handed it over)."""
    page = context.new_page()
    sign_in_as_guest(page)
    table_id = quick_play(page)
    expect(page.locator(".hand [data-card]")).to_have_count(13)
    leave_table(page)  # says yes when asked: the match is in play
    # The server heard it: the seat is away, offline, and its bot plays it.
    page.wait_for_function(
        """async (id) => {
            const seat = (await (await fetch(`/api/tables/${id}`)).json()).table.seats[0];
            return seat.away && !seat.online;
        }""",
        arg=table_id,
    )
    row = page.get_by_test_id("playing").locator(f'[data-table="{table_id}"]')
    expect(row.get_by_test_id("watch")).to_have_count(0)
    row.get_by_test_id("return").click()
    expect(page).to_have_url(re.compile(rf"/table/{table_id}$"))
    # Back in the seat (joining again ends the absence): the hand, not a spectator's view.
    expect(page.locator(".hand [data-card]").first).to_be_visible()
    expect(page.get_by_test_id("away-notice")).to_have_count(0)
    page.wait_for_function(
        "async (id) => (await (await fetch(`/api/tables/${id}`)).json()).table.seats[0].online",
        arg=table_id,
    )
