"""Every opening declaration a hand can make (JO-8): one or more melds, no card in two,
worth 40 or more together, leaving a card to discard (JO-11).

>>> from bolola.cards import parse_cards
>>> [str(d) for d in declarations(parse_cards("TH JH QH KH 2C".split()))]
['TH,JH,QH,KH']
>>> len(declarations(parse_cards("TH JH QH KH 2C 2S".split())))
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bolola.cards import Card
from bolola.games.jolly.finder import OPENING, best
from bolola.games.jolly.meld import Spec, melds_in


class Declaration(tuple[Spec, ...]):
    """Melds put down together, in text order."""

    def __str__(self) -> str:
        return "|".join(str(m) for m in self)


def declarations(hand: Sequence[Card]) -> tuple[Declaration, ...]:
    """Every declaration worth 40 or more that leaves a card, each once, melds in text order."""
    if best(hand).points < OPENING:  # the exact finder rules most hands out at once
        return ()
    counts = Counter(c for c in hand if not c.is_joker)
    jokers = len(hand) - sum(counts.values())
    melds = sorted(melds_in(counts, jokers), key=str)
    needs = [(Counter(m.naturals()), m.jokers, len(m.pieces), m.points) for m in melds]
    out: list[Declaration] = []
    limit = len(hand) - 1
    chosen: list[Spec] = []

    def walk(i: int, jokers_left: int, used: int, points: int) -> None:
        if points >= OPENING and chosen:
            out.append(Declaration(chosen))
        for k in range(i, len(melds)):
            need, j, size, value = needs[k]
            if j > jokers_left or used + size > limit:
                continue
            if any(counts[c] < n for c, n in need.items()):
                continue
            counts.subtract(need)
            chosen.append(melds[k])
            walk(k, jokers_left - j, used + size, points + value)
            chosen.pop()
            counts.update(need)

    walk(0, jokers, 0, 0)
    return tuple(out)
