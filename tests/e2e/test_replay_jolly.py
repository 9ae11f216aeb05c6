"""A Jolly replay in the browser: at each position the viewer shows what was on the table,
the melds grouped by who put them down and the discard pile (its newest cards and its
size), so no card leaves a hand without showing up somewhere on screen.

A real match is played to its end (the guest's seat takes its first legal action each
turn, against a beginner bot); the positions the test looks at are read from the replay
endpoint, the same views the page draws.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from a11y import check_a11y
from e2eserver import Server
from matchplay import bot_table, play_out, rest
from playwright.sync_api import BrowserContext, Locator, Page, expect
from tablepage import sign_in_as_guest, token_of

PILE_SHOWN = 8  # the pile's newest cards the viewer draws (ReplayJollyTable.svelte)


def jolly_match(server: Server, token: str) -> int:
    """An unrated two-player Jolly table against a beginner bot, to 100 points; it starts
    at once."""
    return bot_table(
        server, token, "jolly", {"players": 2, "target": 100}, rated=False, bot="beginner"
    )


def cards_in_play(view: dict[str, Any], views: list[dict[str, Any]]) -> int:
    """Every card of a position somewhere: the hands, the melds, the pile and the stock."""
    hands = sum(len(v["hand"] or []) for v in views)
    melded = sum(len(m["cards"]) for group in view["melds"] for m in group)
    stock: int = view["stock"]
    return hands + melded + len(view["pile"]) + stock


def shown_cards(page: Page) -> int:
    """The same count as the page shows it."""
    hands = sum(
        len((h.get_attribute("data-cards") or "").split())
        for h in page.get_by_test_id("replay-hand").all()
    )
    melded = page.locator("[data-testid=replay-meld] .slot").count()
    pile = int(page.get_by_test_id("replay-pile").get_attribute("data-count") or "-1")
    stock = int(page.get_by_test_id("replay-stock").get_attribute("data-count") or "-1")
    return hands + melded + pile + stock


def expect_table(page: Page, view: dict[str, Any]) -> None:
    """The page shows this view's melds, by seat, and its pile."""
    pile: list[str] = view["pile"]
    expect(page.get_by_test_id("replay-pile")).to_have_attribute("data-count", str(len(pile)))
    expect(page.get_by_test_id("replay-stock")).to_have_attribute("data-count", str(view["stock"]))
    shown = page.get_by_test_id("replay-pile-card")
    top = pile[-PILE_SHOWN:]
    expect(shown).to_have_count(len(top))
    assert [shown.nth(k).get_attribute("data-card") for k in range(len(top))] == top
    under = page.get_by_test_id("replay-pile-under")
    if len(pile) > PILE_SHOWN:
        expect(under).to_have_attribute("data-count", str(len(pile) - PILE_SHOWN))
    else:
        expect(under).to_have_count(0)
    owners = [s for s, group in enumerate(view["melds"]) if group]
    groups = page.get_by_test_id("replay-meld-group")
    expect(groups).to_have_count(len(owners))
    for k, seat in enumerate(owners):
        group: Locator = groups.nth(k)
        expect(group).to_have_attribute("data-seat", str(seat))
        melds = group.get_by_test_id("replay-meld")
        expect(melds).to_have_count(len(view["melds"][seat]))
        for n, meld in enumerate(view["melds"][seat]):
            cards = " ".join(c["card"] for c in meld["cards"])
            expect(melds.nth(n)).to_have_attribute("data-cards", cards)


def step_to(page: Page, version: int) -> None:
    """Jumps to just before ``version`` on the timeline, then steps onto it with ▶."""
    replay = page.get_by_test_id("replay")
    page.get_by_test_id("replay-slider").fill(str(version - 1))
    expect(replay).to_have_attribute("data-shown", str(version - 1))
    page.get_by_test_id("replay-next").click()
    expect(replay).to_have_attribute("data-shown", str(version))


def test_a_jolly_replay_shows_the_melds_and_the_pile(
    sized: BrowserContext, server: Server, shots: Path, size: str
) -> None:
    page = sized.new_page()
    sign_in_as_guest(page)
    token = token_of(page)
    table = jolly_match(server, token)
    play_out(server, token, table)

    # The positions to look at: the deal, and the first with melds down and discards made
    # (and, when the match has one, the first whose pile is deeper than the viewer draws).
    positions: dict[int, dict[str, Any]] = {}
    with rest(server, token) as http:
        versions: int = len(
            http.get(f"/api/matches/{table}/replay").json()["replay"]["record"]["moves"]
        )
        melded = deep = scored = None
        for at in range(versions + 1):
            position = http.get(f"/api/matches/{table}/replay?at={at}").json()["position"]
            positions[at] = position
            view = position["views"][0]
            if melded is None and any(view["melds"]) and view["pile"]:
                melded = at
            if deep is None and len(view["pile"]) > PILE_SHOWN:
                deep = at
            if scored is None and view["phase"] == "scored":
                scored = at
            if melded is not None and deep is not None and scored is not None:
                break
        # The next round dealt: after the seats' "ready" (each its own version, in either
        # order), not always the version after the scoring.
        dealt = None
        for at in range((scored or versions) + 1, versions + 1):
            position = http.get(f"/api/matches/{table}/replay?at={at}").json()["position"]
            if position["views"][0]["phase"] != "scored":
                dealt = at
                break
    assert melded is not None, "nobody melded and discarded in the whole match"
    total = cards_in_play(positions[0]["views"][0], positions[0]["views"])

    page.goto(f"/match/{table}")
    page.get_by_test_id("match-replay").click()
    replay = page.get_by_test_id("replay")
    expect(replay).to_have_attribute("data-shown", "0")
    # The deal: nothing on the table yet, every card in a hand or the stock.
    expect(page.get_by_test_id("replay-jolly")).to_be_visible()
    expect_table(page, positions[0]["views"][0])
    expect(page.get_by_test_id("replay-melds")).not_to_be_empty()  # "nobody has melded"
    assert shown_cards(page) == total

    # Cards gone from the hands are on the table: the melds by who put them down, the pile.
    step_to(page, melded)
    view = positions[melded]["views"][0]
    expect_table(page, view)
    assert shown_cards(page) == total
    check_a11y(page, f"a Jolly replay with melds and discards ({size})")
    page.get_by_test_id("replay").screenshot(
        path=str(shots / f"replay-jolly-{size}.png"), animations="disabled"
    )

    if deep is not None:  # the older discards are counted, the newest drawn
        step_to(page, deep)
        expect_table(page, positions[deep]["views"][0])
        assert shown_cards(page) == total
        page.get_by_test_id("replay").screenshot(
            path=str(shots / f"replay-jolly-deep-{size}.png"), animations="disabled"
        )

    if scored is not None:  # between rounds: the round's points, card by card
        step_to(page, scored)
        last = positions[scored]["views"][0]["last_round"]
        card = page.get_by_test_id("replay-jolly-round")
        expect(card).to_be_visible()
        for seat, points in enumerate(last["points"]):
            expect(card.locator(f'[data-seat="{seat}"]')).to_have_attribute(
                "data-points", str(points)
            )
        if dealt is not None:  # the next round dealt: the card is gone
            step_to(page, dealt)
            expect(page.get_by_test_id("replay-jolly-round")).to_have_count(0)
