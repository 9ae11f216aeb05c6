"""Opening the database: URL forms, SQLite's settings, migrations at start.

>>> async_url("sqlite:///bolola.db")
'sqlite+aiosqlite:///bolola.db'
>>> async_url("postgresql://u@localhost:5432/bolola")
'postgresql+asyncpg://u@localhost:5432/bolola'
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

BUSY_TIMEOUT_MS = 10_000


class DatabaseUrlError(ValueError):
    pass


def async_url(url: str) -> str:
    """The URL with the asyncio driver this server uses (aiosqlite, asyncpg)."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise DatabaseUrlError(
            f"not a database URL: {url!r} (e.g. sqlite:///bolola.db, postgresql://u@host/db)"
        ) from None
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        return parsed.set(drivername="sqlite+aiosqlite").render_as_string(hide_password=False)
    if backend == "postgresql":
        return parsed.set(drivername="postgresql+asyncpg").render_as_string(hide_password=False)
    raise DatabaseUrlError(f"unsupported database {backend!r}: use sqlite or postgresql")


def is_sqlite(engine: AsyncEngine) -> bool:
    return engine.dialect.name == "sqlite"


# PostgreSQL ends a session left inside a transaction this long: a process paused (or
# cut off) between a statement and its COMMIT would otherwise hold its row locks, and a
# table's takeover by another process (``Store.claim_table``) would wait on them.
POSTGRES_SETTINGS = {"idle_in_transaction_session_timeout": "5000"}
# The most a statement may take on PostgreSQL before it fails. A connection whose peer
# vanished (a failover, a cut) would otherwise wait for the system's TCP retransmissions,
# some fifteen minutes, holding up the one writer and every table's moves with it; a
# failure instead is a refused write, tried again on a new connection.
COMMAND_SECONDS = 30.0


def postgres_connect_args() -> dict[str, Any]:
    """What every PostgreSQL connection of the store is opened with (asyncpg's)."""
    return {"server_settings": POSTGRES_SETTINGS, "command_timeout": COMMAND_SECONDS}


def open_engine(url: str) -> AsyncEngine:
    if url.startswith("sqlite"):
        engine = create_async_engine(async_url(url))
    else:
        engine = create_async_engine(
            async_url(url),
            pool_pre_ping=True,
            connect_args=postgres_connect_args(),
        )
    if is_sqlite(engine):

        @event.listens_for(engine.sync_engine, "connect")
        def _sqlite_settings(dbapi_connection: Any, _record: Any) -> None:
            # WAL lets readers go on while the one writer commits; the busy timeout makes a
            # second process (a migration, a backup) wait instead of failing "database is locked".
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

    return engine


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", "bolola.store:migrations")
    return config


async def migrate(engine: AsyncEngine) -> None:
    """Bring the schema to the newest migration (a no-op when it is there already)."""

    def upgrade(connection: Connection) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, "head")

    async with engine.begin() as connection:
        await connection.run_sync(upgrade)


async def open_migrated(url: str) -> AsyncEngine:
    """The engine of ``url``, its schema migrated to the newest; a database that cannot be
    opened or migrated leaves nothing running behind its error."""
    engine = open_engine(url)
    threads = set(threading.enumerate())
    try:
        await migrate(engine)
    except BaseException:
        await engine.dispose()
        await threads_stopped(threads)
        raise
    return engine


async def threads_stopped(before: set[threading.Thread]) -> None:
    """The aiosqlite connection threads started since ``before`` ended (at most a second
    each). A connection that fails to open stops its thread with a message to the event
    loop it came from: a loop closed first makes that thread raise (omnilib/aiosqlite#389),
    so a failed open waits here, its loop still running, before it is reported."""
    workers = [
        t
        for t in threading.enumerate()
        if t not in before and t.name.endswith("(_connection_worker_thread)")
    ]
    for worker in workers:
        await asyncio.to_thread(worker.join, 1.0)
