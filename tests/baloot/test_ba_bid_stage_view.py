"""What the Baloot view tells the seat to move about the bidding (BA-5 … BA-8): the
stage, which decision is owed, and the bid that decision answers. The legal actions
alone cannot tell a confirmation (BA-6) from a first-round bid after a Hokum, or a
claim (BA-7) from a plain turn: the client's prompt needs these two fields."""

from __future__ import annotations

from typing import Any

from bolola.games.baloot import GAME
from bolola.games.baloot.match import Match


def after(moves: str, seed: int = 1) -> Match:
    """A match (seat 3 deals, seat 0 speaks first) after these bids, by whoever is to act."""
    state = GAME.new(GAME.default_options(), seed)
    for text in moves.split():
        state, _ = GAME.apply(state, GAME.to_move(state)[0], GAME.parse_action(text))
    return state


def seen(state: Match) -> dict[str, Any]:
    """The view of the seat to move, as the wire carries it."""
    return GAME.view(state, GAME.to_move(state)[0]).to_json()


def test_ba5_the_first_speaker_owes_a_bid_with_no_bid_standing():
    v = seen(after(""))
    assert (v["phase"], v["bid_stage"], v["standing"]) == ("bid", "speak", None)


def test_ba6_after_a_hokum_the_later_speakers_see_it_standing():
    v = seen(after("pass hokum"))
    assert v["seat"] == 2 and v["bid_stage"] == "speak"
    assert v["standing"] == {"seat": 1, "said": "hokum"}
    assert "hokum" not in v["legal"]


def test_ba6_the_hokum_caller_is_told_to_confirm_or_switch():
    # Everyone passed the Hokum: the same buttons as a bid, but a different decision.
    v = seen(after("hokum pass pass pass"))
    assert v["seat"] == 0 and v["bid_round"] == 1
    assert v["bid_stage"] == "confirm"
    assert v["standing"] == {"seat": 0, "said": "hokum"}
    assert v["legal"] == ["hokum", "sun"]


def test_ba7_an_earlier_speaker_is_offered_the_sun_to_claim():
    v = seen(after("pass pass ashkal"))
    assert v["seat"] == 0 and v["bid_stage"] == "claim"
    assert v["standing"] == {"seat": 2, "said": "ashkal"}
    assert v["legal"] == ["pass", "sun"]
    # The next earlier speaker answers the same Ashkal.
    v = seen(after("pass pass ashkal pass"))
    assert v["seat"] == 1 and v["standing"] == {"seat": 2, "said": "ashkal"}


def test_ba7_a_switched_hokum_is_a_sun_the_earlier_speakers_may_claim():
    v = seen(after("pass hokum pass pass sun"))
    assert v["seat"] == 0 and v["bid_stage"] == "claim"
    assert v["standing"] == {"seat": 1, "said": "sun"}


def test_ba8_round_two_names_its_hokum_suit_in_the_standing_bid():
    state = after("pass pass pass pass hokum:C pass pass pass")
    v = seen(state)
    assert v["bid_round"] == 2 and v["bid_stage"] == "confirm"
    assert v["standing"] == {"seat": 0, "said": "hokum:C"}


def test_the_stage_is_public_and_gone_once_the_bidding_ends():
    state = after("pass pass ashkal")
    views = [GAME.view(state, s).to_json() for s in (None, 0, 1, 2, 3)]
    assert {(v["bid_stage"], str(v["standing"])) for v in views} == {
        ("claim", str({"seat": 2, "said": "ashkal"}))
    }
    v = seen(after("sun"))
    assert v["phase"] != "bid" and v["bid_stage"] is None and v["standing"] is None
