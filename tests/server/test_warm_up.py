"""A restart's warm-up (``Room._warm``: every restored table's log replayed, one table
after another, while the server serves), in process on SQLite."""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from bolola.server.room import Room
from bolola.server.settings import Settings
from bolola.server.spec import TableSpec
from bolola.store.models import Player
from bolola.store.store import PlayerInfo, Store

TABLES = 400  # copies of one table of ACTIONS actions: a warm-up of about half a second
ACTIONS = 60


@dataclass(eq=False)
class Seated:
    """A player's connection, as the table sees one."""

    player: PlayerInfo
    fold_acks: bool = False
    frames: list[Any] = field(default_factory=list)

    def send(self, message: Any) -> None:
        self.frames.append(message)


async def one_played_table(store: Store, url: str) -> int:
    """A King Bolola table of four people, ``ACTIONS`` actions into its match, left live."""
    room = Room(store, Settings(database_url=url, trim_seconds=0))
    players = [await store.add_player(f"p{n}", is_guest=True) for n in range(4)]
    spec = TableSpec.from_json({"seats": [{"kind": "human"}] * 4})
    table = await room.create(players[0], spec)
    conns = [Seated(p) for p in players]
    for seat, c in enumerate(conns):
        await table.call(lambda c=c, seat=seat: table.take_seat(c.player, seat))
    for n in range(ACTIONS):
        seat = table.game.to_move(table.state)[0]
        action = str(table.game.legal_actions(table.state, seat)[0])
        act = table.act(conns[seat], f"a{n}", table.version, action)
        await table.call(lambda act=act: act)
    assert table.version == ACTIONS
    await room.close()
    return table.id


def copy_table(path: Path, table_id: int, copies: int) -> None:
    """``copies`` more tables like ``table_id`` (its seats and log too): the same seed, so
    each log replays as the first does."""
    db = sqlite3.connect(path)
    (top,) = db.execute("select max(id) from tables").fetchone()
    for n in range(1, copies + 1):
        for name, key in (("tables", "id"), ("seats", "table_id"), ("actions", "table_id")):
            cursor = db.execute(f"select * from {name} where {key} = ?", (table_id,))
            columns = [d[0] for d in cursor.description]
            for row in cursor.fetchall():
                values = [top + n if c == key else v for c, v in zip(columns, row, strict=True)]
                marks = ", ".join("?" * len(values))
                db.execute(f"insert into {name} ({', '.join(columns)}) values ({marks})", values)
    db.commit()
    db.close()


def test_a_database_read_is_answered_while_the_warm_up_runs(tmp_path: Path) -> None:
    """After a restart a request's read of the database (a player's hello, /healthz) is
    answered while tables are still cold, and the warm-up, which now leaves the loop idle
    a moment every few milliseconds, still replays every table to its version. (Without
    the pauses the GIL stayed with the busy loop and SQLite's thread had it only at
    Python's switch interval, once per round trip: /healthz waited 1.2 s for 1,000
    tables. How long a read waits is the bench's to measure, `bolola bench server
    --restart`, not a test's: here it waits for some tables with or without the
    pauses.)"""
    path = tmp_path / "bolola.db"
    url = f"sqlite:///{path}"

    async def prepare() -> None:
        store = await Store.open(url)
        try:
            played = await one_played_table(store, url)
        finally:
            await store.close()
        copy_table(path, played, TABLES - 1)

    async def restart() -> None:
        store = await Store.open(url)
        room = Room(store, Settings(database_url=url, trim_seconds=0))
        try:
            await room.restore()
            assert room.rebuilding == TABLES
            async with store._sessions() as s:
                (count,) = (await s.execute(select(func.count()).select_from(Player))).one()
            assert count == 4
            assert room.rebuilding > 0, "the read waited for the whole warm-up"
            assert room._warming is not None
            await room._warming
            assert room.rebuilding == 0
            assert all(t.version == ACTIONS for t in room.tables.values())
        finally:
            await room.close()
            await store.close()

    asyncio.run(prepare())
    asyncio.run(restart())
