"""``bolola serve``'s start, before it serves: the migrations all or nothing, the port
bound before anything else is done, one server per SQLite file, an interrupt at any time.

The start itself is what most of these test: they run the command in a process of its
own (``python -m bolola.cli serve``, or forked by ``roomclient.ServerProcess``)."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from alembic.operations import Operations
from alembic.script import ScriptDirectory
from postgres import PostgresCluster
from redisserver import RedisServer
from roomclient import FAST, WAIT, Forked, ServerProcess, environment, free_port, run
from sqlalchemy import inspect, text

from bolola.server.cli import database_problem
from bolola.store.database import alembic_config, open_engine
from bolola.store.store import Store


class StoppedError(Exception):
    """A migration's step failed (as a start stopped there would be)."""


async def schema(url: str) -> tuple[set[str], str | None]:
    """The tables of the database, and its version (None: alembic's table is not there)."""
    engine = open_engine(url)
    try:
        async with engine.connect() as c:
            tables = await c.run_sync(lambda sync: set(inspect(sync).get_table_names()))
            version = None
            if "alembic_version" in tables:
                version = (
                    await c.execute(text("select version_num from alembic_version"))
                ).scalar()
        return tables, version
    finally:
        await engine.dispose()


def test_a_start_stopped_during_the_migrations_leaves_the_database_as_it_was(
    new_database: Callable[[Path], str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first start stopped in the migration from 0001 to 0002 left SQLite's tables of
    0001 without their version (each CREATE TABLE committed on its own): no start could
    get past "table players already exists" again. The migrations are one transaction
    now, on SQLite too: a step failing in 0002 (after its first tables are made) leaves
    an empty database, and the next start migrates it to the newest."""
    url = new_database(tmp_path)
    real = Operations.execute

    def fails(self: Operations, *args: Any, **kwargs: Any) -> None:
        raise StoppedError("stopped in 0002, its tables made, its data not moved")

    monkeypatch.setattr(Operations, "execute", fails)  # 0002's first op.execute
    with pytest.raises(StoppedError):
        run(lambda: Store.open(url))
    assert run(lambda: schema(url)) == (set(), None)

    monkeypatch.setattr(Operations, "execute", real)

    async def started() -> None:
        store = await Store.open(url)
        await store.close()

    run(started)
    tables, version = run(lambda: schema(url))
    assert version == ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert {"players", "tables", "ratings", "results", "daily_rewards"} <= tables


def refused(argv: list[str], where: Path, **settings: Any) -> tuple[int, list[str]]:
    """``bolola serve ARGV`` that is to refuse to start: its exit status, and its lines
    (stdout and stderr), in ``where``."""
    log = where / f"refused-{len(list(where.glob('refused-*')))}.log"
    proc = Forked(["serve", "--log-level", "info", *argv], environment(settings), log, where)
    code = proc.wait(WAIT)
    return code, log.read_text().splitlines()


def test_a_second_server_is_refused_before_it_touches_anything(
    migrated_sqlite: Callable[[], Path], tmp_path: Path
) -> None:
    """A second ``bolola serve`` on the port of a running one migrated its database,
    restored the tables and played them (their bots moved) before it found the port
    taken; on another port, both played the same tables for good. The port is bound, and
    the SQLite file locked, before anything else; the refusal is one line. The commands
    an operator runs beside the server (``bolola password``, ``achievements``: the check
    below is theirs) do not take the lock, and the lock dies with its server."""
    path = tmp_path / "bolola.db"
    shutil.copyfile(migrated_sqlite(), path)
    url = f"sqlite:///{path}"
    first = ServerProcess(url, tmp_path, **FAST)
    first.start()
    other = tmp_path / "other.db"
    code, lines = refused(
        ["--port", str(first.port), "--database-url", f"sqlite:///{other}"], tmp_path
    )
    assert (code, lines) == (1, [f"bolola serve: port {first.port} is in use"])
    assert not other.exists()  # not made, let alone migrated
    code, lines = refused(["--port", "0", "--database-url", url], tmp_path)
    assert code == 1 and len(lines) == 1, lines
    assert lines[0] == (
        f"bolola serve: another bolola serve (process {first.proc.pid}) is running on "
        f"{path}: one server per SQLite database"
    )
    assert database_problem(url) is None
    first.kill()
    first.start()  # the lock went with the killed process
    first.stop()


def test_an_interrupt_before_the_command_is_ready_says_interrupted(tmp_path: Path) -> None:
    """Ctrl-C while ``bolola serve`` imports (or starts itself again on jemalloc) was a
    KeyboardInterrupt's traceback. Here the interrupt comes before the command's first
    line: held (blocked) from the start, as the server holds it while it starts itself
    again, it is taken once the command is ready for it."""

    def held() -> None:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})

    proc = subprocess.Popen(
        [sys.executable, "-m", "bolola.cli", "serve", "--port", "0"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=held,
    )
    try:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert (out, err) == ("", "interrupted\n")
    assert not (tmp_path / "bolola.db").exists()


@pytest.mark.slow
def test_a_redis_that_cannot_serve_is_one_line_before_any_migration(
    postgres: PostgresCluster, redis_server: RedisServer, tmp_path: Path
) -> None:
    """A Redis that does not answer, or refuses the database asked for, was a traceback
    inside a JSON log line after the migrations, and exit status 3."""
    url = postgres.new_database()
    cases = {
        f"redis://127.0.0.1:{free_port()}/0": "does not answer: ",
        redis_server.url.rsplit("/", 1)[0] + "/99": "refuses: DB index is out of range",
    }
    for redis_url, reason in cases.items():
        argv = ["--port", "0", "--database-url", url, "--redis-url", redis_url]
        code, lines = refused(argv, tmp_path, process_id="p1")
        assert code == 1 and len(lines) == 1, lines
        assert lines[0].startswith(f"bolola serve: Redis at {redis_url} {reason}"), lines
    assert run(lambda: schema(url)) == (set(), None)
