"""Small explicit King Bolola deals for the rule tests.

Hands are written as card texts; the cards nobody was given go, lowest index first, to
the seats still short of 13, so a test names only the cards that matter to it (and
writes a whole hand when a void matters).
"""

from __future__ import annotations

import pytest

from bolola.cards import FULL_DECK, Suit, cards_of, mask_of, parse_cards
from bolola.engine import IllegalAction
from bolola.games.king_bolola.contract import Contract
from bolola.games.king_bolola.deal import Deal, Hands, legal_cards, new_deal, play


def make_hands(*seats: str) -> Hands:
    given = [mask_of(parse_cards(s.split())) for s in seats]
    given += [0] * (4 - len(given))
    taken = 0
    for mask in given:
        assert not taken & mask, "a card given to two seats"
        taken |= mask
    spare = list(cards_of(FULL_DECK & ~taken))
    hands = []
    for mask in given:
        assert mask.bit_count() <= 13, "more than 13 cards in a hand"
        need = 13 - mask.bit_count()
        hands.append(mask | mask_of(spare[:need]))
        spare = spare[need:]
    assert not spare
    return (hands[0], hands[1], hands[2], hands[3])


def start(
    contract: Contract,
    *seats: str,
    declarer: int = 0,
    trump: str | None = None,
    king_under_ace: bool = False,
) -> Deal:
    suit = None if trump is None else int(Suit.parse(trump))
    return new_deal(contract, suit, declarer, make_hands(*seats), king_under_ace=king_under_ace)


def run(deal: Deal, cards: str) -> Deal:
    """Play the cards in order, each by the seat to move."""
    for card in parse_cards(cards.split()):
        seat = deal.to_move
        assert seat is not None, f"the deal is over before {card}"
        deal, _ = play(deal, seat, card.index)
    return deal


def legal(deal: Deal) -> set[str]:
    return {str(c) for c in legal_cards(deal)}


def hand(deal: Deal, seat: int) -> set[str]:
    return {str(c) for c in cards_of(deal.hands[seat])}


def refused(deal: Deal, card: str, seat: int | None = None) -> IllegalAction:
    """Play ``card`` (by the seat to move unless ``seat``) and return the refusal."""
    who = deal.to_move if seat is None else seat
    assert who is not None
    with pytest.raises(IllegalAction) as info:
        play(deal, who, parse_cards([card])[0].index)
    return info.value


def play_first_legal(deal: Deal) -> Deal:
    """Finish the deal, every seat playing its lowest legal card."""
    while not deal.done:
        seat = deal.to_move
        assert seat is not None
        deal, _ = play(deal, seat, legal_cards(deal)[0].index)
    return deal
