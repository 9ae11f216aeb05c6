"""What a finished deal's row of the score sheet reads from the view: the contract with
Hokum's trump (BA-5), who bought it (BA-10) and how far it was doubled (BA-12), the same
for every seat and a spectator. The client's sheet writes the row from these alone; a
row that said only "Hokum" could not be told from the others. The match page's sheet
reads the same from the ``deal_scores`` hook's detail, its label staying the short kind
that the arena groups deals by."""

from __future__ import annotations

import random
from typing import Any

from bolola.engine import random_play_out
from bolola.games.baloot import GAME
from bolola.games.baloot.match import Match


def after(moves: str, seed: int = 1) -> Match:
    """A match (seat 3 deals, seat 0 speaks first) after these actions, by whoever acts."""
    state = GAME.new(GAME.default_options(), seed)
    for text in moves.split():
        state, _ = GAME.apply(state, GAME.to_move(state)[0], GAME.parse_action(text))
    return state


def first_deal_over(state: Match) -> Match:
    """The first deal played out: no more doubling, then the first legal action each turn
    (a Gahwa's deal ends the match: it stays deal 1)."""
    while state.deal_no == 1 and not state.over:
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


def scored(state: Match) -> tuple[str, str]:
    """The first deal's label and detail as the ``deal_scores`` hook gives them."""
    (first, *_) = GAME.deal_scores(state)
    return first.label, first.detail


def test_ba12_a_deal_score_details_the_trump_the_doubling_and_the_buyers_seat():
    trump = after("pass hokum pass pass hokum").deal.bid_card.suit.letter
    state = first_deal_over(after("pass hokum pass pass hokum double"))
    assert scored(state) == ("hokum", f"hokum:{trump} x2 by 1")
    tripled = first_deal_over(after("pass hokum pass pass hokum double triple"))
    assert scored(tripled) == ("hokum", f"hokum:{trump} x3 by 1")


def test_ba24_a_gahwa_deal_says_gahwa_not_its_level():
    state = first_deal_over(after("pass hokum pass pass hokum double triple four gahwa"))
    assert state.over
    assert scored(state)[1].endswith(" gahwa by 1")


def test_ba10_a_sun_and_an_ashkal_are_told_apart_though_both_are_a_sun():
    assert scored(first_deal_over(after("sun"))) == ("sun", "sun x1 by 0")
    # Seat 3 says Ashkal and seat 0 leaves it: seat 3's partner, seat 1, buys (BA-10).
    assert scored(first_deal_over(after("pass pass pass ashkal"))) == ("sun", "ashkal x1 by 1")


def test_every_deal_of_a_match_has_its_detail_and_the_view_agrees_with_it():
    state = GAME.new(GAME.default_options(), 5)
    state = random_play_out(GAME, state, random.Random(5))
    rows_ = rows(state)
    deals = GAME.deal_scores(state)
    bought = [r for r in rows_ if not r["passed_out"]]
    assert len(deals) == len(bought) > 1
    for d, r in zip(deals, bought, strict=True):
        level = "gahwa" if r["gahwa"] else f"x{r['level']}"
        assert d.detail == f"{r['contract']} {level} by {r['buyer']}"
        assert d.label == ("hokum" if r["contract"].startswith("hokum") else "sun")
