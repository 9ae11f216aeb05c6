"""The pace of tables nobody plays at: all-bot tables, and tables whose players all left.

Such tables take turns, one move at a time over the whole server, and after a move that
kept its table busy for *t* seconds (the bot thinking, the move stored and sent) the next
one waits *t* * (1/share - 1). All together they are therefore busy at most ``share`` of
the time, whatever their number: with 0.25, a quarter of one core at most, and every
table a person plays at keeps the rest. A single such table still moves briskly (a
beginner's move takes a millisecond or two, so a few hundred moves a second).

A minimum delay per table would bound each table but not their sum, which grows with
every table created; a cap on tables running at once would stall the others entirely.

>>> pacer = Pacer(share=0.25)
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager


class Pacer:
    def __init__(
        self,
        share: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        if not 0 < share <= 1:
            raise ValueError("share must be in (0, 1]")
        self.share = share
        self._clock = clock
        self._sleep = sleep
        self._lock = asyncio.Lock()  # FIFO: tables get their turns in the order they asked

    @asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        """One move of a paced table: waits for its turn, then holds it through the move
        and the rest that follows it."""
        async with self._lock:
            start = self._clock()
            yield  # a move that fails (or a table that stops) rests no longer
            rest = (self._clock() - start) * (1.0 / self.share - 1.0)
            if rest > 0:
                await self._sleep(rest)
