"""Doubling and play: BA-11 … BA-16."""

from __future__ import annotations

import pytest
from ba_deals import SUIT_HANDS, cards, playing, run

from bolola.cards import Suit
from bolola.engine import IllegalAction
from bolola.games.baloot import GAME
from bolola.games.baloot.bid import Contract
from bolola.games.baloot.deal import Deal
from bolola.games.baloot.deck import DECK
from bolola.games.baloot.doubling import Doubling, sun_may_double
from bolola.games.baloot.options import BalootOptions
from bolola.games.baloot.trick import legal_cards, winner

STRICT = BalootOptions(strict_trumping=True)


def hokum_bought() -> Deal:
    d, _ = run(Deal.new(3, DECK), "pass hokum pass pass hokum")  # seat 1 buys, trumps D
    return d


def test_ba11_double_triple_four_gahwa_each_offered_to_the_right_seat():
    d = hokum_bought()
    assert d.doubling is not None and d.to_move == 2
    d, _ = run(d, "pass")
    assert d.to_move == 0  # the other defender
    d, _ = run(d, "double")
    assert d.level == 2 and d.to_move == 1  # triple: the buyer
    d, _ = run(d, "triple")
    assert d.level == 3 and d.to_move == 0  # four: the one who doubled
    d, _ = run(d, "four")
    assert d.level == 4 and d.to_move == 1
    d, _ = run(d, "gahwa")
    assert d.gahwa and d.doubling is None and d.phase == "play" and d.to_move == 1


def test_ba11_declining_a_step_ends_the_chain():
    d, _ = run(hokum_bought(), "double pass")
    assert d.level == 2 and d.phase == "play"
    d, _ = run(hokum_bought(), "pass pass")
    assert d.level == 1 and d.phase == "play"
    with pytest.raises(IllegalAction) as e:
        run(hokum_bought(), "triple")
    assert e.value.rule == "BA-11"


def test_ba11_only_the_seat_offered_may_speak():
    state = GAME.new(GAME.default_options(), 1)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(state, 2, GAME.parse_action("pass"))
    assert e.value.rule == "BA-5"
    d = hokum_bought()
    assert Doubling.start(d.contract or Contract("hokum", None, 1, 1)).to_move == 2


def test_ba12_sun_doubles_only_when_the_buyers_have_over_100_and_the_defenders_under():
    assert sun_may_double((101, 99), 0) and not sun_may_double((100, 50), 0)
    assert not sun_may_double((120, 100), 0) and sun_may_double((40, 130), 1)
    d, _ = run(Deal.new(3, DECK), "sun")
    assert d.phase == "play"
    d, _ = run(Deal.new(3, DECK), "sun", totals=(120, 30))
    assert d.phase == "double" and d.to_move == 1


def test_ba13_locked_at_double_or_four_no_trump_lead_while_holding_another_suit():
    hands = ["7S 8S 9S TS 7H 8H 9H TH", "JS QS KS AS JH QH KH AH", SUIT_HANDS[2], SUIT_HANDS[3]]
    for level, gahwa, locked in (
        (2, False, True),
        (3, False, False),
        (4, False, True),
        (4, True, False),
    ):
        d = playing(hands, level=level, gahwa=gahwa)
        legal = d.legal(0, BalootOptions())
        assert (cards("7S")[0] in legal) is not locked
    d = playing(hands, level=2)
    with pytest.raises(IllegalAction) as e:
        run(d, "7S")
    assert e.value.rule == "BA-13"
    only_trumps = [
        "7S 8S 9S TS JS QS KS AS",
        "7H 8H 9H TH JH QH KH AH",
        SUIT_HANDS[2],
        SUIT_HANDS[3],
    ]
    assert len(playing(only_trumps, level=2).legal(0, BalootOptions())) >= 8


def test_ba14_the_buyer_leads_and_the_trick_winner_leads_next():
    d = hokum_bought()
    d, _ = run(d, "pass pass")
    assert d.to_move == 1
    d = playing(SUIT_HANDS, buyer=2, trump="S")
    assert d.to_move == 2
    d, _ = run(d, "AD 7C 7S 7H")  # seats 2, 3, 0, 1: seat 0 trumps
    assert d.leader == 0 and d.to_move == 0


def test_ba15_follow_suit_otherwise_any_card():
    hand = cards("7H 8H AD 7S")
    trick = ((1, cards("9H")[0]),)
    assert legal_cards(hand, trick, Suit.SPADES) == cards("7H 8H")
    trick = ((1, cards("9C")[0]),)
    assert legal_cards(hand, trick, Suit.SPADES) == hand
    d = playing(["7H 8H 9H TH JH QH KH AH", SUIT_HANDS[0], SUIT_HANDS[2], SUIT_HANDS[3]])
    d, _ = run(d, "7H")
    with pytest.raises(IllegalAction) as e:
        run(d, "9H")
    assert e.value.rule == "BA-15"


def test_ba15_strict_trumping_trump_and_over_trump_an_opponent():
    s = Suit.SPADES
    hand = cards("7S 9S AD 7C")
    # An opponent (seat 0) leads AH; seat 1 is void in hearts: must trump.
    trick = ((0, cards("AH")[0]),)
    assert legal_cards(hand, trick, s, strict=True) == cards("7S 9S")
    assert legal_cards(hand, trick, s, strict=False) == hand
    # Partner (seat 3) is winning: any card.
    trick = ((3, cards("AH")[0]), (0, cards("7H")[0]))
    assert legal_cards(hand, trick, s, strict=True) == hand
    # An opponent trumped with the 8: over-trump with the 9 (7 is lower).
    trick = ((3, cards("7H")[0]), (0, cards("8S")[0]))
    assert legal_cards(hand, trick, s, strict=True) == cards("9S")
    # Cannot over-trump the jack: still trump, lower.
    trick = ((3, cards("7H")[0]), (0, cards("JS")[0]))
    assert legal_cards(hand, trick, s, strict=True) == cards("7S 9S")
    # Trumps led: nothing more than following.
    trick = ((0, cards("JS")[0]),)
    assert legal_cards(hand, trick, s, strict=True) == cards("7S 9S")
    d = playing(
        [
            "AH 7H 8H 9H TH JH QH KH",
            "7S 9S AD 7C 8C 9C TC JC",
            "QS KS AS TD JD QD KD 7D",
            "8S TS JS 8D 9D AC QC KC",
        ],
        buyer=0,
    )
    d, _ = run(d, "AH", STRICT)
    with pytest.raises(IllegalAction) as e:
        run(d, "AD", STRICT)
    assert e.value.rule == "BA-15"


def test_ba16_the_highest_trump_else_the_highest_of_the_suit_led():
    c = cards
    assert (
        winner(((0, c("AH")[0]), (1, c("7S")[0]), (2, c("KH")[0]), (3, c("JS")[0])), Suit.SPADES)
        == 3
    )
    assert winner(((0, c("TH")[0]), (1, c("AS")[0]), (2, c("KH")[0]), (3, c("AD")[0])), None) == 0
    assert (
        winner(((0, c("AS")[0]), (1, c("9S")[0]), (2, c("TS")[0]), (3, c("KS")[0])), Suit.SPADES)
        == 1
    )
    assert winner(((0, c("9S")[0]), (1, c("JS")[0]), (2, c("TS")[0]), (3, c("AS")[0])), None) == 3
