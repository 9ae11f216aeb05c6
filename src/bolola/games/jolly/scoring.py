"""A round's score (JO-15 … JO-19): the cards each seat put on the table for it, the
cards left in hands against it, +30 for closing, a mano jolly doubled.

>>> from bolola.games.jolly.deck import parse_id
>>> hand = tuple(parse_id(c) for c in "3S1 4H1 5D1 6C1 QS1 KH1".split())
>>> [p for _, p in penalties(hand)], sum(p for _, p in penalties(hand))  # JO-19
([3, 4, 5, 6, 10, 10], 38)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bolola.games.jolly.deck import face, penalty, text
from bolola.games.jolly.meld import TableMeld

CLOSING_BONUS = 30  # JO-17


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's round: each card it put down with its points, each card left in its
    hand with what it costs (both doubled where a mano jolly doubles them, JO-18), the
    closing bonus, and the round's points (table - hand + bonus)."""

    table: tuple[tuple[int, int], ...]
    hand: tuple[tuple[int, int], ...]
    bonus: int
    points: int

    def to_json(self) -> dict[str, Any]:
        return {
            "table": [[text(c), p] for c, p in self.table],
            "hand": [[text(c), -p] for c, p in self.hand],
            "bonus": self.bonus,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class RoundScore:
    closer: int | None  # None: the stock ran out (JO-12)
    mano: bool  # a mano jolly (JO-14)
    seats: tuple[SeatScore, ...]

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(s.points for s in self.seats)

    def to_json(self) -> dict[str, Any]:
        return {
            "closer": self.closer,
            "mano_jolly": self.mano,
            "points": list(self.points),
            "seats": [s.to_json() for s in self.seats],
        }


def table_cards(table: Sequence[TableMeld], seat: int) -> tuple[tuple[int, int], ...]:
    """Every card ``seat`` put on the table that is still there, with its points (JO-15)."""
    return tuple(
        (s.card, m.points_at(i)) for m in table for i, s in enumerate(m.slots) if s.by == seat
    )


def penalties(hand: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Each card of a hand with what it costs (JO-16)."""
    return tuple((c, penalty(face(c))) for c in hand)


def score_round(
    table: Sequence[TableMeld],
    hands: Sequence[Sequence[int]],
    closer: int | None,
    mano: bool,
) -> RoundScore:
    seats = []
    for seat, hand in enumerate(hands):
        on_table = table_cards(table, seat)
        left = penalties(hand)
        bonus = CLOSING_BONUS if seat == closer else 0
        if mano and seat == closer:  # JO-18: the closer's table points and bonus double
            on_table = tuple((c, 2 * p) for c, p in on_table)
            bonus *= 2
        elif mano:  # JO-18: the others' hands count double
            left = tuple((c, 2 * p) for c, p in left)
        points = sum(p for _, p in on_table) + bonus - sum(p for _, p in left)
        seats.append(SeatScore(on_table, left, bonus, points))
    return RoundScore(closer, mano, tuple(seats))
