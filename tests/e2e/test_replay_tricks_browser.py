"""A King Bolola replay shows every trick whole: at the move that played a trick's last
card the viewer shows that trick complete, each card with who played it, and who took it
with what it scored; at the move that ended a deal, the deal's last trick and the deal's
result before the next deal's hands; on every position the deal and its contract.

Four beginner bots play a whole match (a few seconds); the positions the test looks at,
and what they must show, are read from the replay endpoint, the same views the page draws,
and the deal's last trick's taker from the rules (KB-13).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from a11y import check_a11y
from e2eserver import Server
from matchplay import new_guest, rest
from playwright.sync_api import BrowserContext, Locator, Page, expect
from tablepage import sign_in_as_guest, token_of

from bolola.cards import Card, Suit
from bolola.games.king_bolola.deal import trick_winner

WHOLE_MATCH_S = 180.0  # four beginner bots play 24 deals in seconds; a loaded machine, longer
SEATS = 4


@pytest.fixture(scope="module")
def match(server: Server) -> Iterator[int]:
    """A King Bolola match of four beginner bots, played to its end (open to anyone to
    watch); its table's id."""
    _, token = new_guest(server)
    yield bots_match(server, token)


def bots_match(server: Server, token: str) -> int:
    """A King Bolola table of four beginner bots, played to its end; its id."""
    spec: dict[str, Any] = {
        "game": "king-bolola",
        "options": {},
        "seats": [{"kind": "bot", "level": "beginner"}] * SEATS,
        "access": "anyone",
        "move_seconds": None,
        "rated": False,
    }
    with rest(server, token) as http:
        answer = http.post("/api/tables", json=spec)
        assert answer.status_code == 201, answer.text
        table: int = answer.json()["table"]["id"]
        deadline = time.monotonic() + WHOLE_MATCH_S
        while http.get(f"/api/matches/{table}/replay").status_code != 200:
            assert time.monotonic() < deadline, f"the bots never finished match {table}"
            time.sleep(0.5)
    return table


def step_to(page: Page, version: int) -> None:
    """Jumps to just before ``version`` on the timeline, then steps onto it with ▶ (the
    viewer reads the position before as well as the one it shows)."""
    replay = page.get_by_test_id("replay")
    page.get_by_test_id("replay-slider").fill(str(version - 1))
    expect(replay).to_have_attribute("data-shown", str(version - 1))
    page.get_by_test_id("replay-next").click()
    expect(replay).to_have_attribute("data-shown", str(version))


def expect_cards(trick: Locator, leader: int, cards: list[str], names: list[str]) -> None:
    """The trick's cards in play order, each under the name of the seat that played it."""
    expect(trick).to_have_attribute("data-cards", " ".join(cards))
    shown = trick.get_by_test_id("replay-trick-card")
    expect(shown).to_have_count(len(cards))
    for k, card in enumerate(cards):
        seat = (leader + k) % SEATS
        expect(shown.nth(k)).to_have_attribute("data-card", card)
        expect(shown.nth(k)).to_have_attribute("data-seat", str(seat))
        expect(shown.nth(k)).to_contain_text(names[seat])


def test_a_replay_shows_each_trick_complete_with_its_taker(
    context: BrowserContext, server: Server, shots: Path, match: int
) -> None:
    page = context.new_page()
    sign_in_as_guest(page)
    token = token_of(page)
    table = match

    # The first trick taken inside a deal, and the deal that ends first (its last card).
    with rest(server, token) as http:
        names = [s["name"] for s in http.get(f"/api/matches/{table}").json()["match"]["seats"]]
        views: dict[int, dict[str, Any]] = {}
        moves: dict[int, str] = {}
        taken = ended = None
        at = 0
        while ended is None:
            at += 1
            position = http.get(f"/api/matches/{table}/replay?at={at}").json()["position"]
            views[at], moves[at] = position["views"][0], position["move"]
            view = views[at]
            if taken is None and view["tricks"] and view["trick"] and not view["trick"]["cards"]:
                taken = at
            if view["history"]:
                ended = at
    assert taken is not None and taken < ended

    page.goto(f"/match/{table}")
    page.get_by_test_id("match-replay").click()
    replay = page.get_by_test_id("replay")
    expect(replay).to_have_attribute("data-shown", "0")
    trick = page.get_by_test_id("replay-trick")

    # The move before the trick's last card: three cards in play, each by its player, and
    # the deal and its contract above them.
    step_to(page, taken - 1)
    before = views[taken - 1]
    expect(trick).to_have_attribute("data-complete", "false")
    expect_cards(trick, before["trick"]["leader"], before["trick"]["cards"], names)
    context_line = page.get_by_test_id("replay-context")
    expect(context_line).to_have_attribute("data-deal", "1")
    expect(context_line.get_by_test_id("contract")).to_be_visible()

    # Its last card: the trick stays on the table, complete, with who took it and what it
    # scored them (the view's finished tricks say it).
    page.get_by_test_id("replay-next").click()
    expect(replay).to_have_attribute("data-shown", str(taken))
    done = views[taken]["tricks"][-1]
    expect(trick).to_have_attribute("data-complete", "true")
    expect(trick).to_have_attribute("data-winner", str(done["winner"]))
    expect(trick).to_have_attribute("data-points", str(done["points"]))
    expect_cards(trick, done["leader"], done["cards"], names)
    expect(trick.get_by_test_id("replay-trick-head")).to_contain_text(names[done["winner"]])
    expect(trick.locator("li.won")).to_have_attribute("data-seat", str(done["winner"]))
    check_a11y(page, "a King Bolola replay at a trick's last card")
    replay.screenshot(path=str(shots / "replay-kb-trick.png"), animations="disabled")

    # The deal's last card: the views are the next deal's already, yet the last trick is
    # shown whole, its taker as the rules say (KB-13), then the deal's result, then the
    # next deal under its own bar.
    step_to(page, ended)
    last = views[ended - 1]
    cards = [*last["trick"]["cards"], moves[ended].split(":", 1)[1]]
    trump = -1 if last["trump"] is None else int(Suit.parse(last["trump"]))
    winner = trick_winner([Card.parse(c).index for c in cards], last["trick"]["leader"], trump)
    expect(trick).to_have_attribute("data-complete", "true")
    expect(trick).to_have_attribute("data-last", "true")
    expect(trick).to_have_attribute("data-winner", str(winner))
    expect_cards(trick, last["trick"]["leader"], cards, names)
    deal_over = page.get_by_test_id("replay-deal-over")
    expect(deal_over).to_have_attribute("data-deal", "1")
    result = views[ended]["history"][0]
    points = deal_over.get_by_test_id("deal-summary")
    for p in result["points"]:
        expect(points).to_contain_text(str(abs(p)))
    expect(page.get_by_test_id("replay-context")).to_have_attribute("data-deal", "1")
    expect(page.get_by_test_id("replay-context-next")).to_have_attribute("data-deal", "2")
    replay.screenshot(path=str(shots / "replay-kb-deal-over.png"), animations="disabled")

    # The next deal's first move (its contract): nothing on the table any more.
    page.get_by_test_id("replay-next").click()
    expect(replay).to_have_attribute("data-shown", str(ended + 1))
    expect(trick).to_have_count(0)
    expect(deal_over).to_have_count(0)


def test_the_replay_steps_point_the_way_the_timeline_runs_right_to_left(
    context: BrowserContext, match: int
) -> None:
    page = context.new_page()
    page.add_init_script("localStorage.setItem('bolola.lang', 'ar')")
    sign_in_as_guest(page)
    page.goto(f"/match/{match}?replay")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    # Right to left the slider's start is on the right: "previous" points right, "next" left.
    expect(page.get_by_test_id("replay-start")).to_have_text("»")
    expect(page.get_by_test_id("replay-prev")).to_have_text("▶")
    expect(page.get_by_test_id("replay-next")).to_have_text("◀")
    expect(page.get_by_test_id("replay-end")).to_have_text("«")
    prev = page.get_by_test_id("replay-prev").bounding_box()
    after = page.get_by_test_id("replay-next").bounding_box()
    assert prev is not None and after is not None and after["x"] < prev["x"]
