"""A connection's writes: at once while the socket takes them, in order behind one that
waits (a slow client), and a client too far behind dropped."""

from __future__ import annotations

import asyncio
from typing import cast

import pytest
from starlette.websockets import WebSocket, WebSocketDisconnect

from bolola.server import connection
from bolola.server.connection import Connection
from bolola.store.store import PlayerInfo


class Socket:
    """Starlette's WebSocket as a connection uses it: ``send_text`` waits while the
    transport does not take more (``writable`` clear), as uvicorn's send does."""

    def __init__(self) -> None:
        self.writable = asyncio.Event()
        self.writable.set()
        self.sent: list[str] = []
        self.closed_with: int | None = None
        self.gone = False

    async def send_text(self, text: str) -> None:
        await self.writable.wait()
        if self.gone:
            raise WebSocketDisconnect(1006)
        self.sent.append(text)

    async def close(self, code: int = 1000) -> None:
        self.closed_with = code


def _connection(ws: Socket) -> Connection:
    return Connection(cast(WebSocket, ws), PlayerInfo(1, "ana", False, 0, 0))


async def _settled() -> None:
    for _ in range(10):  # enough turns of the loop for the sender to write what is queued
        await asyncio.sleep(0)


def test_a_socket_that_takes_frames_gets_each_at_once_with_no_task() -> None:
    async def scenario() -> None:
        ws = Socket()
        conn = _connection(ws)
        conn.send("a")
        conn.send({"type": "b"})
        assert ws.sent == ["a", '{"type":"b"}']  # written before the loop ran anything
        assert conn._sender is None

    asyncio.run(scenario())


def test_frames_behind_a_write_that_waits_keep_their_order() -> None:
    async def scenario() -> None:
        ws = Socket()
        conn = _connection(ws)
        conn.send("1")
        ws.writable.clear()  # the client stops reading
        conn.send("2")
        conn.send("3")
        await _settled()
        assert ws.sent == ["1"] and conn._sender is not None
        ws.writable.set()
        await _settled()
        assert ws.sent == ["1", "2", "3"] and conn._sender is None
        conn.send("4")  # and at once again
        assert ws.sent == ["1", "2", "3", "4"]

    asyncio.run(scenario())


def test_a_client_too_far_behind_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connection, "MAX_PENDING", 3)

    async def scenario() -> None:
        ws = Socket()
        conn = _connection(ws)
        ws.writable.clear()
        for n in range(6):
            conn.send(str(n))
        assert conn.closed
        ws.writable.set()
        await _settled()
        # What was queued before it fell too far behind, then the close.
        assert ws.sent == ["0", "1", "2", "3"] and ws.closed_with == 1013

    asyncio.run(scenario())


def test_a_socket_gone_marks_the_connection_closed_and_later_sends_do_nothing() -> None:
    async def scenario() -> None:
        ws = Socket()
        conn = _connection(ws)
        ws.gone = True
        conn.send("lost")
        assert conn.closed and conn._sender is None
        conn.send("after")
        assert ws.sent == []

    asyncio.run(scenario())


def test_closing_cancels_a_write_that_waits() -> None:
    async def scenario() -> None:
        ws = Socket()
        conn = _connection(ws)
        ws.writable.clear()
        conn.send("stuck")
        await _settled()
        await conn.close()
        assert conn.closed and conn._sender is None and ws.sent == []

    asyncio.run(scenario())
