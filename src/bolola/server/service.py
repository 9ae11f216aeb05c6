"""The server's life: what its handlers share (store, room, keys, sign-in limits), filled
in at start-up and taken down at the end, and the rehearsal it plays once ready."""

from __future__ import annotations

import asyncio
import gc
import logging

from bolola.server import rehearsal
from bolola.server.accounts import Keys
from bolola.server.connection import table_command
from bolola.server.limits import Buckets
from bolola.server.progression import day_source
from bolola.server.protocol import ProtocolError
from bolola.server.room import Room
from bolola.server.settings import Settings
from bolola.store.store import Store

log = logging.getLogger("bolola.server")

# Python's cyclic collector, for a server of thousands of sockets and tables: with the
# defaults (700, 10, 10) a full collection ran every 15 s or so and held the loop for up
# to a second (collecting almost nothing: refcounting frees nearly everything), and the
# collector took about 30% of the server's CPU (docs/performance.md). Young collections
# come every 100,000 allocations instead of 700, full ones ten times less often still.
GC_THRESHOLDS = (100_000, 50, 100)


def tune_gc() -> None:
    gc.set_threshold(*GC_THRESHOLDS)


class Server:
    """What the handlers share; filled in at start-up (the lifespan)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store: Store | None = None
        self.room: Room | None = None
        self.keys: Keys | None = None
        per_name = settings.login_per_minute
        self.logins = Buckets(per_name / 60.0, per_name, name="sign-in")
        per_address = settings.login_per_address_per_minute
        self.address_logins = Buckets(per_address / 60.0, per_address, name="address")
        guests = settings.guests_per_address_per_hour
        self.guests = Buckets(guests / 3600.0, guests, name="guests")
        # The UTC day of the daily reward (PL-14); tests pin it (BOLOLA_TODAY) or replace it.
        self.today = day_source()
        self.rehearsal: asyncio.Task[None] | None = None  # the start's match (rehearsal.py)

    @property
    def ready(self) -> tuple[Store, Room, Keys]:
        if self.store is None or self.room is None or self.keys is None:
            raise ProtocolError("server_error", "the server is starting")
        return self.store, self.room, self.keys

    async def start(self) -> None:
        self.store = await Store.open(self.settings.database_url)
        secret = self.settings.secret_key or await self.store.secret("session")
        self.keys = Keys(secret)
        await self.store.check_health()
        self.room = room = Room(self.store, self.settings)
        if self.settings.redis_url:
            store = self.store
            await room.join_cluster(
                lambda conn, table, msg: table_command(conn, table, msg, room, store)
            )
            assert room.cluster is not None
            for limit in (self.logins, self.address_logins, self.guests):
                limit.shared = room.cluster.take  # the same limits on every process
        else:
            await room.restore()
        room.revocation.start()
        tune_gc()
        log.info("ready", extra={"tables": len(self.room.tables)})
        if self.settings.rehearse:
            self.rehearsal = asyncio.create_task(self._rehearse())

    async def _rehearse(self) -> None:
        """A match of every game played by the server itself, on a database of its own
        (:mod:`bolola.server.rehearsal`); a failure is logged and costs nothing more."""
        try:
            with rehearsal.quiet_log():
                seconds = await asyncio.wait_for(
                    rehearsal.rehearse(self.settings), rehearsal.MOST_SECONDS
                )
        except Exception:
            log.warning("the start's rehearsal failed", exc_info=True)
        else:
            log.info("rehearsed", extra={"seconds": round(seconds, 2)})
        if self.room is not None:
            self.room.heap.left()  # what it freed goes back to the system, as after tables

    @property
    def rehearsing(self) -> bool:
        return self.rehearsal is not None and not self.rehearsal.done()

    async def stop_tables(self) -> None:
        """The first step of stopping: no more moves, timers or retries (an all-bot table
        would go on sending to its watchers while their connections close)."""
        if self.rehearsal is not None:
            self.rehearsal.cancel()
            await asyncio.gather(self.rehearsal, return_exceptions=True)
        if self.room is not None:
            await self.room.close()

    async def stop(self) -> None:
        await self.stop_tables()
        if self.store is not None:
            await self.store.close()
        log.info("stopped")
