"""The one writer: every write of the server goes through a single task, in order.

SQLite allows one writer at a time; with one task there is no "database is locked" to
retry, and writes queued while a commit runs go together into the next transaction
(group commit), which is what keeps many tables' event logs fast. PostgreSQL gets the
same discipline, which costs little and keeps the two backends alike.

The rows of the event log (:class:`Append`) of one commit go in with one
``executemany`` for every table's actions together, in a transaction of their own on the
backend's direct connection (:class:`DirectLog`: ``direct.py``, ``pglog.py``), or
through the session's Core insert where there is none (SQLite in memory).
Writes of one batch are independent of each other (each caller awaits its own commit
before it writes again), so their order inside the transaction does not matter.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol, TypeVar

from sqlalchemy import Table, insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

T = TypeVar("T")
Write = Callable[[AsyncSession], Awaitable[Any]]
MAX_BATCH = 256

log = logging.getLogger("bolola.store")


class DirectLog(Protocol):
    """The event log's rows of one group commit, committed in a transaction of their own
    outside SQLAlchemy's session (``direct.py`` for SQLite, ``pglog.py`` for PostgreSQL)."""

    async def append(
        self, table: Table, rows: list[dict[str, Any]], fences: list[int | None]
    ) -> set[int]:
        """Commit the rows; returns the positions of those refused by their fence (a
        fenced row names its table in ``table_id``; ``None``: no fence)."""
        ...

    def shrink(self) -> None:
        """Hand back what the connection caches (the server has no table)."""

    async def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Append:
    """One row to insert into ``table``, with the other rows of its commit in one
    statement; ``stamp`` names a column set to the commit's time. ``what`` says which
    store method asked (for logs and the tests' outages)."""

    table: Table
    row: dict[str, Any]
    stamp: str | None = None
    what: str = ""
    fence: int | None = None  # the table owner's token (several processes)

    async def __call__(self, session: AsyncSession) -> None:
        await session.execute(insert(self.table), [_row(self, datetime.now(UTC))])


class Writer:
    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], direct: DirectLog | None = None
    ) -> None:
        self._sessions = sessions
        self._direct = direct
        self._queue: asyncio.Queue[tuple[Write, asyncio.Future[Any]] | None] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False  # a write asked for from now on is refused, not left waiting

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="store-writer")

    def shrink(self) -> None:
        if self._direct is not None:
            self._direct.shrink()

    async def stop(self) -> None:
        """Finish every queued write, then stop."""
        if self._task is None:
            return
        self._stopping = True
        await self._queue.put(None)
        await self._task
        self._task = None
        while not self._queue.empty():  # none by now (refused): a last safeguard
            item = self._queue.get_nowait()
            if item is not None and not item[1].done():
                item[1].set_exception(WriteFailedError("the store stopped"))
        if self._direct is not None:
            await self._direct.close()

    async def write(self, fn: Callable[[AsyncSession], Awaitable[T]]) -> T:
        """Run ``fn`` in a transaction of the writer; returns once it is committed."""
        if self._task is None:
            raise RuntimeError("the store's writer is not running")
        if self._stopping:
            # Queued behind the stop, it would wait for good.
            raise WriteFailedError("the store is stopping")
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
            appends: dict[Table, list[Append]] = {}
            others = []
            for item in batch:
                if isinstance(item[0], Append):
                    appends.setdefault(item[0].table, []).append(item[0])
                else:
                    others.append(item)
            at = datetime.now(UTC)
            fenced: set[int] = set()  # ids of the appends their fence refused
            if self._direct is not None and appends:
                # The log's rows in a transaction of their own, outside the session.
                futures = {id(fn): future for fn, future in batch}
                for table, rows in appends.items():
                    refused = await self._direct.append(
                        table, [_row(a, at) for a in rows], [a.fence for a in rows]
                    )
                    fenced.update(id(rows[n]) for n in refused)
                    # Committed: told now, whatever the rest of the batch comes to (tried
                    # again alone, these rows would meet themselves and be called failed).
                    for a in rows:
                        _settle(futures[id(a)], id(a) in fenced)
                appends = {}
            results: dict[int, Any] = {}
            if appends or others:
                async with self._sessions() as session, session.begin():
                    for table, rows in appends.items():
                        await session.execute(insert(table), [_row(a, at) for a in rows])
                    for n, (fn, _) in enumerate(others):
                        if n:
                            # Each write starts as on a session of its own: nothing it
                            # reads comes from an object an earlier one loaded (the
                            # store's updates do not keep loaded objects in step).
                            await session.flush()
                            session.expunge_all()
                        results[n] = await fn(session)
        except Exception as e:
            left = [item for item in batch if not item[1].done()]
            if len(batch) == 1:
                log.exception("write failed")
                for _, future in left:
                    future.set_exception(WriteFailedError(f"the database refused a write: {e}"))
                return
            # One bad write must not sink the others: retry each alone.
            for item in left:
                await self._commit([item])
            return
        for n, (_, future) in enumerate(others):
            if not future.done():
                future.set_result(results[n])
        for fn, future in batch:
            if isinstance(fn, Append):
                _settle(future, id(fn) in fenced)


def _settle(future: asyncio.Future[Any], fenced: bool) -> None:
    """An append's answer: in the log, or refused by its fence."""
    if future.done():
        return
    if fenced:
        future.set_exception(FencedError("another process owns this table now"))
    else:
        future.set_result(None)


def _row(a: Append, at: datetime) -> dict[str, Any]:
    return {**a.row, a.stamp: at} if a.stamp else a.row


class WriteFailedError(Exception):
    pass


class FencedError(WriteFailedError):
    """The row's fencing token is no longer its table's: another process took the table
    over (several processes). Nothing was written."""
