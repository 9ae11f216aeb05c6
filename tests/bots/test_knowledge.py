"""What a seat can infer about hidden hands from a King Bolola view (knowledge.py)."""

from __future__ import annotations

import random

from kb_tables import table

from bolola.bots.king_bolola.knowledge import Knowledge
from bolola.cards import FULL_DECK, SUIT_MASKS, Card, cards_of, mask_of, parse_cards
from bolola.games.king_bolola.match import GAME, Match


def knows(state: Match, seat: int) -> Knowledge:
    return Knowledge.from_view(GAME.view(state, seat))


def mask(texts: str) -> int:
    return mask_of(parse_cards(texts.split()))


def test_kb11_a_seat_that_does_not_follow_is_void() -> None:
    state = table(
        "AS 2S 3S",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        contract="tricks",
        play="2S 5H",
    )
    k = knows(state, 2)
    assert k.void[1][0]  # spades
    assert not k.possible[1] & SUIT_MASKS[0]
    assert SUIT_MASKS[0] & k.unseen & ~k.cannot_hold[1] == 0


def test_kb23_void_without_dropping_a_queen_holds_no_queen() -> None:
    # Seat 1 has no spade and, not dropping a queen, proves it holds none.
    state = table(
        "2S 3S",
        "2H 3H 4H 5H 6H 7H 8H 9H TH 2D 3D 4D 5D",
        contract="queens",
        play="2S 9H",
    )
    k = knows(state, 2)
    queens_out = mask("QS QH QD QC") & k.unseen
    assert queens_out
    assert k.cannot_hold[1] & queens_out == queens_out
    for q in parse_cards(["QS", "QH", "QD", "QC"]):
        if k.unseen >> q.index & 1:
            assert 1 not in k.holders(q.index)


def test_kb20_following_under_a_higher_card_without_its_jack_or_king() -> None:
    # AD is led; seat 1 follows with 5D, so it holds neither JD nor KD (KB-20 would force
    # one), but it may still hold QD: nothing forces a queen in jacks-kings.
    state = table("AD 2C", "5D 6D", "JD", "KD", contract="jacks-kings", play="AD 5D")
    k = knows(state, 0)
    assert k.cannot_hold[1] & mask("JD KD") == mask("JD KD")
    assert k.possible[1] & mask("QD") or not k.unseen & mask("QD")
    assert k.possible[2] & mask("JD")
    assert k.possible[3] & mask("KD")


def test_kb22_following_under_the_king_without_the_queen() -> None:
    state = table("KC 2D", "3C 4C", "QC", contract="queens", play="KC 3C")
    k = knows(state, 0)
    assert k.cannot_hold[1] & mask("QC")
    assert k.holders(Card.parse("QC").index) == (2, 3)


def test_kb34_a_seat_that_under_ruffs_holds_no_higher_trump() -> None:
    # trumps:S. Seat 0 leads a heart; seats 1 and 2 have none; 1 ruffs with 9S, 2 plays 3S
    # (it must over-ruff if it can), so 2 holds no spade above 9S; 3 may.
    state = table(
        "2H 3H 2D",
        "9S 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
        "3S 4S AC 3D 4D 5D 6D 7D 8D 9D TD JD QD",
        contract="trumps:S",
        play="2H 9S 3S",
    )
    k = knows(state, 3)
    high = mask("TS JS QS KS AS") & k.unseen
    assert high
    assert k.cannot_hold[2] & high == high
    assert k.void[1][1] and k.void[2][1]  # no hearts
    assert k.possible[0] & high or k.possible[1] & high


def test_kb14_a_heart_led_before_hearts_are_broken_means_only_hearts() -> None:
    hearts = " ".join(str(c) for c in cards_of(SUIT_MASKS[1]))
    state = table(hearts, contract="hearts", play="2H")
    k = knows(state, 1)
    assert k.possible[0] == SUIT_MASKS[1] & ~mask("2H")  # only hearts: all the rest
    assert k.known[0] == k.possible[0]  # 12 possible cards for 12 in hand
    assert all(k.void[0][s] for s in (0, 2, 3))


def test_counting_places_cards_when_only_one_seat_may_hold_them() -> None:
    # Seats 1 and 2 show void in spades; seat 0 (viewer: seat 3) has no spade left...
    state = table(
        "AS KS",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        contract="tricks",
        play="AS 2H 2D",
    )
    k = knows(state, 3)
    # ...so every spade seat 3 cannot see is in seat 0's hand.
    spades_out = k.unseen & SUIT_MASKS[0]
    assert spades_out
    assert k.known[0] & spades_out == spades_out


def test_the_viewer_knows_its_own_hand_and_the_cards_played() -> None:
    state = table("AS 2S", contract="tricks", play="2S")
    k = knows(state, 0)
    view = GAME.view(state, 0)
    assert k.hand == mask_of(view.hand or ())
    assert k.played == mask("2S")
    assert k.unseen == FULL_DECK & ~k.hand & ~k.played
    assert k.hand_counts == (12, 13, 13, 13)
    assert k.cannot_hold[0] == k.unseen


def test_knowledge_agrees_with_the_real_hands_all_through_random_play() -> None:
    """Soundness: the real hands are always consistent with what every seat infers."""
    rng = random.Random(5)
    checked = 0
    for seed in range(12):
        options = GAME.parse_options({"king-under-ace": seed % 2 == 1})
        state = GAME.new(options, seed)
        for _ in range(3):  # three deals of each match: several contracts
            while True:
                seat = GAME.to_move(state)[0]
                legal = GAME.legal_actions(state, seat)
                state, _ = GAME.apply(state, seat, legal[rng.randrange(len(legal))])
                if state.deal is None:
                    break
                for s in range(4):
                    k = knows(state, s)
                    assert k.consistent(state.deal.hands), (seed, s)
                    for o in range(4):
                        assert k.known[o] & ~state.deal.hands[o] == 0
                    checked += 1
    assert checked > 1000


def test_knowledge_is_the_same_when_hidden_cards_are_resampled() -> None:
    state = table("2S 3D", "KS 4D", "5S", "6S", contract="queens", play="2S KS 5S 6S 4D")
    for s in range(4):
        other = GAME.resample(state, s, random.Random(s))
        assert knows(other, s) == knows(state, s)


def test_kb21_void_without_dropping_a_jack_or_king_holds_none() -> None:
    state = table(
        "2S 3S",
        "2H 3H 4H 5H 6H 7H 8H 9H TH 2D 3D 4D 5D",
        contract="jacks-kings",
        play="2S 9H",
    )
    k = knows(state, 3)
    jacks_kings_out = mask("JS KS JH KH JD KD JC KC") & k.unseen
    assert jacks_kings_out
    assert k.cannot_hold[1] & jacks_kings_out == jacks_kings_out
    assert k.possible[1] & mask("QD") or not k.unseen & mask("QD")  # queens: no proof
