"""The server plays a match of every game by itself when it starts, on a database of its
own in a temporary folder, before its first player would (issue 15).

What a process makes the first time it serves a table (SQLAlchemy's memos of each
statement and mapper path, the games' and the protocol's first-use caches) stays for good,
a few hundred objects at most. Made in a busy hour they land among that hour's tables,
one object to a page, and each keeps its page when the tables leave: the server stayed a
tenth above its start after 1,000 tables had come and gone. Made here, before anyone
plays, they sit together among the start's objects, and the first real table does not pay
for them either (docs/performance.md, "Memory, tenth round").

The rehearsal goes through the same path as a browser: guests say hello on stand-in
sockets driven by :func:`~bolola.server.connection.serve_socket`, one of them creates a
table, every seat joins and plays legal moves (chosen by a seeded random) until the match
is over and its results are stored. Nothing of it reaches the real database, the lobby,
Redis or the log (below warnings).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import random
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bolola import registry
from bolola.server import protocol
from bolola.server.accounts import Keys
from bolola.server.connection import Admission, serve_socket
from bolola.server.limits import Buckets
from bolola.server.room import Room
from bolola.server.settings import Settings
from bolola.store.store import Store

MOST_TURNS = 5000
"""A seat woken this many times without the match ending fails the rehearsal (a random
player's match is longer than most; King Bolola's 24 deals are about 1,200 moves)."""

MOST_SECONDS = 120.0
"""The server gives up a rehearsal that takes longer (about three seconds on a small
machine, nearly all of it in the matches)."""

UNLIMITED = 1_000_000
_rehearsing: contextvars.ContextVar[bool] = contextvars.ContextVar("rehearsing", default=False)


class Quiet(logging.Filter):
    """Drops what the rehearsal's tables log below a warning: an operator reading the log
    should not see a match nobody played."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno >= logging.WARNING or not _rehearsing.get()


class StandInSocket:
    """What :func:`serve_socket` uses of a WebSocket, fed by one rehearsal player."""

    headers: dict[str, str] = {}  # noqa: RUF012 (never written)
    cookies: dict[str, str] = {}  # noqa: RUF012
    client = None

    def __init__(self) -> None:
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.frames: asyncio.Queue[Any] = asyncio.Queue()

    async def accept(self) -> None:
        return None

    async def receive(self) -> dict[str, Any]:
        return await self.inbox.get()

    async def send_text(self, text: str) -> None:
        self.frames.put_nowait(protocol.loads(text))

    async def close(self, code: int = 1000) -> None:
        self.inbox.put_nowait({"type": "websocket.disconnect", "code": code})

    def say(self, message: dict[str, Any]) -> None:
        self.inbox.put_nowait({"type": "websocket.receive", "text": protocol.dumps(message)})

    async def next(self, kind: str) -> dict[str, Any]:
        while True:
            frame: dict[str, Any] = await self.frames.get()
            # A stale move (another seat's landed first) is answered with a snapshot,
            # which comes next; any other refusal is a failure.
            if frame["type"] == "error" and frame.get("code") != "stale":
                raise RuntimeError(f"the rehearsal's table refused: {frame}")
            if frame["type"] == kind:
                return frame


def settings_for(settings: Settings, database_url: str) -> Settings:
    """The server's settings, on the rehearsal's own database, alone, without limits."""
    return settings.model_copy(
        update={
            "database_url": database_url,
            "redis_url": "",
            "messages_per_second": float(UNLIMITED),
            "message_burst": UNLIMITED,
            "tables_per_player": UNLIMITED,
            "connections_per_player": UNLIMITED,
            "trim_seconds": 0.0,
            "finished_table_seconds": 0.0,
        }
    )


async def rehearse(settings: Settings) -> float:
    """Plays a match of every registered game; returns the seconds it took."""
    began = time.perf_counter()
    token = _rehearsing.set(True)
    try:
        with tempfile.TemporaryDirectory(prefix="bolola-rehearsal-") as folder:
            url = f"sqlite:///{Path(folder) / 'rehearsal.db'}"
            store = await Store.open(url)
            room = Room(store, settings_for(settings, url))
            try:
                for n, game in enumerate(registry.registered()):
                    await _match(room, store, game.name, game.seat_count(game.default_options()), n)
            finally:
                await room.close()
                await store.close()
    finally:
        _rehearsing.reset(token)
    return time.perf_counter() - began


async def _match(room: Room, store: Store, game: str, seats: int, seed: int) -> None:
    keys = Keys("rehearsal")
    admission = Admission(Buckets(float(UNLIMITED), UNLIMITED, name="rehearsal"))
    sockets = [StandInSocket() for _ in range(seats)]
    served = [
        asyncio.create_task(serve_socket(ws, room, store, keys, admission))  # type: ignore[arg-type]
        for ws in sockets
    ]
    try:
        for ws in sockets:
            ws.say({"type": "hello", "protocol": protocol.PROTOCOL, "fold_acks": True})
            await ws.next("welcome")
        spec = {"game": game, "seats": [{"kind": "human"}] * seats, "rated": True}
        sockets[0].say({"type": "create", "table": spec})
        table = (await sockets[0].next("created"))["table"]["id"]
        for seat, ws in enumerate(sockets):
            ws.say({"type": "join", "table": table, "seat": seat})
        rng = random.Random(seed)
        players = [asyncio.create_task(_play(ws, table, rng)) for ws in sockets]
        try:
            await asyncio.gather(*players)
        finally:  # one seat failed (or the rehearsal was stopped): the others stop too
            for player in players:
                player.cancel()
            await asyncio.gather(*players, return_exceptions=True)
    finally:
        for ws in sockets:
            await ws.close()
        await asyncio.gather(*served, return_exceptions=True)


async def _play(ws: StandInSocket, table: int, rng: random.Random) -> None:
    """One seat: a legal move whenever its newest view asks for one, until the match is
    over (a move made on an older view is refused as stale, and a snapshot follows). Any
    other refusal, or a match that does not end, fails the rehearsal at once rather than
    leaving it waiting."""
    acted = -1
    view: dict[str, Any] | None = None
    version = -1
    for _ in range(MOST_TURNS):
        frames = [await ws.frames.get()]
        while not ws.frames.empty():
            frames.append(ws.frames.get_nowait())
        for frame in frames:
            if frame["type"] == "over":
                return
            # A stale move (another seat's landed first) is answered with a snapshot,
            # which comes next; any other refusal is a failure.
            if frame["type"] == "error" and frame.get("code") != "stale":
                raise RuntimeError(f"the rehearsal's table refused: {frame}")
            if frame["type"] in ("snapshot", "update") and frame["version"] >= version:
                view, version = frame["view"], frame["version"]
        mine = view is not None and view["seat"] in view["to_move"] and view["legal"]
        if mine and version > acted:
            assert view is not None
            acted = version
            message = {
                "type": "action",
                "table": table,
                "id": f"r{version}",
                "version": version,
                "action": rng.choice(view["legal"]),
            }
            ws.say(message)
    raise RuntimeError(f"the rehearsal's match of table {table} did not end")


@contextlib.contextmanager
def quiet_log() -> Iterator[None]:
    """The rehearsal's filter on the server's log handlers while it runs."""
    quiet = Quiet()
    handlers = logging.getLogger().handlers
    for h in handlers:
        h.addFilter(quiet)
    try:
        yield
    finally:
        for h in handlers:
            h.removeFilter(quiet)
