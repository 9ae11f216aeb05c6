"""Fixtures: Bolola servers on loopback, on SQLite and on PostgreSQL.

Every server test runs against both databases: PostgreSQL is a throwaway cluster made
with the machine's own binaries (Debian's ``postgresql`` package) in a temp dir on a free
port, started once per session, one fresh database per server. The PostgreSQL runs are
marked ``slow`` (``make check`` runs the SQLite ones, ``make test`` both).

Servers are ``bolola serve`` processes forked from one that has imported Bolola already
(``roomclient.ServerProcess``: a fraction of a second to start, not seconds), shared by the
tests of a module (each makes its own players and tables, so they do not meet): ``server``
with the usual test settings, ``server_with(**settings)`` with settings of their own.
``make_server`` gives a test servers of its own (restarts, other days); ``fresh_server``
runs ``python -m bolola.cli serve`` from scratch, for the tests of the command itself.
The forked servers on SQLite start on a copy of one database migrated once per process
(``migrated_sqlite``); ``fresh_server`` starts on an empty one and migrates it.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from postgres import PostgresCluster
from redisserver import RedisServer
from roomclient import FAST, ServerProcess, forkserver


@pytest.fixture(scope="session")
def postgres(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PostgresCluster]:
    root = Path("/tmp") / f"bolola-pg-{os.getpid()}"
    shutil.rmtree(root, ignore_errors=True)
    cluster = PostgresCluster(root)
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(root, ignore_errors=True)


def pytest_collection_finish(session: pytest.Session) -> None:
    """When forked servers will be wanted, their forkserver starts now: its seconds of
    imports overlap the tests that run before."""
    if session.config.option.collectonly:
        return
    if any({"server_with", "make_server"} & set(item.fixturenames) for item in session.items):
        forkserver()


# PostgreSQL runs a cluster (real processes, seconds to make): its tests are slow.
@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)]
)
def backend(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture(scope="module")
def new_database(request: pytest.FixtureRequest, backend: str) -> Callable[[Path], str]:
    """A fresh, empty database of the backend: a file in ``where``, or a new PostgreSQL
    database in the session's cluster."""

    cluster: PostgresCluster | None = None
    if backend == "postgresql":
        cluster = request.getfixturevalue("postgres")

    def make(where: Path) -> str:
        if cluster is None:
            return f"sqlite:///{where / 'bolola.db'}"
        return cluster.new_database()

    return make


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Callable[[], Path]:
    """A SQLite database migrated to the newest schema, made once (on first use) per test
    process: the servers below start on copies of it instead of each running every
    migration again. ``bolola serve`` on an empty database has tests of its own
    (``fresh_server``, test_server_serve.py), and so have the migrations (test_store_*.py)."""

    @functools.cache
    def template() -> Path:
        from bolola.store.database import open_migrated

        path = tmp_path_factory.mktemp("migrated") / "bolola.db"

        async def migrate() -> None:
            engine = await open_migrated(f"sqlite:///{path}")
            await engine.dispose()

        asyncio.run(migrate())
        # Closed: the write-ahead log is folded into the file, which holds all of it.
        assert not path.with_name(path.name + "-wal").exists()
        return path

    return template


@pytest.fixture(scope="module")
def server_database(
    backend: str, new_database: Callable[[Path], str], migrated_sqlite: Callable[[], Path]
) -> Callable[[Path], str]:
    """A database for a server: a copy of the migrated SQLite one in ``where``, or a new
    PostgreSQL database (which the server migrates)."""

    def make(where: Path) -> str:
        if backend != "sqlite":
            return new_database(where)
        path = where / "bolola.db"
        shutil.copyfile(migrated_sqlite(), path)
        return f"sqlite:///{path}"

    return make


@pytest.fixture(scope="module")
def server_with(
    server_database: Callable[[Path], str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Callable[..., ServerProcess]]:
    """A server with these settings (on top of ``FAST``), one per module, backend and
    settings, shared by the module's tests asking for the same settings."""
    started: dict[str, ServerProcess] = {}

    def get(**settings: Any) -> ServerProcess:
        key = json.dumps(settings, sort_keys=True)
        if key not in started:
            where = tmp_path_factory.mktemp("server")
            started[key] = ServerProcess(server_database(where), where, **{**FAST, **settings})
            started[key].start()
        return started[key]

    yield get
    for server in started.values():
        if server.proc is not None:
            server.kill()


@pytest.fixture(scope="module")
def server(server_with: Callable[..., ServerProcess]) -> ServerProcess:
    """The module's server with the usual test settings."""
    return server_with()


@pytest.fixture
def make_server(
    server_database: Callable[[Path], str], tmp_path: Path
) -> Iterator[Callable[..., ServerProcess]]:
    """Servers of this test alone on one fresh database (stop or kill one before starting
    the next on it); all are killed at the end."""
    url = server_database(tmp_path)
    started: list[ServerProcess] = []

    def make(**settings: Any) -> ServerProcess:
        server = ServerProcess(url, tmp_path, **{**FAST, **settings})
        started.append(server)
        server.start()
        return server

    yield make
    for server in started:
        if server.proc is not None:
            server.kill()


@pytest.fixture(scope="module")
def fresh_server(
    new_database: Callable[[Path], str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """``python -m bolola.cli serve`` started from scratch, per module and backend."""
    where = tmp_path_factory.mktemp("server")
    server = ServerProcess(new_database(where), where, fresh=True, **FAST)
    server.start()
    yield server
    if server.proc is not None:
        server.kill()


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A Redis of the test's own (several processes: ownership and fan-out)."""
    server = RedisServer(tmp_path / "redis")
    server.start()
    try:
        yield server
    finally:
        server.stop()
