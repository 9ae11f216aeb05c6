"""Dealing and bidding: BA-1 … BA-10."""

from __future__ import annotations

import pytest
from ba_deals import cards, run

from bolola.cards import Suit
from bolola.engine import IllegalAction
from bolola.games.baloot import GAME
from bolola.games.baloot.bid import Call, Contract
from bolola.games.baloot.deal import Deal, shuffled
from bolola.games.baloot.deck import DECK
from bolola.games.baloot.match import dealer_of


def fresh() -> Deal:
    # Seat 3 deals: seat 0 gets 7S..JS, seat 1 QS KS AS 7H 8H, seat 2 9H..KH,
    # seat 3 AH 7D 8D 9D TD; the bid card is JD.
    return Deal.new(3, DECK)


def said(deal: Deal) -> list[str]:
    return [str(a) for a in deal.legal(deal.to_move or 0, GAME.default_options())]


def test_ba1_thirty_two_cards_partners_opposite_and_the_deal_moves_clockwise():
    assert len(DECK) == len(set(DECK)) == 32
    assert {str(c)[0] for c in DECK} == set("789TJQKA")
    assert GAME.teams == ((0, 2), (1, 3))
    assert [dealer_of(n) for n in range(1, 6)] == [3, 0, 1, 2, 3]
    assert sorted(shuffled(5, 1)) == sorted(DECK)
    assert shuffled(5, 1) == shuffled(5, 1) != shuffled(5, 2)


def test_ba4_five_cards_each_and_the_bid_card_face_up():
    d = fresh()
    assert [len(h) for h in d.hands] == [5, 5, 5, 5]
    assert d.hands[0] == cards("7S 8S 9S TS JS")
    assert d.hands[3] == cards("AH 7D 8D 9D TD")
    assert str(d.bid_card) == "JD" and len(d.stock) == 11
    view = GAME.view(GAME.new(GAME.default_options(), 3), 1).to_json()
    assert view["bid_card"] and len(view["hand"]) == 5


def test_ba5_round_one_bids_and_ashkal_for_the_third_and_fourth_speakers_only():
    d = fresh()
    assert said(d) == ["pass", "hokum", "sun"]
    d, _ = run(d, "pass")
    assert said(d) == ["pass", "hokum", "sun"]
    with pytest.raises(IllegalAction) as e:
        run(d, "ashkal")
    assert e.value.rule == "BA-5"
    d, _ = run(d, "pass")
    assert said(d) == ["pass", "hokum", "sun", "ashkal"]
    with pytest.raises(IllegalAction) as e:
        run(d, "hokum:S")
    assert e.value.rule == "BA-5"


def test_ba5_round_one_hokum_takes_the_bid_cards_suit():
    d, _ = run(fresh(), "hokum pass pass pass hokum")
    assert d.contract == Contract("hokum", Suit.DIAMONDS, 0, 0)


def test_ba6_after_a_hokum_only_sun_ashkal_or_pass_then_the_caller_confirms():
    d, _ = run(fresh(), "hokum")
    assert said(d) == ["pass", "sun"]
    with pytest.raises(IllegalAction) as e:
        run(d, "hokum")
    assert e.value.rule == "BA-6"
    d, _ = run(d, "pass pass pass")
    assert d.to_move == 0 and said(d) == ["hokum", "sun"]
    with pytest.raises(IllegalAction) as e:
        run(d, "pass")
    assert e.value.rule == "BA-6"


def test_ba6_the_hokum_caller_may_switch_to_sun():
    d, _ = run(fresh(), "pass hokum pass pass")
    assert d.to_move == 1
    d, _ = run(d, "sun")
    # BA-7: seat 0 spoke before the caller and may claim the switched Sun.
    assert d.contract is None and d.to_move == 0 and said(d) == ["pass", "sun"]
    d, _ = run(d, "pass")
    assert d.contract == Contract("sun", None, 1, 1)


def test_ba7_earlier_speakers_may_claim_a_sun_in_speaking_order():
    d, _ = run(fresh(), "pass hokum pass sun")
    assert d.contract is None and d.to_move == 0
    d2, _ = run(d, "sun")
    assert d2.contract == Contract("sun", None, 0, 0)
    d3, _ = run(d, "pass sun")  # seat 1 (the Hokum caller) claims it
    assert d3.contract == Contract("sun", None, 1, 1)
    d4, _ = run(d, "pass pass pass")
    assert d4.contract == Contract("sun", None, 3, 3)
    with pytest.raises(IllegalAction) as e:
        run(d, "hokum")
    assert e.value.rule == "BA-7"


def test_ba7_a_first_speakers_sun_ends_the_bidding_at_once():
    d, _ = run(fresh(), "sun")
    assert d.contract == Contract("sun", None, 0, 0)


def test_ba7_a_claimed_ashkal_becomes_a_plain_sun_for_the_claimer():
    d, _ = run(fresh(), "pass pass ashkal")
    assert d.to_move == 0
    d, _ = run(d, "pass sun")
    assert d.contract == Contract("sun", None, 1, 1)


def test_ba8_round_two_hokum_names_another_suit_and_has_no_ashkal():
    d, _ = run(fresh(), "pass pass pass pass")
    assert d.bidding.round_no == 2 and d.to_move == 0
    assert said(d) == ["pass", "hokum:S", "hokum:H", "hokum:C", "sun"]
    for bad in ("hokum:D", "hokum"):
        with pytest.raises(IllegalAction) as e:
            run(d, bad)
        assert e.value.rule == "BA-8"
    d2, _ = run(d, "pass pass")
    with pytest.raises(IllegalAction) as e:
        run(d2, "ashkal")
    assert e.value.rule == "BA-8"
    d3, _ = run(d, "hokum:C pass pass pass hokum:C")
    assert d3.contract == Contract("hokum", Suit.CLUBS, 0, 0)


def test_ba9_all_pass_twice_and_the_next_seat_deals():
    state = GAME.new(GAME.default_options(), 4)
    for _ in range(8):
        state, events = GAME.apply(state, GAME.to_move(state)[0], GAME.parse_action("pass"))
    assert any(str(e).startswith("passed out") for e in events)
    assert state.deal_no == 2 and state.deal.dealer == 0 and GAME.to_move(state) == (1,)
    assert state.totals == (0, 0) and GAME.deal_scores(state) == ()


def test_ba10_the_buyer_takes_the_bid_card_and_two_more_the_others_three():
    d, _ = run(fresh(), "hokum pass pass pass hokum")
    assert d.hands[0] == cards("7S 8S 9S TS JS JD QD KD")
    assert d.hands[1] == cards("QS KS AS 7H 8H AD 7C 8C")
    assert d.hands[2] == cards("9H TH JH QH KH 9C TC JC")
    assert d.hands[3] == cards("AH 7D 8D 9D TD QC KC AC")
    assert d.stock == ()


def test_ba10_after_an_ashkal_the_callers_partner_buys():
    d, _ = run(fresh(), "pass pass ashkal pass pass")
    assert d.contract == Contract("sun", None, 2, 0, ashkal=True)
    assert Call("ashkal") not in d.legal(0, GAME.default_options())
    assert cards("JD")[0] in d.hands[0] and len(d.hands[0]) == 8
    assert d.leader == 0  # BA-14
