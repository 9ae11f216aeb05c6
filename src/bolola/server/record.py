"""What a finished match leaves behind: its referee record and the players' progress.

The record is the rules' match format (shared/rules/king-bolola.md, "Records"): every
deal with its hands as dealt and its play, so the referee can replay and score it.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from bolola.engine import Game

XP_PER_MATCH = 10
ELO_K = 24.0


def match_record(
    game: Game[Any, Any, Any, Any], state: Any, players: Sequence[str]
) -> dict[str, Any]:
    """The referee's match record of a finished match."""
    # Each game keeps its record format beside its rules: bolola.games.<game>.records.
    module = importlib.import_module(f"bolola.games.{game.name.replace('-', '_')}.records")
    out: dict[str, Any] = module.match_record(state, players)
    return out


def results_of(
    ranks: Sequence[int], seats: Sequence[tuple[int | None, float]], *, rated: bool
) -> list[tuple[int, float, int]]:
    """(player id, rating change, xp) for every human seat (PL-11, PL-12).

    Elo over every pair of seats (bots count at their seat's rating), scaled so a match
    moves a rating about as much as one game of chess:

    >>> even = [(1, 1500.0), (2, 1500.0), (None, 1500.0), (3, 1500.0)]
    >>> results_of([0, 1, 1, 3], even, rated=True)
    [(1, 12.0, 10), (2, 0.0, 10), (3, -12.0, 10)]
    """
    out = []
    n = len(seats)
    for s, (player_id, rating) in enumerate(seats):
        if player_id is None:
            continue
        delta = 0.0
        if rated:
            for o, (_, other) in enumerate(seats):
                if o == s:
                    continue
                actual = 1.0 if ranks[s] < ranks[o] else 0.5 if ranks[s] == ranks[o] else 0.0
                expected = 1.0 / (1.0 + 10 ** ((other - rating) / 400.0))
                delta += ELO_K * (actual - expected) / (n - 1)
        out.append((player_id, round(delta, 1), XP_PER_MATCH))
    return out
