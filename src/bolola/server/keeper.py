"""A room among several processes (settings.redis_url; docs/scaling.md): the leases of
its tables, the tables of processes that died taken over, and the lobby shared.

A keeper task renews this process's leases every third of a lease and takes over the
tables of processes found dead; every ``CHECK_EVERY`` rounds it also checks everything
(owner keys, live tables nobody holds, the lobby hash), which mends what a lost message
or a Redis restart left out. A table another process owns is reached through that
process (:mod:`~bolola.server.remote`).
"""

from __future__ import annotations

import asyncio
import logging
import socket
from datetime import datetime
from typing import TYPE_CHECKING, Any

import orjson

from bolola.server.challenges import Challenges
from bolola.server.cluster import Cluster
from bolola.server.protocol import dumps, error
from bolola.server.remote import Command, Remote
from bolola.server.seat import Session
from bolola.server.settings import Settings
from bolola.server.table import MOVED, Table
from bolola.store.store import PlayerInfo, Store, TableInfo

log = logging.getLogger("bolola.room")
CHECK_EVERY = 10  # keeper rounds between two whole checks (docs/scaling.md)


class Keeper:
    """The part of a :class:`~bolola.server.room.Room` that several processes need."""

    # The room's own, read here.
    store: Store
    settings: Settings
    tables: dict[int, Table]
    online: dict[int, set[Session]]
    challenges: Challenges
    closing: bool
    _stopping: set[asyncio.Task[None]]

    if TYPE_CHECKING:  # the room's, used here

        def _open(
            self,
            info: TableInfo,
            players: dict[int, PlayerInfo],
            chat: list[tuple[str, str, datetime]],
            fence: int | None = None,
        ) -> Table: ...

        def _tell_lobby(
            self, table_id: int, shared: dict[str, Any] | None, before: dict[str, Any] | None
        ) -> None: ...

        def end_sessions(
            self, player_id: int, before: float, keep: float, *, everywhere: bool = True
        ) -> None: ...

    def __init__(self) -> None:
        self.cluster: Cluster | None = None
        self.remote: Remote | None = None
        self._keeper: asyncio.Task[None] | None = None
        self._adopting = asyncio.Lock()  # one take-over at a time: one token per table
        self._recheck = False  # Redis came back, or a round failed: check all next round
        self._orphans = False  # a whole check's adoption waits for Redis to settle
        # The lobby's tables of other processes: their owners' summaries, by table id.
        self.elsewhere: dict[int, dict[str, Any]] = {}

    async def join_cluster(self, command: Command) -> None:
        """One of several processes from now on: this process's tables are those whose
        lease it takes (at start, every live table nobody holds), a table another
        process owns is reached through it (``command`` runs its messages here for
        theirs), and a keeper renews the leases and takes over the tables of processes
        that died (docs/scaling.md)."""
        settings = self.settings
        self.cluster = Cluster(
            settings.redis_url, settings.process_id, settings.lease_seconds, advertised(settings)
        )
        self.remote = Remote(self.cluster, self.store, self.tables, command)
        self.cluster.on_message = self._heard
        self.cluster.on_reconnect = self._reconnected
        await self.cluster.start()
        await self._lobby_from_redis()
        await self.adopt(await self.store.live_table_ids())
        self._keeper = asyncio.create_task(self._keep(), name="cluster-keeper")

    async def adopt(self, ids: list[int]) -> list[Table]:
        """The tables of ``ids`` nobody holds, taken: lease, a new fencing token, read
        from the database (their logs replayed on first use)."""
        assert self.cluster is not None
        async with self._adopting:
            return await self._adopt(ids, self.cluster)

    async def _adopt(self, ids: list[int], cluster: Cluster) -> list[Table]:
        won = await cluster.acquire([t for t in ids if t not in self.tables])
        try:
            return await self._open_won(won, cluster)
        except BaseException:
            # Their owner keys name this process, alive, which has not the tables: the
            # clients sent here would hear table_moved until the next whole check. Let
            # go, for the next try (here or elsewhere) to take them.
            await cluster.release([t for t in won if t not in self.tables])
            raise

    async def _open_won(self, won: list[int], cluster: Cluster) -> list[Table]:
        """The tables whose leases this process just won: a new token each, then read
        from the database and opened."""
        fences: dict[int, int] = {}
        for t in won:
            try:
                fences[t] = await self.store.claim_table(t)
            except Exception as e:  # a paused owner's lock, most likely: later, then
                log.info("taking a table over waits: %s", e, extra={"table": t})
                await cluster.release([t])
        # Another process may have taken one meanwhile (its token later than ours, or
        # ours undone by its): kept only if still this process's.
        lapsed = await cluster.heartbeat(fences, check=True)
        won = [t for t in fences if t not in lapsed]
        if not won:
            return []
        infos = await self.store.live_tables(only=won)
        players = await self.store.live_players(only=won)
        chats = await self.store.live_chats(only=won)
        opened = []
        for info in infos:
            if info.id in self.tables:
                continue
            try:
                table = self._open(info, players, chats.get(info.id, []), fences[info.id])
            except Exception:
                log.exception("table could not be rebuilt", extra={"table": info.id})
                continue
            opened.append(table)
            log.info("table taken over", extra={"table": info.id})
            self._share(table)
        await self.challenges.restore([t.id for t in opened])
        over = set(won) - {t.id for t in opened}  # over meanwhile
        await cluster.release([t for t in over if t not in self.tables])
        return opened

    async def _keep(self) -> None:
        """Every third of a lease: this process alive; the tables of processes found dead
        taken over, and what this process had to do with them let go. Every
        ``CHECK_EVERY`` rounds also: its tables' owner keys checked (a table another
        process holds now is let go), every live table with no live owner taken over (a
        table whose owner died while Redis was away is in no process's set), and the
        lobby read whole (what a lost broadcast left out). Per round the cost does not
        grow with the tables."""
        assert self.cluster is not None and self.remote is not None
        cluster, remote = self.cluster, self.remote
        rounds = 0
        while not self.closing:
            await asyncio.sleep(cluster.lease_seconds / 3)
            rounds += 1
            check = rounds % CHECK_EVERY == 0 or self._recheck
            try:
                await cluster.mend()  # a subscription lost without a word: taken again
                if self._recheck:  # Redis came back, perhaps empty: what it must know
                    await cluster.restate({p: len(c) for p, c in self.online.items()})
                    for mine in self.tables.values():
                        self._share(mine)
                self._recheck = False
                lost = await cluster.heartbeat([t.id for t in self.tables.values()], check)
                for table_id in lost:
                    table = self.tables.get(table_id)
                    if table is not None:
                        self.lose(table)
                others = {p.process for p in remote.proxies.values()}
                for conn in remote.local.values():
                    others.update(conn.remote.values())
                alive = await cluster.alive_of(others)
                dead = {p for p, up in alive.items() if not up}
                if dead:
                    remote.processes_gone(dead)
                    remote.moved(dead)
                for process in await cluster.dead():
                    theirs = await cluster.tables_of(process)
                    await self.adopt(theirs)
                    owners = [await cluster.owner(t) for t in theirs if t not in self.tables]
                    if process not in owners:  # every one taken, here or elsewhere
                        await cluster.forget(process)
                if check or self._orphans:
                    # Live tables nobody holds. Within a lease of Redis coming back
                    # (empty) each live process has yet to take its own again (its
                    # heartbeat's check): taken now, they would move off live owners.
                    self._orphans = not await cluster.settled()
                    if not self._orphans:
                        await self.adopt(await self.store.live_table_ids())
                if check:
                    await self._lobby_from_redis()
            except asyncio.CancelledError:
                raise
            except Exception as e:
                self._recheck = True
                log.warning("keeping the cluster failed: %s", e)

    def _reconnected(self) -> None:
        """Redis is back (perhaps empty): the clients across processes rejoin, and the
        next keeper round checks everything."""
        assert self.remote is not None
        self._recheck = True
        self.remote.reconnected()

    async def _lobby_from_redis(self) -> None:
        """The other processes' tables as the lobby hash has them (what a broadcast lost
        is mended here, every third of a lease)."""
        assert self.cluster is not None
        shared = {t: orjson.loads(s) for t, s in (await self.cluster.shared()).items()}
        me = self.cluster.me
        for table_id, table in self.tables.items():
            # This process's tables as the hash should have them: a process that lost
            # one may have shared it after its new owner did (its restate after Redis
            # came back), and every lobby would read the loser as its owner.
            entry = shared.get(table_id)
            if table.status in ("open", "playing") and (entry is None or entry["o"] != me):
                self._share(table)
        before, self.elsewhere = (
            self.elsewhere,
            {t: s for t, s in shared.items() if t not in self.tables and s["o"] != me},
        )
        for table_id, now in self.elsewhere.items():
            if before.get(table_id) != now:  # a broadcast this process missed
                self._tell_lobby(table_id, now, before.get(table_id))
        for table_id, was in before.items():
            if table_id not in self.elsewhere and table_id not in self.tables:
                self._tell_lobby(table_id, None, was)  # over or gone, its broadcast missed

    def _share(self, table: Table) -> None:
        """This process's table changed: every process's lobby hears it."""
        assert self.cluster is not None
        shared = dumps(
            {
                "o": self.cluster.me,
                "s": table.summary(),
                "h": table.host_id,
                "i": sorted(table.invited),
            }
        )
        live = table.status in ("open", "playing")
        self.cluster.share(table.id, shared if live else None)
        self.cluster.broadcast("L" + shared)

    def lose(self, table: Table) -> None:
        """Another process owns the table now: its listeners rejoin there, and it leaves
        this process (stopped without a word to the database)."""
        if self.tables.get(table.id) is not table:
            return
        del self.tables[table.id]
        self.challenges.drop(table.id)
        for conn in list(table.listeners):
            conn.send(error("table_moved", MOVED, table=table.id))
        log.warning("table lost to another process", extra={"table": table.id})
        task = asyncio.create_task(table.stop(), name=f"stop-table-{table.id}")
        self._stopping.add(task)
        task.add_done_callback(self._stopping.discard)

    def _heard(self, text: str) -> None:
        """What every process hears (``Cluster.broadcast``); the rest is the forwarding's."""
        assert self.cluster is not None and self.remote is not None
        kind = text[:1]
        if kind == "L":
            self._lobby_elsewhere(orjson.loads(text[1:]))
        elif kind == "T":
            told = orjson.loads(text[1:])
            if told["o"] != self.cluster.me:
                for conn in self.online.get(told["p"], ()):
                    conn.send(told["m"])
        elif kind == "S":
            ended = orjson.loads(text[1:])
            if ended["o"] != self.cluster.me:
                self.end_sessions(ended["p"], ended["b"], ended["k"], everywhere=False)
        else:
            self.remote.receive(text)

    def _lobby_elsewhere(self, shared: dict[str, Any]) -> None:
        """Another process's table changed: kept for the lobby, and its listeners here
        told as of a table of this process."""
        assert self.cluster is not None
        table_id = shared["s"]["id"]
        if shared["o"] == self.cluster.me or table_id in self.tables:
            return
        # Who saw it before: those its owner's change leaves out (an invitation ended)
        # are told it is unlisted, as on its owner's process.
        if shared["s"]["status"] in ("open", "playing"):
            before = self.elsewhere.get(table_id)
            self.elsewhere[table_id] = shared
        else:
            before = self.elsewhere.pop(table_id, None)
        self._tell_lobby(table_id, shared, before)


def advertised(settings: Settings) -> str:
    """Where the other processes reach this one's REST routes."""
    if settings.advertise_url:
        return settings.advertise_url.rstrip("/")
    host = settings.host if settings.host not in ("", "0.0.0.0", "::") else socket.gethostname()
    return f"http://{host}:{settings.port}"
