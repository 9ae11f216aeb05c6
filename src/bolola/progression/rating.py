"""Skill rating (PL-12): Elo per player and per game, from a finished game's ranking.

A game of several seats is scored as every pair of seats playing one another: a better
rank is a win, an equal rank half a win. The sum is divided by the number of opponents,
so one game moves a rating about as much as one game of chess does.

>>> [round(d, 1) for d in elo_deltas([1500, 1500, 1500, 1500], [0, 1, 1, 3], [24] * 4)]
[12.0, 0.0, 0.0, -12.0]
"""

from __future__ import annotations

from collections.abc import Sequence

START = 1500.0
K = 24.0
PROVISIONAL_K = 48.0  # a new player's first games find their level twice as fast
PROVISIONAL_GAMES = 10
# Bots play at a fixed rating, so a game against bots is rated like any other; the
# figures follow the levels' strength (docs/bots.md: each level beats the one below).
BOT_RATINGS = {"beginner": 1100.0, "club": 1450.0, "expert": 1700.0}


def expected(rating: float, other: float) -> float:
    """The score ``rating`` expects against ``other``.

    >>> expected(1500, 1500), round(expected(1900, 1500), 3)
    (0.5, 0.909)
    """
    return 1.0 / (1.0 + float(10.0 ** ((other - rating) / 400.0)))


def is_provisional(rated_games: int) -> bool:
    return rated_games < PROVISIONAL_GAMES


def k_factor(rated_games: int) -> float:
    """K for a player with ``rated_games`` behind them.

    >>> k_factor(0), k_factor(PROVISIONAL_GAMES)
    (48.0, 24.0)
    """
    return PROVISIONAL_K if is_provisional(rated_games) else K


def _pairwise(ratings: Sequence[float], ranks: Sequence[int]) -> list[float]:
    """Each side's actual minus expected score, summed over the other sides."""
    n = len(ratings)
    out = []
    for s in range(n):
        total = 0.0
        for o in range(n):
            if o == s:
                continue
            actual = 1.0 if ranks[s] < ranks[o] else 0.5 if ranks[s] == ranks[o] else 0.0
            total += actual - expected(ratings[s], ratings[o])
        out.append(total)
    return out


def elo_deltas(
    ratings: Sequence[float], ranks: Sequence[int], ks: Sequence[float]
) -> tuple[float, ...]:
    """Every seat's rating change, seat by seat (rank 0 is first; equal ranks tie).

    >>> [round(d, 2) for d in elo_deltas([1500, 1100], [0, 1], [24, 24])]
    [2.18, -2.18]
    """
    if not len(ratings) == len(ranks) == len(ks) or len(ratings) < 2:
        raise ValueError("one rating, rank and K per seat, at least two seats")
    opponents = len(ratings) - 1
    return tuple(k * d / opponents for k, d in zip(ks, _pairwise(ratings, ranks), strict=True))


def team_deltas(
    teams: Sequence[Sequence[int]],
    ratings: Sequence[float],
    ranks: Sequence[int],
    ks: Sequence[float],
) -> tuple[float, ...]:
    """Every seat's change when seats play in teams (Baloot: seats 0+2 against 1+3).

    A team plays at its members' mean rating and ranks as its best member; the team's
    result moves each member by the member's own K.

    >>> [round(d, 1) for d in team_deltas([(0, 2), (1, 3)], [1500] * 4, [0, 1, 0, 1], [24] * 4)]
    [12.0, -12.0, 12.0, -12.0]
    """
    seats = sorted(s for team in teams for s in team)
    if seats != list(range(len(ratings))) or len(teams) < 2:
        raise ValueError("teams must split the seats into at least two teams")
    team_rating = [sum(ratings[s] for s in team) / len(team) for team in teams]
    team_rank = [min(ranks[s] for s in team) for team in teams]
    shares = _pairwise(team_rating, team_rank)
    out = [0.0] * len(ratings)
    for team, share in zip(teams, shares, strict=True):
        for s in team:
            out[s] = ks[s] * share / (len(teams) - 1)
    return tuple(out)
