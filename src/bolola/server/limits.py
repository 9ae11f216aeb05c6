"""A token bucket: ``rate`` per second on average, bursts of up to ``burst``.

>>> bucket = TokenBucket(rate=1.0, burst=2, clock=lambda: 0.0)
>>> bucket.take(), bucket.take(), bucket.take()
(True, True, False)
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

# A bucket kept elsewhere (Redis): the key, the rate and the burst; True if allowed.
SharedTake = Callable[[str, float, int], Awaitable[bool]]


@dataclass(slots=True)
class TokenBucket:
    rate: float
    burst: int
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(init=False)
    at: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = float(self.burst)
        self.at = self.clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Buckets:
    """One bucket per key (a name and an address, a player at a table…), made on first use.
    With several processes the limits a person could otherwise multiply by the number of
    processes (per address, per name) are kept in Redis instead (``shared``)."""

    def __init__(self, rate: float, burst: int, max_keys: int = 10_000, name: str = "") -> None:
        self.name = name  # the shared buckets' namespace
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self._buckets: dict[object, TokenBucket] = {}
        self.shared: SharedTake | None = None

    async def allow(self, key: str) -> bool:
        """:meth:`take`, or the shared bucket's when there is one."""
        if self.shared is not None:
            return await self.shared(f"{self.name}:{key}", self.rate, self.burst)
        return self.take(key)

    def take(self, key: object) -> bool:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.max_keys:
                # Full buckets carry no information: forgetting them is safe.
                full = [k for k, b in self._buckets.items() if b.tokens >= b.burst - 1]
                for k in full or list(self._buckets)[: self.max_keys // 2]:
                    del self._buckets[k]
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst)
        return bucket.take()
