"""Cards: suits, ranks and their one text form.

>>> Card.parse("10h")
Card.parse('TH')
>>> str(Card.parse("QS"))
'QS'

Every 52-card game also uses the *index* of a card, ``suit * 13 + rank - 2``, so that a
hand is an int bitmask (bit ``i`` set = card ``i`` held). Masks stay inside engines and
bots; what leaves them is always :class:`Card` values.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum


class Suit(IntEnum):
    """The four suits, in the order hands are sorted and shown."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        letter = text.strip().upper()
        if len(letter) != 1 or letter not in "SHDC":
            raise CardError(f"unknown suit {text!r} (expected S, H, D or C)")
        return cls("SHDC".index(letter))


RANK_LETTERS = "23456789TJQKA"
"""Rank letters in ascending order (KB-1); rank value = position + 2."""


_SUITS = tuple(Suit)
CARD_TEXT = tuple(r + s for s in "SHDC" for r in RANK_LETTERS)
"""Each card's text by index (suit first, then rank, as the index runs): ``str`` of
``CARDS[i]`` without the call, for code that writes many cards."""


class CardError(ValueError):
    """A card's text that names no card."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card of the 52-card deck: rank 2..14 (ace high) and suit; or a joker (rank 0).

    Ordering is by index: suit first, then rank, which is how hands are sorted.
    """

    index: int

    @property
    def suit(self) -> Suit:
        if self.index >= 52:
            raise CardError("a joker has no suit")
        return _SUITS[self.index // 13]  # an enum's call is ten times a tuple's index

    @property
    def rank(self) -> int:
        return 0 if self.index >= 52 else self.index % 13 + 2

    @property
    def is_joker(self) -> bool:
        return self.index >= 52

    @property
    def bit(self) -> int:
        return 1 << self.index

    def __str__(self) -> str:
        # Looked up, not built: a view writes hundreds of cards (issue 15).
        return CARD_TEXT[self.index] if self.index < 52 else "JK"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def pretty(self) -> str:
        """Rank and suit symbol, for terminals and humans: ``Q♠``."""
        if self.index >= 52:
            return "🃏"
        return RANK_LETTERS[self.index % 13] + "♠♥♦♣"[self.index // 13]

    @classmethod
    def of(cls, rank: int, suit: Suit) -> Card:
        if not 2 <= rank <= 14:
            raise CardError(f"rank {rank} out of 2..14")
        return CARDS[suit * 13 + rank - 2]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``QS``, ``TH``, ``10H`` (any case, surrounding spaces ignored), or ``JK``."""
        if not isinstance(text, str):
            raise CardError(f"a card is written as text like 'QS', not {text!r}")
        t = text.strip().upper()
        if t == "JK":
            return JOKER
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) != 2 or t[0] not in RANK_LETTERS or t[1] not in "SHDC":
            raise CardError(f"unknown card {text!r} (write rank then suit, like QS, TH or 10H)")
        return CARDS["SHDC".index(t[1]) * 13 + RANK_LETTERS.index(t[0])]


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
"""The 52 cards, indexed by :attr:`Card.index`."""

JOKER = Card(52)

FULL_DECK = (1 << 52) - 1
SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))


def rank_mask(*ranks: int) -> int:
    """The mask of every card of the given ranks, in all four suits."""
    mask = 0
    for suit in range(4):
        for rank in ranks:
            mask |= 1 << (suit * 13 + rank - 2)
    return mask


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def indices(mask: int) -> Iterator[int]:
    """The set bits of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# Per suit, every 13-bit pattern maps to its cards, so a mask turns into cards with four
# lookups instead of a loop over bits: this sits on the engine's hottest path.
_SUIT_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(
        tuple(CARDS[s * 13 + r] for r in range(13) if pattern >> r & 1) for pattern in range(8192)
    )
    for s in range(4)
)


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a 52-card mask, sorted by suit then rank."""
    sc = _SUIT_CARDS
    return (
        sc[0][mask & 8191]
        + sc[1][mask >> 13 & 8191]
        + sc[2][mask >> 26 & 8191]
        + sc[3][mask >> 39 & 8191]
    )


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)
