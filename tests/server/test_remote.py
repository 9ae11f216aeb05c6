"""Forwarding between processes, without Redis: what a connection told its table moved
hears from the owner before its rejoin's snapshot comes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

import orjson

from bolola.server.cluster import Cluster
from bolola.server.remote import Remote, RemoteTable
from bolola.server.table import Table
from bolola.store.store import PlayerInfo, Store


@dataclass
class Wire:
    """A cluster that records what is sent; ``deaf`` processes hear nothing."""

    me: str = "p2"
    deaf: set[str] = field(default_factory=set)
    sent: list[tuple[str, str]] = field(default_factory=list)
    on_message: Callable[[str], None] = lambda text: None
    on_reconnect: Callable[[], None] = lambda: None

    def send(self, process: str, text: str, unheard: Callable[[], None] | None = None) -> None:
        self.sent.append((process, text))
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
