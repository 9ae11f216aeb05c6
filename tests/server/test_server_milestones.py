"""Milestones at a live server (issue 17): a finished match's feats are found and what it
unlocked is in its over frame and on the player's achievements; the designs levels
unlock are listed and worn only when unlocked; ``bolola achievements --backfill`` finds
the feats of matches that have none yet, on SQLite and PostgreSQL."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from roomclient import Rest, ServerProcess, heart_match, run
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from bolola.progression.cosmetics import CATALOGUE
from bolola.server.milestones import backfill
from bolola.store.models import ResultRow
from bolola.store.store import Store


def unlocked(achievements: list[dict[str, Any]]) -> set[str]:
    return {a["key"] for a in achievements if a["unlocked_at"] is not None}


def test_a_finished_match_unlocks_achievements_and_says_which(server: ServerProcess) -> None:
    async def scenario() -> None:
        p, _table, over = await heart_match(server)
        mine = over["progress"]["0"]
        rest = Rest(server)
        got = (await rest.get(f"/api/players/{p.name}/achievements")).json()["achievements"]
        keys = [a["key"] for a in got]
        assert len(keys) == len(set(keys)) and "hearts-trumps:bonus-59" in keys
        # The first match: everything it unlocked is everything unlocked.
        assert set(mine["achievements"]) == unlocked(got)
        won = over["ranks"][0] < over["ranks"][1]
        assert ("first-win" in mine["achievements"]) == won
        assert ("hearts-trumps:first-win" in mine["achievements"]) == won
        matches = next(a for a in got if a["key"] == "matches-10")
        assert (matches["count"], matches["goal"], matches["unlocked_at"]) == (1, 10, None)
        r = await rest.get("/api/players/nobody-here/achievements")
        assert r.status_code == 404 and r.json()["code"] == "no_player"
        await rest.close()
        await p.close()

    run(scenario)


def test_designs_are_listed_and_worn_only_once_unlocked(server: ServerProcess) -> None:
    async def scenario() -> None:
        rest = Rest(server)
        await rest.guest()
        listed = (await rest.get("/api/cosmetics")).json()["cosmetics"]
        assert listed == [c.to_json() for c in CATALOGUE]
        me = (await rest.get("/api/me")).json()["player"]
        assert (me["level"], me["back"], me["felt"]) == (1, "classic", "green")
        r = await rest.post("/api/me/look", {"back": "crimson"})
        assert r.status_code == 403 and r.json()["code"] == "locked"
        assert "level 3" in r.json()["message"]
        r = await rest.post("/api/me/look", {"felt": "plaid"})
        assert r.status_code == 403 and "no felt named 'plaid'" in r.json()["message"]
        r = await rest.post("/api/me/look", {"back": 7})
        assert r.status_code == 400 and r.json()["code"] == "bad_request"
        r = await rest.post("/api/me/look", {"back": "classic", "felt": "green"})
        assert r.status_code == 200 and r.json()["player"]["back"] == "classic"
        await rest.close()
        anonymous = Rest(server)
        r = await anonymous.post("/api/me/look", {"back": "classic"})
        assert r.status_code == 403 and r.json()["code"] == "csrf"  # no session, no change
        await anonymous.close()

    run(scenario)


async def forget_feats(store: Store, table: int) -> None:
    """As a match finished before feats were kept: none known."""

    async def write(session: AsyncSession) -> None:
        await session.execute(
            update(ResultRow).where(ResultRow.table_id == table).values(feats=None)
        )

    await store.writer.write(write)


def test_backfill_finds_the_feats_of_matches_that_have_none(server: ServerProcess) -> None:
    async def scenario() -> None:
        p, table, _over = await heart_match(server)
        await p.close()
        store = await Store.open(server.database_url)
        try:
            player = await store.player_named(p.name)
            assert player is not None
            (match,), _ = await store.milestones(player.id)
            assert match.table_id == table and match.game == "hearts-trumps"
            assert await store.tables_without_feats(10) == []  # found when the match ended
            await forget_feats(store, table)
            assert await store.tables_without_feats(10) == [table]
            assert await backfill(store) == (1, 0)
            assert await store.tables_without_feats(10) == []
            (again,), _ = await store.milestones(player.id)
            assert again.feats == match.feats
        finally:
            await store.close()

    run(scenario)


def test_the_command_backfills_and_prints_a_players_achievements(server: ServerProcess) -> None:
    async def scenario() -> None:
        p, table, _over = await heart_match(server)
        await p.close()
        store = await Store.open(server.database_url)
        await forget_feats(store, table)
        await store.close()
        command = [sys.executable, "-m", "bolola.cli", "achievements", "--backfill"]
        command += ["--player", p.name, "--database-url", server.database_url]
        proc = await asyncio.create_subprocess_exec(
            *command, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
        )
        out, err = await proc.communicate()
        assert proc.returncode == 0, err.decode()
        first, _, rest = out.decode().partition("\n")
        assert first == "feats found for 1 matches (0 did not replay)"
        keys = [a["key"] for a in json.loads(rest)]
        assert keys[:2] == ["first-win", "matches-10"]
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bolola.cli", "achievements", stderr=asyncio.subprocess.PIPE
        )
        _, err = await proc.communicate()
        assert proc.returncode == 2 and b"--backfill or --player" in err

    run(scenario)


def test_the_command_says_why_a_database_cannot_be_opened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bolola.server import milestones

    url = f"sqlite:///{tmp_path}"  # a directory (a file not there: tests/test_cli_tool_refusals.py)
    args = argparse.Namespace(database_url=url, backfill=True, player=None)
    assert milestones.run(args) == 1
    err = capsys.readouterr().err
    assert err.startswith("bolola achievements: the database ") and "Traceback" not in err
    assert "cannot be read and written" in err


def test_a_database_that_cannot_be_opened_leaves_no_thread_behind(tmp_path: Path) -> None:
    """aiosqlite stops a connection that failed to open with a message to its event loop;
    the check's loop closed first, and the connection's thread raised (a warning in the
    test run, omnilib/aiosqlite#389)."""
    import threading

    from bolola.server.cli import database_problem

    raised: list[BaseException | None] = []
    # Only the checks' own threads: a connection an earlier test of this worker process
    # closed may still be ending its thread.
    running = set(threading.enumerate())
    before, threading.excepthook = threading.excepthook, lambda a: raised.append(a.exc_value)
    try:
        for n in range(8):
            assert database_problem(f"sqlite:///{tmp_path}/no/{n}/bolola.db") is not None
        workers = [
            t for t in set(threading.enumerate()) - running if "_connection_worker_thread" in t.name
        ]
    finally:
        threading.excepthook = before
    assert raised == [] and workers == []
