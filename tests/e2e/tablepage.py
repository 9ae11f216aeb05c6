"""Driving the client as a player would: every step waits on what the page shows."""

from __future__ import annotations

import re
from collections import deque
from typing import Any

from playwright.sync_api import ConsoleMessage, Locator, Page, Position, WebSocket, expect

# Where a finger or pointer takes a card of the fan: its corner, which the next card leaves
# uncovered (the centre of an overlapped card lies under its neighbour).
CORNER: Position = {"x": 10, "y": 24}
REASON = re.compile(r"\w.*\((KB|PL)-\d+\)")


FRAMES: dict[int, deque[str]] = {}


def keep_frames(page: Page) -> None:
    """Keeps the page's last WebSocket frames, to say what happened when a step fails."""
    kept: deque[str] = FRAMES.setdefault(id(page), deque(maxlen=12))

    def on_socket(ws: WebSocket) -> None:
        ws.on("framereceived", lambda f: kept.append(f"< {str(f)[:160]}"))
        ws.on("framesent", lambda f: kept.append(f"> {str(f)[:160]}"))

    page.on("websocket", on_socket)


def watch_errors(page: Page) -> list[str]:
    """Every uncaught page error and console error from now on (tests assert it stays
    empty). One console line is expected and left out: Chromium logs the 401 of the
    client's session probe (GET /api/me) on a page opened while signed out."""
    errors: list[str] = []

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type != "error":
            return
        url = msg.location.get("url", "")
        if url.endswith("/api/me") and "status of 401" in msg.text:
            return
        errors.append(f"console: {msg.text} ({url})")

    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("console", on_console)
    return errors


def set_pace(page: Page, pace: str | None) -> None:
    """The table's pace for this page, from its first script on (every navigation): "off"
    shows each update at once (the client's test-only switch), "fast" or "normal" as a
    player would choose; None leaves the player's own choice."""
    if pace is not None:
        page.add_init_script(f"localStorage.setItem('bolola.pace', {pace!r})")


def sign_in_as_guest(page: Page, *, pace: str | None = "off") -> str:
    """Signs in as a new guest. The table's pace is off unless asked (the tests wait on
    what the page shows; one test plays at the real pace)."""
    set_pace(page, pace)
    keep_frames(page)
    page.goto("/")
    page.get_by_test_id("guest").click()
    expect(page.get_by_test_id("lobby")).to_be_visible()
    return page.get_by_test_id("me").inner_text().split(" · ")[0]


def token_of(page: Page) -> str:
    """The signed-in page's session token, for REST and WebSocket calls as that player."""
    token = page.evaluate("localStorage.getItem('bolola.token')")
    assert isinstance(token, str) and token, "no session token in the page"
    return token


def quick_play(page: Page) -> int:
    """One click from the lobby to a seat with three bots; returns the table id."""
    page.get_by_test_id("quick-play").click()
    expect(page).to_have_url(re.compile(r"/table/\d+$"))
    expect(page.get_by_test_id("table")).to_have_attribute("data-phase", re.compile("declare|play"))
    return int(page.url.rsplit("/", 1)[1])


def table(page: Page) -> Locator:
    return page.get_by_test_id("table")


def deal_no(page: Page) -> int:
    return int(table(page).get_attribute("data-deal") or 0)


def hand(page: Page) -> list[str]:
    return [
        c or ""
        for c in page.locator(".hand [data-card]").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
    ]


def legal_cards(page: Page) -> Locator:
    return page.locator('.hand [data-legal="true"]')


def wait_for_turn_or_deal(page: Page, deal: int) -> str:
    """Waits until this seat must act in ``deal`` or that deal is over; says which."""
    chooser = page.get_by_test_id("chooser")
    legal = legal_cards(page)
    later = page.locator(f'[data-testid="table"]:not([data-deal="{deal}"])')
    chooser.or_(legal.first).or_(later).first.wait_for()
    if later.count():
        return "over"
    if chooser.count():
        return "declare"
    return "play"


def declare(page: Page, *, tap: bool = False) -> str:
    """Chooses the first contract offered (and, for trumps, the first suit) by click or
    tap, and waits until the table has taken it: the chooser stays on screen until the
    server's update, and a caller that looked again before then would choose twice (its
    second click aimed at a chooser about to go)."""
    chooser = page.get_by_test_id("chooser")
    first = chooser.locator("[data-contract]").first
    contract = first.get_attribute("data-contract") or ""
    steps = [first]
    if contract == "trumps":  # the suits replace the contracts once trumps is chosen
        steps.append(chooser.locator("[data-trump]").first)
    for step in steps:
        if tap:
            step.tap()
        else:
            step.click()
    expect(chooser).to_have_count(0)
    return contract


def play_card(page: Page, card: str, *, drag: bool = False) -> None:
    """Plays ``card`` and waits until the table has moved on: while this seat is to move
    the server waits for it, so a new version means the card was taken (the card itself
    may come back in the next deal's hand)."""
    version = table(page).get_attribute("data-version") or ""
    target = page.locator(f'.hand [data-card="{card}"]')
    if drag:
        target.drag_to(page.get_by_test_id("drop-zone"), source_position=CORNER)
    else:
        target.click(position=CORNER)
    try:
        expect(table(page)).not_to_have_attribute("data-version", version)
    except AssertionError as e:
        notice = page.get_by_test_id("notice")
        said = notice.inner_text() if notice.count() else "no notice"
        frames = "\n".join(FRAMES.get(id(page), ()))
        raise AssertionError(f"{card} was not played ({said}); last frames:\n{frames}") from e


def play_deal(page: Page, *, drag_every: int = 0) -> dict[str, int]:
    """Plays this seat's part of the current deal to its end; counts clicks and drags."""
    deal = deal_no(page)
    done = {"click": 0, "drag": 0, "declare": 0}
    while True:
        step = wait_for_turn_or_deal(page, deal)
        if step == "over":
            return done
        if step == "declare":
            declare(page)
            done["declare"] += 1
            continue
        card = legal_cards(page).first.get_attribute("data-card") or ""
        drag = drag_every > 0 and (done["click"] + done["drag"]) % drag_every == 0
        play_card(page, card, drag=drag)
        done["drag" if drag else "click"] += 1


def create_table(
    page: Page,
    game: str,
    seats: list[dict[str, Any]],
    options: dict[str, Any] | None = None,
    *,
    move_seconds: float | None = None,
) -> int:
    """A table of ``game`` made through the REST API from the signed-in page (the session
    token rides as a bearer header, as the client's api.ts sends it); returns its id.
    ``move_seconds``: its move timer (PL-5), none unless given."""
    answer = page.evaluate(
        """async ([game, seats, options, move_seconds]) => {
            const token = localStorage.getItem('bolola.token');
            const r = await fetch('/api/tables', {
              method: 'POST',
              headers: {'content-type': 'application/json', authorization: `Bearer ${token}`},
              body: JSON.stringify({game, seats, options, move_seconds}),
            });
            return {status: r.status, body: await r.json()};
        }""",
        [game, seats, options or {}, move_seconds],
    )
    assert answer["status"] == 201, answer
    table_id: int = answer["body"]["table"]["id"]
    return table_id


def join(page: Page, table_id: int) -> int:
    """Sits the page's player at the table (the next free seat) and opens it; its seat."""
    answer = page.evaluate(
        """async (id) => {
            const token = localStorage.getItem('bolola.token');
            const r = await fetch(`/api/tables/${id}/join`,
              {method: 'POST', headers: {authorization: `Bearer ${token}`}});
            return await r.json();
        }""",
        table_id,
    )
    seat: int = answer["seat"]
    page.goto(f"/table/{table_id}")
    return seat


def leave_table(page: Page) -> None:
    """Leaves the table by the bar's "Dejar la mesa", saying yes when asked (a match in
    play: a bot plays the seat to the end), and waits for the lobby."""
    page.locator(".tools .leave").click()
    lobby = page.get_by_test_id("lobby")
    ask = page.get_by_test_id("leave-ask")
    lobby.or_(ask).first.wait_for()
    if ask.count():
        page.get_by_test_id("leave-confirm").click()
    expect(lobby).to_be_visible()
