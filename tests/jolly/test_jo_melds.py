"""Melds (JO-3 … JO-5) and what the table's melds accept (JO-9), at the meld level."""

from __future__ import annotations

from collections import Counter

import pytest

from bolola.cards import Card
from bolola.engine import IllegalAction, RecordError
from bolola.games.jolly.meld import (
    RUN,
    SET,
    Piece,
    Shape,
    Spec,
    can_lay,
    can_swap,
    lay,
    melds_in,
    put_down,
    shape,
    swap,
)


def spec(text: str) -> Spec:
    return Spec.parse(text)


def rule_of(text: str) -> str:
    with pytest.raises(IllegalAction) as info:
        shape(spec(text).pieces)
    return info.value.rule


def on_table(text: str, owner: int = 1, meld_id: int = 1):
    s = spec(text)
    cards = tuple(104 + k if p.joker else k for k, p in enumerate(s.pieces))
    return put_down(s, cards, meld_id, owner)


def pieces_of(meld) -> str:
    return ",".join(f"JK={s.face}" if s.joker else str(s.face) for s in meld.slots)


# -- JO-3: sets --------------------------------------------------------------------------


def test_jo3_a_set_is_three_or_four_of_a_rank_in_different_suits():
    assert shape(spec("QS,QH,QD").pieces) == Shape(SET, 0)
    assert shape(spec("7S,7H,7D,7C").pieces) == Shape(SET, 0)
    assert rule_of("QS,QH") == "JO-3"  # too few
    assert rule_of("QS,QH,QH") == "JO-3"  # two hearts: the two decks' copies
    assert rule_of("QS,QH,QD,QC,JK=QS") == "JO-3"  # a fifth card repeats a suit


def test_jo3_a_set_is_written_in_suit_order_whatever_order_it_is_typed_in():
    assert str(spec("qc, JK=QS ,qh")) == "JK=QS,QH,QC"
    assert spec("QC,QS,QH") == spec("QS,QH,QC")


# -- JO-4: runs --------------------------------------------------------------------------


def test_jo4_a_run_is_consecutive_cards_of_one_suit():
    assert shape(spec("7H,8H,9H").pieces) == Shape(RUN, 7)
    assert shape(spec("9D,TD,JD,QD,KD").pieces) == Shape(RUN, 9)
    assert rule_of("7H,8H,TH") == "JO-4"
    assert rule_of("7H,8H,9S") == "JO-4"


def test_jo4_the_ace_is_low_or_high_but_never_turns_the_corner():
    assert shape(spec("AH,2H,3H").pieces) == Shape(RUN, 1)
    assert shape(spec("QH,KH,AH").pieces) == Shape(RUN, 12)
    assert rule_of("KH,AH,2H") == "JO-4"
    assert rule_of("QH,KH,AH,2H,3H") == "JO-4"


def test_jo4_a_run_never_has_an_ace_at_both_ends():
    whole = ",".join(["AS", *(f"{r}S" for r in "23456789TJQK"), "AS"])
    assert rule_of(whole) == "JO-4"
    # Thirteen cards are fine, the ace at one end; listed first it is low, last high.
    low = spec("AS," + ",".join(f"{r}S" for r in "23456789TJQK"))
    high = spec(",".join(f"{r}S" for r in "23456789TJQK") + ",AS")
    assert shape(low.pieces) == Shape(RUN, 1) and low.points == 1 + 44 + 40
    assert shape(high.pieces) == Shape(RUN, 2) and high.points == 44 + 40 + 10


def test_jo4_a_run_is_written_from_its_lowest_card_up():
    assert str(spec("9H,7H,8H")) == "7H,8H,9H"
    assert str(spec("3H,AH,2H")) == "AH,2H,3H"  # with a 2 and no king the ace is low
    assert str(spec("AH,KH,QH")) == "QH,KH,AH"


# -- JO-5: jokers ------------------------------------------------------------------------


def test_jo5_a_joker_stands_for_the_card_its_place_calls_for():
    assert shape(spec("9H,JK=TH,JH").pieces) == Shape(RUN, 9)
    assert spec("9H,JK=TH,JH").points == 29
    assert rule_of("9H,JK=JH,JH") == "JO-4"  # it stands for TH there, not JH


def test_jo5_two_jokers_never_lie_side_by_side_in_a_run():
    assert shape(spec("6D,JK=7D,8D,JK=9D,TD").pieces) == Shape(RUN, 6)
    assert rule_of("6D,7D,JK=8D,JK=9D,TD") == "JO-5"
    assert rule_of("JK=5D,JK=6D,7D") == "JO-5"


def test_jo5_a_set_holds_one_joker_at_most():
    assert shape(spec("KD,KH,JK=KS").pieces) == Shape(SET, 0)
    assert rule_of("KD,JK=KH,JK=KS") == "JO-5"


def test_jo5_a_joker_in_a_meld_must_say_what_it_stands_for():
    with pytest.raises(RecordError):
        Spec.parse("7H,8H,JK")
    with pytest.raises(RecordError):
        Spec.parse("7H,8H,JK=JK")
    assert Piece.parse("jk=10h") == Piece(Card.parse("TH"), True)


def test_jo5_every_meld_a_hand_can_make_is_listed_once_and_is_a_meld():
    counts = Counter(Card.parse(c) for c in ["7H", "8H", "9H", "TH", "9S", "9D"])
    melds = melds_in(counts, 1)
    texts = [str(m) for m in melds]
    assert len(texts) == len(set(texts))
    for m in melds:
        shape(m.pieces)
        assert m.jokers <= 1
        assert not Counter(m.naturals()) - counts
    assert {"7H,8H,9H", "9S,9H,9D", "JK=9S,9H,9D", "9S,9H,9D,JK=9C", "7H,JK=8H,9H"} <= set(texts)


# -- JO-9: lay-offs and swaps on the table's melds ----------------------------------------


def test_jo9_cards_are_laid_off_at_either_end_of_a_run():
    run = on_table("7H,8H,9H")
    assert pieces_of(lay(run, Piece(Card.parse("6H")), 50, 0)) == "6H,7H,8H,9H"
    assert pieces_of(lay(run, Piece(Card.parse("TH"), True), 105, 0)) == "7H,8H,9H,JK=TH"
    assert can_lay(run, Piece(Card.parse("JH")))[0] == "JO-4"
    assert can_lay(run, Piece(Card.parse("6S")))[0] == "JO-4"
    ends_in_joker = on_table("7H,8H,JK=9H")
    assert can_lay(ends_in_joker, Piece(Card.parse("TH"), True))[0] == "JO-5"
    assert can_lay(ends_in_joker, Piece(Card.parse("TH"))) is None


def test_jo9_an_ace_on_a_run_two_to_king_goes_high_unless_a_joker_there_forbids_it():
    cards = "2H,3H,4H,5H,6H,7H,8H,9H,TH,JH,QH,KH"
    assert lay(on_table(cards), Piece(Card.parse("AH")), 51, 0).low == 2  # high: 2…A
    with_joker = on_table(cards.replace("KH", "JK=KH"))
    laid = lay(with_joker, Piece(Card.parse("AH"), True), 105, 0)
    assert laid.low == 1  # a joker beside a joker would break JO-5: low, A…K


def test_jo9_a_set_takes_a_missing_suit_and_at_most_one_joker():
    full = on_table("QS,QH,QD")
    assert pieces_of(lay(full, Piece(Card.parse("QC")), 50, 0)) == "QS,QH,QD,QC"
    assert pieces_of(lay(full, Piece(Card.parse("QC"), True), 105, 0)) == "QS,QH,QD,JK=QC"
    assert can_lay(full, Piece(Card.parse("QH")))[0] == "JO-3"  # the second deck's QH
    with_joker = on_table("QS,QH,JK=QD")
    assert can_lay(with_joker, Piece(Card.parse("QC"), True))[0] == "JO-5"


def test_jo9_laying_off_the_suit_a_set_joker_stands_for_moves_the_joker_to_the_missing_suit():
    meld = on_table("KD,KH,JK=KS")
    after = lay(meld, Piece(Card.parse("KS")), 50, 0)
    assert pieces_of(after) == "KS,KH,KD,JK=KC"


def test_jo9_a_run_joker_is_swapped_for_the_card_it_stands_for():
    meld = on_table("9H,JK=TH,JH")
    after, joker = swap(meld, Card.parse("TH"), 60, 0)
    assert pieces_of(after) == "9H,TH,JH" and joker == 105
    assert after.slots[1].by == 0
    assert can_swap(meld, Card.parse("JH")) is not None


def test_jo9_a_set_joker_is_swapped_only_once_the_three_other_suits_are_there():
    meld = on_table("KD,KH,JK=KS")
    # Putting KS in the joker's place is not allowed yet (the source's example) …
    assert can_swap(meld, Card.parse("KS")) is not None
    # … nor once KS is laid off: the joker stands for clubs then, and waits for KC.
    after = lay(meld, Piece(Card.parse("KS")), 50, 0)
    assert can_swap(after, Card.parse("KS")) is not None
    swapped, joker = swap(after, Card.parse("KC"), 51, 0)
    assert pieces_of(swapped) == "KS,KH,KD,KC"
    assert joker == next(s.card for s in meld.slots if s.joker)
