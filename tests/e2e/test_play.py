"""A guest sits with three bots and plays: whole deal, illegal card, reload, score sheet,
the contract chooser through unrelated frames."""

from __future__ import annotations

import itertools
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
    # Each card button is named by what it shows, then in words ("10♥ diez de corazones").
    shows = re.compile(r"^(10|[2-9JQKA])[♠♥♦♣] \w")
    named = page.locator(".hand").get_by_role("button", name=shows)
    expect(named).to_have_count(13)
    assert deal_no(page) == 1

    done = play_deal(page, drag_every=2)

    assert done["click"] >= 1 and done["drag"] >= 1, done
    assert deal_no(page) == 2
    # The deal's summary and the score sheet both show deal 1's points.
    summary = page.get_by_test_id("deal-summary")
    expect(summary).to_contain_text("1")
    # The summary sits beside the board: it covers neither the middle (where the chooser
    # opens) nor the hand, so deal 2's first decision is never behind it.
    box = summary.bounding_box()
    assert box is not None
    for other in (page.get_by_test_id("drop-zone"), page.locator(".hand")):
        b = other.bounding_box()
        assert b is not None
        apart = (
            box["x"] + box["width"] <= b["x"]
            or b["x"] + b["width"] <= box["x"]
            or box["y"] + box["height"] <= b["y"]
            or b["y"] + b["height"] <= box["y"]
        )
        assert apart, (box, b)
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
            # The rule id links to that rule in "How to play".
            expect(notice.get_by_test_id("rule-link")).to_have_attribute(
                "href", re.compile(r"^/rules/(king-bolola#kb|platform#pl)-\d+$")
            )
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


# Records when each card lands in the middle of the table (its element appears), in page
# time, so a test can see the pace the screen keeps.
RECORD_LANDINGS = """
(() => {
  window.__landed = [];
  new MutationObserver((changes) => {
    for (const c of changes) for (const n of c.addedNodes) {
      if (n instanceof HTMLElement && n.dataset.played) {
        window.__landed.push({card: n.dataset.played, at: performance.now()});
      }
    }
  }).observe(document, {childList: true, subtree: true});
})();
"""

CENTRE_NOW = """() => {
  const t = document.querySelector('[data-testid="table"]');
  const c = document.querySelector('[data-testid="drop-zone"]');
  return {
    status: document.querySelector('[data-testid="status"]').innerText,
    shown: t.dataset.version, latest: t.dataset.latestVersion,
    trick: c.dataset.trick,
    played: [...c.querySelectorAll('[data-played]')].map(e => e.dataset.played),
    held: document.querySelector('[data-testid="trick-winner"]') !== null,
  };
}"""


def test_at_the_real_pace_your_turn_shows_the_cards_led_before_it(
    context: BrowserContext,
) -> None:
    """The server answers at once; the screen plays the bots' cards one by one, holds and
    collects a finished trick, and only then says it is our turn, with the trick's cards
    (the led card among them) in the middle."""
    page = context.new_page()
    page.add_init_script(RECORD_LANDINGS)
    sign_in_as_guest(page, pace="normal")
    quick_play(page)
    status = page.get_by_test_id("status")
    followed = 0
    for _ in range(30):
        step = wait_for_turn_or_deal(page, deal_no(page))
        if step == "declare":
            declare(page)
            continue
        if step == "over":
            continue
        expect(status).to_have_text("Te toca")
        now = page.evaluate(CENTRE_NOW)
        assert now["status"] == "Te toca", now
        # The screen has caught up with the server: no finished trick still held over it.
        assert now["shown"] == now["latest"], now
        assert not now["held"], now
        assert now["played"] == (now["trick"].split() if now["trick"] else []), now
        if now["played"]:
            followed += 1  # a card was led before our turn, and it is there to see
        play_card(page, legal_cards(page).first.get_attribute("data-card") or "")
        if followed >= 2:
            break
    assert followed >= 1, "never followed a led card in 30 turns"
    # Each card was seen landing: never two at the same moment. The queue times a beat from
    # when it runs, and a busy machine can draw a card a little late, so a gap may fall
    # short of its beat (350 ms after our own card) by a render's delay: at least 100 ms
    # apart, where skipping ahead would land them together.
    landed = page.evaluate("window.__landed")
    gaps = [b["at"] - a["at"] for a, b in itertools.pairwise(landed)]
    assert len(landed) >= 4 and min(gaps) >= 100, landed


def test_a_move_timer_that_runs_out_says_so_and_i_m_back_returns_the_seat(
    context: BrowserContext,
) -> None:
    """PL-5: the clock counts down from its limit (never one more); when it runs out a bot
    plays for us, the table says so, and "I'm back" gives the seat back."""
    page = context.new_page()
    sign_in_as_guest(page)
    answer = page.evaluate(
        """async () => {
            const token = localStorage.getItem('bolola.token');
            const r = await fetch('/api/tables', {
              method: 'POST',
              headers: {'content-type': 'application/json', authorization: `Bearer ${token}`},
              body: JSON.stringify({game: 'king-bolola', move_seconds: 3, seats: [
                {kind: 'human'}, {kind: 'bot', level: 'beginner'},
                {kind: 'bot', level: 'beginner'}, {kind: 'bot', level: 'beginner'}]}),
            });
            return {status: r.status, body: await r.json()};
        }"""
    )
    assert answer["status"] == 201, answer
    page.goto(f"/table/{answer['body']['table']['id']}")
    # A new guest outranks the beginner bots, so declares the first deal (KB-5).
    expect(page.get_by_test_id("chooser")).to_be_visible()
    countdown = page.locator('[data-testid="seat"][data-turn="true"] [data-testid="countdown"]')
    expect(countdown).to_be_visible()
    assert int(countdown.inner_text().split()[0]) <= 3, countdown.inner_text()
    away = page.get_by_test_id("away-notice")
    expect(away).to_be_visible(timeout=15_000)
    expect(away).to_contain_text("Se acabó tu tiempo")
    # Beside the felt, not over it: it hid the top seat's name and clock.
    box = away.bounding_box()
    assert box is not None
    for seat in page.get_by_test_id("seat").all():
        other = seat.bounding_box()
        assert other is not None
        apart = (
            box["x"] + box["width"] <= other["x"]
            or other["x"] + other["width"] <= box["x"]
            or box["y"] + box["height"] <= other["y"]
            or other["y"] + other["height"] <= box["y"]
        )
        assert apart, (box, other)
    away.get_by_role("button", name="Ya estoy").click()
    expect(away).to_have_count(0)
