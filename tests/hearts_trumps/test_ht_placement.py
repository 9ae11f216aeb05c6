"""Simultaneous secret placement and the two battles of a hand: HT-6, HT-7."""

from __future__ import annotations

import random

import pytest
from ht_deals import place, play_random, rigged

from bolola.engine import IllegalAction
from bolola.games.hearts_trumps.match import GAME

SEAT0 = "2S 3S 4S 5S 6S 7S"
SEAT1 = "2D 3D 4D 5D 6D 7D"


def test_ht06_both_seats_place_at_once_each_with_its_own_apply():
    state = rigged(SEAT0, SEAT1)
    assert GAME.to_move(state) == (0, 1)
    state, events = GAME.apply(state, 1, GAME.parse_action("2D/3D/4D"))
    assert [str(e) for e in events] == ["place 1 2D/3D/4D", "placed 1"]
    assert [e.audience for e in events] == [frozenset({1}), None]
    assert GAME.to_move(state) == (0,)
    assert GAME.legal_actions(state, 1) == ()
    state, events = GAME.apply(state, 0, GAME.parse_action("2S/3S/4S"))
    assert [str(e) for e in events][:2] == ["place 0 2S/3S/4S", "placed 0"]
    assert GAME.to_move(state) == (0, 1) and state.hand_no == 2


def test_ht06_a_seat_that_has_placed_may_not_place_again_this_hand():
    state = rigged(SEAT0, SEAT1)
    state, _ = GAME.apply(state, 0, GAME.parse_action("2S/3S/4S"))
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, GAME.parse_action("5S/6S/7S"))
    assert info.value.rule == "HT-6"
    assert "already placed" in info.value.message


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("2S/3S/KH", "KH is not in seat 0's hand"),
        ("2S/2S/3S", "2S is placed twice"),
        ("2S/3S/2D", "2D is not in seat 0's hand"),
    ],
)
def test_ht06_only_three_different_cards_of_your_hand(text, words):
    state = rigged(SEAT0, SEAT1)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, GAME.parse_action(text))
    assert info.value.rule == "HT-6"
    assert words in info.value.message
    assert text not in {str(p) for p in GAME.legal_actions(state, 0)}


def test_ht06_the_second_hand_must_use_the_three_cards_left():
    state, _ = place(rigged(SEAT0, SEAT1), "2S/3S/4S", "2D/3D/4D")
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, GAME.parse_action("5S/6S/2S"))
    assert info.value.rule == "HT-6"
    assert "3 cards left" in info.value.message and "5S, 6S, 7S" in info.value.message
    GAME.apply(state, 0, GAME.parse_action("7S/5S/6S"))


def test_ht06_a_joker_may_be_placed_only_by_a_seat_holding_one():
    state = rigged("JK 2S 3S 4S 5S 6S", SEAT1)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 1, GAME.parse_action("JK/2D/3D"))
    assert info.value.rule == "HT-6"
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, GAME.parse_action("JK/JK/2S"))
    GAME.apply(state, 0, GAME.parse_action("JK/2S/3S"))


def test_ht06_placing_in_either_order_gives_the_same_result():
    rng = random.Random(9)
    for _ in range(30):
        state = play_random(GAME.new(GAME.default_options(), rng.randrange(1000)), rng, 4)
        p0 = rng.choice(GAME.legal_actions(state, 0))
        p1 = rng.choice(GAME.legal_actions(state, 1))
        first, _ = GAME.apply(state, 0, p0)
        first, e_first2 = GAME.apply(first, 1, p1)
        second, _ = GAME.apply(state, 1, p1)
        second, e_second2 = GAME.apply(second, 0, p0)
        assert first == second
        public = [str(e) for e in e_first2 if e.audience is None and not str(e).startswith("place")]
        assert public == [
            str(e) for e in e_second2 if e.audience is None and not str(e).startswith("place")
        ]
        for seat in (0, 1, None):
            assert GAME.view(first, seat) == GAME.view(second, seat)


def test_ht07_battle_a_is_seat_0_attacking_seat_1s_loot_and_b_the_reverse():
    state = rigged(SEAT0, SEAT1)
    state, texts = place(state, "2S/7S/3S", "2D/3D/6D")
    assert texts[-2:] == ["battle A 0 7S 1 6D won 0 rank", "battle B 1 3D 0 3S won 1 suit"]
    battles = GAME.view(state, None).last_hand.battles
    assert [(b.name, b.attacker_seat, b.defender_seat, b.loot_seat) for b in battles] == [
        ("A", 0, 1, 1),
        ("B", 1, 0, 0),
    ]
    assert GAME.view(state, 0).loot_taken == (1, 1)
    assert [(str(m.card), m.taken_by) for m in GAME.view(state, 0).my_loot] == [("2S", 1)]
    assert [(str(m.card), m.taken_by) for m in GAME.view(state, 1).my_loot] == [("2D", 0)]
    assert [str(c) for c in GAME.view(state, 1).pile] == ["7S", "6D", "3D", "3S"]
