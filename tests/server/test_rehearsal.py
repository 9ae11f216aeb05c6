"""The match a server plays by itself when it starts (server/rehearsal.py, issue 15)."""

from __future__ import annotations

import asyncio
import logging
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from roomclient import FAST, WAIT, ServerProcess, run
from sqlalchemy import text

from bolola import registry
from bolola.server import rehearsal
from bolola.server.service import Server
from bolola.server.settings import Settings
from bolola.store.database import open_engine


@pytest.fixture
def temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder the rehearsal makes its database in (empty once it is over)."""
    folder = tmp_path / "temp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def _tasks_left() -> list[str]:
    """What every other task of the loop is running."""
    return [
        t.get_coro().__qualname__  # type: ignore[union-attr]
        for t in asyncio.all_tasks()
        if t is not asyncio.current_task()
    ]


@pytest.mark.slow
def test_a_rehearsal_plays_every_game_to_its_end_on_a_database_of_its_own(
    tmp_path: Path, temp: Path, caplog: pytest.LogCaptureFixture
) -> None:
    real = tmp_path / "real.db"
    settings = Settings(**{**FAST, "database_url": f"sqlite:///{real}", "rehearse": True})
    caplog.set_level(logging.INFO, logger="bolola.table")

    seconds = run(lambda: rehearsal.rehearse(settings))

    assert seconds > 0
    over = [r for r in caplog.records if r.name == "bolola.table" and r.msg == "table over"]
    # Its results stored: a table says "over" once finish_table has written them.
    assert len(over) == len(registry.registered())
    assert not real.exists()  # the server's own database is never opened
    assert list(temp.iterdir()) == []  # its own is gone


def test_what_the_rehearsal_logs_below_a_warning_is_dropped() -> None:
    quiet = rehearsal.Quiet()

    def record(level: int) -> logging.LogRecord:
        return logging.LogRecord("bolola.table", level, __file__, 1, "table over", None, None)

    assert quiet.filter(record(logging.INFO))  # the server's own tables
    seen: list[bool] = []

    async def inside() -> None:
        token = rehearsal._rehearsing.set(True)
        try:
            # A task started while rehearsing (a table's) is rehearsing too.
            await asyncio.create_task(_filtered(quiet, record(logging.INFO), seen))
            await asyncio.create_task(_filtered(quiet, record(logging.WARNING), seen))
        finally:
            rehearsal._rehearsing.reset(token)
        seen.append(quiet.filter(record(logging.INFO)))

    run(inside)
    assert seen == [False, True, True]


async def _filtered(quiet: logging.Filter, record: logging.LogRecord, seen: list[bool]) -> None:
    seen.append(bool(quiet.filter(record)))


def test_a_failed_rehearsal_is_logged_and_the_server_serves_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(_settings: Settings) -> float:
        raise RuntimeError("no rehearsal today")

    monkeypatch.setattr(rehearsal, "rehearse", broken)
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'b.db'}", secret_key="k")

    async def scenario() -> None:
        server = Server(settings)
        await server.start()
        try:
            assert server.rehearsal is not None
            await asyncio.wait_for(asyncio.shield(server.rehearsal), WAIT)
            assert not server.rehearsing
            assert server.room is not None and server.room.closing is False
        finally:
            await server.stop()

    run(scenario)
    failed = [r for r in caplog.records if r.msg == "the start's rehearsal failed"]
    assert len(failed) == 1 and failed[0].levelno == logging.WARNING


def test_stopping_during_the_rehearsal_ends_it(
    tmp_path: Path, temp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'c.db'}", secret_key="k")
    play = rehearsal._play

    async def scenario() -> tuple[bool, list[str]]:
        started = asyncio.Event()

        async def seat(*args: Any) -> None:
            started.set()  # a match is under way: its seats are playing
            await play(*args)

        monkeypatch.setattr(rehearsal, "_play", seat)
        server = Server(settings)
        await server.start()
        task = server.rehearsal
        assert task is not None
        await asyncio.wait_for(started.wait(), WAIT)
        await server.stop()
        return task.cancelled(), _tasks_left()

    cancelled, left = run(scenario)
    assert cancelled
    assert not [name for name in left if "play" in name or "serve_socket" in name], left
    assert list(temp.iterdir()) == []  # its database is gone


def test_a_seat_that_fails_stops_the_others_and_fails_the_rehearsal(
    tmp_path: Path, temp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'd.db'}", secret_key="k")
    play = rehearsal._play
    seats = 0

    async def seat(*args: Any) -> None:
        nonlocal seats
        seats += 1
        if seats == 1:
            raise KeyError("a seat's bug")
        await play(*args)  # the others would wait for a move that never comes

    monkeypatch.setattr(rehearsal, "_play", seat)

    async def scenario() -> list[str]:
        with pytest.raises(KeyError):
            await rehearsal.rehearse(settings)
        return _tasks_left()

    assert run(scenario) == []
    assert list(temp.iterdir()) == []


@pytest.mark.slow
def test_a_started_server_rehearses_and_its_database_stays_empty(
    server_with: Callable[..., ServerProcess],
) -> None:
    server = server_with(rehearse=True)
    deadline = time.monotonic() + WAIT * 6
    health = httpx.get(f"{server.http}/healthz").json()
    # Polling the readiness endpoint: the one wait a test may do without an event.
    while health["rehearsing"]:
        assert time.monotonic() < deadline
        health = httpx.get(f"{server.http}/healthz", timeout=5).json()
    assert health["ok"] is True and health["tables"] == 0
    log = server.log.read_text()
    assert '"msg": "rehearsed"' in log
    assert '"msg": "table over"' not in log and '"msg": "table started"' not in log

    async def counts() -> tuple[int, int, int]:
        engine = open_engine(server.database_url)
        async with engine.connect() as c:
            found = [
                (await c.execute(text(f"select count(*) from {name}"))).scalar_one()
                for name in ("players", "tables", "results")
            ]
        await engine.dispose()
        return found[0], found[1], found[2]

    assert run(counts) == (0, 0, 0)
