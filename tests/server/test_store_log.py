"""The event log's schema on SQLite and PostgreSQL: the migrations build what the models
say, and an action as long as the wire accepts is logged and read back whole."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from postgres import PostgresCluster
from roomclient import run
from sqlalchemy import Connection, text

from bolola.engine import ACTION_TEXT_MAX
from bolola.store.database import alembic_config, open_engine
from bolola.store.models import Base
from bolola.store.store import SeatInfo, Store
from bolola.store.values import LoggedAction, NameTakenError
from bolola.store.writer import FencedError


@pytest.fixture
def url(new_database: Callable[[Path], str], tmp_path: Path) -> str:
    return new_database(tmp_path)


def test_the_migrations_build_the_models_schema(url: str) -> None:
    """A column the models widen (the log's action, 0006) needs its migration: without
    one PostgreSQL keeps the old length and refuses what the models allow."""

    async def scenario() -> list[Any]:
        store = await Store.open(url)
        try:

            def differences(connection: Connection) -> list[Any]:
                context = MigrationContext.configure(
                    connection, opts={"compare_type": True, "compare_server_default": False}
                )
                return list(compare_metadata(context, Base.metadata))

            async with store.engine.connect() as c:
                return await c.run_sync(differences)
        finally:
            await store.close()

    assert run(scenario) == []


async def drawn(store: Store, name: str) -> tuple[int, int]:
    """A new player at a new Jolly table whose log holds their first draw: (player, table)."""
    player = await store.add_player(name, is_guest=True)
    table = await jolly_table(store, player.id)
    await store.append_action(table, LoggedAction(1, 0, "draw", player.id, "a1"))
    return player.id, table


async def jolly_table(store: Store, player_id: int, seed: int = 1) -> int:
    """A two-seat Jolly table: the player and a bot."""
    seats = [SeatInfo(0, "human", None, player_id), SeatInfo(1, "bot", "club", None)]
    return await store.add_table(
        game="jolly",
        options={},
        seed=seed,
        access="anyone",
        move_seconds=None,
        rated=False,
        host_id=player_id,
        seats=seats,
    )


def test_an_action_as_long_as_the_wire_accepts_is_logged_whole(url: str) -> None:
    """A Jolly opening lists every card it lays down: far more than 40 characters."""
    melds = ["3D,4D,5D,6D,7D", "8S,JK=8H,8D", "QS,QH,QD,JK=QC"]
    opening = "open:" + "|".join(melds)
    longest = "open:" + ("JK=QC," * (ACTION_TEXT_MAX // 6))[: ACTION_TEXT_MAX - 5]
    assert len(opening) > 40 and len(longest) == ACTION_TEXT_MAX

    async def scenario() -> list[str]:
        store = await Store.open(url)
        try:
            player, table = await drawn(store, "opener")
            await store.append_action(table, LoggedAction(2, 0, opening, player, "a2"))
            await store.append_action(table, LoggedAction(3, 0, longest, player, "a3"))
            return [entry.action for entry in await store.actions_after(table, 0)]
        finally:
            await store.close()

    assert run(scenario) == ["draw", opening, longest]


@pytest.mark.slow
def test_a_fenced_action_goes_in_only_with_the_tables_current_token(
    postgres: PostgresCluster,
) -> None:
    """Several processes (issue 19): a process that took a table over got a new token;
    the old owner's next action is refused, whole, and the new owner's goes in."""
    url = postgres.new_database()

    async def scenario() -> None:
        store = await Store.open(url)
        try:
            player = await store.add_player("owner", is_guest=True)
            table = await jolly_table(store, player.id)
            old = await store.claim_table(table)
            await store.append_action(table, LoggedAction(1, 0, "draw", None, None), fence=old)
            new = await store.claim_table(table)
            assert new == old + 1
            with pytest.raises(FencedError):
                await store.append_action(
                    table, LoggedAction(2, 0, "discard:QS", None, None), fence=old
                )
            # Two tables' actions in one group commit: the stale one alone is refused.
            other = await jolly_table(store, player.id, seed=2)
            mine = await store.claim_table(other)
            results = await asyncio.gather(
                store.append_action(table, LoggedAction(2, 0, "discard:7H", None, None), fence=new),
                store.append_action(other, LoggedAction(1, 0, "draw", None, None), fence=mine),
                store.append_action(other, LoggedAction(2, 0, "draw", None, None), fence=mine - 1),
                return_exceptions=True,
            )
            assert results[:2] == [None, None] and isinstance(results[2], FencedError)
            assert [e.action for e in await store.actions_after(table, 0)] == ["draw", "discard:7H"]
            assert [e.action for e in await store.actions_after(other, 0)] == ["draw"]
        finally:
            await store.close()

    run(scenario)


def test_a_store_that_forgot_its_caches_and_connections_goes_on(url: str) -> None:
    """What the server forgets when no table is live (the compiled statements, the log
    connection's pages, the pool): the next write and read open what they need."""

    async def scenario() -> list[str]:
        store = await Store.open(url)
        try:
            player, table = await drawn(store, "forgetful")
            store.forget()
            store.forget()  # again while the pool is still going: one disposal at a time
            await store.append_action(table, LoggedAction(2, 0, "discard:5H", player, "a2"))
            assert (await store.player(player)) is not None
            return [entry.action for entry in await store.actions_after(table, 0)]
        finally:
            await store.close()

    assert run(scenario) == ["draw", "discard:5H"]


def test_a_connection_in_use_when_the_store_forgets_is_closed_as_it_comes_back(
    url: str,
) -> None:
    """The pool the store forgets closes its idle connections at once and those in use
    as they come back: none is left open in the dropped pool for the garbage collector
    (there an aiosqlite connection is a ResourceWarning, and its thread runs until then)."""
    from sqlalchemy import event, text

    async def scenario() -> bool:
        store = await Store.open(url)
        closed: list[Any] = []
        event.listen(store.engine.sync_engine, "close", lambda dbapi, _rec: closed.append(dbapi))
        try:
            async with store.engine.connect() as c:
                held = (await c.get_raw_connection()).dbapi_connection
                store.forget()
                await c.execute(text("SELECT 1"))  # in use while the pool goes
            player = await store.add_player("after", is_guest=True)  # on the new pool
            assert (await store.player(player.id)) is not None
        finally:
            await store.close()
        return any(dbapi is held for dbapi in closed)

    assert run(scenario), "the connection in use when the pool went was left open"


def test_each_write_of_a_batch_reads_the_database_not_an_earlier_writes_objects(
    url: str,
) -> None:
    """The store's updates leave loaded objects alone (no ``synchronize_session``), so
    the writer empties the session between the writes it commits together: a write that
    follows an update in the same batch reads the updated row."""
    from sqlalchemy import update
    from sqlalchemy.ext.asyncio import AsyncSession

    from bolola.store.models import Player

    async def scenario() -> tuple[int, int, bool]:
        store = await Store.open(url)
        try:
            pid = (await store.add_player("batched", is_guest=True)).id
            sessions: list[AsyncSession] = []

            async def load(s: AsyncSession) -> tuple[Player, int]:
                sessions.append(s)
                row = await s.get(Player, pid)
                assert row is not None
                return row, row.xp  # the result keeps the loaded object alive

            async def raise_xp(s: AsyncSession) -> None:
                sessions.append(s)
                await s.execute(update(Player).where(Player.id == pid).values(xp=Player.xp + 7))

            (_, before), _, (_, after) = await asyncio.gather(
                store.writer.write(load), store.writer.write(raise_xp), store.writer.write(load)
            )
            return before, after, all(s is sessions[0] for s in sessions)
        finally:
            await store.close()

    before, after, one_session = run(scenario)
    assert one_session, "the three writes were meant to be committed as one batch"
    assert after == before + 7


def test_an_action_committed_beside_a_write_that_fails_is_accepted(url: str) -> None:
    """The log's rows of a group commit are committed on their own connection before the
    batch's other writes: when one of those fails, the action stays accepted (retried
    alone, its row met itself and the player was told server_error for a logged move)."""
    from sqlalchemy.ext.asyncio import AsyncSession

    from bolola.store.writer import WriteFailedError

    async def scenario() -> tuple[Any, Any, int, list[tuple[int, str | None]]]:
        store = await Store.open(url)
        try:
            pid = (await store.add_player("ana", is_guest=True)).id
            table = await jolly_table(store, pid)
            tries = 0

            async def refused(_session: AsyncSession) -> None:
                nonlocal tries
                tries += 1
                raise RuntimeError("a constraint of some other write")

            appended, other = await asyncio.gather(
                store.append_action(table, LoggedAction(1, 0, "draw", pid, "a1")),
                store.writer.write(refused),
                return_exceptions=True,
            )
            logged = [(a.version, a.client_id) for a in await store.actions_after(table, 0)]
            return appended, other, tries, logged
        finally:
            await store.close()

    appended, other, tries, logged = run(scenario)
    assert tries == 2, "the two writes were meant to be committed as one batch, then alone"
    assert appended is None
    assert isinstance(other, WriteFailedError)
    assert logged == [(1, "a1")]


def test_a_write_asked_for_while_the_store_stops_is_refused(url: str) -> None:
    """A write queued behind the writer's stop waited for good; it is refused now."""
    from roomclient import WAIT

    from bolola.store.writer import WriteFailedError

    async def scenario() -> None:
        store = await Store.open(url)
        pid = (await store.add_player("ana", is_guest=True)).id
        closing = asyncio.create_task(store.close())
        await asyncio.sleep(0)  # one turn of the loop: the stop has begun
        async with asyncio.timeout(WAIT):
            with pytest.raises(WriteFailedError, match="stopping"):
                await store.seen(pid)
            await closing

    run(scenario)


def test_a_statement_held_up_on_postgresql_fails_instead_of_waiting(
    postgres: PostgresCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A statement waits at most ``COMMAND_SECONDS`` on PostgreSQL: a peer that vanished
    would hold the one writer, and every table's moves, for the system's TCP timeout
    (some fifteen minutes). A row lock another session holds stands in for the silent
    peer here: the log's append and a session's write both fail (a refused write, tried
    again), and go through once the lock is let go."""
    import asyncpg
    from roomclient import WAIT

    from bolola.store import database
    from bolola.store.writer import WriteFailedError

    monkeypatch.setattr(database, "COMMAND_SECONDS", 0.3)
    url = postgres.new_database()

    async def scenario() -> list[str]:
        store = await Store.open(url)
        try:
            player = await store.add_player("owner", is_guest=True)
            table = await jolly_table(store, player.id)
            token = await store.claim_table(table)
            draw = LoggedAction(1, 0, "draw", None, None)
            holder = await asyncpg.connect(url)
            try:
                async with asyncio.timeout(WAIT), holder.transaction():
                    await holder.execute("SELECT id FROM tables WHERE id = $1 FOR UPDATE", table)
                    with pytest.raises(WriteFailedError):
                        await store.append_action(table, draw, fence=token)
                    with pytest.raises(WriteFailedError):
                        await store.start_table(table, {})
            finally:
                await holder.close()
            await store.append_action(table, draw, fence=token)
            await store.start_table(table, {})
            return [e.action for e in await store.actions_after(table, 0)]
        finally:
            await store.close()

    assert run(scenario) == ["draw"]


def test_the_name_key_migration_keys_the_names_kept_before_it(url: str) -> None:
    """0012 gives every player of an older database the key their name is found by; two
    names that were one only in case (an old race) both stay, the later under a key of
    its own, and the names are found as before, in any case."""

    async def scenario() -> None:
        engine = open_engine(url)
        try:

            def upgrade(connection: Connection, to: str) -> None:
                config = alembic_config()
                config.attributes["connection"] = connection
                command.upgrade(config, to)

            async with engine.begin() as c:
                await c.run_sync(upgrade, "0011")
                for name in ("Ana_K", "guest-1a2b", "ANA_K"):
                    await c.execute(
                        text(
                            "INSERT INTO players (name, is_guest, xp, games, created_at)"
                            " VALUES (:name, false, 0, 0, CURRENT_TIMESTAMP)"
                        ),
                        {"name": name},
                    )
            async with engine.begin() as c:
                await c.run_sync(upgrade, "head")
                keyed = (
                    await c.execute(text("SELECT name, name_key FROM players ORDER BY id"))
                ).all()
        finally:
            await engine.dispose()
        assert [tuple(r) for r in keyed] == [
            ("Ana_K", "ana_k"),
            ("guest-1a2b", "guest-1a2b"),
            ("ANA_K", "ana_k#3"),
        ]
        store = await Store.open(url)
        try:
            found = await store.player_named("ana_K")
            assert found is not None and found.name == "Ana_K"
            with pytest.raises(NameTakenError):
                await store.add_player("aNa_k", is_guest=False)
        finally:
            await store.close()

    run(scenario)
