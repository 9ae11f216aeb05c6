"""The leak checker itself (leaks.py), on frames made by hand: no server.

It once failed a clean table: a random session token in a welcome frame happened to hold
``KS`` between separators. Cards are searched for only where cards can be (views, events,
text, records), as strictly as before there.
"""

from __future__ import annotations

from typing import Any

import pytest
from leaks import Truth, cards_in, check_frames, hidden_from, holdings

from bolola.cards import cards_of
from bolola.games.king_bolola import GAME


@pytest.fixture(scope="module")
def truth() -> Truth:
    """A King Bolola table at version 0: the first deal dealt, nothing played."""
    state = GAME.new(GAME.parse_options({"first-declarer": 0}), 7)
    return Truth([state], [""])


def own_hand(truth: Truth, seat: int) -> list[str]:
    return [str(c) for c in cards_of(holdings(truth.states[0])[seat])]


def other_card(truth: Truth) -> str:
    """A card seat 1 holds, which seat 0 may not see."""
    card = own_hand(truth, 1)[0]
    assert card in hidden_from(truth.states[0], 0)
    return card


def snapshot(truth: Truth, seat: int | None = 0, **view: Any) -> dict[str, Any]:
    hand = None if seat is None else own_hand(truth, seat)
    return {
        "type": "snapshot",
        "table": 1,
        "version": 0,
        "seat": seat,
        "seats": [{"name": "guest-0a1b2c3d", "online": True, "away": False}] * 4,
        "view": {"seat": seat, "hand": hand, "to_move": [0], **view},
        "chat": [],
    }


def test_a_token_that_looks_like_a_card_is_not_a_leak(truth: Truth) -> None:
    card = other_card(truth)
    token = f"MTI.aOq3xA.f0{card}-{card}_9x.{card}"  # itsdangerous: base64url and dots
    welcome = {
        "type": "welcome",
        "protocol": 1,
        "player": {"id": 12, "name": "guest-0a1b2c3d"},
        "token": token,
    }
    assert card in cards_in(welcome)  # what the old whole-frame search reported as a leak
    ack = {"type": "ack", "id": f"guest-0a1b2c3d-{card}", "version": 0}
    assert check_frames([welcome, ack, snapshot(truth)], 0, truth) == 3


def test_another_seats_card_in_a_view_is_still_a_leak(truth: Truth) -> None:
    card = other_card(truth)
    with pytest.raises(AssertionError, match="in the view of version 0"):
        check_frames([snapshot(truth, trick=[card])], 0, truth)
    with pytest.raises(AssertionError, match="in the view of version 0"):
        check_frames([snapshot(truth, None, last_trick={"cards": [card]})], None, truth)
    # Its own hand it may see; a hand missing a card is wrong too.
    assert check_frames([snapshot(truth, trick=[own_hand(truth, 0)[0]])], 0, truth) == 1
    short = snapshot(truth)
    short["view"]["hand"] = own_hand(truth, 0)[1:]
    with pytest.raises(AssertionError, match="wrong hand"):
        check_frames([short], 0, truth)


def test_events_text_and_dealt_hands_are_still_checked(truth: Truth) -> None:
    card = other_card(truth)
    lines = [
        {"type": "chat", "table": 1, "from": "guest-0a1b2c3d", "text": f"seat 1 has {card}"},
        {**snapshot(truth), "chat": [{"from": "x", "seat": 1, "text": f"I hold {card}"}]},
        {"type": "error", "code": "illegal", "message": f"{card} is not yours"},
        {"type": "over", "version": 0, "record": {"deals": [{"play": [card]}]}},
        {**snapshot(truth), "hands": [own_hand(truth, 0)]},
    ]
    for frame in lines:
        with pytest.raises(AssertionError):
            check_frames([frame], 0, truth)
    # Events are checked against the state before their version: a catchup from 0 to 1
    # that tells seat 0 of a card seat 1 still held at version 0 (and did not play) leaks.
    state = truth.states[0]
    later = Truth([state, state], ["", "declare 0 queens"])
    catchup = {**snapshot(truth), "type": "catchup", "version": 1}
    catchup["updates"] = [{"version": 1, "events": [f"declare 0 queens {card}"]}]
    with pytest.raises(AssertionError, match="in catchup version 1"):
        check_frames([catchup], 0, later)
    update = {**snapshot(truth), "type": "update", "version": 1, "events": [f"shows {card}"]}
    del update["chat"]
    with pytest.raises(AssertionError, match="in events of version 1"):
        check_frames([update], 0, later)
