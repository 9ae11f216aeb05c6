"""Leagues (PL-13): Bronze → Silver → Gold by rating in a game.

>>> league_of(1500), league_of(1550), league_of(1700)
(<League.BRONZE: 'bronze'>, <League.SILVER: 'silver'>, <League.GOLD: 'gold'>)
"""

from __future__ import annotations

from enum import StrEnum


class League(StrEnum):
    BRONZE = "bronze"
    SILVER = "silver"
    GOLD = "gold"


# The lowest rating of each league, best first. Everyone starts at 1500, in Bronze:
# Silver takes a run of good results, Gold beating the expert bot (1700) more often than not.
THRESHOLDS = ((League.GOLD, 1700.0), (League.SILVER, 1550.0))


def league_of(rating: float) -> League:
    for league, lowest in THRESHOLDS:
        if rating >= lowest:
            return league
    return League.BRONZE
