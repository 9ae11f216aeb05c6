"""Forwarding between processes, without Redis: what a connection told its table moved
hears from the owner before its rejoin's snapshot comes, and whom it asks next; at the
owner (a room on SQLite), a connection's messages and its leaving in the order they came,
whatever the database does."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import orjson
import pytest

from bolola.server.cluster import Cluster
from bolola.server.connection import table_command
from bolola.server.protocol import dumps
from bolola.server.remote import Remote, RemoteListener, RemoteTable
from bolola.server.room import Room
from bolola.server.settings import Settings
from bolola.server.spec import TableSpec
from bolola.server.table import Table
from bolola.store.store import PlayerInfo, Store

WAIT = 10.0  # the longest any awaited answer may take before the test fails


@dataclass
class Wire:
    """A cluster that records what is sent; ``deaf`` processes hear nothing."""

    me: str = "p2"
    deaf: set[str] = field(default_factory=set)
    sent: list[tuple[str, str]] = field(default_factory=list)
    on_message: Callable[[str], None] = lambda text: None
    on_reconnect: Callable[[], None] = lambda: None
    said: asyncio.Event = field(default_factory=asyncio.Event)

    def send(self, process: str, text: str, unheard: Callable[[], None] | None = None) -> None:
        self.sent.append((process, text))
        self.said.set()
        if process in self.deaf and unheard is not None:
            unheard()


@dataclass
class Socket:
    id: int
    player: PlayerInfo = field(default_factory=lambda: PlayerInfo(1, "ana", False, 0, 0, (), None))
    remote: dict[int, str] = field(default_factory=dict)
    frames: list[dict[str, Any]] = field(default_factory=list)

    def send(self, message: dict[str, Any] | str) -> None:
        self.frames.append(orjson.loads(message) if isinstance(message, str) else message)


def forwarding(wire: Wire) -> Remote:
    async def command(conn: Any, table: Table, msg: dict[str, Any]) -> None:
        raise AssertionError("no command runs at this end")

    return Remote(cast(Cluster, wire), cast(Store, None), {}, command)


def owner_sends(remote: Remote, conn: Socket, frame: dict[str, Any]) -> None:
    remote.receive(f"F{conn.id} {orjson.dumps(frame).decode()}")


def update(table: int, version: int) -> dict[str, Any]:
    return {"type": "update", "table": table, "version": version}


def heard(conn: Socket) -> list[tuple[str, Any]]:
    return [(f["type"], f.get("version", f.get("code"))) for f in conn.frames]


def test_after_table_moved_no_update_comes_before_the_rejoins_snapshot() -> None:
    """Redis restarted: the frames of versions 2 and 3 were lost. The owner goes on
    sending updates until it hears the rejoin; none reaches the client before the
    snapshot, or the client would see 1 then 4."""
    wire = Wire()
    remote = forwarding(wire)
    conn = Socket(7, remote={5: "p1", 6: "p1"})
    remote.local[conn.id] = conn
    owner_sends(remote, conn, update(5, 1))
    wire.on_reconnect()  # the subscriber is back: every remote table's client rejoins
    assert heard(conn)[-2:] == [("error", "table_moved"), ("error", "table_moved")]
    assert conn.remote == {}
    conn.frames.clear()
    owner_sends(remote, conn, update(5, 4))  # sent before the owner heard the rejoin
    owner_sends(remote, conn, {"type": "chat", "table": 5, "text": "hola"})
    remote.forward(conn, RemoteTable(5, "p1"), {"type": "join", "table": 5})
    owner_sends(remote, conn, update(5, 5))
    owner_sends(remote, conn, {"type": "joined", "table": 5, "seat": 1})
    owner_sends(remote, conn, {"type": "snapshot", "table": 5, "version": 5})
    owner_sends(remote, conn, update(5, 6))
    assert heard(conn) == [
        ("chat", None),
        ("joined", None),
        ("snapshot", 5),
        ("update", 6),
    ]
    # Table 6 is still to be rejoined: its updates wait for its own snapshot.
    owner_sends(remote, conn, update(6, 9))
    owner_sends(remote, conn, {"type": "catchup", "table": 6, "version": 9})
    owner_sends(remote, conn, update(6, 10))
    assert heard(conn)[-2:] == [("catchup", 9), ("update", 10)]
    assert remote.hushed == {}


def test_an_owner_forgot_while_redis_was_away_hears_the_connection_leave() -> None:
    """Redis came back: the connection forgets its tables' owners (its client rejoins),
    but an owner that is alive keeps its listener attached until it hears the
    connection leave. A socket closed before its rejoin told nobody: the seat counted as
    online for good."""
    wire = Wire()
    remote = forwarding(wire)
    conn = Socket(7, remote={5: "p1", 6: "p3"})
    remote.local[conn.id] = conn
    wire.on_reconnect()
    assert conn.remote == {}
    remote.forward(conn, RemoteTable(6, "p3"), {"type": "join", "table": 6})  # one rejoined
    wire.sent.clear()
    remote.gone(conn)  # closed before rejoining table 5
    assert sorted(wire.sent) == [("p1", "G7 5 p2"), ("p3", "G7 6 p2")]
    assert remote.behind == {}


def test_a_rejoin_nobody_hears_hushes_the_table_too() -> None:
    wire = Wire(deaf={"p1"})
    remote = forwarding(wire)
    conn = Socket(3)
    remote.local[conn.id] = conn
    remote.forward(conn, RemoteTable(5, "p1"), {"type": "action", "table": 5, "id": "a"})
    assert heard(conn) == [("error", "table_moved")]
    owner_sends(remote, conn, update(5, 8))  # the owner was only late, not gone
    assert heard(conn) == [("error", "table_moved")]
    remote.gone(conn)
    assert remote.hushed == {}


def test_an_owner_saying_table_moved_is_forgotten_for_that_table() -> None:
    """The owner lost table 5 (or has it no more) and says so: the client rejoins, and
    its rejoin must look the table up, not go to the same owner for the same answer
    again, for good. The owner hears the connection leave (its proxy would keep the
    table until the connection closes, and a closing connection tells only the owners
    it still knows), and what it sends on about table 5 waits for the rejoin's snapshot."""
    wire = Wire()
    remote = forwarding(wire)
    conn = Socket(7)
    remote.local[conn.id] = conn
    remote.forward(conn, RemoteTable(5, "p1"), {"type": "join", "table": 5})
    remote.forward(conn, RemoteTable(6, "p1"), {"type": "join", "table": 6})
    owner_sends(remote, conn, {"type": "error", "code": "table_moved", "table": 5})
    assert heard(conn) == [("error", "table_moved")]
    assert conn.remote == {6: "p1"}
    assert wire.sent[-1] == ("p1", "G7 5 p2")
    owner_sends(remote, conn, update(5, 9))
    owner_sends(remote, conn, update(6, 3))  # another table goes on as before
    owner_sends(remote, conn, {"type": "snapshot", "table": 5, "version": 9})
    assert heard(conn)[1:] == [("update", 3), ("snapshot", 9)]
    # A chat naming table_moved is no table_moved.
    owner_sends(remote, conn, {"type": "chat", "table": 6, "text": "table_moved"})
    assert conn.remote == {6: "p1"}
    assert heard(conn)[-1] == ("chat", None)


# -- the owner's side ---------------------------------------------------------------------


@dataclass
class Owner:
    """Process p1, owner of ``table`` (its host in seat 0); ``guest`` is at a socket of
    p2, whose messages come as p2 forwards them."""

    wire: Wire
    remote: Remote
    table: Table
    guest: PlayerInfo

    def hears(self, msg: dict[str, Any]) -> None:
        envelope = {"p": "p2", "c": 9, "u": self.guest.id, "m": msg}
        self.remote.receive("C" + dumps(envelope))

    def hears_gone(self) -> None:
        """p2's socket closed: ``Remote.gone`` on p2."""
        self.remote.receive(f"G9 {self.table.id} p2")

    def proxy(self) -> RemoteListener:
        return self.remote.proxies[("p2", 9)]

    def answers(self) -> list[dict[str, Any]]:
        """The frames sent back to the guest's socket."""
        return [orjson.loads(t.partition(" ")[2]) for p, t in self.wire.sent if p == "p2"]

    async def until(self, done: Callable[[list[dict[str, Any]]], bool]) -> None:
        async with asyncio.timeout(WAIT):
            while not done(self.answers()):
                self.wire.said.clear()
                await self.wire.said.wait()

    async def settled(self) -> None:
        """Whatever the table was given to do (a detach) is done."""

        async def nothing() -> None:
            pass

        await self.table.call(nothing)

    def online(self) -> list[int]:
        return [h.online for h in self.table.holders]

    def remote_listeners(self) -> list[Any]:
        return [c for c in self.table.listeners if isinstance(c, RemoteListener)]


Gate = Callable[[dict[str, Any]], Awaitable[None]]


@asynccontextmanager
async def owner(tmp_path: Path, gate: Gate | None = None) -> AsyncIterator[Owner]:
    """``gate`` runs before each forwarded command (a test holds one there)."""
    url = f"sqlite:///{tmp_path / 'bolola.db'}"
    store = await Store.open(url)
    room = Room(store, Settings(database_url=url, trim_seconds=0))
    host = await store.add_player("host", is_guest=True)
    guest = await store.add_player("guest", is_guest=True)
    table = await room.create(host, TableSpec.from_json({}))
    await table.call(lambda: table.take_seat(host, 0))

    async def command(conn: Any, at: Table, msg: dict[str, Any]) -> dict[str, Any] | None:
        if gate is not None:
            await gate(msg)
        return await table_command(conn, at, msg, room, store)

    wire = Wire(me="p1")
    remote = Remote(cast(Cluster, wire), store, room.tables, command)
    try:
        yield Owner(wire, remote, table, guest)
    finally:
        await room.close()
        await store.close()


@pytest.mark.parametrize("gone", ["socket closed", "process died"])
def test_a_connection_gone_right_after_its_join_is_not_left_attached(
    tmp_path: Path, gone: str
) -> None:
    """The guest's socket closes (or p2 dies) right after its join: the owner hears it
    while the join still waits for its worker (its player read from the database). Had
    the leaving gone first, the join would attach the listener after it, for good: the
    seat online forever, with no grace, no stand-in, and a table with no move clock
    waiting for good."""

    async def scenario() -> None:
        async with owner(tmp_path) as p1:
            p1.hears({"type": "join", "table": p1.table.id, "seat": 1})
            proxy = p1.proxy()
            if gone == "socket closed":
                p1.hears_gone()
            else:
                p1.remote.processes_gone({"p2"})
            assert proxy.worker is not None
            await asyncio.wait_for(proxy.worker, WAIT)
            await p1.settled()
            assert {"joined", "snapshot"} <= {a["type"] for a in p1.answers()}  # it ran
            assert p1.remote_listeners() == []
            assert p1.online() == [0, 0, 0, 0]
            assert p1.remote.proxies == {}

    asyncio.run(scenario())


def test_a_process_taken_for_dead_has_its_clients_told_to_rejoin(tmp_path: Path) -> None:
    """p2 is taken for dead (its alive key missing: paused past its lease, or Redis
    restarted and p2 not yet heartbeating) while its guest is seated here: the guest's
    listener goes, and the guest is told to rejoin, after what it sent before has run.
    Dropped without a word, a p2 alive after all left its player waiting at a table
    that told it nothing more, its seat offline here, until the grace handed it to a
    bot."""

    async def scenario() -> None:
        async with owner(tmp_path) as p1:
            t = p1.table.id
            p1.hears({"type": "join", "table": t, "seat": 1})
            proxy = p1.proxy()
            p1.remote.processes_gone({"p2"})  # before the join has run
            assert proxy.worker is not None
            await asyncio.wait_for(proxy.worker, WAIT)
            await p1.settled()
            kinds = [a["type"] for a in p1.answers()]
            assert kinds.index("snapshot") < kinds.index("error")
            assert p1.answers()[-1] == {
                "type": "error",
                "code": "table_moved",
                "message": p1.answers()[-1]["message"],
                "table": t,
            }
            assert p1.remote_listeners() == []
            assert p1.online() == [0, 0, 0, 0]
            p1.hears({"type": "join", "table": t, "seat": 1})  # p2 alive: the rejoin
            await p1.until(lambda a: a[-1]["type"] == "snapshot")
            assert p1.remote_listeners() == [p1.proxy()]
            assert p1.online() == [0, 1, 0, 0]

    asyncio.run(scenario())


def test_a_failed_read_of_the_player_fails_one_command_not_the_connection(
    tmp_path: Path,
) -> None:
    """The worker's first read of the player fails (the database away for a moment):
    the command is answered server_error, and a later command of the same connection
    runs (it used to wait, unread and unanswered, behind a worker that had died)."""

    async def scenario() -> None:
        async with owner(tmp_path) as p1:
            store = p1.remote.store
            real = store.player
            reads = 0

            async def flaky(player_id: int) -> PlayerInfo | None:
                nonlocal reads
                reads += 1
                if reads == 1:
                    raise RuntimeError("the database is away for a moment")
                return await real(player_id)

            store.player = flaky  # type: ignore[method-assign]
            join = {"type": "join", "table": p1.table.id, "seat": 1}
            p1.hears({**join, "id": "j1"})
            await p1.until(lambda a: len(a) == 1)
            assert [(a["code"], a.get("id")) for a in p1.answers()] == [("server_error", "j1")]
            p1.hears(join)
            await p1.until(lambda a: a[-1]["type"] == "snapshot")
            proxy = p1.proxy()
            assert proxy.player.name == "guest"  # read this time
            assert p1.remote_listeners() == [proxy]
            assert p1.online() == [0, 1, 0, 0]
            assert proxy.worker is not None and not proxy.worker.done()
            assert proxy.queue.empty()
            p1.hears_gone()
            await asyncio.wait_for(proxy.worker, WAIT)

    asyncio.run(scenario())


def test_a_worker_ended_early_is_dropped_and_its_client_told(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A worker cancelled in the middle of a command (whatever ends it early): logged,
    its proxy dropped (a later message makes a new one, not a queue nobody reads), its
    listener detached, its client told to rejoin and answered for what it had sent."""
    held = asyncio.Event()
    never = asyncio.Event()

    async def gate(msg: dict[str, Any]) -> None:
        if msg["type"] == "chat":
            held.set()
            await never.wait()

    async def scenario() -> None:
        async with owner(tmp_path, gate) as p1:
            t = p1.table.id
            p1.hears({"type": "join", "table": t, "seat": 1})
            p1.hears({"type": "chat", "table": t, "text": "hola", "id": "c"})
            p1.hears({"type": "back", "table": t, "id": "b"})
            await asyncio.wait_for(held.wait(), WAIT)
            proxy = p1.proxy()
            assert proxy.worker is not None
            proxy.worker.cancel()
            with pytest.raises(asyncio.CancelledError):
                await proxy.worker
            await p1.settled()
            assert p1.remote.proxies == {}
            assert p1.remote_listeners() == []
            assert p1.online() == [0, 0, 0, 0]
            told = [(a["code"], a.get("id")) for a in p1.answers() if a["type"] == "error"]
            assert told == [("table_moved", None), ("server_error", "c"), ("server_error", "b")]
            assert "worker was cancelled" in caplog.text
            p1.hears({"type": "join", "table": t, "seat": 1})  # the client's rejoin
            await p1.until(lambda a: a[-1]["type"] == "snapshot")
            assert p1.remote_listeners() == [p1.proxy()]
            assert p1.proxy() is not proxy

    with caplog.at_level(logging.WARNING, logger="bolola.remote"):
        asyncio.run(scenario())
