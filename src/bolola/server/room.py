"""The card room: every live table, the lobby's listeners, table creation (PL-1..PL-3).

Used as::

    room = Room(store, settings)
    await room.restore()   # every live table back, its log replayed soon after
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from datetime import datetime
from typing import Any, cast

from bolola.registry import registered
from bolola.server.challenges import Challenges
from bolola.server.fair import draw_top
from bolola.server.friends import Friends
from bolola.server.heap import Heap
from bolola.server.keeper import Keeper
from bolola.server.listing import Audience, admits, tell
from bolola.server.pacer import Pacer
from bolola.server.protocol import ElsewhereError, ProtocolError, dumps, error
from bolola.server.remote import RemoteTable
from bolola.server.revocation import Revocation
from bolola.server.seat import Session
from bolola.server.serial import STOPPING
from bolola.server.settings import Settings
from bolola.server.spec import TableSpec
from bolola.server.table import Listener, Table
from bolola.store.store import PlayerInfo, Store, TableInfo

log = logging.getLogger("bolola.room")

# Tables a player left to bots count toward at most this many times their hosting limit.
LEFT_TABLES_FACTOR = 4

MOVING = "this table is moving to another server process; join it again in a moment"
# The warm-up replays logs for WARM_SLICE seconds, then leaves the loop idle for
# WARM_REST: a loop never idle keeps the GIL, and the database's threads (SQLite's) then
# get it only at Python's switch interval, one round trip each: a request's read waited
# for the whole warm-up (1.2 s for 1,000 tables) and /healthz with it.
WARM_SLICE = 0.005
WARM_REST = 0.001
MAX_ID = 2**31 - 1  # table ids are 32-bit integers in the database


class Room(Keeper):
    def __init__(self, store: Store, settings: Settings) -> None:
        super().__init__()
        self.store = store
        self.settings = settings
        self.tables: dict[int, Table] = {}
        self.lobby: set[Listener] = set()
        self.online: dict[int, set[Session]] = {}  # player id -> their connections
        # Tables nobody plays at take turns through this (bounded share of the CPU).
        self.pacer = Pacer(settings.bot_tables_share)
        self._creating: dict[int, int] = {}  # host id -> tables being made right now
        self._stopping: set[asyncio.Task[None]] = set()  # tables leaving, winding down
        self._leaving: dict[int, asyncio.TimerHandle] = {}  # finished tables, by id
        self._warming: asyncio.Task[None] | None = None
        self.closing = False
        self._closed: asyncio.Task[None] | None = None  # the one close (:meth:`close`)
        self.friends = Friends(self, store)
        self.challenges = Challenges(
            self,
            store,
            settings.challenge_seconds,
            (settings.retry_first_seconds, settings.retry_max_seconds),
        )
        # Passwords the operator changed: each process ends its own sockets' sessions.
        self.revocation = Revocation(
            store,
            lambda p, before, keep: self.end_sessions(p, before, keep, everywhere=False),
            settings.sessions_check_seconds,
        )
        self.heap = Heap(
            settings.trim_seconds,
            idle=lambda: not self.tables and not self._stopping,
            forget=(store.forget,),
        )

    def tell(self, player_id: int, message: dict[str, Any]) -> None:
        """Send to every connection of a player (an invitation, PL-3), wherever they are
        connected (several processes: through every process)."""
        for conn in self.online.get(player_id, ()):
            conn.send(message)
        if self.cluster is not None:
            told = {"o": self.cluster.me, "p": player_id, "m": message}
            self.cluster.broadcast("T" + dumps(told))

    def end_sessions(
        self, player_id: int, before: float, keep: float, *, everywhere: bool = True
    ) -> None:
        """The player's password changed: every socket of a session made ``before`` then
        is told and closed, but the session that changed it (made at ``keep``: this
        browser's tabs), wherever they are connected (several processes: every one)."""
        message = error("bad_token", "the password changed; sign in again")
        for conn in list(self.online.get(player_id, ())):
            if conn.made < before and conn.made != keep:
                conn.end(message)
        if everywhere and self.cluster is not None:
            ended = {"o": self.cluster.me, "p": player_id, "b": before, "k": keep}
            self.cluster.broadcast("S" + dumps(ended))

    def _tell_lobby(
        self, table_id: int, shared: dict[str, Any] | None, before: dict[str, Any] | None
    ) -> None:
        """Another process's table, as its owner shared it now and ``before`` (None: not
        in the lobby hash), to this process's lobby."""
        summary = None if shared is None else shared["s"]
        tell(self.lobby, table_id, summary, Audience.shared(shared), Audience.shared(before))

    async def restore(self) -> None:
        """Every table not over, back from the database: the tables, seats, logs, players
        and chat lines of all of them read at once. Each log is replayed on its table's
        first command, listener or timer, or by the warm-up that starts here (one table
        at a time, the server serving meanwhile), whichever comes first."""
        registered()  # every game imported now, with tables or without
        infos = await self.store.live_tables()
        players = await self.store.live_players()
        chats = await self.store.live_chats()
        for info in infos:
            try:
                self._open(info, players, chats.get(info.id, []))
            except Exception:
                log.exception("table could not be rebuilt", extra={"table": info.id})
        log.info("tables restored", extra={"count": len(self.tables)})
        await self.challenges.restore(list(self.tables))
        cold = [t for t in self.tables.values() if t.cold]
        if cold:
            self._warming = asyncio.create_task(self._warm(cold), name="warm-tables")

    async def _warm(self, tables: list[Table]) -> None:
        """Each restored table's log replayed in its own task, one table after the other;
        a table whose log cannot be replayed leaves the room."""
        loop = asyncio.get_running_loop()
        since = loop.time()
        for table in tables:
            if loop.time() - since > WARM_SLICE:
                await asyncio.sleep(WARM_REST)
                since = loop.time()
            if self.closing:
                return
            if not table.cold or self.tables.get(table.id) is not table:
                continue
            try:
                await table.call(table.warm)
            except ProtocolError:
                if self.closing:
                    return
            except Exception:
                log.exception("table could not be rebuilt", extra={"table": table.id})
                self._forget(table)
        log.info("tables rebuilt", extra={"count": len(tables)})

    @property
    def rebuilding(self) -> int:
        """Restored tables whose log is not replayed yet."""
        return sum(1 for t in self.tables.values() if t.cold)

    def _open(
        self,
        info: TableInfo,
        players: dict[int, PlayerInfo],
        chat: list[tuple[str, str, datetime]],
        fence: int | None = None,
    ) -> Table:
        table = Table(info, players, self.store, self.settings, self._changed, self.pacer)
        table.fence, table.on_lost = fence, self.lose
        table.chat_log.load(chat)
        self.tables[info.id] = table
        table.start()
        return table

    async def close(self) -> None:
        """Every table stopped at once: no more moves, timers or retries. Closed once: a
        second call waits for the first (a server's shutdown closes the room, and its
        lifespan's end again)."""
        self.closing = True
        if self._closed is None:
            self._closed = asyncio.create_task(self._close(), name="room-close")
        await asyncio.shield(self._closed)

    async def _close(self) -> None:
        self.challenges.close()
        await self.revocation.close()
        self.heap.close()
        if self._keeper is not None:
            self._keeper.cancel()
            await asyncio.gather(self._keeper, return_exceptions=True)
        if self._warming is not None:
            self._warming.cancel()
            await asyncio.gather(self._warming, return_exceptions=True)
        for handle in self._leaving.values():
            handle.cancel()
        tables = [*self.tables.values()]
        await asyncio.gather(*(t.stop() for t in tables), *self._stopping)
        if self.cluster is not None:
            assert self.remote is not None
            # The others take them over at once, not once this process's alive key lapsed.
            await self.cluster.let_go([t.id for t in tables])
            self.remote.close()  # let go first: their clients' rejoins find no owner
            await self.cluster.close()

    def hosted(self, player_id: int) -> tuple[int, int]:
        """Tables this player hosts that are open or in play (and being made): those they
        are still at, and those they left to a bot in play (their seat away, PL-5)."""
        present = left = 0
        for t in self.tables.values():
            if t.host_id != player_id or t.status not in ("open", "playing"):
                continue
            seat = t.seat_of(player_id)
            if t.status == "playing" and seat is not None and t.holders[seat].away:
                left += 1
            else:
                present += 1
        return present + self._creating.get(player_id, 0), left

    def check_hosting(self, player_id: int) -> None:
        """Refuses one more table to a player who hosts as many as one may. A table they
        left to a bot frees its place (a new player trying each game in turn is not made
        to wait for bots to finish the ones they left), up to LEFT_TABLES_FACTOR times the
        limit in all: what such tables cost is bounded by the unattended tables' pace, not
        their number."""
        limit = self.settings.tables_per_player
        present, left = self.hosted(player_id)
        if present >= limit or present + left >= LEFT_TABLES_FACTOR * limit:
            raise ProtocolError(
                "too_many_tables",
                f"you host {limit} tables open or in play already (and {left} left to bots);"
                " finish one, or wait for an open one to expire",
            )

    async def create(self, host: PlayerInfo, spec: TableSpec) -> Table:
        if self.closing:
            raise ProtocolError("server_error", STOPPING)
        self.check_hosting(host.id)
        self._creating[host.id] = self._creating.get(host.id, 0) + 1
        try:
            table = await self._create(host, spec)
        finally:
            left = self._creating[host.id] - 1
            if left:
                self._creating[host.id] = left
            else:
                del self._creating[host.id]
        return table

    async def new_table_id(self) -> tuple[int | None, int]:
        """Several processes: an id for a table about to be made, its lease this
        process's before the row exists (the others' keepers adopt any live table nobody
        holds), and its first fencing token. One process: (None, 0), the database's id."""
        if self.cluster is None:
            return None, 0
        table_id = await self.store.reserve_table_id()
        if await self.cluster.acquire([table_id]) != [table_id]:
            raise ProtocolError("server_error", "the new table's lease was refused")
        return table_id, 1

    async def _create(self, host: PlayerInfo, spec: TableSpec) -> Table:
        table = await self._make(host, spec)
        self._open_made(table)
        if all(s.kind == "bot" for s in spec.seats):
            await table.call(table.begin_if_full)
        self._changed(table)
        return table

    async def _make(self, host: PlayerInfo, spec: TableSpec) -> Table:
        seed = secrets.randbelow(2**31)  # the bots' choices; the deals come from the top
        top = draw_top()
        reserved, fence = await self.new_table_id()
        table_id = await self.store.add_table(
            table_id=reserved,
            fence=fence,
            game=spec.game,
            options=spec.options.to_json(),
            seed=seed,
            access=spec.access,
            move_seconds=spec.move_seconds,
            rated=spec.rated,
            host_id=host.id,
            seats=list(spec.seats),
            seed_top=top,
        )
        info = TableInfo(
            table_id,
            spec.game,
            spec.options.to_json(),
            seed,
            spec.access,
            spec.move_seconds,
            spec.rated,
            host.id,
            "open",
            spec.seats,
            frozenset(),
            (),
            seed_top=top,
        )
        table = Table(info, {}, self.store, self.settings, self._changed, self.pacer)
        table.fence = fence or None
        return table

    def _open_made(self, table: Table) -> None:
        table.on_lost = self.lose
        self.tables[table.id] = table
        table.start()

    def get(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise ProtocolError("no_table", f"no table {table_id}")
        return table

    async def find(self, table_id: int) -> Table:
        """The table of this process (:meth:`locate`); one another process owns is
        refused (``elsewhere``): its REST routes are that process's, reached over the
        WebSocket (docs/scaling.md)."""
        found = await self.locate(table_id)
        if isinstance(found, RemoteTable):
            raise ElsewhereError(found.owner)
        return found

    async def locate(self, table_id: int) -> Table | RemoteTable:
        """The table in memory, else (several processes) the process that owns it, or
        the table taken over if nobody does; else why there is none: its match is over
        (it left memory ``finished_table_seconds`` after its end; its record stays), or
        no such table."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if self.cluster is not None and table_id <= MAX_ID:
            owner = await self.cluster.owner(table_id)
            if owner is not None and owner != self.cluster.me and await self.cluster.alive(owner):
                return RemoteTable(table_id, owner)
            for adopted in await self.adopt([table_id]):
                return adopted
            owner = await self.cluster.owner(table_id)  # another process was quicker
            if owner is not None and owner != self.cluster.me:
                return RemoteTable(table_id, owner)
            if await self.store.table_status(table_id) in ("open", "playing"):
                # Not taken over yet (its old owner's lock, most likely): soon.
                raise ProtocolError("table_moved", MOVING)
        if table_id <= MAX_ID and await self.store.table_status(table_id) == "over":
            raise ProtocolError(
                "game_over", f"the match is over; its record is at /api/tables/{table_id}/record"
            )
        raise ProtocolError("no_table", f"no table {table_id}")

    def open_tables(self, player: PlayerInfo | None) -> list[dict[str, Any]]:
        """PL-2: tables with a free seat this player may take."""
        return self._listed("open", player)

    def playing_tables(self, player: PlayerInfo | None) -> list[dict[str, Any]]:
        """Tables in play this player may watch (the same access as joining: anyone, or the
        host and the invited); a watcher sees the public view only."""
        return self._listed("playing", player)

    def summary_of(self, table_id: int) -> dict[str, Any] | None:
        """A live table's summary, this process's or (several processes) another's."""
        table = self.tables.get(table_id)
        if table is not None:
            return table.summary()
        shared = self.elsewhere.get(table_id)
        return None if shared is None else cast(dict[str, Any], shared["s"])

    def _listed(self, status: str, player: PlayerInfo | None) -> list[dict[str, Any]]:
        out = []
        for t in self.tables.values():
            if t.status == status and admits(player, t.access, t.host_id, t.invited):
                out.append(t.summary())
        for table_id, shared in sorted(self.elsewhere.items()):
            summary = shared["s"]
            if table_id in self.tables or summary["status"] != status:
                continue
            if admits(player, summary["access"], shared["h"], shared["i"]):
                out.append(summary)
        return out

    def _changed(self, table: Table) -> None:
        self.friends.table_changed(table)
        self.challenges.table_changed(table)
        # Told to whom the lobby lists it now, and unlisted where it was listed before
        # and may be no longer (an invitation gone with its challenge's answer or lapse).
        now = _audience(table)
        tell(self.lobby, table.id, table.summary(), now, table.listed)
        table.listed = now
        if self.cluster is not None and self.tables.get(table.id) is table:
            self._share(table)
        if table.status == "expired":
            self._forget(table)
        elif table.status == "over" and table.id not in self._leaving and not self.closing:
            # A finished table stays a while for late joiners and reloads, then leaves
            # memory; its record and results are in the database.
            self._leaving[table.id] = asyncio.get_running_loop().call_later(
                self.settings.finished_table_seconds, self._forget, table
            )

    def _forget(self, table: Table) -> None:
        self._leaving.pop(table.id, None)
        if self.tables.get(table.id) is table:
            # Called from the table's own task (or a timer): it is stopped from another one.
            del self.tables[table.id]
            self.heap.left()
            task = asyncio.create_task(table.stop(), name=f"stop-table-{table.id}")
            self._stopping.add(task)
            task.add_done_callback(self._stopped)

    def _stopped(self, task: asyncio.Task[None]) -> None:
        # Armed again once the table's task is over: a trim armed when it left the room
        # may find it still stopping (the room not idle, so no sweep), and the last
        # table's stop is what makes the room idle.
        self._stopping.discard(task)
        self.heap.left()

    async def open_stored(
        self, info: TableInfo, players: dict[int, PlayerInfo], fence: int = 0
    ) -> Table:
        """A table made outside :meth:`create` (its id and ``fence`` from
        :meth:`new_table_id`), already in the database with its log (a practice table
        from a replay, issue 18), opened as a restart opens one: its log is replayed
        before its first command."""
        table = self._open(info, players, [], fence or None)
        self._changed(table)
        return table


def _audience(table: Table) -> Audience:
    """Whom the lobby lists the table to now."""
    return Audience(table.access, table.host_id, frozenset(table.invited))
