"""Restarts (checklist 14): after kill -9 or a graceful stop every table is rebuilt from
its log, clocks re-armed with fresh time, clients resync, nothing accepted is lost."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import socket
import time
from collections.abc import Callable
from typing import Any

import pytest
from roomclient import Player, ServerProcess, open_table, play, run

from bolola.store.store import Store

# Real ``bolola serve`` processes: killed with SIGKILL, stopped with SIGTERM, started again.
pytestmark = pytest.mark.slow


def acked(p: Player) -> list[int]:
    return [f["version"] for f in p.frames if f.get("type") == "ack"]


def seen(p: Player) -> int:
    return max([0, *(f["version"] for f in p.frames if f.get("type") == "update")])


def test_kill_9_loses_nothing_accepted(make_server: Callable[..., ServerProcess]) -> None:
    server = make_server()

    async def scenario() -> None:
        table, players = await open_table(server, 4, move_seconds=60, options={"first-declarer": 0})
        watcher = await Player.connect(server)
        await watcher.send({"type": "join", "table": table, "watch": True})
        tasks = [asyncio.create_task(play(p, table, until=lambda f: False)) for p in players]
        await watcher.expect(lambda f: f.get("type") == "update" and f["version"] >= 40)
        server.kill()  # while every client is still sending
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for p in players:
            with contextlib.suppress(Exception):
                await p.close()
        highest_ack = max(v for p in players for v in acked(p))
        highest_seen = max(seen(p) for p in players)

        restarted_at = time.time()
        server.start()
        back = [await Player.connect(server, token=p.token) for p in players]
        for seat, (old, new) in enumerate(zip(players, back, strict=True)):
            await new.send({"type": "join", "table": table, "since": old.version})
            frame = await new.expect(lambda f: f.get("type") in ("catchup", "snapshot"))
            assert frame["seat"] == seat
            assert frame["version"] >= max(highest_ack, highest_seen)
            if frame["type"] == "catchup":
                got = [u["version"] for u in frame["updates"]]
                assert got == list(range(old.version + 1, frame["version"] + 1))
            clock = frame["clock"]
            assert clock is not None and clock["seats"] == frame["view"]["to_move"]
            assert clock["deadline_ms"] >= restarted_at * 1000  # armed afresh after restart
        target = back[0].version + 12
        await asyncio.gather(
            *(
                play(p, table, until=lambda f: f.get("type") == "update" and f["version"] >= target)
                for p in back
            )
        )

    run(scenario)


def test_kill_9_during_a_burst_across_tables_loses_no_acknowledged_action(
    make_server: Callable[..., ServerProcess],
) -> None:
    """Group commit: many tables' actions share each commit. Killed (-9) while every
    seat of eight tables sends as fast as it may, the server restarts with each
    acknowledged action in its table's log at the acknowledged version, and a repeat of
    its id is answered with that version again, never applied twice."""
    server = make_server()

    async def scenario() -> None:
        opened = [await open_table(server, 4, options={"first-declarer": 0}) for _ in range(8)]
        tasks = [
            asyncio.create_task(play(p, table, until=lambda f: False))
            for table, players in opened
            for p in players
        ]
        everyone = [p for _, players in opened for p in players]
        async with asyncio.timeout(60):
            while sum(len(acked(p)) for p in everyone) < 150:
                await asyncio.sleep(0.01)
        server.kill()  # in the middle of the burst
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for p in everyone:
            with contextlib.suppress(Exception):
                await p.close()

        server.start()
        store = await Store.open(server.database_url)
        try:
            for table, players in opened:
                logged = {a.version: a for a in await store.actions_after(table, 0)}
                for p in players:
                    acks = [f for f in p.frames if f.get("type") == "ack"]
                    for ack in acks:
                        entry = logged.get(ack["version"])
                        assert entry is not None, f"table {table}: ack {ack} not in the log"
                        assert entry.client_id == ack["id"]
                    again = await Player.connect(server, token=p.token)
                    await again.send({"type": "join", "table": table, "since": 0})
                    await again.expect(lambda f: f.get("type") in ("catchup", "snapshot"))
                    for ack in acks[-3:]:  # the last ones, the likeliest to be lost
                        await again.send(
                            {
                                "type": "action",
                                "table": table,
                                "id": ack["id"],
                                "version": 0,
                                "action": "2C",
                            }
                        )
                        answer = await again.expect(lambda f: f.get("type") in ("ack", "error"))
                        assert answer == {**ack, "repeat": True}, answer
                    await again.close()
        finally:
            await store.close()

    run(scenario)


def test_graceful_restart_keeps_tables_and_sessions(
    make_server: Callable[..., ServerProcess],
) -> None:
    server = make_server()

    async def scenario() -> None:
        table, (p,) = await open_table(server, 1, options={"first-declarer": 0})
        await play(p, table, until=lambda f: f.get("type") == "update" and f["version"] >= 20)
        version = p.version
        await p.close()
        # uvicorn re-raises SIGTERM once shut down, so the exit is by that signal; the log
        # shows the shutdown ran (connections closed, queued writes committed).
        assert server.stop() in (0, -15)
        assert '"msg": "stopped"' in server.log.read_text()
        server.start()
        again = await Player.connect(server, token=p.token)
        assert again.name == p.name
        await again.send({"type": "join", "table": table, "since": version})
        frame: dict[str, Any] = await again.expect(
            lambda f: f.get("type") in ("catchup", "snapshot")
        )
        assert frame["seat"] == 0 and frame["version"] >= version
        await play(
            again, table, until=lambda f: f.get("type") == "update" and f["version"] >= version + 8
        )

    run(scenario)


def test_stopping_is_not_held_by_a_client_that_reads_nothing(
    make_server: Callable[..., ServerProcess],
) -> None:
    """All-bot tables sent their moves to a watcher that read nothing; on SIGTERM the
    tables went on playing and the watcher's connection, its data unsent, could not
    close: the stop waited out uvicorn's whole graceful timeout. Now the tables stop
    first and a connection that cannot close is cut a second after being told."""
    server = make_server()

    async def scenario() -> None:
        viewer = await Player.connect(server)
        stuck = await _silent_watcher(server)
        tables = []
        for _ in range(3):
            await viewer.send({"type": "create", "table": {"seats": [BOT] * 4}})
            table = (await viewer.expect("created"))["table"]["id"]
            await viewer.send({"type": "join", "table": table, "watch": True})
            stuck.sendall(_masked({"type": "join", "table": table, "watch": True}))
            tables.append(table)
        # Whole matches (a few MB of updates) sent to a client that reads none of them.
        for _ in tables:
            await viewer.expect("over", timeout=60)
        await viewer.close()
        assert server.stop() in (0, -15)
        stuck.close()

    run(scenario)
    log = server.log.read_text()
    assert '"msg": "stopped"' in log
    assert "timeout graceful shutdown exceeded" not in log


BOT = {"kind": "bot", "level": "beginner"}


async def _silent_watcher(server: ServerProcess) -> socket.socket:
    """A WebSocket client on a bare socket, with a tiny receive buffer, that says hello
    and then never reads."""
    s = socket.create_connection(("127.0.0.1", server.port))
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    key = base64.b64encode(os.urandom(16)).decode()
    head = (
        f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    s.sendall(head.encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += await asyncio.to_thread(s.recv, 1)  # the handshake's answer, no further
    assert answer.startswith(b"HTTP/1.1 101"), answer
    s.sendall(_masked({"type": "hello", "protocol": 1}))
    return s


def _masked(message: dict[str, Any]) -> bytes:
    """A client's text frame (clients mask what they send)."""
    data = json.dumps(message).encode()
    mask = os.urandom(4)
    head = bytes([0x81])
    head += bytes([0x80 | len(data)]) if len(data) < 126 else bytes([0xFE]) + len(data).to_bytes(2)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))
