"""A deal of Hearts Are Trumps: dealing the rounds (HT-4, HT-5) and scoring (HT-13, HT-14).

A deal is 9 hands: rounds 1 … 4 bring 6 cards to each seat and are two hands each, round
5 brings 3 and is one hand (54 = 4 * 12 + 6).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from bolola.engine import Dealt as FairDealt
from bolola.fairness import Deals
from bolola.games.hearts_trumps.deck import cards_text, is_heart, is_joker, rank, shuffled
from bolola.games.hearts_trumps.placement import Placement

HANDS_PER_DEAL = 9
ROUND_SIZES = (6, 6, 6, 6, 3)  # cards to each seat per round (HT-4)
JOKER_POINTS = 25  # HT-13
MORE_LOOT_BONUS = 59  # HT-14
EQUAL_LOOT_BONUS = 29  # HT-14

Dealt = tuple[tuple[int, ...], tuple[int, ...]]


def round_of(hand_no: int) -> int:
    """The round (1..5) of hand ``hand_no`` (1..9) of a deal (HT-5)."""
    return (hand_no + 1) // 2


def is_round_start(hand_no: int) -> bool:
    """Hands 1, 3, 5, 7 and 9 start a round: new cards are dealt before them."""
    return hand_no % 2 == 1


def deal_cards(seed: Deals, deal_no: int) -> Dealt:
    """Each seat's 27 cards of deal ``deal_no`` in dealing order: 6, 6, 6, 6 and 3 a round,
    seat 0 first in each round (HT-4)."""
    deck = shuffled(seed, deal_no)
    seats: list[list[int]] = [[], []]
    at = 0
    for size in ROUND_SIZES:
        for seat in (0, 1):
            seats[seat].extend(deck[at : at + size])
            at += size
    return tuple(seats[0]), tuple(seats[1])


def rounds_dealt(seats: Sequence[Sequence[str]]) -> FairDealt:
    """Each seat's cards (27, in dealing order) cut into rounds, each sorted: what a deck
    settles, whichever order a record keeps within a round (``docs/fairness.md``)."""
    piles: list[tuple[str, ...]] = []
    for cards in seats:
        at = 0
        for size in ROUND_SIZES:
            piles.append(tuple(sorted(cards[at : at + size], key=_canonical_place)))
            at += size
        if at != len(cards):
            piles.append(tuple(cards[at:]))  # too many: kept, so it cannot match
    return FairDealt(tuple(piles))


def _canonical_place(text: str) -> tuple[int, str]:
    return (_PLACES.get(text, len(_PLACES)), text)


_PLACES = {t: i for i, t in enumerate(cards_text(list(range(53))))}


class HandPlayed(NamedTuple):
    """A resolved hand: both placements and the winners of battles A and B (HT-7)."""

    deal_no: int
    hand_no: int  # 1..9
    placements: tuple[Placement, Placement]
    winners: tuple[int, int]

    def loot_taken(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """((loot card, taken by) for battle A, then for battle B)."""
        p0, p1 = self.placements
        return (p1[0], self.winners[0]), (p0[0], self.winners[1])

    def taken_by(self, seat: int) -> int:
        """Who took ``seat``'s loot: battle B is for seat 0's loot, battle A for seat 1's."""
        return self.winners[1] if seat == 0 else self.winners[0]


def loot_points(cards: Sequence[int]) -> int:
    """HT-13: a joker 25, a heart its rank (A 1 … K 13), any other card 0."""
    return sum(JOKER_POINTS if is_joker(c) else rank(c) if is_heart(c) else 0 for c in cards)


def bonuses(counts: tuple[int, int]) -> tuple[int, int]:
    """HT-14: 59 to the seat that took more loot cards, 29 each on equal counts."""
    if counts[0] == counts[1]:
        return EQUAL_LOOT_BONUS, EQUAL_LOOT_BONUS
    return (MORE_LOOT_BONUS, 0) if counts[0] > counts[1] else (0, MORE_LOOT_BONUS)


class DealScore(NamedTuple):
    """The public score of a finished deal: the loot each seat took, now shown (HT-8),
    and the points of HT-13 and HT-14."""

    deal_no: int
    loot: tuple[tuple[int, ...], tuple[int, ...]]  # cards each seat took, sorted
    loot_points: tuple[int, int]
    bonus: tuple[int, int]
    points: tuple[int, int]

    @property
    def loot_counts(self) -> tuple[int, int]:
        return len(self.loot[0]), len(self.loot[1])

    def to_json(self) -> dict[str, Any]:
        """The score sheet entry of the view's ``history``."""
        return {
            "deal": self.deal_no,
            "loot": [cards_text(self.loot[0]), cards_text(self.loot[1])],
            "loot_points": list(self.loot_points),
            "loot_counts": list(self.loot_counts),
            "bonus": list(self.bonus),
            "points": list(self.points),
        }


class DealSummary(NamedTuple):
    """A finished deal: every hand as placed, for records, and its public score."""

    hands: tuple[HandPlayed, ...]
    score: DealScore

    @property
    def deal_no(self) -> int:
        return self.score.deal_no

    @property
    def points(self) -> tuple[int, int]:
        return self.score.points

    @property
    def placements(self) -> tuple[tuple[Placement, ...], tuple[Placement, ...]]:
        return (
            tuple(h.placements[0] for h in self.hands),
            tuple(h.placements[1] for h in self.hands),
        )

    @property
    def dealt(self) -> Dealt:
        """Each seat's 27 cards by round, each round sorted (the order within a round is
        not part of the game)."""
        out: list[list[int]] = [[], []]
        for seat in (0, 1):
            for first in range(0, HANDS_PER_DEAL, 2):
                round_cards = [c for h in self.hands[first : first + 2] for c in h.placements[seat]]
                out[seat].extend(sorted(round_cards))
        return tuple(out[0]), tuple(out[1])


def score_deal(deal_no: int, hands: tuple[HandPlayed, ...]) -> DealSummary:
    """Score a deal from its 9 resolved hands (HT-13, HT-14)."""
    taken: list[list[int]] = [[], []]
    for hand in hands:
        for card, seat in hand.loot_taken():
            taken[seat].append(card)
    loot = (tuple(sorted(taken[0])), tuple(sorted(taken[1])))
    lp = (loot_points(loot[0]), loot_points(loot[1]))
    bonus = bonuses((len(loot[0]), len(loot[1])))
    points = (lp[0] + bonus[0], lp[1] + bonus[1])
    return DealSummary(hands, DealScore(deal_no, loot, lp, bonus, points))
