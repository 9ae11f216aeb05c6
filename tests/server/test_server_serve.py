"""``bolola serve`` itself: readiness, migrations at start, settings, structured logs.

The command is what these tests are about: they run ``python -m bolola.cli serve`` from
scratch (slow), not a server forked with Bolola imported already."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from alembic.script import ScriptDirectory
from roomclient import ServerProcess, run
from sqlalchemy import text

from bolola.store.database import alembic_config, async_url, open_engine


@pytest.mark.slow
def test_healthz_migrations_and_json_logs(fresh_server: ServerProcess) -> None:
    server = fresh_server
    body = httpx.get(f"{server.http}/healthz").json()
    assert body["ok"] is True and isinstance(body["tables"], int)

    async def schema() -> tuple[str, set[str]]:
        engine = open_engine(server.database_url)
        async with engine.connect() as c:
            version = (await c.execute(text("select version_num from alembic_version"))).scalar()
            tables = await c.run_sync(
                lambda sync: set(__import__("sqlalchemy").inspect(sync).get_table_names())
            )
        await engine.dispose()
        return str(version), tables

    version, tables = run(schema)
    # The newest migration, whichever it is: every one ran at start.
    assert version == ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert {"players", "identities", "tables", "seats", "actions", "chat", "records"} <= tables
    assert {"ratings", "results", "daily_rewards"} <= tables
    lines = [x for x in server.log.read_text().splitlines() if x.startswith("{")]
    records = [json.loads(x) for x in lines]
    assert any(r["msg"] == "ready" and r["logger"] == "bolola.server" for r in records)
    assert all({"ts", "level", "logger", "msg"} <= set(r) for r in records)
    # Started again on jemalloc (make test installs it), as the same process.
    assert any(r["msg"] == "allocations go to jemalloc" for r in records)
    assert server.proc is not None
    assert "libjemalloc" in Path(f"/proc/{server.proc.pid}/maps").read_text()


@pytest.mark.slow
def test_bad_settings_get_a_clear_error_not_a_traceback() -> None:
    cases = (
        (["--database-url", "mysql://x@localhost/db"], "unsupported database"),
        (["--database-url", "::::"], "not a database URL"),
        (["--port", "70000"], "port"),
    )
    # The three commands at once: each spends its time importing.
    started = [
        subprocess.Popen(
            [sys.executable, "-m", "bolola.cli", "serve", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for args, _ in cases
    ]
    for proc, (_, needle) in zip(started, cases, strict=True):
        _, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 2, stderr
        assert needle in stderr and "Traceback" not in stderr


def test_database_urls_get_the_async_drivers() -> None:
    assert async_url("sqlite:///x.db") == "sqlite+aiosqlite:///x.db"
    assert async_url("postgresql://u:p@h:5/d") == "postgresql+asyncpg://u:p@h:5/d"
