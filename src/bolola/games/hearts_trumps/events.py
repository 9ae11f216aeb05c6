"""What happens in a Hearts Are Trumps match, as frozen values with one text form.

Placements are secret (HT-6): the cards placed reach only the placing seat
(:class:`Placing`, ``audience`` = that seat); everyone else learns only that the seat has
placed (:class:`Placed`). Battles (:class:`~bolola.games.hearts_trumps.battle.Battle`)
show attackers and defenders to all; loot stays hidden until the deal's score (HT-8),
and then only the view's history names it.
"""

from __future__ import annotations

from typing import NamedTuple

from bolola.games.hearts_trumps.placement import Place


class DealStarted(NamedTuple):
    deal_no: int  # 1-based
    audience: None = None

    def __str__(self) -> str:
        return f"deal {self.deal_no}"


class RoundStarted(NamedTuple):
    round_no: int  # 1..5 (HT-4)
    audience: None = None

    def __str__(self) -> str:
        return f"round {self.round_no}"


class Placing(NamedTuple):
    """What a seat placed: for that seat's eyes only."""

    seat: int
    place: Place
    audience: frozenset[int]

    def __str__(self) -> str:
        return f"place {self.seat} {self.place}"


class Placed(NamedTuple):
    seat: int
    audience: None = None

    def __str__(self) -> str:
        return f"placed {self.seat}"


class DealScored(NamedTuple):
    deal_no: int
    points: tuple[int, int]
    audience: None = None

    def __str__(self) -> str:
        return f"score {self.deal_no} {self.points[0]} {self.points[1]}"


class MatchEnded(NamedTuple):
    totals: tuple[int, int]
    audience: None = None

    def __str__(self) -> str:
        return f"over {self.totals[0]} {self.totals[1]}"


AUDIENCE: tuple[frozenset[int], frozenset[int]] = (frozenset({0}), frozenset({1}))
