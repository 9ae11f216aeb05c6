"""Cards: the one text form (KB-3), indices and masks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bolola.cards import (
    CARDS,
    FULL_DECK,
    JOKER,
    RANK_LETTERS,
    SUIT_MASKS,
    Card,
    CardError,
    Suit,
    cards_of,
    indices,
    mask_of,
    parse_cards,
    rank_mask,
)

cards = st.sampled_from(CARDS)
masks = st.integers(0, FULL_DECK)


@given(cards)
def test_print_then_parse_gives_the_card_back(card):
    text = str(card)
    assert len(text) == 2
    assert Card.parse(text) == card
    assert str(Card.parse(text)) == text


@given(card=cards, lower=st.booleans(), pad=st.sampled_from(["", " ", "\t", "  "]))
def test_parse_then_print_is_canonical(card, lower, pad):
    text = str(card).lower() if lower else str(card)
    parsed = Card.parse(pad + text + pad)
    assert parsed == card
    assert Card.parse(str(parsed)) == parsed


@given(st.text(max_size=5))
def test_any_text_is_a_card_or_a_card_error(text):
    try:
        card = Card.parse(text)
    except CardError as e:
        assert "card" in str(e)
    else:
        assert Card.parse(str(card)) == card


def test_kb3_ten_may_be_written_10():
    assert Card.parse("10H") == Card.parse("TH")
    assert Card.parse("10h") == Card.parse("th")
    assert str(Card.parse("10S")) == "TS"


def test_kb3_canonical_text_of_every_card():
    assert [str(c) for c in CARDS[:13]] == [r + "S" for r in RANK_LETTERS]
    assert str(Card.of(12, Suit.SPADES)) == "QS"
    assert str(Card.of(10, Suit.HEARTS)) == "TH"
    assert repr(Card.parse("qs")) == "Card.parse('QS')"
    assert Card.parse("QS").pretty == "Q♠"


@pytest.mark.parametrize("text", ["", "Q", "QSS", "1S", "11S", "QX", "XS", "S Q", "10", "♠Q"])
def test_bad_card_text_is_a_card_error_naming_the_text(text):
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert "like QS" in str(info.value)


def test_non_text_card_is_a_card_error():
    with pytest.raises(CardError, match="written as text"):
        Card.parse(12)  # type: ignore[arg-type]


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)


def test_kb1_the_deck_is_52_cards_index_suit_times_13_plus_rank_minus_2():
    assert len(CARDS) == 52 == len(set(CARDS))
    for card in CARDS:
        assert card.index == card.suit * 13 + card.rank - 2
        assert card.bit == 1 << card.index
        assert not card.is_joker
    assert [s.letter for s in Suit] == ["S", "H", "D", "C"]
    assert Card.parse("2S").index == 0 and Card.parse("AC").index == 51


def test_joker():
    assert Card.parse("jk") is JOKER and str(JOKER) == "JK" and JOKER.is_joker
    assert JOKER.rank == 0
    with pytest.raises(CardError):
        _ = JOKER.suit


def test_card_of_rejects_ranks_outside_2_to_14():
    for rank in (1, 15):
        with pytest.raises(CardError):
            Card.of(rank, Suit.CLUBS)


@pytest.mark.parametrize("text", ["s", " h ", "D", "c"])
def test_suit_parse(text):
    assert Suit.parse(text).letter == text.strip().upper()


@pytest.mark.parametrize("text", ["", "X", "SH", "♠"])
def test_bad_suit_is_a_card_error(text):
    with pytest.raises(CardError, match="unknown suit"):
        Suit.parse(text)


def test_cards_sort_by_suit_then_rank():
    hand = parse_cards(["AC", "2S", "KH", "TS"])
    assert [str(c) for c in sorted(hand)] == ["2S", "TS", "KH", "AC"]


# --- masks --------------------------------------------------------------------------------


@given(masks)
def test_cards_of_and_mask_of_are_inverse(mask):
    hand = cards_of(mask)
    assert mask_of(hand) == mask
    assert list(hand) == sorted(hand)
    assert [c.index for c in hand] == list(indices(mask))


@given(st.sets(cards))
def test_mask_of_sets(chosen):
    assert cards_of(mask_of(chosen)) == tuple(sorted(chosen))


def test_mask_helpers():
    assert FULL_DECK.bit_count() == 52
    assert [m.bit_count() for m in SUIT_MASKS] == [13] * 4
    assert SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3] == FULL_DECK
    assert cards_of(SUIT_MASKS[Suit.HEARTS])[0] == Card.parse("2H")
    assert {str(c) for c in cards_of(rank_mask(12))} == {"QS", "QH", "QD", "QC"}
    assert {str(c) for c in cards_of(rank_mask(11, 13))} == {
        "JS", "JH", "JD", "JC", "KS", "KH", "KD", "KC"
    }  # fmt: skip
    assert list(indices(0)) == []
    assert list(indices(0b1011)) == [0, 1, 3]
    assert cards_of(0) == ()


def test_parse_cards():
    assert parse_cards(["qs", "10h", "2C"]) == (
        Card.parse("QS"),
        Card.parse("TH"),
        Card.parse("2C"),
    )
    with pytest.raises(CardError):
        parse_cards(["QS", "ZZ"])
