"""Issue 16 item 4: what one client may make is limited, each limit with a clear error.

Guests per address, tables per player (REST and WebSocket alike), connections per
player, REST bodies (refused before they are read), open tables nobody joins (they leave
the room), and tables nobody plays at (paced, never the tables people play at). Each test
sets its limit low on a server of its own settings; docs/security.md lists the defaults.
"""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Callable
from typing import Any

import httpx
from roomclient import WAIT, Player, Rest, ServerProcess, open_table, play, run
from websockets.asyncio.client import connect

BOTS = [{"kind": "bot", "level": "beginner"}] * 4
HUMANS = [{"kind": "human"}] * 4


def is_error(r: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, (r.status_code, r.text)
    assert r.headers["content-type"].startswith("application/json"), r.headers
    body: dict[str, Any] = r.json()
    assert body["type"] == "error" and body["code"] == code, body
    assert isinstance(body["message"], str) and body["message"]
    return body


async def answer(player: Player, message: dict[str, Any]) -> dict[str, Any]:
    await player.send(message)
    return await player.expect(lambda f: f.get("type") in ("error", "created", "welcome"))


def test_guests_are_limited_per_address(server_with: Callable[..., ServerProcess]) -> None:
    """300 guests in a row were accepted; now an address makes a few an hour, by REST or
    by a WebSocket hello without a token alike."""
    server = server_with(guests_per_address_per_hour=3)

    async def scenario() -> None:
        made = []
        for _ in range(2):
            rest = Rest(server)
            made.append(await rest.guest())
            await rest.close()
        ws = await Player.connect(server)  # the third: a hello without a token
        rest = Rest(server)
        csrf = (await rest.client.get("/api/csrf")).json()["csrf"]
        r = await rest.client.post("/api/guest", headers={"x-csrf-token": csrf})
        assert "too many new guests" in is_error(r, 429, "rate_limited")["message"]
        late = Player(await connect(server.ws))
        await late.send({"type": "hello", "protocol": 1})
        assert (await late.expect("error"))["code"] == "rate_limited"
        # Players who have a session are not new guests: they come in as before.
        again = await Player.connect(server, token=made[0]["token"])
        assert again.name == made[0]["player"]["name"]
        for p in (ws, late, again):
            await p.close()
        await rest.close()

    run(scenario)


def test_tables_are_limited_per_player_over_rest_and_websocket(
    server_with: Callable[..., ServerProcess],
) -> None:
    """One guest made 253 tables; the lobby frame grew to 89 KB. Open tables and all-bot
    tables in play count alike, whichever way they were made."""
    server = server_with(tables_per_player=2)

    async def scenario() -> None:
        host = await Player.connect(server)
        rest = Rest(server, host.token)
        assert (await answer(host, {"type": "create", "table": {"seats": HUMANS}}))[
            "type"
        ] == "created"
        r = await rest.post("/api/tables", {"seats": BOTS})
        assert r.status_code == 201, r.text
        before = (await rest.get("/api/tables")).json()
        refused = await answer(host, {"type": "create", "table": {"seats": HUMANS}})
        assert refused["code"] == "too_many_tables", refused
        is_error(await rest.post("/api/tables", {"seats": HUMANS}), 429, "too_many_tables")
        # Nothing was made: the lobby is as it was.
        after = (await rest.get("/api/tables")).json()
        assert [t["id"] for t in after["tables"]] == [t["id"] for t in before["tables"]]
        # Another player is not counted against this one.
        other = await Player.connect(server)
        assert (await answer(other, {"type": "create", "table": {"seats": HUMANS}}))[
            "type"
        ] == "created"
        for p in (host, other):
            await p.close()
        await rest.close()

    run(scenario)


def test_a_table_left_to_bots_frees_its_place_up_to_four_times_the_limit(
    server_with: Callable[..., ServerProcess],
) -> None:
    """A new player trying each game in turn leaves each table to a bot (PL-5): those
    tables, still in play, no longer block a new one, but only up to four times the
    limit in all."""
    server = server_with(tables_per_player=1, stand_in_seconds=60)
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "beginner"}] * 3

    async def scenario() -> None:
        host = await Player.connect(server)
        for n in range(4):
            created = await answer(host, {"type": "create", "table": {"seats": seats}})
            assert created["type"] == "created", (n, created)
            table = created["table"]["id"]
            # At the table: no second one.
            await host.send({"type": "join", "table": table, "seat": 0})
            await host.expect("snapshot")
            refused = await answer(host, {"type": "create", "table": {"seats": seats}})
            assert refused["code"] == "too_many_tables", (n, refused)
            # Left to a bot: its place is free again (until four in all).
            await host.send({"type": "leave", "table": table})
            await host.expect("left")
        refused = await answer(host, {"type": "create", "table": {"seats": seats}})
        assert refused["code"] == "too_many_tables", refused
        assert "3 left to bots" not in refused["message"] and "4 left to bots" in refused["message"]
        await host.close()

    run(scenario)


def test_connections_are_limited_per_player(server_with: Callable[..., ServerProcess]) -> None:
    server = server_with(connections_per_player=2)

    async def scenario() -> None:
        first = await Player.connect(server)
        second = await Player.connect(server, token=first.token)
        third = Player(await connect(server.ws))
        hello = {"type": "hello", "protocol": 1, "token": first.token}
        await third.send(hello)
        refused = await third.expect("error")
        assert refused["code"] == "too_many_connections", refused
        # The refused connection stays open (a refusal is an error, not a drop) and may
        # say hello again once one of the player's others has closed.
        await second.close()
        async with asyncio.timeout(WAIT):
            while True:  # until the server has seen the close
                await third.send(hello)
                if (await third.expect(lambda f: True))["type"] == "welcome":
                    break
        await third.send({"type": "ping", "t": 1})
        assert (await third.expect("pong"))["t"] == 1
        for p in (first, third):
            await p.close()

    run(scenario)


def _raw_post(server: ServerProcess, head: bytes, body: list[bytes]) -> bytes:
    """Send a request's head and these pieces of its body, then read all the answer."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=WAIT) as s:
        s.sendall(head)
        for piece in body:
            s.sendall(piece)
        out = b""
        while chunk := s.recv(65536):
            out += chunk
        return out


def _status_and_json(raw: bytes) -> tuple[int, dict[str, Any]]:
    head, _, body = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    return status, json.loads(body)


def test_a_huge_body_is_refused_before_it_is_read(server: ServerProcess) -> None:
    """A 50 MB JSON body was read and parsed. Now its length alone refuses it: the 413
    comes back, and the connection closes, before any of the body is sent. (Sending some
    first made this test flaky: bytes the server never read when it closes make TCP reset
    the connection, which may discard the answer before the client reads it.)"""
    head = (
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 50000000\r\n\r\n"
    )
    status, body = _status_and_json(_raw_post(server, head, []))
    assert status == 413 and body["code"] == "too_large", body
    # Without a length (chunked), it is read up to the limit and refused there.
    head = (
        b"POST /api/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    chunk = b"%x\r\n%s\r\n" % (40000, b" " * 40000)
    status, body = _status_and_json(_raw_post(server, head, [chunk] * 2))
    assert status == 413 and body["code"] == "too_large", body

    async def scenario() -> None:
        rest = Rest(server)
        await rest.guest()
        big = {"seats": HUMANS, "padding": "x" * 70000}
        is_error(await rest.post("/api/tables", big), 413, "too_large")
        r = await rest.post("/api/tables", {"seats": HUMANS})  # the same client, still served
        assert r.status_code == 201, r.text
        await rest.close()

    run(scenario)


def test_an_open_table_nobody_joins_leaves_the_room(
    server_with: Callable[..., ServerProcess],
) -> None:
    # Two seconds: ample for the host to sit down after making it (which starts the wait
    # again), short for a test.
    server = server_with(open_table_seconds=2.0, tables_per_player=1)

    async def scenario() -> None:
        host = await Player.connect(server)
        looker = await Player.connect(server)
        await looker.send({"type": "lobby"})
        await looker.expect("lobby")
        await host.send({"type": "create", "table": {"seats": HUMANS}})
        table = (await host.expect("created"))["table"]["id"]
        await host.send({"type": "join", "table": table, "seat": 0})
        await host.expect("snapshot")
        # Those at the table are told; the lobby drops it (its status is in no list).
        told = await host.expect("error")
        assert told["code"] == "table_expired" and told["table"] == table, told
        change = await looker.expect(
            lambda f: (
                f.get("type") == "lobby"
                and (f.get("table") or {}).get("id") == table
                and f["table"]["status"] != "open"
            )
        )
        assert change["table"]["status"] == "expired"
        rest = Rest(server, host.token)
        listed = (await rest.get("/api/tables")).json()
        assert table not in [t["id"] for t in listed["tables"] + listed["playing"]]
        is_error(await rest.get(f"/api/tables/{table}"), 404, "no_table")
        is_error(await rest.get(f"/api/tables/{table}/record"), 404, "no_record")
        await host.send({"type": "join", "table": table})
        assert (await host.expect("error"))["code"] == "no_table"
        # It no longer counts against its host (one table at most here).
        r = await rest.post("/api/tables", {"seats": HUMANS})
        assert r.status_code == 201, r.text
        for p in (host, looker):
            await p.close()
        await rest.close()

    run(scenario)


def test_tables_people_play_at_are_never_paced(
    server_with: Callable[..., ServerProcess],
) -> None:
    """An all-bot table nobody plays at gets a hundred-thousandth of the time here: after
    its first move it rests minutes, holding the turn of every paced table. A table with a
    person at it, three bots beside them, plays on without waiting behind it (were its
    bots paced, their next move would wait out that rest, beyond any frame's wait)."""
    server = server_with(bot_tables_share=0.00001)

    async def scenario() -> None:
        watcher = await Player.connect(server)
        await watcher.send({"type": "create", "table": {"seats": BOTS}})
        bots_only = (await watcher.expect("created"))["table"]["id"]
        await watcher.send({"type": "join", "table": bots_only, "watch": True})
        # It has moved (seen in an update, or in the snapshot if it moved first): it rests.
        await watcher.expect(
            lambda f: f.get("type") in ("update", "snapshot") and f["version"] >= 1
        )
        table, (ana,) = await open_table(server, 1, options={"first-declarer": 0})
        await play(ana, table, until=lambda f: f.get("type") == "update" and f["version"] >= 40)
        await watcher.close()
        await ana.close()

    run(scenario)
