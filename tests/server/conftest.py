"""Fixtures: a real ``bolola serve`` process on loopback, on SQLite and on PostgreSQL.

Every server test runs against both databases: PostgreSQL is a throwaway cluster made
with the machine's own binaries (Debian's ``postgresql`` package) in a temp dir on a free
port, one fresh database per server.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from roomclient import ServerProcess, free_port

T = TypeVar("T")
# Generous message limits for scripted clients, which play far faster than people; tight
# chat limits, which the chat test checks (no other test chats).
FAST = {
    "messages_per_second": 100000,
    "message_burst": 100000,
    "chat_burst": 3,
    "chat_per_second": 0.01,
    "chat_max_chars": 20,
    "stand_in_level": "beginner",
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


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


def _database(request: pytest.FixtureRequest, backend: str, where: Path) -> str:
    if backend == "sqlite":
        return f"sqlite:///{where / 'bolola.db'}"
    cluster: PostgresCluster = request.getfixturevalue("postgres")
    return cluster.new_database()


@pytest.fixture
def make_server(
    request: pytest.FixtureRequest, backend: str, tmp_path: Path
) -> Iterator[Callable[..., ServerProcess]]:
    """Start servers on a fresh database of the backend; all are stopped at the end."""
    url = _database(request, backend, tmp_path)
    started: list[ServerProcess] = []

    def make(**settings: Any) -> ServerProcess:
        server = ServerProcess(url, tmp_path, **{**FAST, **settings})
        server.start()
        started.append(server)
        return server

    yield make
    for server in started:
        if server.proc is not None:
            server.kill()


@pytest.fixture(scope="module")
def server(
    request: pytest.FixtureRequest, backend: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """One server per test module and backend, shared by its tests (each makes its own
    tables and players, so they do not meet)."""
    where = tmp_path_factory.mktemp("server")
    server = ServerProcess(_database(request, backend, where), where, **FAST)
    server.start()
    yield server
    if server.proc is not None:
        server.kill()
