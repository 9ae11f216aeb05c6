"""Rules-of-thumb worth of a Baloot hand, for bidding and doubling.

Scores are plain sums of card counts, not points: what each contract needs of a hand.

>>> from bolola.cards import Card, Suit
>>> hand = [Card.parse(t) for t in "JH 9H AH 7S 8D KC".split()]
>>> hokum_score(hand, Suit.HEARTS) >= HOKUM_BID
True
>>> sun_score(hand) >= SUN_BID
False
"""

from __future__ import annotations

from collections.abc import Iterable

from bolola.cards import Card, Suit
from bolola.games.baloot.deck import letter

HOKUM_BID = 9.5
"""A Hokum in a suit whose :func:`hokum_score` reaches this (J-9-A of trumps does)."""
SUN_BID = 9.0
"""A Sun with a :func:`sun_score` this high (three aces; two aces with their tens)."""
DOUBLE = 7.5
"""Double a Hokum only with a :func:`defence_score` this high: a clearly strong defence."""
FOUR = 9.0
TRIPLE = 13.0
"""The buyer triples only with a :func:`hokum_score` this high (or a Sun this strong)."""

_TRUMP_VALUE = {"J": 4.0, "9": 3.0, "A": 2.0, "T": 1.5, "K": 1.0, "Q": 1.0, "8": 0.5, "7": 0.5}


def _by_suit(cards: Iterable[Card]) -> dict[Suit, list[str]]:
    out: dict[Suit, list[str]] = {s: [] for s in Suit}
    for c in cards:
        out[c.suit].append(letter(c))
    return out


def side_score(ranks: list[str]) -> float:
    """A side suit's worth in Hokum: its ace, a ten guarded by the ace or the king."""
    score = 0.0
    if "A" in ranks:
        score += 1.5
        if "T" in ranks:
            score += 0.75
    elif "T" in ranks and "K" in ranks:
        score += 0.5
    return score


def hokum_score(cards: Iterable[Card], trump: Suit) -> float:
    """The trumps (J, 9, A first, then length) and the side aces, for a Hokum in ``trump``."""
    suits = _by_suit(cards)
    trumps = suits[trump]
    score = sum(_TRUMP_VALUE[r] for r in trumps)
    if len(trumps) >= 3:
        score += len(trumps) - 2.0
    if not trumps or ("J" not in trumps and "9" not in trumps):
        score -= 2.0  # no top trump: the opponents hold both
    return score + sum(side_score(suits[s]) for s in Suit if s != trump)


def sun_score(cards: Iterable[Card]) -> float:
    """Aces and tens for a Sun: an ace 3, a ten 2 beside its ace (1 beside its king),
    a king 0.5 beside the ace or ten, and length in a suit headed by the ace."""
    score = 0.0
    for ranks in _by_suit(cards).values():
        if "A" in ranks:
            score += 3.0
            if len(ranks) >= 4:
                score += 1.0
        if "T" in ranks:
            score += 2.0 if "A" in ranks else 1.0 if "K" in ranks else 0.25
        if "K" in ranks and ("A" in ranks or "T" in ranks):
            score += 0.5
    return score


def defence_score(cards: Iterable[Card], trump: Suit) -> float:
    """A defender's hand against a Hokum in ``trump``: trump honours and length (they
    stop the buyer's), side aces."""
    suits = _by_suit(cards)
    trumps = suits[trump]
    score = sum({"J": 3.0, "9": 2.5, "A": 1.5, "T": 1.0}.get(r, 0.25) for r in trumps)
    if len(trumps) >= 3:
        score += 1.5 * (len(trumps) - 2)
    return score + sum(side_score(suits[s]) for s in Suit if s != trump)
