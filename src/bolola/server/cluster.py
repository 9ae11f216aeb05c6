"""Several processes on one Redis: who owns which table, and messages between processes.

Keys and channels (``docs/scaling.md``):

- ``bolola:alive:<process>``: the process is alive; set every third of a lease, expires
  after a lease (``lease_seconds``). Its value is the run's own (``run_nonce``): a process
  starting under the name of one alive refuses to (:class:`ProcessIdTakenError`), one whose
  previous run died without a word waits for that run's key to lapse, and a process
  never renews nor deletes another run's key.
- ``bolola:since``: when this Redis began serving the room (its clock, in ms), set by the
  first process to heartbeat or ask after it (re)started. For a lease from then a
  process without its alive key is not taken for dead: a Redis restarted empty forgot
  every alive key, and each live process says so again only at its next heartbeat. Taken
  for dead meanwhile, a live process would lose its tables and its players' seats at the
  others' tables (their listeners dropped without a word), for nothing.
- ``bolola:owner:<table>``: the process that owns the table, and ``bolola:tables:<process>``
  the tables a process owns; no expiry: a table is its owner's while the owner is alive,
  and the others take a dead process's tables over (``bolola:processes`` lists the
  processes, to find the dead). Taking a table also takes a new fencing token in
  PostgreSQL (``Store.claim_table``): Redis says who should own a table, the token makes
  sure nobody else writes its log, whatever Redis says or forgets.
- ``bolola:to:<process>``: the channel each process listens on; what it carries is
  :mod:`bolola.server.remote`'s to read.
- ``bolola:all``: what every process hears: a table's lobby summary changed or gone, a
  message for a player wherever they are connected (``Room.tell``).
- ``bolola:lobby``: a hash of every live table's lobby summary, by table id, written by
  its owner: what a process starting (or unsure after an outage) reads.

Redis may restart and forget everything: the subscriber reconnects and says so
(``on_reconnect``), and an owner key found missing is taken again (its fencing token
decides if that was right).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable, Iterable

import redis.asyncio as redis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff, NoBackoff
from redis.exceptions import ConnectionError, RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from bolola.server.redis_scripts import ALIVE_OF, FORGET, RELEASE, SAY_ALIVE, STEAL, TAKE

log = logging.getLogger("bolola.cluster")

OWNER = "bolola:owner:"
ALIVE = "bolola:alive:"
SINCE = "bolola:since"
TO = "bolola:to:"
ALL = "bolola:all"
LOBBY = "bolola:lobby"
LIMIT = "bolola:limit:"
PROCESSES = "bolola:processes"
ADDRESS = "bolola:address:"
TABLES = "bolola:tables:"
ONLINE = "bolola:online:"
CONNECTIONS = "bolola:connections:"
RETRY_SECONDS = (0.1, 0.2, 0.5, 1.0, 2.0)
CONNECT_SECONDS = 3.0  # the most a starting process waits for a connection, per try
CLOSE_SECONDS = 3.0  # the most a stopping process waits for Redis, per step


# (channel, text, if unheard) to publish; (LOBBY, table id, summary or None) to store.
Outgoing = tuple[str, str, Callable[[], None] | None] | tuple[str, int, str | None]


def default_process_id() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


_nonce: tuple[int, str] | None = None


def run_nonce() -> str:
    """This run's own value of its alive key: the same for every :class:`Cluster` of this
    process (``bolola serve`` claims its id before it migrates, its room's cluster goes
    on with the claim), another in every other process, forked ones included."""
    global _nonce
    if _nonce is None or _nonce[0] != os.getpid():
        _nonce = (os.getpid(), f"{default_process_id()}:{secrets.token_hex(8)}")
    return _nonce[1]


class ProcessIdTakenError(Exception):
    """Another run holds this process's id on Redis: two processes under one name would
    each take the other's tables for its own (a table split in two, one seat given twice)."""

    def __init__(self, process: str, *, running: bool = False) -> None:
        if running:
            text = (
                f"process id {process!r} is alive on Redis as another process, started "
                "since this one's lease lapsed: this one is no longer it and should stop"
            )
        else:
            text = f"process id {process!r} is alive on Redis: each process needs its own id"
        super().__init__(text)
        self.process = process


async def claim_id(url: str, process_id: str, lease_seconds: float) -> None:
    """Before a process does anything else (``bolola serve``, before it migrates): Redis
    answers, and ``process_id`` is this run's (:meth:`Cluster.claim`), which its room's
    cluster goes on with. Raises :class:`ProcessIdTakenError`, or RedisError or OSError
    for a Redis that does not answer or refuses."""
    cluster = Cluster(url, process_id, lease_seconds, connect_seconds=CONNECT_SECONDS)
    try:
        await cluster.redis.ping()
        await cluster.claim()
    finally:
        await cluster.disconnect()


async def let_id_go(url: str, process_id: str) -> None:
    """The id :func:`claim_id` took let go (a process that did not start after all), if it
    is still this run's: tried once, for ``CLOSE_SECONDS`` at most; else it lapses."""
    cluster = Cluster(url, process_id, 1.0, connect_seconds=CONNECT_SECONDS)
    try:
        with contextlib.suppress(RedisError, OSError, TimeoutError):
            async with asyncio.timeout(CLOSE_SECONDS):
                await cluster.let_id_go()
    finally:
        await cluster.disconnect()


class Cluster:
    def __init__(
        self,
        url: str,
        process_id: str,
        lease_seconds: float,
        address: str = "",
        *,
        nonce: str | None = None,
        connect_seconds: float | None = None,
    ) -> None:
        self.me = process_id or default_process_id()
        self.nonce = nonce or run_nonce()
        self.address = address
        self.lease_ms = int(lease_seconds * 1000)
        self.lease_seconds = lease_seconds
        # A pooled connection a Redis restart closed fails its next command: tried
        # again on a new connection, a few times, before the caller hears of it.
        self.redis = redis.Redis.from_url(
            url,
            decode_responses=True,
            retry=Retry(ExponentialBackoff(cap=1.0, base=0.05), 4),
            retry_on_error=[ConnectionError, RedisTimeoutError, OSError],
            socket_connect_timeout=connect_seconds,
        )
        # The subscriber's own client never retries by itself: a lost subscription must
        # be seen, since what was published meanwhile is lost (``on_reconnect``).
        self._subscriber = redis.Redis.from_url(
            url, decode_responses=True, retry=Retry(NoBackoff(), 0)
        )
        # What a stopping process asks of Redis, tried once (``let_go``).
        self._once = redis.Redis.from_url(url, decode_responses=True, retry=Retry(NoBackoff(), 0))
        self._away = False  # Redis did not answer a stopping process: nothing more is tried
        self._steal = self.redis.register_script(STEAL)
        self._release = self.redis.register_script(RELEASE)
        self._take = self.redis.register_script(TAKE)
        self._alive_of = self.redis.register_script(ALIVE_OF)
        self._say = self.redis.register_script(SAY_ALIVE)
        self._forget = self.redis.register_script(FORGET)
        self._outbox: asyncio.Queue[Outgoing | None] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._listener: asyncio.Task[None] | None = None
        self._listening = False  # subscribed, as the listener knows it
        self._deaf = 0  # checks in a row that found the subscription gone (``mend``)
        self.on_message: Callable[[str], None] = lambda text: None
        self.on_reconnect: Callable[[], None] = lambda: None

    async def start(self) -> None:
        """Alive from now on (:meth:`claim`), listening on this process's channel (retried
        a few times until Redis answers: a process does not serve without it)."""
        await self.claim()
        await self.redis.sadd(PROCESSES, self.me)
        if self.address:
            await self.redis.set(ADDRESS + self.me, self.address)
        # A previous run's, under the same name:
        await self.redis.delete(ONLINE + self.me, CONNECTIONS + self.me)
        ready = asyncio.get_running_loop().create_future()
        self._listener = asyncio.create_task(self._listen(ready), name="cluster-listen")
        self._tasks = [
            self._listener,
            asyncio.create_task(self._publish(), name="cluster-publish"),
        ]
        await ready

    async def close(self) -> None:
        """No more listening; what is queued is published, then this process's alive key
        deleted, each if Redis answers within ``CLOSE_SECONDS`` (and answered
        :meth:`let_go`): what is not published is lost as while Redis is away (the
        clients resync or rejoin), and the alive key expires within a lease anyway."""
        self._listener = None  # stopping: not to be mended
        await self._outbox.put(None)
        for task in self._tasks:
            if task.get_name() != "cluster-publish" or self._away:
                task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=CLOSE_SECONDS)
            for task in self._tasks:
                task.cancel()
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if not self._away:
            with contextlib.suppress(RedisError, OSError, TimeoutError):
                async with asyncio.timeout(CLOSE_SECONDS):
                    await self.let_id_go()
        await self.disconnect()

    async def let_id_go(self) -> None:
        """This process's alive key deleted, if it is this run's (tried once): the id is
        free for the next run at once."""
        await self._forget(keys=[ALIVE + self.me], args=[self.nonce], client=self._once)

    async def disconnect(self) -> None:
        """Every connection to Redis closed (what :meth:`close` ends with)."""
        await self.redis.aclose()
        await self._subscriber.aclose()
        await self._once.aclose()

    async def claim(self) -> None:
        """This process's id taken for this run: at once unless another run's alive key
        holds it. That key may be a run's that died without a word (SIGKILL, a crash): it
        lingers for up to a lease, and this waits for it to lapse (saying so, once). If
        it is renewed meanwhile, or never expires, its run is alive:
        :class:`ProcessIdTakenError`, and the id is left to it."""
        lapses: float | None = None  # when the other run's key lapses if nobody renews it
        # A renewal moves the lapse on by a third of a lease at least: more than the error
        # of the round trips measured here, a tenth of a lease or a quarter of a second.
        slack = max(self.lease_seconds / 10, 0.25)
        while True:
            asked = time.monotonic()
            left = await self._say_alive()
            if left is None:
                return
            now = time.monotonic()
            if left < 0:
                raise ProcessIdTakenError(self.me)
            ends = (asked + now) / 2 + left / 1000
            if lapses is None:
                lapses = ends
                log.warning(
                    "process id %r is still alive on Redis: waiting up to %.1f s for its key "
                    "to lapse (its run stopped without a word?); if it is renewed meanwhile, "
                    "another process runs under this id, and this one does not start",
                    self.me,
                    left / 1000,
                )
            elif ends > lapses + slack or now > lapses + slack:
                raise ProcessIdTakenError(self.me)  # renewed: its run is alive
            await asyncio.sleep(max(0.0, min(lapses - now, self.lease_seconds / 4)) + 0.02)

    # -- leases ---------------------------------------------------------------------------

    async def heartbeat(self, owned: Iterable[int], check: bool) -> set[int]:
        """This process alive for another lease; with ``check``, its tables' owner keys
        read too (one ``MGET``), those Redis forgot (a restart) taken again: returns the
        tables another process holds now. Between checks nothing per table is renewed:
        a process's tables are its while it is alive (``docs/scaling.md``)."""
        tables = list(owned)
        if await self._say_alive() is not None:
            raise ProcessIdTakenError(self.me, running=True)
        if not check or not tables:
            return set()
        owners = await self.redis.mget([OWNER + str(t) for t in tables])
        forgotten = [t for t, o in zip(tables, owners, strict=True) if o is None]
        lost = {t for t, o in zip(tables, owners, strict=True) if o is not None and o != self.me}
        if forgotten:
            async with self.redis.pipeline(transaction=False) as pipe:
                for t in forgotten:
                    await pipe.set(OWNER + str(t), self.me, nx=True)
                taken = await pipe.execute()
            lost.update(t for t, ok in zip(forgotten, taken, strict=True) if not ok)
            await self.redis.sadd(TABLES + self.me, *[str(t) for t in forgotten])
        return lost

    async def _say_alive(self) -> int | None:
        """This process alive for a lease, and None; or, if another run's alive key holds
        this process's id, that key left as it is, and the ms it has left (-1: it never
        expires). The room's ``SINCE`` marked if Redis lost it (the first heartbeat after
        a restart starts the lease in which the others say so again)."""
        async with self.redis.pipeline(transaction=False) as pipe:
            await self._say(keys=[ALIVE + self.me], args=[self.nonce, self.lease_ms], client=pipe)
            await self._alive_of(keys=[SINCE], args=[self.lease_ms], client=pipe)
            said, _ = await pipe.execute()
        return None if said[0] else int(said[1])

    async def acquire(self, tables: Iterable[int]) -> list[int]:
        """``tables`` taken: those nobody holds, those of a process that is gone, and
        those still in this process's name from a run before (the caller has them not)."""
        wanted = list(tables)
        if not wanted:
            return []
        owners = await self.redis.mget([OWNER + str(t) for t in wanted])
        others = {str(o) for o in owners if o is not None and o != self.me}
        alive = {p for p, up in (await self.alive_of(others)).items() if up}
        async with self.redis.pipeline(transaction=False) as pipe:
            asked = []
            for t, owner in zip(wanted, owners, strict=True):
                if owner is None:
                    await pipe.set(OWNER + str(t), self.me, nx=True)
                elif owner == self.me or owner not in alive:
                    await self._steal(keys=[OWNER + str(t)], args=[self.me, owner], client=pipe)
                else:
                    continue
                asked.append(t)
            answers = await pipe.execute()
        won = [t for t, ok in zip(asked, answers, strict=True) if ok]
        if won:
            try:
                await self.redis.sadd(TABLES + self.me, *[str(t) for t in won])
            except BaseException:
                # Won, but the caller never hears of them: let go (Keeper._adopt).
                await self.release(won)
                raise
        return won

    async def restate(self, online: dict[int, int]) -> None:
        """After Redis came back (perhaps empty): this process in the room's books again,
        its address, and its players online with their connections here."""
        await self.redis.sadd(PROCESSES, self.me)
        if self.address:
            await self.redis.set(ADDRESS + self.me, self.address)
        if online:
            await self.redis.sadd(ONLINE + self.me, *[str(p) for p in online])
            await self.redis.delete(CONNECTIONS + self.me)
            await self.redis.hset(
                CONNECTIONS + self.me, mapping={str(p): n for p, n in online.items()}
            )

    async def dead(self) -> list[str]:
        """The processes that were in the room and are not alive now (not this one)."""
        processes = [str(p) for p in await self.redis.smembers(PROCESSES) if p != self.me]
        return [p for p, up in (await self.alive_of(processes)).items() if not up]

    async def tables_of(self, process: str) -> list[int]:
        return [int(t) for t in await self.redis.smembers(TABLES + process)]

    async def forget(self, process: str) -> None:
        """A dead process whose tables are all taken over: out of the room's books."""
        await self.redis.delete(TABLES + process)
        await self.redis.srem(PROCESSES, process)

    async def release(self, tables: Iterable[int]) -> None:
        """The leases of ``tables`` let go (those still this process's), in one script.
        Best effort: a lease left in Redis names this process, whose next whole check
        takes its table again (``Keeper._keep``)."""
        try:
            await self._release_all(tables, self.redis)
        except (RedisError, OSError) as e:
            log.warning("releasing leases failed: %s", e)

    async def let_go(self, tables: Iterable[int]) -> None:
        """This process stops: its leases of ``tables`` let go at once, for the others to
        take the tables over now. One script, tried once, for ``CLOSE_SECONDS`` at most:
        given up at the first error, since the leases lapse by themselves (this
        process's alive key expires within a lease, and the others' keepers take its
        tables over), and a retry per table held a stop up for seconds per table."""
        try:
            async with asyncio.timeout(CLOSE_SECONDS):
                await self._release_all(tables, self._once)
        except (RedisError, OSError, TimeoutError) as e:
            self._away = True
            log.warning("letting the leases go failed: %s", e)

    async def _release_all(self, tables: Iterable[int], client: redis.Redis) -> None:
        names = [str(t) for t in tables]
        if names:
            keys = [OWNER + t for t in names] + [TABLES + self.me]
            await self._release(keys=keys, args=[self.me, *names], client=client)

    async def owner(self, table: int) -> str | None:
        found = await self.redis.get(OWNER + str(table))
        return None if found is None else str(found)

    async def address_of(self, process: str) -> str | None:
        """Where ``process`` answers HTTP (``BOLOLA_ADVERTISE_URL``)."""
        found = await self.redis.get(ADDRESS + process)
        return None if found is None else str(found)

    async def alive(self, process: str) -> bool:
        return (await self.alive_of([process]))[process]

    async def alive_of(self, processes: Iterable[str]) -> dict[str, bool]:
        """Which of ``processes`` are alive, or may be: within a lease of Redis (re)starting
        a process without its alive key has not had the time to say so again (``SINCE``)."""
        names = list(processes)
        if not names:
            return {}
        keys = [SINCE, *[ALIVE + p for p in names]]
        answers = await self._alive_of(keys=keys, args=[self.lease_ms])
        return {p: bool(a) for p, a in zip(names, answers[1:], strict=True)}

    async def settled(self) -> bool:
        """Whether Redis has served the room for a lease at least (``SINCE``): until then
        a live process may not yet have taken its own tables' owner keys again."""
        answers = await self._alive_of(keys=[SINCE], args=[self.lease_ms])
        return not answers[0]

    async def take(self, key: str, rate: float, burst: int) -> bool:
        """A token of the bucket ``key`` shared by every process (``limits.Buckets``).
        Without Redis the request goes through: a limit must not take the room down."""
        try:
            taken = await self._take(keys=[LIMIT + key], args=[rate, burst])
        except (RedisError, OSError) as e:
            log.warning("a shared limit could not be read: %s", e)
            return True
        return bool(taken)

    # -- presence ---------------------------------------------------------------------------

    async def came_online(self, player: int) -> None:
        await self.redis.sadd(ONLINE + self.me, str(player))

    async def went_offline(self, player: int) -> None:
        await self.redis.srem(ONLINE + self.me, str(player))

    async def connected(self, player: int, delta: int) -> None:
        """This process's connections of ``player``, counted up or down."""
        left = await self.redis.hincrby(CONNECTIONS + self.me, str(player), delta)
        if left <= 0:
            await self.redis.hdel(CONNECTIONS + self.me, str(player))

    async def connections_elsewhere(self, player: int) -> int:
        """``player``'s connections on the other live processes."""
        processes = [str(p) for p in await self.redis.smembers(PROCESSES) if p != self.me]
        alive = [p for p, up in (await self.alive_of(processes)).items() if up]
        if not alive:
            return 0
        async with self.redis.pipeline(transaction=False) as pipe:
            for p in alive:
                await pipe.hget(CONNECTIONS + p, str(player))
            counts = await pipe.execute()
        return sum(int(c) for c in counts if c is not None)

    async def online_among(self, players: set[int]) -> set[int]:
        """Which of ``players`` some live process has a connection of (a dead process's
        set is ignored: its players are gone with it)."""
        if not players:
            return set()
        processes = [str(p) for p in await self.redis.smembers(PROCESSES)]
        alive = [p for p, up in (await self.alive_of(processes)).items() if up]
        asked = [str(p) for p in players]
        found: set[int] = set()
        async with self.redis.pipeline(transaction=False) as pipe:
            for p in alive:
                await pipe.smismember(ONLINE + p, asked)
            answers = await pipe.execute()
        for flags in answers:
            found.update(int(a) for a, f in zip(asked, flags, strict=True) if f)
        return found

    # -- messages ---------------------------------------------------------------------------

    def send(self, process: str, text: str, unheard: Callable[[], None] | None = None) -> None:
        """Queue ``text`` for ``process``'s channel; sent in order, pipelined.
        ``unheard`` runs if nobody was listening there (or Redis refused it)."""
        self._outbox.put_nowait((TO + process, text, unheard))

    def broadcast(self, text: str) -> None:
        """Queue ``text`` for every process (this one hears it too)."""
        self._outbox.put_nowait((ALL, text, None))

    def share(self, table: int, summary: str | None) -> None:
        """Queue the table's lobby summary for the hash (None: the table is gone)."""
        self._outbox.put_nowait((LOBBY, table, summary))

    async def shared(self) -> dict[int, str]:
        """Every table's lobby summary in the hash."""
        found = await self.redis.hgetall(LOBBY)
        return {int(k): str(v) for k, v in found.items()}

    async def _publish(self) -> None:
        while True:
            first = await self._outbox.get()
            if first is None:
                return
            batch = [first]
            while not self._outbox.empty() and len(batch) < 512:
                item = self._outbox.get_nowait()
                if item is None:
                    self._outbox.put_nowait(None)
                    break
                batch.append(item)
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for item in batch:
                        if item[0] == LOBBY:
                            summary = item[2]
                            if isinstance(summary, str):
                                await pipe.hset(LOBBY, str(item[1]), summary)
                            else:
                                await pipe.hdel(LOBBY, str(item[1]))
                        else:
                            await pipe.publish(item[0], str(item[1]))
                    heard = await pipe.execute()
            except (RedisError, OSError) as e:
                # Lost: the clients concerned see a gap in the versions and resync, or are
                # told to rejoin when the subscriber reconnects.
                log.warning("publishing failed: %s", e)
                heard = [0] * len(batch)
            for item, receivers in zip(batch, heard, strict=True):
                unheard = item[2]
                if item[0] != LOBBY and callable(unheard) and not receivers:
                    unheard()

    async def _listen(self, ready: asyncio.Future[None], *, lost: bool = False) -> None:
        """Subscribed to this process's channel and the room's; ``lost``: what was
        published meanwhile is lost (``on_reconnect`` once subscribed again)."""
        failures = 0
        while True:
            pubsub = self._subscriber.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(TO + self.me, ALL)
                if not ready.done():
                    ready.set_result(None)
                elif failures or lost:
                    log.info("reconnected to Redis")
                    self.on_reconnect()
                failures, lost = 0, False
                self._listening = True
                async for message in pubsub.listen():
                    if message["type"] == "message":
                        try:
                            self.on_message(message["data"])
                        except Exception:
                            log.exception("a message from another process failed")
            except asyncio.CancelledError:
                raise
            except Exception as e:
                # Any failure, not only Redis's: a listener that died of another kind
                # would leave this process deaf, and its players waiting for good.
                self._listening = False
                if failures == 0:
                    known = isinstance(e, (RedisError, OSError))
                    log.warning("lost Redis: %s", e, exc_info=not known)
                delay = RETRY_SECONDS[min(failures, len(RETRY_SECONDS) - 1)]
                failures += 1
                await asyncio.sleep(delay)
            finally:
                self._listening = False
                with contextlib.suppress(RedisError, OSError):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]

    async def mend(self) -> None:
        """The subscription as Redis has it: a listener that believes itself subscribed
        while Redis counts no subscriber on this process's channel (seen twice in a
        row: a subscribe just sent may not be counted yet) heard nothing since, without
        an error (once in about two hundred Redis restarts, under load); it subscribes
        again, and what was lost is mended as after any reconnection."""
        if self._listener is None:
            return
        if not self._listener.done():
            if not self._listening:
                self._deaf = 0
                return
            counted = await self.redis.pubsub_numsub(TO + self.me)
            if counted and int(counted[0][1]) > 0:
                self._deaf = 0
                return
            self._deaf += 1
            if self._deaf < 2:
                return
            self._listener.cancel()
            with contextlib.suppress(BaseException):
                await self._listener
        log.warning("the subscription to Redis was gone without an error: subscribing again")
        self._deaf = 0
        done = asyncio.get_running_loop().create_future()
        done.set_result(None)
        self._tasks.remove(self._listener)
        self._listener = asyncio.create_task(self._listen(done, lost=True), name="cluster-listen")
        self._tasks.append(self._listener)
