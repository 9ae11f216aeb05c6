"""Scoring per trick, early ends and deal totals (KB-40 … KB-48), and the engine's trick
rules held to a plain second implementation (kb_reference)."""

from __future__ import annotations

import random

import kb_reference as ref
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kb_deals import legal, play_first_legal, refused, run, start

from bolola.cards import CARDS, Suit, cards_of, mask_of, parse_cards
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import (
    END_RULES,
    hands_from_seed,
    legal_cards,
    new_deal,
    play,
    trick_points,
)
from bolola.games.king_bolola.events import CardPlayed, DealEnded, TrickTaken

TOTALS = {
    Contract.TRICKS: -650,
    Contract.JACKS_KINGS: -480,
    Contract.QUEENS: -400,
    Contract.HEARTS: -390,
    Contract.LAST_TWO: -360,
    Contract.KING_OF_HEARTS: -320,
    Contract.BOLOLA_NEGATIVE: -800,
    Contract.TRUMPS: 650,
    Contract.BOLOLA_POSITIVE: 800,
}
SPADES = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"


def mask(text: str) -> int:
    return mask_of(parse_cards(text.split()))


def random_deal(contract: Contract, seed: int, *, king_under_ace: bool = False):
    rng = random.Random(seed)
    trump = rng.randrange(4) if contract is Contract.TRUMPS else None
    d = new_deal(
        contract, trump, rng.randrange(4), hands_from_seed(seed), king_under_ace=king_under_ace
    )
    while not d.done:
        seat = d.to_move
        cards = legal_cards(d)
        d, _ = play(d, seat, rng.choice(cards).index)
    return d


# --- per-trick scores, straight from the rules ---------------------------------------


def test_kb40_tricks_minus_50_per_trick():
    assert {trick_points(Contract.TRICKS, mask("2S 3S 4S 5S"), n) for n in range(1, 14)} == {-50}


def test_kb41_minus_60_per_jack_or_king():
    assert trick_points(Contract.JACKS_KINGS, mask("JS KH 2D 3C"), 1) == -120
    assert trick_points(Contract.JACKS_KINGS, mask("QS AS 2D 3C"), 13) == 0


def test_kb42_minus_100_per_queen():
    assert trick_points(Contract.QUEENS, mask("QS QH KD 3C"), 4) == -200
    assert trick_points(Contract.QUEENS, mask("JS KH 2D 3C"), 4) == 0


def test_kb43_minus_30_per_heart():
    assert trick_points(Contract.HEARTS, mask("2H 3H KH 3C"), 2) == -90


def test_kb44_last_two_tricks_only():
    cards = mask("2S 3S 4S 5S")
    assert [trick_points(Contract.LAST_TWO, cards, n) for n in range(1, 14)] == [0] * 11 + [
        -120,
        -240,
    ]


def test_kb45_minus_320_for_the_king_of_hearts():
    assert trick_points(Contract.KING_OF_HEARTS, mask("KH 2S 3S 4S"), 5) == -320
    assert trick_points(Contract.KING_OF_HEARTS, mask("AH QH 3S 4S"), 5) == 0


def test_kb46_bolola_negative_per_trick():
    assert trick_points(Contract.BOLOLA_NEGATIVE, mask("2S 3S 4S 5S"), 1) == -15
    # KH is a king, a heart and KH: -20 - 10 - 95 = -125, plus the trick.
    assert trick_points(Contract.BOLOLA_NEGATIVE, mask("KH 2S 3S 4S"), 1) == -140
    # trick 12: 15 + 2 x 20 (JD, KH) + 30 (QS) + 2 x 10 (2H, KH) + 95 + 40
    assert trick_points(Contract.BOLOLA_NEGATIVE, mask("JD QS 2H KH"), 12) == -240
    assert trick_points(Contract.BOLOLA_NEGATIVE, mask("2S 3S 4S 5S"), 13) == -75


def test_kb47_trumps_plus_50_per_trick():
    assert {trick_points(Contract.TRUMPS, mask("2S 3S 4S 5S"), n) for n in range(1, 14)} == {50}


def test_kb48_bolola_positive_is_bolola_negative_with_a_plus_sign():
    for text in ["2S 3S 4S 5S", "KH 2S 3S 4S", "JD QS 2H KH", "QS QH QD QC"]:
        for n in (1, 12, 13):
            neg = trick_points(Contract.BOLOLA_NEGATIVE, mask(text), n)
            assert trick_points(Contract.BOLOLA_POSITIVE, mask(text), n) == -neg


# --- whole deals ---------------------------------------------------------------------

KB_TOTAL_IDS = {
    Contract.TRICKS: "kb40",
    Contract.JACKS_KINGS: "kb41",
    Contract.QUEENS: "kb42",
    Contract.HEARTS: "kb43",
    Contract.LAST_TWO: "kb44",
    Contract.KING_OF_HEARTS: "kb45",
    Contract.BOLOLA_NEGATIVE: "kb46",
    Contract.TRUMPS: "kb47",
    Contract.BOLOLA_POSITIVE: "kb48",
}


@pytest.mark.parametrize("contract", list(Contract), ids=lambda c: KB_TOTAL_IDS[c])
def test_kb40_to_kb48_one_seat_takes_everything(contract):
    """Seat 0 holds every spade and leads them all: it takes every trick, so it scores the
    contract's whole total, and nobody else scores."""
    d = start(contract, SPADES, trump="S" if contract is Contract.TRUMPS else None)
    d = play_first_legal(d)
    assert d.points == (TOTALS[contract], 0, 0, 0)
    assert d.tricks_won[0] == d.tricks_played
    assert Contract(contract).total == TOTALS[contract]


@pytest.mark.parametrize("contract", list(Contract))
@pytest.mark.parametrize("seed", range(6))
def test_kb40_to_kb48_complete_deal_totals(contract, seed):
    d = random_deal(contract, seed)
    assert d.done
    assert sum(d.points) == TOTALS[contract]


def test_kb40_tricks_ends_after_13_tricks():
    d = random_deal(Contract.TRICKS, 3)
    assert d.tricks_played == 13 and sum(d.tricks_won) == 13
    assert d.points == tuple(-50 * n for n in d.tricks_won)


def test_kb41_jacks_kings_ends_when_all_eight_are_taken():
    d = start(Contract.JACKS_KINGS, "JS 3H 3D 3C", "KS KH KD KC", "2S JH JD JC", "3S 2H 2D 2C")
    d = run(d, "JS KS 2S 3S")
    d = run(d, "KH JH 2H 3H")  # JH is forced under the king (KB-20)
    d = run(d, "KD JD 2D 3D")
    assert not d.done
    d = run(d, "KC JC 2C")
    d, events = play(d, 0, parse_cards(["3C"])[0].index)
    assert d.done and d.tricks_played == 4
    assert d.points == (0, -480, 0, 0)
    assert isinstance(events[-1], DealEnded) and events[-1].tricks_played == 4
    rule = refused(d, "2S", seat=1).rule
    assert rule == "KB-41" == END_RULES[Contract.JACKS_KINGS]


def test_kb42_queens_ends_when_all_four_are_taken():
    d = start(Contract.QUEENS, "AS AH AD AC", "QS QH QD QC", "2S 2H 2D 2C", "3S 3H 3D 3C")
    for suit in "SHDC":
        d = run(d, f"A{suit} Q{suit} 2{suit} 3{suit}")
    assert d.done and d.tricks_played == 4
    assert d.points == (-400, 0, 0, 0)
    assert refused(d, "KS", seat=0).rule == "KB-42"


def test_kb43_hearts_ends_when_all_hearts_are_taken():
    d = start(
        Contract.HEARTS,
        SPADES,
        "AH KH QH JH TH AD KD QD JD TD 9D 8D 7D",
        "9H 8H 7H 6H 6D 5D 4D 3D 2D AC KC QC JC",
        "5H 4H 3H 2H TC 9C 8C 7C 6C 5C 4C 3C 2C",
    )
    for _ in range(4):
        d = run(d, min(legal(d)))
        for _ in range(3):
            assert all(c.endswith("H") for c in legal(d))  # KB-25
            d = run(d, sorted(legal(d))[0])
    assert not d.done
    d = play_first_legal(d)
    assert d.done and d.tricks_played == 5
    assert d.points == (-390, 0, 0, 0)


def test_kb45_king_of_hearts_ends_with_the_trick_that_holds_it():
    d = start(Contract.KING_OF_HEARTS, "AS", "KH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD")
    d = run(d, "AS")
    assert legal(d) == {"KH"}  # KB-27
    d = run(d, "KH")
    d = play_first_legal(d)
    assert d.done and d.tricks_played == 1
    assert d.points == (-320, 0, 0, 0)


def test_kb44_last_two_scores_only_tricks_12_and_13():
    d = random_deal(Contract.LAST_TWO, 5)
    assert d.tricks_played == 13
    by_trick = [
        (n, ref.winner(list(map(CARDS.__getitem__, c)), ld, None))
        for n, (ld, c) in enumerate(d.tricks, 1)
    ]
    expected = [0, 0, 0, 0]
    for n, seat in by_trick:
        expected[seat] += {12: -120, 13: -240}.get(n, 0)
    assert d.points == tuple(expected)


def test_kb46_bolola_negative_plays_all_13_tricks():
    for seed in range(4):
        d = random_deal(Contract.BOLOLA_NEGATIVE, seed)
        assert d.tricks_played == 13 and sum(d.points) == -800


def test_kb47_trumps_plays_all_13_tricks():
    d = random_deal(Contract.TRUMPS, 8)
    assert d.tricks_played == 13
    assert d.points == tuple(50 * n for n in d.tricks_won)


def test_kb48_bolola_positive_plays_all_13_tricks():
    d = random_deal(Contract.BOLOLA_POSITIVE, 9)
    assert d.tricks_played == 13 and sum(d.points) == 800


def test_trick_events_name_winner_points_and_number():
    d = start(Contract.QUEENS, "AS", "QS 3S 2D 3D 4D 5D 6D 7D 8D 9D TD JD KD", "2S", "4S")
    for card in ["AS", "QS", "2S"]:
        d, events = play(d, d.to_move, parse_cards([card])[0].index)
        assert events == (CardPlayed(d.to_move - 1 & 3, parse_cards([card])[0]),)
    d, events = play(d, 3, parse_cards(["4S"])[0].index)
    assert len(events) == 2
    taken = events[1]
    assert isinstance(taken, TrickTaken)
    assert (taken.seat, taken.points, taken.trick_no) == (0, -100, 1)
    assert [str(c) for c in taken.cards][:2] == ["AS", "QS"]


# --- the engine against the plain rules ----------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    contract=st.sampled_from(list(Contract)),
    trump=st.sampled_from(list(Suit)),
    king_under_ace=st.booleans(),
)
def test_engine_agrees_with_the_plain_rules(seed, contract, trump, king_under_ace):
    """Legal cards at every turn, trick winners, per-trick points and the end of the deal
    match a set-based rewrite of KB-11 … KB-48 over random deals."""
    rng = random.Random(seed)
    t = trump if contract is Contract.TRUMPS else None
    declarer = rng.randrange(4)
    d = new_deal(contract, t, declarer, hands_from_seed(seed), king_under_ace=king_under_ace)
    earlier: set = set()
    points = [0, 0, 0, 0]
    while not d.done:
        seat = d.to_move
        trick = [CARDS[i] for i in d.trick]
        expected = ref.legal(
            contract, t, king_under_ace, set(cards_of(d.hands[seat])), trick, earlier
        )
        assert set(legal_cards(d)) == expected
        card = rng.choice(sorted(expected))
        leader = d.leader
        d, events = play(d, seat, card.index)
        if len(trick) == 3:
            full = [*trick, card]
            won_by = ref.winner(full, leader, t)
            earlier |= set(full)
            n = len(d.tricks)
            points[won_by] += ref.points(contract, full, n)
            taken = events[1]
            assert (taken.seat, taken.points) == (won_by, ref.points(contract, full, n))
            assert d.done == ref.ends_after(contract, earlier, n)
            if not d.done:
                assert d.to_move == won_by  # KB-9
    assert d.points == tuple(points)
    assert sum(points) == TOTALS[contract]
