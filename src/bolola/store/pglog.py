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
from sqlalchemy.dialects import postgresql
from sqlalchemy.engine import make_url

from bolola.store.database import postgres_connect_args

_DIALECT = postgresql.dialect()  # type: ignore[no-untyped-call]


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

    async def append(
        self, table: Table, rows: list[dict[str, Any]], fences: list[int | None]
    ) -> set[int]:
        """Every row in one transaction, committed on return; raises what PostgreSQL or
        the connection raises (and then nothing of it is stored, or, if the connection
        was lost at COMMIT, perhaps all of it: the table reads its log back to know).
        Returns the positions of the fenced rows their table's token refused."""
        plain: dict[tuple[str, ...], list[tuple[Any, ...]]] = {}
        fenced: dict[tuple[str, ...], list[tuple[int, dict[str, Any], int]]] = {}
        for n, (row, fence) in enumerate(zip(rows, fences, strict=True)):
            if fence is None:
                plain.setdefault(tuple(row), []).append(tuple(row.values()))
            else:
                fenced.setdefault(tuple(row), []).append((n, row, fence))
        if self._connection is None or self._connection.is_closed():
            self._connection = await asyncpg.connect(self.dsn, **postgres_connect_args())
        connection = self._connection
        refused: set[int] = set()
        try:
            async with connection.transaction():
                for names, values in plain.items():
                    await connection.executemany(self._statement(table, names), values)
                for names, items in fenced.items():
                    columns = [[row[name] for _, row, _ in items] for name in names]
                    columns.append([fence for _, _, fence in items])
                    kept = {
                        (r["table_id"], r["version"])
                        for r in await connection.fetch(self._fenced(table, names), *columns)
                    }
                    refused.update(
                        n for n, row, _ in items if (row["table_id"], row["version"]) not in kept
                    )
        except (OSError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError):
            self._connection = None
            with contextlib.suppress(Exception):
                connection.terminate()
            raise
        return refused

    def _fenced(self, table: Table, names: tuple[str, ...]) -> str:
        """Rows given as one array per column, inserted where their table's token is the
        row's own. The tables row is share-locked: a takeover's new token (an UPDATE of
        it) waits for this commit, and this insert waits for the takeover's, then sees
        the new token and inserts nothing."""
        key = (table, (*names, "#fenced"))
        sql = self._statements.get(key)
        if sql is None:
            dialect = _DIALECT
            arrays = [
                f"${i}::{table.c[name].type.compile(dialect=dialect)}[]"
                for i, name in enumerate(names, 1)
            ]
            arrays.append(f"${len(names) + 1}::BIGINT[]")
            columns = ", ".join(f'"{n}"' for n in names)
            picked = ", ".join(f'r."{n}"' for n in names)
            sql = self._statements[key] = (
                f'INSERT INTO "{table.name}" ({columns}) SELECT {picked} '
                f"FROM unnest({', '.join(arrays)}) AS r({columns}, fence) "
                'JOIN "tables" t ON t.id = r.table_id AND t.fence = r.fence '
                "FOR SHARE OF t RETURNING table_id, version"
            )
        return sql

    def shrink(self) -> None:
        """Nothing to hand back: the server keeps PostgreSQL's pages, not this process."""

    async def close(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(Exception):
                await self._connection.close(timeout=5)
            self._connection = None
