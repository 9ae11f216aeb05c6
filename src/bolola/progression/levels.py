"""Experience and levels (PL-11): XP for every finished game, levels from XP.

Level 1 starts at 0 XP and level ``n`` needs ``100 + 50·(n-1)`` XP to reach ``n+1``
(100, 150, 200, …), so a level takes about as many more games as the one before.

>>> level_of(0), level_of(99).number, level_of(100).number, level_of(250).number
(Level(number=1, xp_in=0, needed=100), 1, 2, 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from bolola.engine import Result

XP_WIN = 30
XP_DRAW = 20
XP_LOSS = 10
FIRST_LEVEL_XP = 100
LEVEL_STEP_XP = 50


def xp_for(result: Result, *, abandoned: bool) -> int:
    """XP for one finished game; a player whose seat a bot was playing at the end left
    the game and earns none.

    >>> xp_for(Result.WIN, abandoned=False), xp_for(Result.WIN, abandoned=True)
    (30, 0)
    """
    if abandoned:
        return 0
    return {Result.WIN: XP_WIN, Result.DRAW: XP_DRAW, Result.LOSS: XP_LOSS}[result]


def cost(level: int) -> int:
    """XP from the start of ``level`` to the start of the next."""
    return FIRST_LEVEL_XP + LEVEL_STEP_XP * (level - 1)


def start_of(level: int) -> int:
    """Total XP at which ``level`` begins.

    >>> [start_of(n) for n in range(1, 6)]
    [0, 100, 250, 450, 700]
    """
    n = level - 1
    return FIRST_LEVEL_XP * n + LEVEL_STEP_XP * n * (n - 1) // 2


@dataclass(frozen=True, slots=True)
class Level:
    """``number`` (1, 2, …), ``xp_in``: XP earned into it, ``needed``: XP it takes."""

    number: int
    xp_in: int
    needed: int


def level_of(xp: int) -> Level:
    if xp < 0:
        raise ValueError("xp is never negative")
    level = 1
    while start_of(level + 1) <= xp:
        level += 1
    return Level(level, xp - start_of(level), cost(level))
