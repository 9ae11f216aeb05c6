"""Who wins a battle: HT-9 … HT-12."""

from __future__ import annotations

import itertools

import pytest
from ht_deals import place, rigged

from bolola.cards import Card
from bolola.games.hearts_trumps.battle import Why, duel, strength, winners
from bolola.games.hearts_trumps.deck import DECK


def idx(text: str) -> int:
    return Card.parse(text).index


def test_ht09_a_joker_beats_any_other_card():
    for c in DECK[:52]:
        assert duel(52, c) == (True, Why.JOKER)
        assert duel(c, 53) == (False, Why.JOKER)
    assert Why.JOKER.rule == "HT-9"


def test_ht09_a_joker_wins_its_battle_in_play():
    state = rigged("JK 2S 3S 4S 5S 6S", "KH 2D 3D 4D 5D 6D")
    _, texts = place(state, "2S/JK/3S", "2D/3D/KH")
    assert "battle A 0 JK 1 KH won 0 joker" in texts


@pytest.mark.parametrize(
    ("p0", "p1", "a", "b"),
    [
        # Battle A is joker against joker: it follows battle B.
        ((idx("2S"), 52, idx("3S")), (idx("4S"), idx("5S"), 53), 1, 1),
        ((idx("2S"), 52, idx("9S")), (idx("4S"), idx("5S"), 53), 0, 0),
        # Battle B is joker against joker: it follows battle A.
        ((idx("2S"), idx("KH"), 52), (idx("4S"), 53, idx("5S")), 0, 0),
        ((idx("2S"), idx("2C"), 52), (idx("4S"), 53, idx("5S")), 1, 1),
    ],
)
def test_ht10_joker_against_joker_goes_to_the_other_battles_winner(p0, p1, a, b):
    assert winners(p0, p1) == (a, b)


def test_ht10_joker_against_joker_in_play_names_the_rule():
    state = rigged("JK 2S 3S 4S 5S 6S", "JK 2D 3D 4D 5D 6D")
    _, texts = place(state, "2S/JK/6S", "2D/5D/JK")
    # Battle B: 5D against 6S, rank, seat 0 wins; so battle A goes to seat 0 too.
    assert texts[-2:] == ["battle A 0 JK 1 JK won 0 jokers", "battle B 1 5D 0 6S won 0 rank"]
    assert Why.JOKERS.rule == "HT-10"


def test_ht11_a_heart_beats_any_card_but_a_joker():
    for c in DECK[:52]:
        if c // 13 != 1:
            assert duel(idx("AH"), c) == (True, Why.TRUMP)
            assert duel(c, idx("AH")) == (False, Why.TRUMP)
    assert duel(idx("KH"), 52) == (False, Why.JOKER)


def test_ht11_heart_against_heart_the_higher_rank_wins():
    assert duel(idx("3H"), idx("2H")) == (True, Why.HEARTS)
    assert duel(idx("TH"), idx("KH")) == (False, Why.HEARTS)
    assert duel(idx("AH"), idx("2H")) == (False, Why.HEARTS)  # the ace is low (HT-2)
    assert Why.HEARTS.rule == Why.TRUMP.rule == "HT-11"


def test_ht12_higher_rank_wins_among_diamonds_clubs_and_spades():
    assert duel(idx("9S"), idx("8D")) == (True, Why.RANK)
    assert duel(idx("2C"), idx("KS")) == (False, Why.RANK)
    assert Why.RANK.rule == "HT-12"


@pytest.mark.parametrize(
    ("attacker", "defender", "wins"),
    [("7D", "7C", True), ("7D", "7S", True), ("7C", "7S", True), ("7S", "7D", False),
     ("7C", "7D", False), ("7S", "7C", False)],
)  # fmt: skip
def test_ht12_equal_ranks_diamonds_beat_clubs_and_spades_clubs_beat_spades(
    attacker, defender, wins
):
    assert duel(idx(attacker), idx(defender)) == (wins, Why.SUIT)


def test_ht12_strength_orders_every_decided_battle():
    for a, d in itertools.permutations(DECK, 2):
        wins, why = duel(a, d)
        if why is Why.JOKERS:
            assert a >= 52 and d >= 52
        else:
            assert wins == (strength(a) > strength(d))
