"""Tables owned by another process: commands forwarded to the owner, frames back.

A connection whose table another process owns sends that process its table messages
(``C``: the message, the connection and its player); the owner runs them against the
table through a :class:`RemoteListener`, a stand-in the table treats as any listener,
whose frames travel back (``F``: the connection's id, the frame as encoded) and go to
the socket unchanged. When the connection closes, or leaves, the owner hears ``G``; the
owner handles it after the commands that came before it, as it runs them, one at a time
in order. An owner that answers ``table_moved`` is forgotten for that table (and hears
``G``): the rejoin looks the table up again.

Pub/sub delivers at most once: a frame lost (Redis restarting) is a gap the client sees
in the versions, and both sides tell their clients to rejoin (``table_moved``) once the
subscriber is back, as they do when a table's owner dies or loses its lease. A connection
told so hears no update of that table until the snapshot its rejoin brings: the owner,
unaware, goes on sending them until it hears the rejoin, and one of them after the lost
ones would be a gap.
"""

from __future__ import annotations

import asyncio
import enum
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from bolola.server.cluster import Cluster
from bolola.server.protocol import ProtocolError, dumps, error, error_of
from bolola.server.table import MOVED, Table
from bolola.store.store import PlayerInfo, Store

log = logging.getLogger("bolola.remote")


class Leaving(enum.Enum):
    """Why a remote connection leaves every table here."""

    GONE = "its process is gone"
    STOP = "this process stops"


@dataclass(frozen=True, slots=True)
class RemoteTable:
    """A table another process owns, as ``Room.find`` answers for it."""

    id: int
    owner: str


@dataclass(eq=False)
class RemoteListener:
    """A connection of another process, at a table of this one."""

    cluster: Cluster
    process: str
    conn_id: int
    player: PlayerInfo
    tables: set[int] = field(default_factory=set)
    # In the order they came: a message to run, a table the connection left (``G``), or
    # that it leaves every table here: its process died (``GONE``: told to rejoin, should
    # it be alive after all), or this one stops (``STOP``: told already).
    queue: asyncio.Queue[dict[str, Any] | int | Leaving] = field(default_factory=asyncio.Queue)
    worker: asyncio.Task[None] | None = None
    read: bool = False  # the player read from the database (until then, its id only)
    fold_acks: bool = False  # an ack through another process keeps its own frame

    def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else dumps(message)
        self.cluster.send(self.process, f"F{self.conn_id} {text}")


Command = Callable[[Any, Table, dict[str, Any]], Awaitable[dict[str, Any] | None]]

FAILED = "the server failed on this request"


class Remote:
    """This process's side of the forwarding, both ways."""

    def __init__(
        self,
        cluster: Cluster,
        store: Store,
        tables: dict[int, Table],
        command: Command,
    ) -> None:
        self.cluster = cluster
        self.store = store
        self.tables = tables
        self.command = command
        self.local: dict[int, Any] = {}  # connection id -> a local connection
        self.proxies: dict[tuple[str, int], RemoteListener] = {}
        self.hushed: dict[int, set[int]] = {}  # connection id -> tables told table_moved
        # Owners a connection forgot while they may still hold it at a table (Redis came
        # back; a message they did not hear): they hear its leaving too when it closes,
        # unless it rejoined there, or their proxy kept its listener attached for good.
        self.behind: dict[int, dict[int, str]] = {}
        cluster.on_message = self.receive
        cluster.on_reconnect = self.reconnected

    # -- the connection's side ------------------------------------------------------------

    def forward(self, conn: Any, table: RemoteTable, msg: dict[str, Any]) -> None:
        conn.remote[table.id] = table.owner
        envelope = {"p": self.cluster.me, "c": conn.id, "u": conn.player.id, "m": msg}
        refs = {"table": table.id, "id": msg.get("id") if isinstance(msg.get("id"), str) else None}

        def unheard() -> None:
            # The owner is not listening (dead, or back on Redis a moment later than
            # this process): the client rejoins, which finds the owner or takes over.
            if conn.remote.pop(table.id, None) is not None:
                # Back on Redis a moment later, it may hold the connection still.
                self.behind.setdefault(conn.id, {})[table.id] = table.owner
            self._hush(conn.id, table.id)
            conn.send(error("table_moved", MOVED, **refs))

        self.cluster.send(table.owner, "C" + dumps(envelope), unheard)
        if msg.get("type") == "leave":
            del conn.remote[table.id]

    def gone(self, conn: Any) -> None:
        """A local connection closed: the owners of its remote tables hear it."""
        self.local.pop(conn.id, None)
        self.hushed.pop(conn.id, None)
        left = {**self.behind.pop(conn.id, {}), **conn.remote}
        for table_id, owner in left.items():
            self.cluster.send(owner, f"G{conn.id} {table_id} {self.cluster.me}")
        conn.remote.clear()

    def moved(self, owners: set[str] | None = None) -> None:
        """Tell the local connections at tables of ``owners`` (all remote tables: None)
        to rejoin; they find the table's new owner, or take it over."""
        for conn in list(self.local.values()):
            for table_id, owner in list(conn.remote.items()):
                if owners is None or owner in owners:
                    del conn.remote[table_id]
                    if owners is None:  # alive (Redis came back), holding the listener
                        self.behind.setdefault(conn.id, {})[table_id] = owner
                    self._hush(conn.id, table_id)
                    conn.send(error("table_moved", MOVED, table=table_id))

    def _owner_moved(self, conn: Any, frame: str) -> None:
        """The owner says the table moved (it lost the table, has it no more, or Redis
        came back): the client's rejoin looks the table up again, or it would go to the
        same owner and hear the same answer, for good."""
        try:
            message = orjson.loads(frame)
        except orjson.JSONDecodeError:
            return
        if not isinstance(message, dict) or message.get("code") != "table_moved":
            return
        table_id = message.get("table")
        if not isinstance(table_id, int) or isinstance(table_id, bool):
            return
        owner = conn.remote.pop(table_id, None)
        if owner is None:
            return
        self._hush(conn.id, table_id)
        # Its proxy there would keep the table (and its listener) until the connection
        # closes, and a closing connection tells only the owners it still knows.
        self.cluster.send(owner, f"G{conn.id} {table_id} {self.cluster.me}")

    def _hush(self, conn_id: int, table_id: int) -> None:
        self.hushed.setdefault(conn_id, set()).add(table_id)

    def _heard(self, conn_id: int, frame: str) -> bool:
        """Whether a frame from an owner reaches a connection told to rejoin: all but
        the table's updates, until its snapshot (or catch-up) comes."""
        hushed = self.hushed[conn_id]
        try:
            message = orjson.loads(frame)
        except orjson.JSONDecodeError:
            return True
        table_id = message.get("table") if isinstance(message, dict) else None
        if table_id not in hushed:
            return True
        kind = message.get("type")
        if kind in ("snapshot", "catchup"):
            hushed.discard(table_id)
            if not hushed:
                del self.hushed[conn_id]
        return bool(kind != "update")

    # -- the owner's side -----------------------------------------------------------------

    def receive(self, text: str) -> None:
        kind, body = text[:1], text[1:]
        if kind == "F":
            conn_id, _, frame = body.partition(" ")
            conn = self.local.get(int(conn_id))
            if conn is None:
                return
            if "table_moved" in frame:  # read whole only then: most frames are updates
                self._owner_moved(conn, frame)
            if conn.id not in self.hushed or self._heard(conn.id, frame):
                conn.send(frame)
        elif kind == "C":
            envelope = orjson.loads(body)
            self._command(envelope["p"], envelope["c"], envelope["u"], envelope["m"])
        elif kind == "G":
            conn_id, table_id, process = body.split(" ")
            self._gone(process, int(conn_id), int(table_id))

    def _command(self, process: str, conn_id: int, player_id: int, msg: dict[str, Any]) -> None:
        proxy = self.proxies.get((process, conn_id))
        if proxy is None:
            placeholder = PlayerInfo(player_id, "", True, 0, 0, (), None)
            proxy = RemoteListener(self.cluster, process, conn_id, placeholder)
            self.proxies[(process, conn_id)] = proxy
            proxy.worker = asyncio.create_task(self._work(proxy), name=f"remote-{conn_id}")
        proxy.queue.put_nowait(msg)

    async def _work(self, proxy: RemoteListener) -> None:
        # One connection's commands, and its leaving, in the order it sent them, as a
        # local socket's are: a G handled at once, while a join before it still waited
        # here, would leave that join's listener attached for good.
        running: dict[str, Any] | None = None
        try:
            while True:
                item = await proxy.queue.get()
                try:
                    if item is Leaving.GONE:
                        self._told_to_rejoin(proxy)
                        self._leave(proxy, list(proxy.tables))
                    elif item is Leaving.STOP:
                        self._leave(proxy, list(proxy.tables))
                    elif isinstance(item, int):
                        self._leave(proxy, [item])
                    else:
                        running = item
                        await self._run(proxy, item)
                except Exception:
                    log.exception("a forwarded command failed")
                running = None
                if not proxy.tables and proxy.queue.empty():
                    # At no table here, nothing more to run: a later message of the
                    # connection makes a new proxy (nothing can come in between).
                    self._forget(proxy)
                    return
        except BaseException as e:
            self._forget(proxy)
            if isinstance(e, asyncio.CancelledError):
                log.warning("a remote connection's worker was cancelled: %s", proxy.conn_id)
            else:
                log.exception("a remote connection's worker failed: %s", proxy.conn_id)
            self._abandon(proxy, running)
            raise

    def _forget(self, proxy: RemoteListener) -> None:
        if self.proxies.get((proxy.process, proxy.conn_id)) is proxy:
            del self.proxies[(proxy.process, proxy.conn_id)]

    @staticmethod
    def _told_to_rejoin(proxy: RemoteListener) -> None:
        for table_id in proxy.tables:
            proxy.send(error("table_moved", MOVED, table=table_id))

    def _abandon(self, proxy: RemoteListener, running: dict[str, Any] | None) -> None:
        """A worker ended before its time: its client rejoins (through a new proxy), and
        hears of what it sent meanwhile, not to wait for answers that never come."""
        self._told_to_rejoin(proxy)
        self._leave(proxy, list(proxy.tables))
        unrun = [running] if running is not None else []
        while not proxy.queue.empty():
            item = proxy.queue.get_nowait()
            if isinstance(item, dict):
                unrun.append(item)
        for msg in unrun:
            proxy.send(error("server_error", FAILED, **_refs(msg)))

    async def _run(self, proxy: RemoteListener, msg: dict[str, Any]) -> None:
        table_id = msg.get("table")
        refs = _refs(msg)
        table = self.tables.get(table_id) if isinstance(table_id, int) else None
        if table is None:
            proxy.send(error("table_moved", MOVED, **refs))
            return
        if not proxy.read:
            # Read with a command, not once before them all: a failure answers this
            # one, and the next tries again.
            try:
                player = await self.store.player(proxy.player.id)
            except Exception:
                log.exception("a forwarded command's player could not be read")
                proxy.send(error("server_error", FAILED, **refs))
                return
            proxy.read = True
            if player is not None:
                proxy.player = player
        try:
            reply = await self.command(proxy, table, msg)
        except ProtocolError as e:
            reply = error_of(e, **refs)
        except Exception:
            log.exception("a forwarded command failed")
            reply = error("server_error", FAILED, **refs)
        kind = msg.get("type")
        if kind == "leave":
            # A leave refused (a watcher's: not_seated) leaves the listener attached, as
            # a local socket's: its G must still find the table to detach it.
            if reply is None or reply.get("type") != "error":
                proxy.tables.discard(table.id)
        elif kind in ("join", "action", "back", "chat", "client_seed", "invite", "seat_bot"):
            proxy.tables.add(table.id)
        if reply is not None:
            proxy.send(reply)

    def _gone(self, process: str, conn_id: int, table_id: int) -> None:
        proxy = self.proxies.get((process, conn_id))
        if proxy is not None:
            proxy.queue.put_nowait(table_id)

    def _leave(self, proxy: RemoteListener, table_ids: list[int]) -> None:
        for table_id in table_ids:
            proxy.tables.discard(table_id)
            table = self.tables.get(table_id)
            if table is not None:
                table.post(_detacher(table, proxy))

    def processes_gone(self, dead: set[str]) -> None:
        """Connections of processes that died leave every table here (once what they
        sent before is run: a join still queued is left too). Their clients are told to
        rejoin all the same: a process only paused (or slow to say it is alive) hears
        it, and its players would otherwise wait at tables that no longer tell them
        anything."""
        for proxy in self.proxies.values():
            if proxy.process in dead:
                proxy.queue.put_nowait(Leaving.GONE)

    def reconnected(self) -> None:
        """Redis came back: what went between processes meanwhile may be lost; every
        client of a table across processes rejoins (a full snapshot)."""
        self.moved()
        for proxy in list(self.proxies.values()):
            self._told_to_rejoin(proxy)

    def close(self) -> None:
        """This process stops: the clients of its tables on other processes rejoin (their
        processes would hear of it only once this one counts as dead, and a process
        started again at once under the same name never does)."""
        for proxy in self.proxies.values():
            self._told_to_rejoin(proxy)  # now: nothing is published once the room closes
            proxy.queue.put_nowait(Leaving.STOP)


def _refs(msg: dict[str, Any]) -> dict[str, Any]:
    """What an answer to ``msg`` names: its table, and its id if the client gave one."""
    return {
        "table": msg.get("table"),
        "id": msg.get("id") if isinstance(msg.get("id"), str) else None,
    }


def _detacher(table: Table, conn: Any) -> Callable[[], Awaitable[None]]:
    async def detach() -> None:
        await table.detach(conn)

    return detach
