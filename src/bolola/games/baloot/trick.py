"""Play (BA-13 … BA-16): which cards a seat may play and who takes a trick.

>>> from bolola.cards import Card, Suit
>>> t = ((0, Card.parse("AS")), (1, Card.parse("7H")))
>>> winner(t, Suit.HEARTS)
1
>>> [str(c) for c in legal_cards([Card.parse("KS"), Card.parse("9D")], t, Suit.HEARTS)]
['KS']
"""

from __future__ import annotations

from collections.abc import Sequence

from bolola.cards import Card, Suit
from bolola.games.baloot.deck import power

Trick = tuple[tuple[int, Card], ...]
"""The cards played to a trick, in order: (seat, card); the leader first."""


def winning(trick: Trick, trump: Suit | None) -> tuple[int, Card]:
    """The seat and card taking the trick so far (BA-16)."""
    led = trick[0][1].suit
    best = trick[0]
    for seat, card in trick[1:]:
        b = best[1]
        if card.suit == b.suit:
            if power(card, trump) > power(b, trump):
                best = (seat, card)
        elif card.suit == trump or (b.suit != trump and card.suit == led):
            best = (seat, card)
    return best


def winner(trick: Trick, trump: Suit | None) -> int:
    return winning(trick, trump)[0]


def legal_cards(
    hand: Sequence[Card],
    trick: Trick,
    trump: Suit | None,
    locked: bool = False,
    strict: bool = False,
) -> tuple[Card, ...]:
    """The cards of ``hand`` the seat to play may play (BA-13, BA-15)."""
    if not trick:
        if locked and trump is not None:
            others = tuple(c for c in hand if c.suit != trump)
            if others:
                return others
        return tuple(hand)
    led = trick[0][1].suit
    follow = tuple(c for c in hand if c.suit == led)
    if follow:
        return follow
    if not strict or trump is None or led == trump:
        return tuple(hand)
    seat = (trick[0][0] + len(trick)) % 4
    best_seat, best = winning(trick, trump)
    if best_seat % 2 == seat % 2:
        return tuple(hand)  # the partner is winning: any card
    trumps = tuple(c for c in hand if c.suit == trump)
    if not trumps:
        return tuple(hand)
    if best.suit == trump:
        over = tuple(c for c in trumps if power(c, trump) > power(best, trump))
        if over:
            return over
    return trumps


def why_not(
    card: Card,
    hand: Sequence[Card],
    trick: Trick,
    trump: Suit | None,
    locked: bool,
    strict: bool,
) -> tuple[str, str]:
    """The rule and reason a card may not be played now."""
    if card not in hand:
        return "BA-15", f"{card} is not in your hand"
    if not trick:
        return "BA-13", f"{card}: the round is locked (Double or Four): lead a side suit"
    led = trick[0][1].suit
    if any(c.suit == led for c in hand):
        return "BA-15", f"{card}: follow suit ({led.letter}) while you can"
    best = winning(trick, trump)[1]
    if best.suit == trump and card.suit == trump:
        return "BA-15", f"{card}: over-trump {best} while you can (strict-trumping)"
    return "BA-15", f"{card}: trump while an opponent wins the trick (strict-trumping)"
