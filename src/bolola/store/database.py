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


def open_engine(url: str, *, transactional_ddl: bool = False) -> AsyncEngine:
    """The engine of ``url``. ``transactional_ddl`` (SQLite; a migration's engine): every
    statement inside the transaction SQLAlchemy begins, DDL included, which then commits or
    rolls back whole (:func:`migrate`)."""
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
            if transactional_ddl:
                # Python's sqlite3 (and aiosqlite over it) begins a transaction only before
                # INSERT, UPDATE or DELETE: a CREATE TABLE before any of them commits on its
                # own. With no isolation level it begins none itself, and _begin below
                # begins each one SQLAlchemy begins (SQLAlchemy's own recipe, "Enabling
                # Non-Legacy SQLite Transactional Modes"; COMMIT and ROLLBACK are as usual).
                dbapi_connection.isolation_level = None

        if transactional_ddl:

            @event.listens_for(engine.sync_engine, "begin")
            def _begin(connection: Connection) -> None:
                # IMMEDIATE: the write lock at once (waiting out the busy timeout), not at
                # the first write, which fails at once if another wrote since the read.
                connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", "bolola.store:migrations")
    return config


async def migrate(engine: AsyncEngine) -> None:
    """Bring the schema to the newest migration (a no-op when it is there already), all of
    it or nothing: every migration to run in one transaction, committed once the last is
    done. Stopped or failed before, the database is left as it was, and the next start
    migrates it from there. PostgreSQL's DDL is transactional as it is; SQLite's is too,
    on a connection of its own made for it (:func:`open_engine`'s ``transactional_ddl``):
    on the usual one each CREATE TABLE committed by itself, and a first start stopped
    during the migrations left tables without their version, which no start could get
    past again ("table players already exists")."""
    if not is_sqlite(engine) or in_memory(engine):
        await _upgrade(engine)
        return
    migrating = open_engine(
        engine.url.render_as_string(hide_password=False), transactional_ddl=True
    )
    try:
        await _upgrade(migrating)
    finally:
        await migrating.dispose()


async def _upgrade(engine: AsyncEngine) -> None:
    def upgrade(connection: Connection) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, "head")

    async with engine.begin() as connection:
        await connection.run_sync(upgrade)


def in_memory(engine: AsyncEngine) -> bool:
    """A SQLite database in memory: each engine (each connection, without a pool that
    keeps one) has its own."""
    database = engine.url.database or ""
    return (
        database in ("", ":memory:")
        or database.startswith("file::memory:")
        or "mode=memory" in str(engine.url)
    )


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
