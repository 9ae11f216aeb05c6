"""A process's leases on Redis (issue 19), in process: a room of several processes' kind
on a real PostgreSQL and a real Redis. What a close asks of Redis when Redis is down,
what a take-over that fails partway leaves behind, and who is dead after Redis forgot
everything."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import redis
from postgres import PostgresCluster
from redisserver import RedisServer
from roomclient import WAIT, run

from bolola.server.cluster import Cluster
from bolola.server.room import Room
from bolola.server.settings import Settings
from bolola.server.spec import TableSpec
from bolola.server.table import Table
from bolola.store.store import Store

pytestmark = pytest.mark.slow
ME = "p1"


async def no_command(conn: Any, table: Table, msg: dict[str, Any]) -> None:
    raise AssertionError("no other process sends a command here")


async def joined(url: str, store: Store, redis_server: RedisServer) -> Room:
    """A room of process ``ME``, its keeper's first round a minute away: no heartbeat or
    whole check of its own runs during a test."""
    settings = Settings(
        database_url=url,
        redis_url=redis_server.url,
        process_id=ME,
        lease_seconds=180,
        advertise_url="http://p1.invalid",
        trim_seconds=0,
    )
    room = Room(store, settings)
    await room.join_cluster(no_command)
    return room


async def published(cluster: Cluster) -> None:
    """Everything queued so far published: a broadcast queued last is heard back (the
    outbox goes out in order, and every process hears its own broadcasts)."""
    heard = asyncio.Event()
    before = cluster.on_message
    cluster.on_message = lambda text: heard.set() if text == "Zpublished" else before(text)
    cluster.broadcast("Zpublished")
    async with asyncio.timeout(WAIT):
        await heard.wait()
    cluster.on_message = before


def attempts_at(monkeypatch: pytest.MonkeyPatch, port: int) -> list[str]:
    """Every connection tried to ``port`` from now on, by the name of the task that tried
    it. The subscriber's are left out: it reconnects by itself until the close ends it."""
    tried: list[str] = []
    real = asyncio.open_connection

    async def open_connection(*args: Any, **kwargs: Any) -> Any:
        task = asyncio.current_task()
        name = "" if task is None else task.get_name()
        if kwargs.get("port") == port and name != "cluster-listen":
            tried.append(name)
        return await real(*args, **kwargs)

    monkeypatch.setattr(asyncio, "open_connection", open_connection)
    return tried


def test_a_close_with_redis_down_tries_once_and_a_second_close_not_at_all(
    postgres: PostgresCluster, redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Redis stopped under a process with five tables: its close lets their leases go in
    one attempt, not one per table (each with its retries, which held a shutdown up for
    seconds per table: the leases lapse by themselves anyway), and the second close (a
    server's lifespan closes the room after its shutdown did) asks Redis nothing. Counted
    as connections tried to Redis's port, every retry one."""

    async def scenario() -> None:
        url = postgres.new_database()
        store = await Store.open(url)
        try:
            room = await joined(url, store, redis_server)
            host = await store.add_player("host", is_guest=True)
            for _ in range(5):
                await room.create(host, TableSpec.from_json({}))
            assert room.cluster is not None
            await published(room.cluster)  # the publisher idle: no retry of its is counted
            redis_server.stop()
            tried = attempts_at(monkeypatch, redis_server.port)
            async with asyncio.timeout(WAIT):  # a hang guard, not a measure
                await room.close()
            assert len(tried) == 1, tried
            tried.clear()
            async with asyncio.timeout(WAIT):
                await room.close()
            assert tried == []
        finally:
            await store.close()

    run(scenario)


class OutageError(Exception):
    """A read that failed: the database or Redis away for a moment."""


def fail_once(monkeypatch: pytest.MonkeyPatch, target: object, name: str) -> None:
    """``target.name`` raises ``OutageError`` the first time it is called, then works again."""
    real = getattr(target, name)
    failed = False

    async def failing(*args: Any, **kwargs: Any) -> Any:
        nonlocal failed
        if not failed:
            failed = True
            raise OutageError(name)
        return await real(*args, **kwargs)

    monkeypatch.setattr(target, name, failing)


@pytest.mark.parametrize(
    "where",
    [
        "redis.sadd",  # the tables won, written in this process's set
        "cluster.heartbeat",  # the owner keys read again after the new tokens
        "store.live_tables",
        "store.live_players",
        "store.live_chats",
    ],
)
def test_a_take_over_that_fails_partway_lets_the_leases_it_won_go(
    postgres: PostgresCluster,
    redis_server: RedisServer,
    monkeypatch: pytest.MonkeyPatch,
    where: str,
) -> None:
    """A take-over whose leases are won (and its token taken) but whose next step fails:
    the owner key no longer names this process, which has not the table (the clients
    sent to it would hear table_moved until its next whole check); the next take-over
    succeeds, and a close lets that lease go."""

    async def scenario() -> None:
        url = postgres.new_database()
        store = await Store.open(url)
        try:
            room = await joined(url, store, redis_server)
            assert room.cluster is not None
            # A live table nobody holds: made by a room of one process on the database.
            alone = Room(store, Settings(database_url=url, trim_seconds=0))
            host = await store.add_player("host", is_guest=True)
            table = (await alone.create(host, TableSpec.from_json({}))).id
            await alone.close()
            keys = redis.Redis.from_url(redis_server.url, decode_responses=True)
            owner = f"bolola:owner:{table}"
            targets = {"redis": room.cluster.redis, "cluster": room.cluster, "store": store}
            kind, name = where.split(".")
            fail_once(monkeypatch, targets[kind], name)
            with pytest.raises(OutageError):
                await room.adopt([table])
            assert table not in room.tables
            assert keys.get(owner) is None
            assert str(table) not in keys.smembers(f"bolola:tables:{ME}")
            assert [t.id for t in await room.adopt([table])] == [table]
            assert keys.get(owner) == ME
            await room.close()
            assert keys.get(owner) is None
            assert keys.get(f"bolola:alive:{ME}") is None
            keys.close()
        finally:
            await store.close()

    run(scenario)


def test_after_redis_forgets_everything_a_live_process_is_not_dead_for_a_lease(
    redis_server: RedisServer,
) -> None:
    """Redis restarted empty: every alive key is gone, and each live process says so
    again only at its next heartbeat. Taken for dead meanwhile, a live process lost its
    tables to the others and its players' listeners at their tables (dropped without a
    word: the players waited at tables that told them nothing). For a lease after Redis
    came back nobody is dead; then a process is dead if it has not said it is alive."""

    async def scenario() -> None:
        lease = 180.0  # no keeper runs here: the heartbeats are the test's
        one = Cluster(redis_server.url, "p1", lease)
        two = Cluster(redis_server.url, "p2", lease)
        keys = redis.Redis.from_url(redis_server.url, decode_responses=True)
        await one.start()
        await two.start()
        try:
            keys.flushall()  # as a Redis restarted without its memory
            assert await two.alive_of(["p1"]) == {"p1": True}  # not heartbeating yet
            assert await two.alive("p1")
            assert not await two.settled()  # nobody's orphans taken yet
            # A lease later, as Redis's clock has it (the room's mark set back by one).
            seconds, micros = keys.time()
            now = seconds * 1000 + micros // 1000
            keys.set("bolola:since", now - int(lease * 1000))
            assert await two.alive_of(["p1", "p3"]) == {"p1": False, "p3": False}
            assert await two.settled()
            # Redis's clock stepped back (the mark ahead of it): no lease of grace for that.
            keys.set("bolola:since", now + 3_600_000)
            assert await two.alive_of(["p1"]) == {"p1": False}
            keys.set("bolola:since", now - int(lease * 1000))
            await one.heartbeat([], check=False)
            assert await two.alive_of(["p1", "p3"]) == {"p1": True, "p3": False}
            # The first heartbeat after a restart marks it: the others have their lease.
            keys.flushall()
            await one.heartbeat([], check=False)
            assert keys.get("bolola:since") is not None
            assert await one.alive_of(["p2"]) == {"p2": True}
        finally:
            await one.close()
            await two.close()
            keys.close()

    run(scenario)


def test_a_subscription_gone_without_an_error_is_taken_again(redis_server: RedisServer) -> None:
    """Once in about two hundred Redis restarts under load, a process's listener raised
    nothing and heard nothing after: what other processes sent it was lost for good (a
    rejoin through another process went unanswered). The keeper's round compares the
    listener's belief with Redis's count of subscribers on the process's channel; two
    rounds in a row that disagree (a subscribe just sent may not be counted yet), and
    the process subscribes again and mends what was lost, as after a reconnection.
    Here the deaf listener is stood in for: a task that hears nothing."""

    async def scenario() -> None:
        one = Cluster(redis_server.url, "p1", 180.0)
        heard: asyncio.Queue[str] = asyncio.Queue()
        reconnected = asyncio.Event()
        one.on_message = heard.put_nowait
        one.on_reconnect = reconnected.set
        await one.start()
        try:
            deaf = asyncio.create_task(asyncio.Event().wait())
            assert one._listener is not None
            one._listener.cancel()
            await asyncio.gather(one._listener, return_exceptions=True)
            one._tasks[one._tasks.index(one._listener)] = deaf
            one._listener, one._listening = deaf, True
            await one.mend()  # once: maybe a subscribe not counted yet
            assert not deaf.done() and not reconnected.is_set()
            await one.mend()
            assert deaf.cancelled()
            async with asyncio.timeout(WAIT):
                await reconnected.wait()
            one.send("p1", "Xhello")
            async with asyncio.timeout(WAIT):
                assert await heard.get() == "Xhello"
            # Heard again: nothing more to mend.
            reconnected.clear()
            listener = one._listener
            await one.mend()
            await one.mend()
            assert one._listener is listener and not reconnected.is_set()
            # A listener that ended (of a failure it did not survive) is started again
            # at the next round.
            listener.cancel()
            await asyncio.gather(listener, return_exceptions=True)
            await one.mend()
            async with asyncio.timeout(WAIT):
                await reconnected.wait()
            one.send("p1", "Xagain")
            async with asyncio.timeout(WAIT):
                assert await heard.get() == "Xagain"
        finally:
            await one.close()

    run(scenario)
