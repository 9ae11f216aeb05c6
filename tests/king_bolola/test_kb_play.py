"""Legal play in a trick, contract by contract (KB-1, KB-2, KB-9, KB-11 … KB-15, KB-20 … KB-35)."""

from __future__ import annotations

import pytest
from kb_deals import hand, legal, refused, run, start

from bolola.cards import RANK_LETTERS, Card
from bolola.games.king_bolola.contract import Contract

ALL = list(Contract)
FREE = [Contract.TRICKS, Contract.LAST_TWO, Contract.BOLOLA_POSITIVE]
RESTRICTS_HEART_LEADS = {
    Contract.HEARTS: "KB-24",
    Contract.KING_OF_HEARTS: "KB-26",
    Contract.BOLOLA_NEGATIVE: "KB-28",
    Contract.BOLOLA_POSITIVE: "KB-35",
}


def trump_for(contract: Contract) -> str | None:
    """Diamonds are trumps when the contract has any, so spade and heart tests stay plain."""
    return "D" if contract is Contract.TRUMPS else None


# --- cards and seats -----------------------------------------------------------------


def test_kb1_ranks_ascend_two_to_ace():
    assert RANK_LETTERS == "23456789TJQKA"
    assert [Card.parse(r + "S").rank for r in RANK_LETTERS] == list(range(2, 15))


@pytest.mark.parametrize("contract", ALL)
def test_kb1_ace_is_high_in_every_contract(contract):
    d = start(contract, "2S", "AS", "KS", "TS", trump=trump_for(contract))
    d = run(d, "2S AS KS TS")
    assert d.tricks_played == 1
    assert d.leader == 1  # the ace took it


def test_kb2_play_goes_clockwise_from_the_declarer():
    d = start(Contract.TRICKS, declarer=2)
    seen = []
    for _ in range(4):
        seen.append(d.to_move)
        d = run(d, str(min(legal(d), key=lambda c: Card.parse(c).index)))
    assert seen == [2, 3, 0, 1]


def test_kb2_a_seat_out_of_turn_is_refused():
    d = start(Contract.TRICKS, declarer=0)
    d = run(d, "2S")
    card = sorted(hand(d, 3))[0]
    assert refused(d, card, seat=3).rule == "KB-2"


def test_kb9_the_winner_of_a_trick_leads_the_next():
    d = start(Contract.TRICKS, "2S", "3S", "AS", "4S")
    d = run(d, "2S 3S AS 4S")
    assert d.leader == 2 and d.to_move == 2
    assert refused(d, sorted(hand(d, 0))[0], seat=0).rule == "KB-9"
    d = run(d, sorted(legal(d))[0])
    assert d.to_move == 3


# --- rules common to all contracts ---------------------------------------------------


@pytest.mark.parametrize("contract", ALL)
def test_kb11_must_follow_suit_in_every_contract(contract):
    follower = "3S 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
    d = start(contract, "2S", follower, trump=trump_for(contract))
    d = run(d, "2S")
    assert legal(d) == {"3S"}
    assert refused(d, "2C").rule == "KB-11"


@pytest.mark.parametrize("contract", FREE)
def test_kb12_void_plays_any_card_in_free_contracts(contract):
    follower = "2H JH KD QC AH 2D 3D 4D 5D 6D 2C 3C 4C"
    d = start(contract, "2S", follower)
    d = run(d, "2S")
    assert legal(d) == set(follower.split())


@pytest.mark.parametrize("contract", ALL)
def test_kb12_void_without_any_forced_card_plays_anything(contract):
    # No hearts, no jacks, queens or kings, and (trumps: hearts) no trump.
    follower = "2D 3D 4D 5D 6D 7D 8D 9D TD 2C 3C 4C 5C"
    trump = "H" if contract is Contract.TRUMPS else None
    d = start(contract, "2S", follower, trump=trump)
    d = run(d, "2S")
    assert legal(d) == set(follower.split())


def test_kb13_highest_card_of_the_led_suit_wins():
    clubs = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    d = start(Contract.TRICKS, "2S", clubs, "3S", "4S")
    d = run(d, "2S AC 3S 4S")
    assert d.leader == 3  # 4S beats 3S and 2S; the ace of clubs is off suit


def test_kb13_highest_trump_wins():
    hearts = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    d = start(Contract.TRUMPS, "2S", hearts, "AS", "KS", trump="H")
    d = run(d, "2S 2H AS KS")
    assert d.leader == 1


def hearts_break_deal(contract: Contract):
    """Seat 0 holds spades and two hearts; seat 1 is void in spades and holds hearts."""
    return start(
        contract,
        "AS 2H 3H",
        "4H 5H 6H 7H 8H 9H TH JH QH AH 2D 3D 4D",
        "KH",
        trump=trump_for(contract),
    )


@pytest.mark.parametrize("contract", sorted(RESTRICTS_HEART_LEADS))
def test_kb14_hearts_may_be_led_only_once_broken(contract):
    d = hearts_break_deal(contract)
    assert "2H" not in legal(d) and "AS" in legal(d)
    assert refused(d, "2H").rule == RESTRICTS_HEART_LEADS[contract]
    d = run(d, "AS 4H")  # seat 1, void in spades, discards a heart
    for _ in range(2):
        d = run(d, sorted(legal(d))[0])
    assert d.leader == 0  # the ace of spades
    assert {"2H", "3H"} <= legal(d)


@pytest.mark.parametrize("contract", sorted(RESTRICTS_HEART_LEADS))
def test_kb14_a_hand_of_only_hearts_may_lead_one(contract):
    hearts = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    d = start(contract, hearts)
    assert legal(d) == set(hearts.split())


@pytest.mark.parametrize("contract", [Contract.TRICKS, Contract.QUEENS, Contract.LAST_TWO])
def test_kb14_other_contracts_do_not_restrict_heart_leads(contract):
    d = hearts_break_deal(contract)
    assert {"2H", "3H", "AS"} <= legal(d)


def test_kb15_only_cards_on_the_table_force_a_drop():
    d = start(Contract.QUEENS, "2S 6S", "3S QS 7S", "4S 8S", "AS 5S")
    d = run(d, "2S 3S 4S AS")  # the ace falls in trick 1, with the queen still held
    assert d.leader == 3
    d = run(d, "5S 6S")
    assert legal(d) == {"QS", "7S"}  # AS was on an earlier trick, not on the table


# --- jacks-kings ---------------------------------------------------------------------

JK_FOLLOWER = "KS JS 3S 2D 3D 4D 5D 6D 7D 8D 9D TD QD"


@pytest.mark.parametrize(
    ("lead", "forced"),
    [("AS", {"KS", "JS"}), ("QS", {"JS"}), ("9S", {"KS", "JS", "3S"})],
)
def test_kb20_jack_or_king_must_drop_under_a_higher_card(lead, forced):
    d = start(Contract.JACKS_KINGS, lead, JK_FOLLOWER)
    d = run(d, lead)
    assert legal(d) == forced
    if forced != {"KS", "JS", "3S"}:
        assert refused(d, "3S").rule == "KB-20"


def test_kb20_a_higher_card_anywhere_on_the_table_forces_the_drop():
    d = start(Contract.JACKS_KINGS, "2S", "AS", "KS JS 3S")
    d = run(d, "2S AS")
    assert legal(d) == {"KS", "JS"}


def test_kb21_void_must_play_a_jack_or_king():
    d = start(Contract.JACKS_KINGS, "2S", "JH KD 2D 3D 4D 5D 6D 7D 8D 9D TD 2C 3C")
    d = run(d, "2S")
    assert legal(d) == {"JH", "KD"}
    assert refused(d, "2D").rule == "KB-21"


# --- queens --------------------------------------------------------------------------


@pytest.mark.parametrize("lead", ["KS", "AS"])
def test_kb22_queen_must_drop_under_king_or_ace(lead):
    d = start(Contract.QUEENS, lead, "QS 3S QD 2D 3D 4D 5D 6D 7D 8D 9D TD JD")
    d = run(d, lead)
    assert legal(d) == {"QS"}
    assert refused(d, "3S").rule == "KB-22"


def test_kb22_refusal_names_the_card_the_rule_and_what_is_legal():
    d = start(Contract.QUEENS, "KS", "QS 3S QD 2D 3D 4D 5D 6D 7D 8D 9D TD JD")
    e = refused(run(d, "KS"), "3S")
    assert str(e).startswith("3S: ") and str(e).endswith("(KB-22)")
    assert "QS" in e.message and "\n" not in str(e)


def test_kb22_queen_is_free_under_a_jack():
    d = start(Contract.QUEENS, "JS", "QS 3S 2D 3D 4D 5D 6D 7D 8D 9D TD JD KD")
    d = run(d, "JS")
    assert legal(d) == {"QS", "3S"}


def test_kb23_void_must_play_a_queen():
    d = start(Contract.QUEENS, "2S", "QH QD 2D 3D 4D 5D 6D 7D 8D 9D TD 2C 3C")
    d = run(d, "2S")
    assert legal(d) == {"QH", "QD"}
    assert refused(d, "2C").rule == "KB-23"


# --- hearts --------------------------------------------------------------------------


def test_kb24_hearts_contract_restricts_heart_leads():
    d = hearts_break_deal(Contract.HEARTS)
    assert refused(d, "3H").rule == "KB-24"


def test_kb25_void_must_play_a_heart():
    d = start(Contract.HEARTS, "2S", "9H 2H 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD")
    d = run(d, "2S")
    assert legal(d) == {"9H", "2H"}
    assert refused(d, "QD").rule == "KB-25"


# --- king of hearts ------------------------------------------------------------------


def test_kb26_king_of_hearts_contract_restricts_heart_leads():
    d = hearts_break_deal(Contract.KING_OF_HEARTS)
    assert refused(d, "2H").rule == "KB-26"


@pytest.mark.parametrize(
    ("follower", "forced"),
    [
        ("KH 2H 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD", {"KH"}),
        ("3H 2H 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD", {"3H", "2H"}),
        (
            "2C 3C 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
            {"2C", "3C", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD"},
        ),
    ],
)
def test_kb27_void_plays_king_of_hearts_else_a_heart_else_anything(follower, forced):
    d = start(Contract.KING_OF_HEARTS, "2S", follower)
    d = run(d, "2S")
    assert legal(d) == forced
    if "KH" in forced:
        assert refused(d, "2H").rule == "KB-27"
    elif "2H" in forced:
        assert refused(d, "2D").rule == "KB-27"


KUA_SEATS = ("AS AH", "2H 3H 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD", "3S KH 5H")


def kua_deal(king_under_ace: bool):
    """Hearts broken in trick 1; in trick 2 seat 0 leads AH and seat 2 holds KH."""
    d = start(Contract.KING_OF_HEARTS, *KUA_SEATS, king_under_ace=king_under_ace)
    d = run(d, "AS 2H 3S")
    d = run(d, sorted(legal(d))[0])
    assert d.leader == 0
    return run(d, "AH 3H")


def test_kb45_king_under_ace_option_forces_the_king():
    d = kua_deal(king_under_ace=True)
    assert legal(d) == {"KH"}
    assert refused(d, "5H").rule == "KB-45"


def test_kb45_without_king_under_ace_the_king_may_be_kept():
    d = kua_deal(king_under_ace=False)
    assert "KH" in legal(d) and "5H" in legal(d)


def test_kb45_king_under_ace_only_under_the_ace():
    d = start(Contract.KING_OF_HEARTS, "AS QH", *KUA_SEATS[1:], king_under_ace=True)
    d = run(d, "AS 2H 3S")
    d = run(d, sorted(legal(d))[0])
    d = run(d, "QH 3H")
    assert "KH" in legal(d) and "5H" in legal(d)


# --- bolola-negative -----------------------------------------------------------------


def test_kb28_bolola_negative_restricts_heart_leads():
    d = hearts_break_deal(Contract.BOLOLA_NEGATIVE)
    assert refused(d, "2H").rule == "KB-28"


@pytest.mark.parametrize(
    ("lead", "follower", "forced"),
    [
        ("AS", "JS QS KS 3S", {"JS", "QS", "KS"}),
        ("KS", "JS QS 3S", {"JS", "QS"}),
        ("QS", "JS KS 3S", {"JS"}),
        ("TS", "JS QS KS 3S", {"JS", "QS", "KS", "3S"}),
    ],
)
def test_kb29_bolola_negative_forced_drops(lead, follower, forced):
    rest = "2D 3D 4D 5D 6D 7D 8D 9D TD"
    cards = follower.split() + rest.split()
    d = start(Contract.BOLOLA_NEGATIVE, lead, " ".join(cards[:13]))
    d = run(d, lead)
    assert legal(d) == forced
    if "3S" not in forced:
        assert refused(d, "3S").rule == "KB-29"


def test_kb30_void_must_play_a_penalty_card():
    d = start(Contract.BOLOLA_NEGATIVE, "2S", "2H JD QC 2D 3D 4D 5D 6D 7D 8D 9D TD 2C")
    d = run(d, "2S")
    assert legal(d) == {"2H", "JD", "QC"}
    assert refused(d, "2D").rule == "KB-30"


# --- trumps --------------------------------------------------------------------------


def test_kb31_trumps_may_not_be_led_before_one_is_played():
    d = start(Contract.TRUMPS, "AS 2H 3H", "3S 4H", trump="H")
    assert "2H" not in legal(d) and "AS" in legal(d)
    assert refused(d, "2H").rule == "KB-31"


def test_kb31_a_hand_of_only_trumps_may_lead_one():
    hearts = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    d = start(Contract.TRUMPS, hearts, trump="H")
    assert legal(d) == set(hearts.split())


RUFF_SEATS = (
    "2S",
    "3H 7H 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
    "3S 5H 9H 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
    "4S 6H 8H",
)


def test_kb31_trumps_may_be_led_once_one_was_played():
    d = start(Contract.TRUMPS, *RUFF_SEATS, trump="H")
    d = run(d, "2S 3H 3S 4S")
    assert d.leader == 1
    assert "7H" in legal(d)


def test_kb32_trump_led_must_overtrump_else_any_trump():
    d = start(Contract.TRUMPS, *RUFF_SEATS, trump="H")
    d = run(d, "2S 3H 3S 4S 7H")
    assert legal(d) == {"9H"}
    assert refused(d, "5H").rule == "KB-32"
    d = run(d, "9H")
    assert legal(d) == {"TH", "JH", "QH", "KH", "AH"}  # seat 3, from the fill
    assert refused(d, "8H").rule == "KB-32"
    d = run(d, "AH")
    assert hand(d, 0) & {"2H", "4H"} == {"2H", "4H"}
    assert legal(d) == {c for c in hand(d, 0) if c.endswith("H")}  # none can beat AH


def test_kb32_trump_led_with_no_trump_plays_anything():
    hearts = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    d = start(Contract.TRUMPS, hearts, trump="H")
    d = run(d, "2H")
    assert legal(d) == hand(d, 1)


def test_kb33_following_suit_has_no_duty_to_win_or_ruff():
    d = start(Contract.TRUMPS, *RUFF_SEATS, trump="H")
    d = run(d, "2S 3H")
    assert legal(d) == {"3S"}  # seat 2 holds trumps but must only follow
    assert refused(d, "9H").rule == "KB-11"
    d = start(Contract.TRUMPS, "2S", "3S KS 4H", trump="H")
    d = run(d, "2S")
    assert {"3S", "KS"} <= legal(d)


OVERRUFF_SEATS = (
    "2S",
    "5H 9H 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
    "7H JH 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC",
)


def test_kb34_void_must_ruff():
    d = start(Contract.TRUMPS, *OVERRUFF_SEATS, trump="H")
    d = run(d, "2S")
    assert legal(d) == {"5H", "9H"}
    assert refused(d, "2D").rule == "KB-34"


def test_kb34_void_must_overruff():
    d = start(Contract.TRUMPS, *OVERRUFF_SEATS, trump="H")
    d = run(d, "2S 9H")
    assert legal(d) == {"JH"}
    assert refused(d, "7H").rule == "KB-34"
    assert refused(d, "2C").rule == "KB-34"
    d = run(d, "JH")
    assert legal(d) == {"QH", "KH", "AH"}  # seat 3, void in spades from the fill


def test_kb34_void_that_cannot_overruff_plays_any_trump():
    seats = (
        "2S",
        "5H JH 2D 3D 4D 5D 6D 7D 8D 9D TD QD KD",
        "7H 8H 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC",
    )
    d = start(Contract.TRUMPS, *seats, trump="H")
    d = run(d, "2S JH")
    assert legal(d) == {"7H", "8H"}
    assert refused(d, "2C").rule == "KB-34"


# --- bolola-positive -----------------------------------------------------------------


def test_kb35_bolola_positive_restricts_heart_leads_only():
    d = hearts_break_deal(Contract.BOLOLA_POSITIVE)
    assert refused(d, "2H").rule == "KB-35"


def test_kb35_bolola_positive_forces_no_drops():
    d = start(Contract.BOLOLA_POSITIVE, "AS", "QS 3S JD 2D 3D 4D 5D 6D 7D 8D 9D TD KD")
    d = run(d, "AS")
    assert legal(d) == {"QS", "3S"}
    d = start(Contract.BOLOLA_POSITIVE, "2S", "2H JD QC 2D 3D 4D 5D 6D 7D 8D 9D TD 2C")
    d = run(d, "2S")
    assert legal(d) == hand(d, 1)
