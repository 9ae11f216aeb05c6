"""A guest sits with three bots and plays: whole deal, illegal card, reload, score sheet,
the contract chooser through unrelated frames."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect
from tablepage import (
    CORNER,
    REASON,
    deal_no,
    declare,
    hand,
    legal_cards,
    play_card,
    play_deal,
    quick_play,
    sign_in_as_guest,
    table,
    wait_for_turn_or_deal,
)


def test_a_guest_plays_a_whole_deal_by_clicking_and_dragging(
    context: BrowserContext, shots: Path
) -> None:
    page = context.new_page()
    sign_in_as_guest(page)
    quick_play(page)
    expect(page.locator(".hand [data-card]")).to_have_count(13)
    expect(page.get_by_test_id("seat")).to_have_count(4)
    assert deal_no(page) == 1

    done = play_deal(page, drag_every=2)

    assert done["click"] >= 1 and done["drag"] >= 1, done
    assert deal_no(page) == 2
    # The deal's summary and the score sheet both show deal 1's points.
    expect(page.get_by_test_id("deal-summary")).to_contain_text("1")
    page.get_by_test_id("sheet-tab").click()
    sheet = page.get_by_test_id("score-sheet")
    first_row = sheet.locator("tbody tr").first
    expect(first_row.locator("td.contract")).not_to_be_empty()
    expect(first_row.locator("td.decl")).to_have_count(1)  # the declarer's cell is marked
    points = [int(re.sub(r"[^-\d]", "", x)) for x in first_row.locator("td.num").all_inner_texts()]
    totals = [int(x) for x in sheet.get_by_test_id("total").all_inner_texts()]
    assert points == totals and any(points), (points, totals)
    expect(sheet.locator("tbody tr")).to_have_count(24)
    page.screenshot(path=str(shots / "score-sheet.png"), animations="disabled")


def test_an_illegal_card_is_refused_with_its_reason(context: BrowserContext) -> None:
    page = context.new_page()
    sign_in_as_guest(page)
    quick_play(page)
    # Play legal cards until it is our turn with a card the rules forbid (not leading).
    for _ in range(60):
        deal = deal_no(page)
        step = wait_for_turn_or_deal(page, deal)
        if step == "declare":
            declare(page)
            continue
        if step == "over":
            continue
        forbidden = page.locator('.hand [data-legal="false"]')
        if forbidden.count():
            card = forbidden.first.get_attribute("data-card") or ""
            before = hand(page)
            forbidden.first.click(position=CORNER)
            notice = page.get_by_test_id("notice")
            expect(notice).to_have_text(REASON)
            assert not re.fullmatch(r"\((KB|PL)-\d+\)", notice.inner_text())
            # Refused: the card stays in the hand and it is still our turn.
            assert hand(page) == before and card in before
            expect(legal_cards(page).first).to_be_visible()
            return
        play_card(page, legal_cards(page).first.get_attribute("data-card") or "")
    raise AssertionError("never held a forbidden card in 60 turns")


def test_reload_mid_trick_restores_the_seat(context: BrowserContext, shots: Path) -> None:
    page = context.new_page()
    sign_in_as_guest(page)
    table_id = quick_play(page)
    # Our turn with cards already on the table: the server waits for us mid-trick.
    for _ in range(40):
        step = wait_for_turn_or_deal(page, deal_no(page))
        if step == "declare":
            declare(page)
            continue
        expect(page.get_by_test_id("trick-winner")).to_have_count(0)
        if step == "play" and page.locator("[data-played]").count() > 0:
            break
        play_card(page, legal_cards(page).first.get_attribute("data-card") or "")
    else:
        raise AssertionError("never followed to a trick in 40 turns")
    page.screenshot(path=str(shots / "table.png"), animations="disabled")
    held = sorted(hand(page))
    on_table = sorted(
        page.locator("[data-played]").evaluate_all("e => e.map(x => x.dataset.played)")
    )
    me = page.get_by_test_id("me").inner_text()

    page.reload()

    expect(page).to_have_url(re.compile(rf"/table/{table_id}$"))
    expect(page.locator(".hand [data-card]")).to_have_count(len(held))
    assert sorted(hand(page)) == held
    expect(legal_cards(page).first).to_be_visible()
    expect(page.locator("[data-played]")).to_have_count(len(on_table))
    assert (
        sorted(page.locator("[data-played]").evaluate_all("e => e.map(x => x.dataset.played)"))
        == on_table
    )
    expect(page.get_by_test_id("me")).to_have_text(me)
    # And play goes on from there, from the keyboard this time.
    version = page.get_by_test_id("table").get_attribute("data-version") or ""
    card = legal_cards(page).first.get_attribute("data-card") or ""
    legal_cards(page).first.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("table")).not_to_have_attribute("data-version", version)
    expect(page.locator(f'.hand [data-card="{card}"]')).to_have_count(0)


# Counts the frames the page's WebSocket receives, by type, once the page has handled each
# (a task after the client's own handler and the screen update it caused), and keeps the
# socket so a test can send a frame as the client would.
COUNT_FRAMES = """
(() => {
  const Native = window.WebSocket;
  window.__frames = {};
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      window.__socket = this;
      this.addEventListener('message', (e) => {
        let type = '?';
        try { type = JSON.parse(e.data).type; } catch {}
        setTimeout(() => { window.__frames[type] = (window.__frames[type] ?? 0) + 1; });
      });
    }
  };
})();
"""


def frames_seen(page: Page, kind: str) -> int:
    seen: int = page.evaluate("k => window.__frames[k] ?? 0", kind)
    return seen


def test_the_chooser_keeps_its_buttons_through_unrelated_frames(
    context: BrowserContext,
) -> None:
    """The contract chooser's buttons stay the same nodes while the choice is pending: a
    chat line, a seats (presence) frame or a snapshot with an equal view must not replace
    the button a player is aiming at, or the click is lost."""
    page = context.new_page()
    page.add_init_script(COUNT_FRAMES)
    sign_in_as_guest(page)
    table_id = quick_play(page)
    # A new guest outranks the beginner bots, so declares the first deal (KB-5).
    chooser = page.get_by_test_id("chooser")
    first = chooser.locator("[data-contract]").first
    expect(first).to_be_visible()
    version = table(page).get_attribute("data-version")
    button = first.element_handle()

    def still_there() -> None:
        assert button.evaluate("e => e.isConnected"), "the chooser's button was replaced"
        assert first.evaluate("(e, b) => e === b", button)

    # A chat frame.
    chats = frames_seen(page, "chat")
    page.get_by_test_id("chat-input").fill("¿qué contrato?")
    page.get_by_test_id("chat-input").press("Enter")
    expect(page.get_by_test_id("chat-lines")).to_contain_text("¿qué contrato?")
    page.wait_for_function("n => (window.__frames.chat ?? 0) > n", arg=chats)
    still_there()

    # Joining again on the same connection: a seats frame (the seat is back) and a
    # snapshot whose view equals the one shown.
    seats = frames_seen(page, "seats")
    snapshots = frames_seen(page, "snapshot")
    page.evaluate("t => window.__socket.send(JSON.stringify({type: 'join', table: t}))", table_id)
    page.wait_for_function(
        "([s, n]) => (window.__frames.seats ?? 0) > s && (window.__frames.snapshot ?? 0) > n",
        arg=[seats, snapshots],
    )
    expect(table(page)).to_have_attribute("data-version", version or "")
    still_there()

    # And the very button aimed at before those frames still chooses.
    contract = first.get_attribute("data-contract") or ""
    button.click()
    if contract == "trumps":
        chooser.locator("[data-trump]").first.click()
    expect(chooser).to_have_count(0)
    expect(page.get_by_test_id("contract")).to_be_visible()
