"""Who wins a battle (HT-7, HT-9 … HT-12).

Battle A is seat 0's attacker against seat 1's defender, for seat 1's loot; battle B is
seat 1's attacker against seat 0's defender, for seat 0's loot (HT-7).

>>> from bolola.cards import Card
>>> duel(Card.parse("2H").index, Card.parse("KS").index)
(True, <Why.TRUMP: 'trump'>)
>>> a, b = battles((0, 52, 1), (2, 3, 53))
>>> str(a)
'battle A 0 JK 1 JK won 1 jokers'
"""

from __future__ import annotations

from enum import Enum
from typing import Any, NamedTuple

from bolola.cards import Card
from bolola.games.hearts_trumps.deck import DECK, card_of, is_heart, is_joker, rank
from bolola.games.hearts_trumps.placement import Placement


class Why(Enum):
    """Why a battle went the way it did, and the rule that says so."""

    JOKER = "joker"  # HT-9: a joker beats any other card
    JOKERS = "jokers"  # HT-10: joker against joker goes to the other battle's winner
    TRUMP = "trump"  # HT-11: a heart beats a non-heart
    HEARTS = "hearts"  # HT-11: heart against heart, higher rank
    RANK = "rank"  # HT-12: higher rank
    SUIT = "suit"  # HT-12: equal rank, diamonds > clubs > spades

    @property
    def rule(self) -> str:
        return _RULES[self]

    def __str__(self) -> str:
        return self.value


_RULES = {
    Why.JOKER: "HT-9",
    Why.JOKERS: "HT-10",
    Why.TRUMP: "HT-11",
    Why.HEARTS: "HT-11",
    Why.RANK: "HT-12",
    Why.SUIT: "HT-12",
}

# HT-12's suit order for equal ranks: spades < clubs < diamonds (hearts are trumps).
_SUIT_ORDER = {0: 0, 3: 1, 2: 2, 1: 3}


def strength(c: int) -> int:
    """An order of the deck in which a higher card wins every battle it decides:
    suits by HT-12 within a rank, then hearts (HT-11), then jokers (HT-9)."""
    if is_joker(c):
        return 100
    if is_heart(c):
        return 50 + rank(c)
    return rank(c) * 3 + _SUIT_ORDER[c // 13]


def _duel(attacker: int, defender: int) -> tuple[bool | None, Why]:
    if is_joker(attacker) or is_joker(defender):
        if is_joker(attacker) and is_joker(defender):
            return None, Why.JOKERS
        return is_joker(attacker), Why.JOKER
    a_heart, d_heart = is_heart(attacker), is_heart(defender)
    if a_heart or d_heart:
        if a_heart and d_heart:
            return rank(attacker) > rank(defender), Why.HEARTS
        return a_heart, Why.TRUMP
    if rank(attacker) != rank(defender):
        return rank(attacker) > rank(defender), Why.RANK
    return strength(attacker) > strength(defender), Why.SUIT


_DUELS: tuple[tuple[tuple[bool | None, Why], ...], ...] = tuple(
    tuple(_duel(a, d) if a != d else (None, Why.JOKERS) for d in DECK) for a in DECK
)


def duel(attacker: int, defender: int) -> tuple[bool | None, Why]:
    """(does the attacker win, why) for two deck ints; ``None`` for joker against joker,
    which the other battle of the hand decides (HT-10)."""
    return _DUELS[attacker][defender]


class Battle(NamedTuple):
    """One resolved battle; also the public event ``battle A 0 JK 1 KH won 0 joker``."""

    name: str  # "A" or "B"
    attacker_seat: int
    attacker: Card
    defender_seat: int
    defender: Card
    loot_seat: int  # whose loot the battle is for: the defender's
    winner: int
    why: Why
    audience: None = None

    @property
    def rule(self) -> str:
        return self.why.rule

    def __str__(self) -> str:
        return (
            f"battle {self.name} {self.attacker_seat} {self.attacker} {self.defender_seat} "
            f"{self.defender} won {self.winner} {self.why}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "attacker_seat": self.attacker_seat,
            "attacker": str(self.attacker),
            "defender_seat": self.defender_seat,
            "defender": str(self.defender),
            "loot_seat": self.loot_seat,
            "winner": self.winner,
            "why": self.why.value,
            "rule": self.rule,
        }


def winners(p0: Placement, p1: Placement) -> tuple[int, int]:
    """The seats winning battle A and battle B of a hand (HT-7, HT-9 … HT-12)."""
    a_att, _ = _DUELS[p0[1]][p1[2]]
    b_att, _ = _DUELS[p1[1]][p0[2]]
    a = -1 if a_att is None else 0 if a_att else 1
    b = -1 if b_att is None else 1 if b_att else 0
    # Only two jokers exist, so at most one battle is joker against joker (HT-10).
    if a < 0:
        a = b
    elif b < 0:
        b = a
    return a, b


def battles(p0: Placement, p1: Placement) -> tuple[Battle, Battle]:
    """Both battles of a hand, from seat 0's and seat 1's placements."""
    a, b = winners(p0, p1)
    return (
        Battle("A", 0, card_of(p0[1]), 1, card_of(p1[2]), 1, a, _DUELS[p0[1]][p1[2]][1]),
        Battle("B", 1, card_of(p1[1]), 0, card_of(p0[2]), 0, b, _DUELS[p1[1]][p0[2]][1]),
    )
