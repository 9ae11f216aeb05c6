"""Cards, players and the deal: HT-1 … HT-5."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from ht_deals import place, play_random, rigged

from bolola.cards import JOKER, Card
from bolola.engine import IllegalAction
from bolola.games.hearts_trumps.battle import duel
from bolola.games.hearts_trumps.deal import deal_cards, loot_points
from bolola.games.hearts_trumps.deck import card_of, rank
from bolola.games.hearts_trumps.match import GAME
from bolola.registry import find


def idx(text: str) -> int:
    return Card.parse(text).index


def test_ht01_two_players_and_a_54_card_deck_with_two_alike_jokers():
    assert find("hearts-trumps") is GAME
    assert GAME.seats == 2
    dealt = deal_cards(seed=11, deal_no=1)
    cards = Counter(card_of(c) for seat in dealt for c in seat)
    assert sum(cards.values()) == 54
    assert cards[JOKER] == 2
    assert all(n == 1 for c, n in cards.items() if c != JOKER)
    state = GAME.new(GAME.default_options(), 11)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 2, GAME.legal_actions(state, 0)[0])
    assert info.value.rule == "HT-1"


def test_ht01_two_jokers_in_one_hand_are_one_card_twice():
    state = rigged("JK JK 2S 3S 4S 5S")
    legal = GAME.legal_actions(state, 0)
    texts = [str(p) for p in legal]
    assert len(texts) == len(set(texts)) == 120 - 48  # JK/JK swaps named once
    assert "JK/JK/2S" in texts
    after, _ = GAME.apply(state, 0, GAME.parse_action("JK/JK/2S"))
    assert [str(c) for c in GAME.view(after, 0).hand] == ["3S", "4S", "5S"]


def test_ht02_the_ace_is_low():
    assert [rank(idx(t)) for t in ("AS", "2S", "9D", "TC", "JH", "QH", "KH")] == [
        1, 2, 9, 10, 11, 12, 13,
    ]  # fmt: skip
    assert duel(idx("2C"), idx("AC")) == duel(idx("2C"), idx("AD"))
    assert duel(idx("2C"), idx("AC"))[0] is True  # the 2 beats the ace
    assert duel(idx("AH"), idx("2H"))[0] is False
    assert loot_points([idx("AH")]) == 1


def test_ht03_hearts_are_trumps():
    wins, why = duel(idx("2H"), idx("KD"))
    assert wins is True and why.value == "trump"
    wins, why = duel(idx("KS"), idx("AH"))
    assert wins is False and why.rule == "HT-11"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ht04_a_deal_deals_four_rounds_of_six_then_three(seed):
    rng = random.Random(seed)
    state = GAME.new(GAME.default_options(), seed)
    sizes = []
    for hand_no in range(1, 10):
        assert state.deal_no == 1 and state.hand_no == hand_no
        sizes.append(len(state.hands[0]))
        assert len(state.hands[1]) == sizes[-1]
        state = play_random(state, rng, 1)
    assert sizes == [6, 3, 6, 3, 6, 3, 6, 3, 3]
    summary = state.history[0]
    every = Counter(c for h in summary.hands for p in h.placements for c in p)
    assert sorted(every) == list(range(54)) and set(every.values()) == {1}
    assert [len(cards) for cards in summary.dealt] == [27, 27]
    assert state.deal_no == 2 and state.hand_no == 1


def test_ht04_each_deal_is_a_fresh_shuffle_of_the_seed():
    assert deal_cards(5, 1) == deal_cards(5, 1)
    assert deal_cards(5, 1) != deal_cards(5, 2)
    assert deal_cards(5, 1) != deal_cards(6, 1)


def test_ht05_a_round_of_six_is_two_hands_and_the_last_round_one():
    rng = random.Random(4)
    state = GAME.new(GAME.default_options(), 4)
    rounds = []
    for _ in range(9):
        view = GAME.view(state, 0)
        rounds.append((view.round_no, view.hand_no, len(view.hand)))
        for seat in (0, 1):
            state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        texts = [str(e) for e in events]
        if view.hand_no in (2, 4, 6):
            assert f"round {view.round_no + 1}" in texts
        elif view.hand_no in (1, 3, 5, 7):
            assert not any(t.startswith("round") for t in texts)
    assert rounds == [
        (1, 1, 6), (1, 2, 3), (2, 3, 6), (2, 4, 3), (3, 5, 6), (3, 6, 3), (4, 7, 6), (4, 8, 3),
        (5, 9, 3),
    ]  # fmt: skip
    assert texts[-3:] == [texts[-3], "deal 2", "round 1"]
    assert texts[-3].startswith("score 1 ")


def test_ht05_the_second_hand_of_a_round_places_the_three_cards_left():
    state = rigged("2S 3S 4S 5S 6S 7S")
    state, _ = place(state, "2S/3S/4S", str(GAME.legal_actions(state, 1)[0]))
    legal = {str(p) for p in GAME.legal_actions(state, 0)}
    assert len(legal) == 6
    assert {frozenset(t.split("/")) for t in legal} == {frozenset({"5S", "6S", "7S"})}
