"""The meld finder: the most points a hand can put down this turn, exactly.

Given a hand (faces; jokers as ``JK``) and, once its player has opened, the melds on the
table, :func:`best` finds the plan (new melds, lay-offs, joker swaps) that puts down the
most points (JO-15) while keeping at least ``keep`` cards for the discard (JO-11), and
:func:`going_out` the best plan that leaves exactly one card (JO-13), :func:`closing`
whether the hand goes out this turn, and :func:`can_open` whether its melds reach 40
(JO-8).

>>> from bolola.cards import parse_cards
>>> hand = parse_cards("8D 9D TD JH QH KH 3C 4C 5C 6C QS KS".split())
>>> plan = best(hand)
>>> plan.points, [str(m) for m in plan.melds], [str(c) for c in plan.left]
(75, ['JH,QH,KH', '8D,9D,TD', '3C,4C,5C,6C'], ['QS', 'KS'])
>>> can_open(hand), going_out(hand) is None
(True, True)

How it searches: :mod:`bolola.games.jolly.search`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from bolola.cards import Card
from bolola.games.jolly.meld import Spec as Spec
from bolola.games.jolly.meld import TableMeld
from bolola.games.jolly.search import NEG as NEG
from bolola.games.jolly.search import Plan as Plan
from bolola.games.jolly.search import Search, Triple

# Spec, NEG and Plan are re-exported (``as``): callers and tests take them from here.

OPENING = 40  # JO-8


def best(hand: Iterable[Card], table: Sequence[TableMeld] = (), keep: int = 1) -> Plan:
    """The plan putting down the most points with at least ``keep`` cards left (0, 1 or 2)."""
    plan = Search(tuple(hand), table).plan(keep, exact=False)
    assert plan is not None
    return plan


def going_out(hand: Iterable[Card], table: Sequence[TableMeld] = ()) -> Plan | None:
    """The best plan that leaves exactly one card (to discard and close, JO-13), if any."""
    return Search(tuple(hand), table).plan(1, exact=True)


def closing(hand: Iterable[Card], table: Sequence[TableMeld], opened: bool) -> Plan | None:
    """How to go out this turn, after a stock draw (JO-13), if the hand can: with the
    table's melds once opened; else all in one opening of 40 or more (JO-14).

    >>> from bolola.cards import parse_cards
    >>> hand = parse_cards("7H 8H 9H TH JH QS QD QC KS".split())
    >>> closing(hand, (), opened=False).actions
    ('open:7H,8H,9H,TH,JH|QS,QD,QC',)
    >>> closing(hand[3:], (), opened=False) is None  # 34 points: no opening
    True
    """
    if opened:
        return going_out(hand, table)
    plan = going_out(hand)
    if plan is None or plan.points < OPENING:
        return None
    # Not opened yet: the melds go down as one opening declaration (JO-8).
    return replace(plan, actions=("open:" + "|".join(sorted(str(m) for m in plan.melds)),))


def can_open(hand: Iterable[Card]) -> bool:
    """Whether the hand holds melds worth 40 or more, with a card left to discard (JO-8)."""
    return best(hand).points >= OPENING


def values(hand: Iterable[Card], table: Sequence[TableMeld] = ()) -> Triple:
    """The most points with 0, exactly 1, and 2 or more cards left (``NEG``: impossible)."""
    return Search(tuple(hand), table).root()[0]
