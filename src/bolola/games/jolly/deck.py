"""The 110 cards of Jolly (JO-1): two 52-card decks and six jokers, each with its own id.

A card id is an int: ``0..51`` the first deck and ``52..103`` the second (each in
:mod:`bolola.cards` index order, ``suit * 13 + rank - 2``), ``104..109`` the jokers. Its
text is the face then the copy, so that both copies of a card can be told apart in
records and on the board: ``7H1`` and ``7H2``, ``JK1`` … ``JK6``.

Actions name faces, never ids (``discard:7H``): two copies of a card are the same card
to the rules, and when a seat holds both, the lower id moves first.

>>> [text(c) for c in (0, 5, 57, 104, 109)]
['2S1', '7S1', '7S2', 'JK1', 'JK6']
>>> parse_id("qh2"), str(face(parse_id("QH2"))), str(face(104))
(75, 'QH', 'JK')
>>> penalty(face(12)), penalty(face(104)), penalty(face(8))
(25, 50, 10)
"""

from __future__ import annotations

from collections.abc import Iterable

from bolola.cards import CARDS, JOKER, Card, CardError
from bolola.engine import RecordError

SIZE = 110
JOKERS = tuple(range(104, 110))
DECK: tuple[int, ...] = tuple(range(SIZE))
ACE = 14


def face(card: int) -> Card:
    """What the card is: a :class:`~bolola.cards.Card`, or ``JOKER`` for a joker."""
    return JOKER if card >= 104 else CARDS[card % 52]


def is_joker(card: int) -> bool:
    return card >= 104


def text(card: int) -> str:
    return _TEXT[card]


# Looked up, not formatted: a view writes every card on the table and in the hand.
_TEXT = tuple(
    f"JK{card - 103}" if card >= 104 else f"{CARDS[card % 52]}{card // 52 + 1}" for card in DECK
)


def texts(cards: Iterable[int]) -> list[str]:
    return [text(c) for c in cards]


def parse_id(raw: object) -> int:
    """A card id from its text (``7H1``, ``th2``, ``JK3``); :class:`RecordError` otherwise."""
    if not isinstance(raw, str):
        raise RecordError(f"a card id is text like '7H1' or 'JK3', not {raw!r}")
    t = raw.strip().upper()
    if len(t) == 3 and t.startswith("JK") and t[2] in "123456":
        return 103 + int(t[2])
    if len(t) == 3 and t[2] in "12":
        try:
            card = Card.parse(t[:2])
        except CardError:
            pass
        else:
            if not card.is_joker:
                return card.index + 52 * (int(t[2]) - 1)
    raise RecordError(f"unknown card id {raw!r} (a card then its copy: 7H1, 7H2; jokers JK1…JK6)")


def parse_face(raw: str) -> Card:
    """A face named in an action (``QS``, ``10h``, ``JK``); :class:`RecordError` otherwise."""
    try:
        return Card.parse(raw)
    except CardError as e:
        raise RecordError(str(e)) from None


def ids_of(card: Card) -> tuple[int, ...]:
    """Every card id with that face, lowest first."""
    if card.is_joker:
        return JOKERS
    return (card.index, card.index + 52)


def rank_points(rank: int) -> int:
    """A card's face value (JO-15, JO-16): 2-9 face value, T J Q K 10 (aces apart)."""
    return rank if rank <= 9 else 10


def penalty(card: Card) -> int:
    """What a card left in hand costs (JO-16): ace 25, joker 50."""
    if card.is_joker:
        return 50
    if card.rank == ACE:
        return 25
    return rank_points(card.rank)


def hand_order(cards: Iterable[int]) -> tuple[int, ...]:
    """Cards as a hand shows them: by suit, then rank (ace high), copies together, jokers last."""
    return tuple(sorted(cards, key=_hand_key))


def _hand_key(card: int) -> tuple[int, int]:
    return (card % 52 if card < 104 else card, card)
