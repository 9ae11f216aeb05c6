"""The 54-card deck of Hearts Are Trumps: 52 cards and two jokers (HT-1), ace low (HT-2).

Inside the engine a card is an int: ``0..51`` is the :class:`~bolola.cards.Card` index
(``suit * 13 + rank - 2``), and the two jokers are ``52`` and ``53``. The jokers are
alike (HT-1) and both leave the engine as :data:`~bolola.cards.JOKER` (``JK``); giving
them two ints only lets every card of a deal have one place, which resampling and card
accounting need.

>>> rank(Card.parse("AH").index), rank(Card.parse("KH").index)
(1, 13)
>>> card_of(53)
Card.parse('JK')
"""

from __future__ import annotations

import random

from bolola.cards import CARDS, JOKER, Card
from bolola.fairness import Deals, FairDeals

JOKERS = (52, 53)
DECK: tuple[int, ...] = tuple(range(54))
HEARTS_SUIT = 1

_CARD_OF: tuple[Card, ...] = (*CARDS, JOKER, JOKER)
# Ace low (HT-2): the Card index puts the ace at the top of its suit.
_RANK: tuple[int, ...] = (*(1 if i % 13 == 12 else i % 13 + 2 for i in range(52)), 0, 0)


def card_of(c: int) -> Card:
    """The card an engine int stands for; both jokers are ``JK``."""
    return _CARD_OF[c]


def cards_text(cards: tuple[int, ...] | list[int]) -> list[str]:
    return [str(_CARD_OF[c]) for c in cards]


def rank(c: int) -> int:
    """The HT-2 rank: A 1, 2 … 9, T 10, J 11, Q 12, K 13; 0 for a joker."""
    return _RANK[c]


def is_joker(c: int) -> bool:
    return c >= 52


def is_heart(c: int) -> bool:
    return c < 52 and c // 13 == HEARTS_SUIT


def shuffled(seed: Deals, deal_no: int) -> list[int]:
    """The deck of deal ``deal_no`` (1-based) of the match with this seed, shuffled by a
    private generator so (options, seed, actions) replay exactly; at a fair table, its
    deal ``deal_no`` (``docs/fairness.md``)."""
    if isinstance(seed, FairDeals):
        return seed.deck(DECK, deal_no)
    deck = list(DECK)
    random.Random(f"hearts-trumps:{seed}:{deal_no}").shuffle(deck)
    return deck
