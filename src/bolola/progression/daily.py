"""Daily reward (PL-14): the first claim of each UTC day grants XP that grows with the
streak of days in a row, up to a cap; a missed day starts the streak again.

>>> [reward_xp(s) for s in range(1, 9)]
[20, 30, 40, 50, 60, 70, 80, 80]
"""

from __future__ import annotations

from datetime import date, timedelta

BASE_XP = 20
STEP_XP = 10
MAX_XP = 80


def reward_xp(streak: int) -> int:
    if streak < 1:
        raise ValueError("a streak starts at 1")
    return min(BASE_XP + STEP_XP * (streak - 1), MAX_XP)


def streak_on(today: date, last_day: date | None, last_streak: int) -> int | None:
    """Today's streak given the last claim; None when today was claimed already.

    >>> d = date(2026, 11, 30)
    >>> streak_on(d, None, 0), streak_on(d, d - timedelta(days=1), 3), streak_on(d, d, 3)
    (1, 4, None)
    >>> streak_on(d, d - timedelta(days=2), 3)
    1
    """
    if last_day is None:
        return 1
    if last_day >= today:
        return None
    return last_streak + 1 if last_day == today - timedelta(days=1) else 1
