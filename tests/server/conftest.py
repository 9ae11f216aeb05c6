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
"""

from __future__ import annotations

import glob
import itertools
import json
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from roomclient import ServerProcess, forkserver, free_port

# Generous message limits for scripted clients, which play far faster than people; tight
# chat limits, which the chat test checks (no other test chats).
FAST = {
    "messages_per_second": 100000,
    "message_burst": 100000,
    "chat_burst": 3,
    "chat_per_second": 0.01,
    "chat_max_chars": 20,
    "stand_in_level": "beginner",
    # The clock tests run on move limits far below a person's (0.05 s).
    "min_move_seconds": 0,
}


def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


class PostgresCluster:
    def __init__(self, root: Path) -> None:
        bin_dir = _pg_bin()
        assert bin_dir is not None
        self.bin = bin_dir
        self.root = root
        self.data = root / "data"
        self.port = free_port()
        self.counter = itertools.count(1)
        # initdb refuses to run as root: run the server as the package's postgres user.
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []

    def _run(self, *cmd: str) -> None:
        subprocess.run([*self.as_user, *cmd], check=True, capture_output=True, cwd="/")

    def start(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        if self.as_user:
            shutil.chown(self.root, "postgres")
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "bolola",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
        )
        opts = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            opts,
            "-l",
            str(self.root / "pg.log"),
            "-w",
            "start",
        )

    def stop(self) -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")

    def new_database(self) -> str:
        name = f"bolola{next(self.counter)}"
        self._run(
            str(self.bin / "createdb"),
            "-h",
            "127.0.0.1",
            "-p",
            str(self.port),
            "-U",
            "bolola",
            name,
        )
        return f"postgresql://bolola@127.0.0.1:{self.port}/{name}"


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


@pytest.fixture(scope="module")
def server_with(
    new_database: Callable[[Path], str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Callable[..., ServerProcess]]:
    """A server with these settings (on top of ``FAST``), one per module, backend and
    settings, shared by the module's tests asking for the same settings."""
    started: dict[str, ServerProcess] = {}

    def get(**settings: Any) -> ServerProcess:
        key = json.dumps(settings, sort_keys=True)
        if key not in started:
            where = tmp_path_factory.mktemp("server")
            started[key] = ServerProcess(new_database(where), where, **{**FAST, **settings})
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
    new_database: Callable[[Path], str], tmp_path: Path
) -> Iterator[Callable[..., ServerProcess]]:
    """Servers of this test alone on one fresh database (stop or kill one before starting
    the next on it); all are killed at the end."""
    url = new_database(tmp_path)
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
