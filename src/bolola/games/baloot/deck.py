"""The 32 cards of Baloot (BA-1), their ranking in a trick (BA-2) and their abnat (BA-3).

>>> [str(c) for c in DECK[:8]]
['7S', '8S', '9S', 'TS', 'JS', 'QS', 'KS', 'AS']
>>> abnat(Card.parse("JH"), Suit.HEARTS), abnat(Card.parse("JH"), None)
(20, 2)
"""

from __future__ import annotations

from collections.abc import Iterable

from bolola.cards import Card, CardError, Suit
from bolola.engine import RecordError

RANKS = "789TJQKA"
"""Sequence order for projects (BA-17): 7 lowest, A highest."""

DECK: tuple[Card, ...] = tuple(Card.parse(r + s) for s in "SHDC" for r in RANKS)
IN_DECK = frozenset(DECK)
LAST_TRICK = 10

_PLAIN_ORDER = "789JQKTA"  # BA-2, every suit in Sun and the side suits in Hokum, lowest first
_TRUMP_ORDER = "78QKTA9J"  # BA-2, the trump suit, lowest first
_PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
_TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}


def letter(card: Card) -> str:
    return str(card)[0]


def power(card: Card, trump: Suit | None) -> int:
    """The card's strength within its suit (BA-2): higher wins."""
    order = _TRUMP_ORDER if card.suit == trump else _PLAIN_ORDER
    return order.index(letter(card))


def abnat(card: Card, trump: Suit | None) -> int:
    """Card points (BA-3)."""
    table = _TRUMP_POINTS if card.suit == trump else _PLAIN_POINTS
    return table.get(letter(card), 0)


def seq(card: Card) -> int:
    """The card's place in sequence order (BA-17): 7 → 0 … A → 7."""
    return RANKS.index(letter(card))


def parse_card(text: str) -> Card:
    """A card of the 32-card deck; :class:`RecordError` otherwise."""
    try:
        card = Card.parse(text)
    except CardError as e:
        raise RecordError(str(e)) from None
    if card not in IN_DECK:
        raise RecordError(f"{text!r} is not a Baloot card (7 to A of each suit, BA-1)")
    return card


def hand_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards sorted for showing: by suit, then 7 … A."""
    return tuple(sorted(cards, key=lambda c: (c.suit, seq(c))))


def texts(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]
