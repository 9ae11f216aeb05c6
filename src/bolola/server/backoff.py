"""Capped exponential back-off with jitter, for work the database refused.

>>> backoff = Backoff(first=0.5, cap=30.0, jitter=lambda: 1.0)
>>> [backoff.next() for _ in range(8)]
[0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0]
>>> backoff.reset(); backoff.next()
0.5
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field


def _half_to_full() -> float:
    # Tables that failed together (a database outage) do not all come back at one instant.
    return random.uniform(0.5, 1.0)


@dataclass(slots=True)
class Backoff:
    first: float
    cap: float
    jitter: Callable[[], float] = field(default=_half_to_full, repr=False)
    failures: int = 0

    def next(self) -> float:
        """The wait before the next try: ``first``, doubling with each failure up to
        ``cap``, times the jitter (0.5 to 1 by default)."""
        delay = min(self.cap, self.first * 2.0 ** min(self.failures, 62))
        self.failures += 1
        return delay * self.jitter()

    def reset(self) -> None:
        self.failures = 0
