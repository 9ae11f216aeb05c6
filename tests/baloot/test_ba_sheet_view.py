"""What a finished deal's row of the score sheet reads from the view: the contract with
Hokum's trump (BA-5), who bought it (BA-10) and how far it was doubled (BA-12), the same
for every seat and a spectator. The client's sheet writes the row from these alone; a
row that said only "Hokum" could not be told from the others."""

from __future__ import annotations

from typing import Any

from bolola.games.baloot import GAME
from bolola.games.baloot.match import Match


def after(moves: str, seed: int = 1) -> Match:
    """A match (seat 3 deals, seat 0 speaks first) after these actions, by whoever acts."""
    state = GAME.new(GAME.default_options(), seed)
    for text in moves.split():
        state, _ = GAME.apply(state, GAME.to_move(state)[0], GAME.parse_action(text))
    return state


def first_deal_over(state: Match) -> Match:
    """The first deal played out: no more doubling, then the first legal action each turn."""
    while state.deal_no == 1:
        seat = GAME.to_move(state)[0]
        legal = [str(a) for a in GAME.legal_actions(state, seat)]
        text = "pass" if "pass" in legal else legal[0]
        state, _ = GAME.apply(state, seat, GAME.parse_action(text))
    return state


def rows(state: Match) -> list[dict[str, Any]]:
    """The finished deals as seat 0's view carries them; every other view carries the same."""
    seen = [GAME.view(state, s).to_json()["history"] for s in (0, 1, 2, 3, None)]
    assert all(h == seen[0] for h in seen)
    history: list[dict[str, Any]] = seen[0]
    return history


def test_ba12_a_doubled_hokum_row_names_its_trump_its_buyer_and_its_level():
    # Seat 1 calls Hokum and confirms it (BA-6); seat 2, across the table, doubles.
    bought = after("pass hokum pass pass hokum")
    trump = bought.deal.bid_card.suit.letter
    (row,) = rows(first_deal_over(after("pass hokum pass pass hokum double")))
    assert row["deal"] == 1 and not row["passed_out"]
    assert row["contract"] == f"hokum:{trump}"
    assert row["buyer"] == 1
    assert (row["level"], row["gahwa"]) == (2, False)


def test_ba10_an_undoubled_sun_row_is_the_callers_at_level_one():
    (row,) = rows(first_deal_over(after("sun")))
    assert (row["contract"], row["buyer"], row["level"], row["gahwa"]) == ("sun", 0, 1, False)


def test_ba10_after_an_ashkal_the_row_names_the_callers_partner_as_buyer():
    # Seat 3 says Ashkal; seat 0, who spoke earlier, leaves the Sun to it (BA-7).
    (row,) = rows(first_deal_over(after("pass pass pass ashkal")))
    assert (row["contract"], row["buyer"]) == ("ashkal", 1)  # the caller's partner (BA-10)
