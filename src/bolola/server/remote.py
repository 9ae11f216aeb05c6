"""Tables owned by another process: commands forwarded to the owner, frames back.

A connection whose table another process owns sends that process its table messages
(``C``: the message, the connection and its player); the owner runs them against the
table through a :class:`RemoteListener`, a stand-in the table treats as any listener,
whose frames travel back (``F``: the connection's id, the frame as encoded) and go to
the socket unchanged. When the connection closes, or leaves, the owner hears ``G``.

Pub/sub delivers at most once: a frame lost (Redis restarting) is a gap the client sees
in the versions, and both sides tell their clients to rejoin (``table_moved``) once the
subscriber is back, as they do when a table's owner dies or loses its lease. A connection
told so hears no update of that table until the snapshot its rejoin brings: the owner,
unaware, goes on sending them until it hears the rejoin, and one of them after the lost
ones would be a gap.
"""

from __future__ import annotations

import asyncio
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
    queue: asyncio.Queue[Callable[[], Awaitable[None]] | None] = field(
        default_factory=asyncio.Queue
    )
    worker: asyncio.Task[None] | None = None
    fold_acks: bool = False  # an ack through another process keeps its own frame

    def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else dumps(message)
        self.cluster.send(self.process, f"F{self.conn_id} {text}")


Command = Callable[[Any, Table, dict[str, Any]], Awaitable[dict[str, Any] | None]]


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
            conn.remote.pop(table.id, None)
            self._hush(conn.id, table.id)
            conn.send(error("table_moved", MOVED, **refs))

        self.cluster.send(table.owner, "C" + dumps(envelope), unheard)
        if msg.get("type") == "leave":
            del conn.remote[table.id]

    def gone(self, conn: Any) -> None:
        """A local connection closed: the owners of its remote tables hear it."""
        self.local.pop(conn.id, None)
        self.hushed.pop(conn.id, None)
        for table_id, owner in conn.remote.items():
            self.cluster.send(owner, f"G{conn.id} {table_id} {self.cluster.me}")
        conn.remote.clear()

    def moved(self, owners: set[str] | None = None) -> None:
        """Tell the local connections at tables of ``owners`` (all remote tables: None)
        to rejoin; they find the table's new owner, or take it over."""
        for conn in list(self.local.values()):
            for table_id, owner in list(conn.remote.items()):
                if owners is None or owner in owners:
                    del conn.remote[table_id]
                    self._hush(conn.id, table_id)
                    conn.send(error("table_moved", MOVED, table=table_id))

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
            if conn is not None and (conn.id not in self.hushed or self._heard(conn.id, frame)):
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
        proxy.queue.put_nowait(lambda: self._run(proxy, msg))

    async def _work(self, proxy: RemoteListener) -> None:
        # One connection's commands in the order it sent them, as a local socket's are.
        player = await self.store.player(proxy.player.id)
        if player is not None:
            proxy.player = player
        while True:
            item = await proxy.queue.get()
            if item is None:
                return
            try:
                await item()
            except Exception:
                log.exception("a forwarded command failed")

    async def _run(self, proxy: RemoteListener, msg: dict[str, Any]) -> None:
        table_id = msg.get("table")
        refs = {"table": table_id, "id": msg.get("id") if isinstance(msg.get("id"), str) else None}
        table = self.tables.get(table_id) if isinstance(table_id, int) else None
        if table is None:
            proxy.send(error("table_moved", MOVED, **refs))
            return
        try:
            reply = await self.command(proxy, table, msg)
        except ProtocolError as e:
            reply = error_of(e, **refs)
        except Exception:
            log.exception("a forwarded command failed")
            reply = error("server_error", "the server failed on this request", **refs)
        kind = msg.get("type")
        if kind == "leave":
            proxy.tables.discard(table.id)
        elif kind in ("join", "action", "back", "chat", "client_seed", "invite"):
            proxy.tables.add(table.id)
        if reply is not None:
            proxy.send(reply)

    def _gone(self, process: str, conn_id: int, table_id: int) -> None:
        proxy = self.proxies.get((process, conn_id))
        if proxy is None:
            return
        proxy.tables.discard(table_id)
        table = self.tables.get(table_id)
        if table is not None:
            table.post(_detacher(table, proxy))
        if not proxy.tables:
            self._drop(proxy)

    def _drop(self, proxy: RemoteListener) -> None:
        self.proxies.pop((proxy.process, proxy.conn_id), None)
        proxy.queue.put_nowait(None)

    def processes_gone(self, dead: set[str]) -> None:
        """Connections of processes that died leave every table here."""
        for proxy in [p for p in self.proxies.values() if p.process in dead]:
            for table_id in list(proxy.tables):
                self._gone(proxy.process, proxy.conn_id, table_id)
            self._drop(proxy)

    def reconnected(self) -> None:
        """Redis came back: what went between processes meanwhile may be lost; every
        client of a table across processes rejoins (a full snapshot)."""
        self.moved()
        for proxy in list(self.proxies.values()):
            for table_id in proxy.tables:
                proxy.send(error("table_moved", MOVED, table=table_id))

    def close(self) -> None:
        """This process stops: the clients of its tables on other processes rejoin (their
        processes would hear of it only once this one counts as dead, and a process
        started again at once under the same name never does)."""
        for proxy in list(self.proxies.values()):
            for table_id in proxy.tables:
                proxy.send(error("table_moved", MOVED, table=table_id))
            self._drop(proxy)


def _detacher(table: Table, conn: Any) -> Callable[[], Awaitable[None]]:
    async def detach() -> None:
        await table.detach(conn)

    return detach
