"""The one writer: every write of the server goes through a single task, in order.

SQLite allows one writer at a time; with one task there is no "database is locked" to
retry, and writes queued while a commit runs go together into the next transaction
(group commit), which is what keeps many tables' event logs fast. PostgreSQL gets the
same discipline, which costs little and keeps the two backends alike.

The rows of the event log (:class:`Append`) of one commit go in as one Core
``executemany``: no ORM, no statement built per action, one round trip to the driver's
thread (aiosqlite) or one multi-row INSERT (asyncpg) for every table's actions together.
Writes of one batch are independent of each other (each caller awaits its own commit
before it writes again), so their order inside the transaction does not matter.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import Table, insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

T = TypeVar("T")
Write = Callable[[AsyncSession], Awaitable[Any]]
MAX_BATCH = 256

log = logging.getLogger("bolola.store")


@dataclass(frozen=True, slots=True)
class Append:
    """One row to insert into ``table``, with the other rows of its commit in one
    statement; ``stamp`` names a column set to the commit's time. ``what`` says which
    store method asked (for logs and the tests' outages)."""

    table: Table
    row: dict[str, Any]
    stamp: str | None = None
    what: str = ""

    async def __call__(self, session: AsyncSession) -> None:
        await _insert(session, self.table, [self], datetime.now(UTC))


async def _insert(session: AsyncSession, table: Table, rows: list[Append], at: datetime) -> None:
    values = [{**a.row, a.stamp: at} if a.stamp else a.row for a in rows]
    await session.execute(insert(table), values)


class Writer:
    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions
        self._queue: asyncio.Queue[tuple[Write, asyncio.Future[Any]] | None] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="store-writer")

    async def stop(self) -> None:
        """Finish every queued write, then stop."""
        if self._task is None:
            return
        await self._queue.put(None)
        await self._task
        self._task = None

    async def write(self, fn: Callable[[AsyncSession], Awaitable[T]]) -> T:
        """Run ``fn`` in a transaction of the writer; returns once it is committed."""
        if self._task is None:
            raise RuntimeError("the store's writer is not running")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        await self._queue.put((fn, future))
        return await future

    async def _run(self) -> None:
        stopping = False
        while not stopping:
            first = await self._queue.get()
            if first is None:
                break
            batch = [first]
            while len(batch) < MAX_BATCH and not self._queue.empty():
                item = self._queue.get_nowait()
                if item is None:
                    stopping = True
                    break
                batch.append(item)
            await self._commit(batch)

    async def _commit(self, batch: list[tuple[Write, asyncio.Future[Any]]]) -> None:
        try:
            async with self._sessions() as session, session.begin():
                appends: dict[Table, list[Append]] = {}
                for fn, _ in batch:
                    if isinstance(fn, Append):
                        appends.setdefault(fn.table, []).append(fn)
                at = datetime.now(UTC)
                for table, rows in appends.items():
                    await _insert(session, table, rows, at)
                results = [
                    None if isinstance(fn, Append) else await fn(session) for fn, _ in batch
                ]
        except Exception as e:
            if len(batch) == 1:
                log.exception("write failed")
                future = batch[0][1]
                if not future.done():
                    future.set_exception(WriteFailedError(f"the database refused a write: {e}"))
                return
            # One bad write must not sink the others: retry each alone.
            for item in batch:
                await self._commit([item])
            return
        for (_, future), result in zip(batch, results, strict=True):
            if not future.done():
                future.set_result(result)


class WriteFailedError(Exception):
    pass
