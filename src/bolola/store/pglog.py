"""PostgreSQL only: the event log's rows committed on a connection of their own.

Through SQLAlchemy's asyncio session every group commit paid for a pooled connection's
checkout and ping, a session, a greenlet hop per statement and a transaction begun and
ended in three round trips: about a tenth of the server's CPU at full speed, more than
the rows themselves (docs/performance.md). Here the rows of one group commit go in with
asyncpg's ``executemany`` (pipelined) inside one transaction on one long-lived connection.

Still the one writer: the writer task calls this between its other transactions. A
connection that fails is dropped and the next commit opens a new one.
"""

from __future__ import annotations

import contextlib
from typing import Any

import asyncpg
from sqlalchemy import Table
from sqlalchemy.engine import make_url


class PgLog:
    def __init__(self, dsn: str) -> None:
        self.dsn = dsn
        self._connection: asyncpg.Connection | None = None
        self._statements: dict[tuple[Table, tuple[str, ...]], str] = {}

    @classmethod
    def of(cls, url: str) -> PgLog | None:
        """For a PostgreSQL URL (any driver named in it); None for anything else."""
        parsed = make_url(url)
        if parsed.get_backend_name() != "postgresql":
            return None
        return cls(parsed.set(drivername="postgresql").render_as_string(hide_password=False))

    def _statement(self, table: Table, names: tuple[str, ...]) -> str:
        key = (table, names)
        sql = self._statements.get(key)
        if sql is None:
            columns = ", ".join(f'"{n}"' for n in names)
            values = ", ".join(f"${i}" for i in range(1, len(names) + 1))
            sql = self._statements[key] = (
                f'INSERT INTO "{table.name}" ({columns}) VALUES ({values})'
            )
        return sql

    async def append(self, table: Table, rows: list[dict[str, Any]]) -> None:
        """Every row in one transaction, committed on return; raises what PostgreSQL or
        the connection raises (and then nothing of it is stored, or, if the connection
        was lost at COMMIT, perhaps all of it: the table reads its log back to know)."""
        shapes: dict[tuple[str, ...], list[tuple[Any, ...]]] = {}
        for row in rows:
            names = tuple(row)
            shapes.setdefault(names, []).append(tuple(row.values()))
        if self._connection is None or self._connection.is_closed():
            self._connection = await asyncpg.connect(self.dsn)
        connection = self._connection
        try:
            async with connection.transaction():
                for names, values in shapes.items():
                    await connection.executemany(self._statement(table, names), values)
        except (OSError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError):
            self._connection = None
            with contextlib.suppress(Exception):
                connection.terminate()
            raise

    async def close(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(Exception):
                await self._connection.close(timeout=5)
            self._connection = None
