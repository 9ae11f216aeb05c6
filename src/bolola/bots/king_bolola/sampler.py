"""Deals of the hidden cards that agree with everything one seat knows, drawn uniformly.

Each hidden card may lie in some of the three other hands (``Knowledge.possible``: voids
and the negative inferences of forced plays); each hand holds a known number of cards.
Cards are grouped by the set of hands they may lie in (seven groups at most), every way
of splitting the groups' sizes among the hands is counted once per decision, and a
sample picks a split with probability proportional to its number of deals and then
shuffles each group. So every consistent deal is equally likely::

    sampler = DealSampler.from_knowledge(Knowledge.from_view(view))
    hands = sampler.sample(random.Random(7))   # (h0, h1, h2, h3) masks
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb, factorial

from bolola.bots.king_bolola.knowledge import Knowledge
from bolola.cards import indices
from bolola.games.king_bolola.deal import Hands


class NoConsistentDeal(ValueError):  # noqa: N818 (a fact about the input, not a crash)
    """No deal of the hidden cards agrees with the knowledge (a corrupt view)."""


# (group of seats 0b001..0b111 over the three other seats) -> cards of that group going
# to each of the three seats
Split = tuple[tuple[int, int, int], ...]


class DealSampler:
    """Uniform sampler of the other seats' hands for one decision."""

    def __init__(
        self, seat: int, hand: int, possible: Sequence[int], counts: Sequence[int]
    ) -> None:
        self.seat = seat
        self.hand = hand
        self.others = tuple(s for s in range(4) if s != seat)
        groups: list[list[int]] = [[] for _ in range(8)]
        hidden = 0
        for s in self.others:
            hidden |= possible[s]
        for c in indices(hidden):
            g = 0
            for k, s in enumerate(self.others):
                if possible[s] >> c & 1:
                    g |= 1 << k
            groups[g].append(c)
        self.groups = tuple(tuple(g) for g in groups)
        need = [counts[s] for s in self.others]
        if sum(len(g) for g in groups) != sum(need):
            raise NoConsistentDeal(
                f"{sum(len(g) for g in groups)} hidden cards for {sum(need)} places"
            )
        self.splits, self.weights = _splits([len(g) for g in groups], need)
        if not self.splits:
            raise NoConsistentDeal("the hidden cards cannot be dealt to agree with the play")
        self.total = sum(self.weights)

    @classmethod
    def from_knowledge(cls, k: Knowledge) -> DealSampler:
        return cls(k.seat, k.hand, k.possible, k.hand_counts)

    @property
    def deals(self) -> int:
        """How many consistent deals there are."""
        return self.total

    def sample(self, rng: random.Random) -> Hands:
        pick = rng.randrange(self.total)
        split = self.splits[-1]
        for s, w in zip(self.splits, self.weights, strict=True):
            if pick < w:
                split = s
                break
            pick -= w
        hands = [0, 0, 0, 0]
        hands[self.seat] = self.hand
        for g, (a, b, _c) in enumerate(split):
            cards = self.groups[g]
            if not cards:
                continue
            order = list(cards)
            rng.shuffle(order)
            for k, part in enumerate((order[:a], order[a : a + b], order[a + b :])):
                m = 0
                for c in part:
                    m |= 1 << c
                hands[self.others[k]] |= m
        return (hands[0], hands[1], hands[2], hands[3])


def _splits(sizes: Sequence[int], need: Sequence[int]) -> tuple[list[Split], list[int]]:
    """Every way of sending each group's cards to the seats it allows, giving each seat
    ``need[k]`` cards, and the number of deals of each way."""
    n1, n2, n3, n4, n5, n6, n7 = (sizes[g] for g in range(1, 8))
    cap = (need[0] - n1, need[1] - n2, need[2] - n4)  # after the forced groups
    if min(cap) < 0:
        return [], []
    splits: list[Split] = []
    weights: list[int] = []
    for x3 in range(n3 + 1):  # group 0b011: x3 to seat 0, the rest to seat 1
        for x5 in range(n5 + 1):  # group 0b101: x5 to seat 0, the rest to seat 2
            for x6 in range(n6 + 1):  # group 0b110: x6 to seat 1, the rest to seat 2
                ta = cap[0] - x3 - x5
                tb = cap[1] - (n3 - x3) - x6
                tc = n7 - ta - tb
                if ta < 0 or tb < 0 or tc < 0 or tc != cap[2] - (n5 - x5) - (n6 - x6):
                    continue
                w = (
                    comb(n3, x3)
                    * comb(n5, x5)
                    * comb(n6, x6)
                    * (factorial(n7) // (factorial(ta) * factorial(tb) * factorial(tc)))
                )
                splits.append(
                    (
                        (0, 0, 0),
                        (n1, 0, 0),
                        (0, n2, 0),
                        (x3, n3 - x3, 0),
                        (0, 0, n4),
                        (x5, 0, n5 - x5),
                        (0, x6, n6 - x6),
                        (ta, tb, tc),
                    )
                )
                weights.append(w)
    return splits, weights
