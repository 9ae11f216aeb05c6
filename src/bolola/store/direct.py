"""SQLite only: the event log's rows committed on the event loop's own thread.

Through aiosqlite every statement is a hand-off to its thread, and that thread needs the
GIL back for every row it steps through; while the event loop keeps the GIL busy (a
thousand tables, four thousand sockets) each hand-off waits up to the interpreter's switch
interval (5 ms), and a group commit of a hundred rows took 150 to 450 ms. Here the rows
of one group commit go in with one ``executemany`` and one COMMIT on a plain ``sqlite3``
connection, in well under a millisecond (WAL, ``synchronous=NORMAL``: no fsync at
commit). Checkpoints, which do fsync, are this connection's to skip
(``wal_autocheckpoint=0``) and run in a thread of their own instead.

Still the one writer: the writer task calls this between its other transactions.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Callable
from typing import Any

from sqlalchemy import Table, insert
from sqlalchemy.dialects import sqlite
from sqlalchemy.engine import make_url

from bolola.store.database import BUSY_TIMEOUT_MS

CHECKPOINT_EVERY = 200  # commits between two checkpoints of the WAL


class SqliteLog:
    def __init__(self, path: str) -> None:
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        for pragma in (
            "journal_mode=WAL",
            f"busy_timeout={BUSY_TIMEOUT_MS}",
            "synchronous=NORMAL",
            "foreign_keys=ON",
            "wal_autocheckpoint=0",
        ):
            self.db.execute(f"PRAGMA {pragma}")
        self._statements: dict[Table, tuple[str, list[tuple[str, Callable[[Any], Any] | None]]]]
        self._statements = {}
        self._commits = 0
        self._checkpoint: asyncio.Task[None] | None = None

    @classmethod
    def of(cls, url: str) -> SqliteLog | None:
        """For a SQLite file; None for anything else (PostgreSQL's driver has no thread)."""
        parsed = make_url(url)
        if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
            return None
        return cls(parsed.database)

    def _statement(self, table: Table) -> tuple[str, list[tuple[str, Callable[[Any], Any] | None]]]:
        found = self._statements.get(table)
        if found is None:
            dialect = sqlite.dialect()
            compiled = insert(table).compile(dialect=dialect)
            names = list(compiled.positiontup or ())
            columns = [table.c[n] for n in names]
            found = self._statements[table] = (
                str(compiled),
                [(c.name, c.type.dialect_impl(dialect).bind_processor(dialect)) for c in columns],
            )
        return found

    async def append(
        self, table: Table, rows: list[dict[str, Any]], fences: list[int | None]
    ) -> set[int]:
        """:meth:`insert`, as the writer calls every backend's log. One process only:
        SQLite is the one-machine store, so there is no other owner to fence out."""
        self.insert(table, rows)
        return set()

    def insert(self, table: Table, rows: list[dict[str, Any]]) -> None:
        """Every row in one transaction, committed on return; raises what SQLite raises
        (and then nothing of it is stored)."""
        sql, columns = self._statement(table)
        values = [
            tuple(row.get(name) if fn is None else fn(row.get(name)) for name, fn in columns)
            for row in rows
        ]
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.executemany(sql, values)
            self.db.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self.db.execute("ROLLBACK")
            raise
        self._commits += 1
        if self._commits % CHECKPOINT_EVERY == 0 and self._checkpoint is None:
            self._checkpoint = asyncio.ensure_future(asyncio.to_thread(self._checkpoint_now))
            self._checkpoint.add_done_callback(self._checkpointed)

    def _checkpoint_now(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    def _checkpointed(self, task: asyncio.Task[None]) -> None:
        self._checkpoint = None
        if not task.cancelled():
            task.exception()  # a failed checkpoint is tried again at the next one

    def shrink(self) -> None:
        """Hand back the connection's page cache (SQLite's ``shrink_memory``)."""
        self.db.execute("PRAGMA shrink_memory")

    async def close(self) -> None:
        if self._checkpoint is not None:
            with contextlib.suppress(Exception):
                await self._checkpoint
        self.db.close()
