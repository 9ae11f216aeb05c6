"""One WebSocket client: hello, then messages dispatched to the room and its tables.

Every refusal is a typed ``error`` message and the connection stays open; only a client
that cannot keep up with what it is sent is dropped (its queue would grow without end).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import types
from collections import deque
from collections.abc import Awaitable, Coroutine, Generator, Mapping
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from bolola.engine import ACTION_TEXT_MAX
from bolola.server import protocol
from bolola.server.accounts import SESSION_COOKIE, Keys, guest_name, session_player
from bolola.server.address import client_address
from bolola.server.limits import Buckets, TokenBucket
from bolola.server.protocol import ProtocolError, error, error_of, field_int, field_str
from bolola.server.remote import RemoteTable
from bolola.server.room import Room
from bolola.server.seat import Listener
from bolola.server.spec import TableSpec
from bolola.server.table import Table
from bolola.store.store import NameTakenError, PlayerInfo, Store

log = logging.getLogger("bolola.connection")
MAX_PENDING = 2000  # messages queued for a client before it counts as gone
GUESTS_LIMITED = "too many new guests from your address; sign in, or wait a while"


class Admission:
    """What limits who comes in, shared with the REST API: new guests per address."""

    def __init__(self, guests: Buckets) -> None:
        self.guests = guests


_ids = itertools.count(1)


class Connection:
    """The table's :class:`~bolola.server.table.Listener`: a player and the frames it is
    sent, already encoded (a table encodes each seat's update once, whoever listens).

    A frame is written at once while the socket takes it, without a task of its own:
    the ASGI send of a socket whose buffer has room finishes without waiting, and a task
    woken per frame (four frames an action) was a tenth of the server's time per action.
    Only when the socket stops taking frames (a slow client: the transport paused
    writing) does a task finish that frame and write the ones that queue behind it, in
    order; more than ``MAX_PENDING`` queued and the client counts as gone."""

    def __init__(self, ws: WebSocket, player: PlayerInfo) -> None:
        self.ws = ws
        self.player = player
        self.id = next(_ids)  # this process's name for it (several processes)
        self.tables: set[int] = set()
        self.remote: dict[int, str] = {}  # tables another process owns -> that process
        # Frames behind a write that waits, made only then (an empty deque is 600 bytes).
        self._pending: deque[str | None] = _NONE_PENDING
        self._sender: asyncio.Task[None] | None = None  # finishing that write, then these
        self.closed = False
        # hello's ``fold_acks``: the ack of this client's own action rides in the update
        # the action caused (one frame fewer per action), not in a frame of its own.
        self.fold_acks = False
        # When the session this socket said hello with was made: a password changed
        # elsewhere ends the sessions made before it (Room.end_sessions).
        self.made = 0.0

    def send(self, message: dict[str, Any] | str) -> None:
        """Write a message (a dict, or its JSON text) to this client, or queue it behind
        a write that waits."""
        if self.closed:
            return
        text = message if isinstance(message, str) else protocol.dumps(message)
        if self._sender is not None:
            if len(self._pending) >= MAX_PENDING:
                log.warning("client too slow; dropping it", extra={"player": self.player.id})
                self.closed = True
                self._pending.append(None)
                return
            self._pending.append(text)
            return
        write = self.ws.send_text(text)
        try:
            waits_on = write.send(None)
        except StopIteration:
            return  # written
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.closed = True
            return
        self._pending = deque()
        self._sender = asyncio.create_task(self._send_rest(_resumed(write, waits_on)))

    def end(self, message: dict[str, Any]) -> None:
        """The session is over: the client is told why, then the socket is closed (a
        client that ignored the message could otherwise go on playing)."""
        if self.closed:
            return
        self.send(message)
        if self._sender is not None:
            self._pending.append(None)  # closed once the frames before it are written
        else:
            self._sender = asyncio.create_task(self._close())
        self.closed = True

    async def _close(self) -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            await self.ws.close(code=1008)

    async def _send_rest(self, first: Awaitable[None]) -> None:
        try:
            await first
            while self._pending:
                text = self._pending.popleft()
                if text is None:
                    await self.ws.close(code=1013)
                    return
                await self.ws.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.closed = True
        finally:
            self._sender = None
            self._pending = _NONE_PENDING

    async def close(self) -> None:
        self.closed = True
        sender = self._sender
        if sender is not None:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sender


_NONE_PENDING: deque[str | None] = deque(maxlen=0)  # shared, never written to


@types.coroutine
def _resumed(write: Coroutine[Any, Any, None], waits_on: Any) -> Generator[Any, Any, None]:
    """A write that stopped at ``waits_on`` (what it yielded), finished in a task: the
    task waits on that, then the write goes on from where it stopped."""
    yield waits_on
    yield from write.__await__()


async def serve_socket(
    ws: WebSocket, room: Room, store: Store, keys: Keys, admission: Admission
) -> None:
    settings = room.settings
    origin = ws.headers.get("origin")
    host = ws.headers.get("host")
    if origin is not None and host is not None and origin.split("://", 1)[-1] != host:
        # A page of another site may not borrow the visitor's session cookie.
        await ws.close(code=1008)
        return
    await ws.accept()
    bucket = TokenBucket(settings.messages_per_second, settings.message_burst)
    conn: Connection | None = None
    try:
        while True:
            raw = await ws.receive()
            if raw["type"] == "websocket.disconnect":
                return
            # The message and its answer live in the helper's frame only: an idle
            # connection waiting here keeps nothing of them (a welcome is 1.5 KB).
            conn, reply = await _answer(raw, conn, ws, bucket, room, store, keys, admission)
            del raw
            if reply is None:
                continue
            if conn is None:
                await ws.send_text(reply)
            else:
                conn.send(reply)
            del reply
    except WebSocketDisconnect:
        return
    finally:
        if conn is not None:
            room.lobby.discard(conn)
            mine = room.online.get(conn.player.id)
            if mine is not None:
                mine.discard(conn)
                if not mine:
                    del room.online[conn.player.id]
                    await _departed(room, conn.player.id)
            for table_id in conn.tables:
                table = room.tables.get(table_id)
                if table is not None:
                    table.post(_detacher(table, conn))
            if room.remote is not None:
                room.remote.gone(conn)
                await _count(room, conn.player.id, -1)
            await conn.close()
            room.heap.left()  # its buffers and queues are freed memory too


async def _answer(
    raw: Mapping[str, Any],
    conn: Connection | None,
    ws: WebSocket,
    bucket: TokenBucket,
    room: Room,
    store: Store,
    keys: Keys,
    admission: Admission,
) -> tuple[Connection | None, str | None]:
    """One message read and answered: the connection (made by ``hello``) and the answer
    as JSON text, if any."""
    settings = room.settings
    reply: dict[str, Any] | None
    try:
        msg = _read(raw, settings.max_message_bytes)
        if not bucket.take():
            raise ProtocolError("rate_limited")
        if conn is None:
            if msg["type"] != "hello":
                raise ProtocolError("hello_first")
            player, token = await _hello(ws, msg, store, keys, admission, room)
            made = (keys.session_of(token) or (player.id, 0.0))[1]
            count = len(room.online.get(player.id, ())) + await _elsewhere(room, player.id)
            if count >= settings.connections_per_player:
                raise ProtocolError(
                    "too_many_connections",
                    f"you have {count} connections open; close one (another tab or device) first",
                )
            folding = msg.get("fold_acks", False)
            if not isinstance(folding, bool):
                raise ProtocolError("bad_request", "fold_acks is true or false")
            conn = Connection(ws, player)
            conn.fold_acks = folding
            conn.made = made
            if room.remote is not None:
                room.remote.local[conn.id] = conn
                await _count(room, player.id, 1)
            room.online.setdefault(player.id, set()).add(conn)
            if len(room.online[player.id]) == 1:
                await room.friends.arrive(player.id)  # friends see them online
            reply = {
                "type": "welcome",
                "protocol": protocol.PROTOCOL,
                "player": player.to_json(),
                "token": token,
                **({"fold_acks": True} if folding else {}),
            }
        else:
            reply = await _dispatch(conn, msg, room, store)
    except ProtocolError as e:
        reply = error_of(e, **_refs(raw))
    except Exception:
        # A bug or a database outage: the client hears of it, the connection stays.
        log.exception("request failed")
        reply = error("server_error", "the server failed on this request", **_refs(raw))
    return conn, None if reply is None else protocol.dumps(reply)


async def _elsewhere(room: Room, player_id: int) -> int:
    """Several processes: the player's connections on the others (0 if Redis is away)."""
    if room.cluster is None:
        return 0
    try:
        return await room.cluster.connections_elsewhere(player_id)
    except Exception as e:
        log.warning("connections elsewhere unknown: %s", e)
        return 0


async def _count(room: Room, player_id: int, delta: int) -> None:
    assert room.cluster is not None
    try:
        await room.cluster.connected(player_id, delta)
    except Exception as e:  # mended when Redis is back (Room's restate)
        log.warning("counting a connection failed: %s", e)


async def _departed(room: Room, player_id: int) -> None:
    # The connection is gone whatever happens here: a failure costs "offline since".
    try:
        await room.friends.depart(player_id)
    except Exception:
        log.warning("recording a departure failed", exc_info=True)


def _detacher(table: Table, conn: Connection) -> Any:
    async def detach() -> None:
        await table.detach(conn)

    return detach


def _read(raw: Mapping[str, Any], limit: int) -> dict[str, Any]:
    text = raw.get("text")
    if text is None:
        raise ProtocolError("bad_json", "send JSON as text frames")
    if len(text) > limit or len(text.encode()) > limit:
        raise ProtocolError("too_large", f"a message has at most {limit} bytes")
    return protocol.parse(text)


def _refs(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The table and action id of a refused message, when it had them, for the client."""
    try:
        msg = protocol.loads(raw.get("text") or "")
    except (ValueError, RecursionError):
        return {}
    if not isinstance(msg, dict):
        return {}
    out = {}
    if protocol.whole(msg.get("table")):
        out["table"] = msg["table"]
    if isinstance(msg.get("id"), str) and len(msg["id"]) <= 64:
        out["id"] = msg["id"]
    return out


async def _hello(
    ws: WebSocket, msg: dict[str, Any], store: Store, keys: Keys, admission: Admission, room: Room
) -> tuple[PlayerInfo, str]:
    """The player of the token (hello's, else the cookie's), or a new guest."""
    version = msg.get("protocol", protocol.PROTOCOL)
    if version != protocol.PROTOCOL:
        raise ProtocolError("protocol", f"this server speaks protocol {protocol.PROTOCOL}")
    given = msg.get("token")
    if given is not None and not isinstance(given, str):
        raise ProtocolError("bad_request", "token must be text")
    token = given or ws.cookies.get(SESSION_COOKIE)
    if token:
        player = await session_player(store, keys, token)  # raises for one signed out
        if player is None:
            raise ProtocolError("bad_token")
        return player, token
    if not await admission.guests.allow(client_address(ws, room.settings.trusted_proxies)):
        raise ProtocolError("rate_limited", GUESTS_LIMITED)
    while True:
        try:
            player = await store.add_player(guest_name(), is_guest=True)
        except NameTakenError:
            continue
        return player, keys.session(player.id)


async def _dispatch(
    conn: Connection, msg: dict[str, Any], room: Room, store: Store
) -> dict[str, Any] | None:
    kind = msg["type"]
    player = conn.player
    if kind == "ping":
        t = msg.get("t")
        # Echoed only as JSON can carry it back: a whole number past 64 bits cannot.
        return {"type": "pong", "t": t if protocol.whole(t) or isinstance(t, str | float) else None}
    if kind == "hello":
        raise ProtocolError("bad_request", "hello is said once per connection")
    if kind == "lobby":
        room.lobby.add(conn)
        return {
            "type": "lobby",
            "tables": room.open_tables(player),
            "playing": room.playing_tables(player),
        }
    if kind == "create":
        spec = TableSpec.from_json(
            msg.get("table"), min_move_seconds=room.settings.min_move_seconds
        )
        table = await room.create(player, spec)
        return {"type": "created", "table": table.summary()}
    if kind not in ("join", "leave", "back", "action", "chat", "invite", "client_seed", "seat_bot"):
        raise ProtocolError("unknown_type", f"no message has type {kind!r}")
    table_id = field_int(msg, "table")
    assert table_id is not None
    owner = conn.remote.get(table_id)
    # A table this connection reached through another process goes on there, with no
    # lookup: a move of the table tells the connection (table_moved) and clears this.
    found = RemoteTable(table_id, owner) if owner is not None else await room.locate(table_id)
    if isinstance(found, RemoteTable):
        assert room.remote is not None
        room.remote.forward(conn, found, msg)  # the owner answers, through Redis
        return None
    return await table_command(conn, found, msg, room, store)


async def table_command(
    conn: Listener, table: Table, msg: dict[str, Any], room: Room, store: Store
) -> dict[str, Any] | None:
    """A table's message, run at the process that owns the table (``conn`` may be a
    connection of another process: :class:`~bolola.server.remote.RemoteListener`)."""
    kind = msg["type"]
    player = conn.player
    table_id = table.id
    if kind == "join":
        seat = field_int(msg, "seat", required=False)
        since = field_int(msg, "since", required=False)
        watch = msg.get("watch", False)
        if not isinstance(watch, bool):
            raise ProtocolError("bad_request", "watch must be true or false")

        async def join() -> None:
            if not watch:
                await table.take_seat(player, seat)
            await table.attach(conn, watch=watch, since=since)

        await table.call(join)
        if isinstance(conn, Connection):
            conn.tables.add(table_id)
        return None
    if kind == "client_seed":  # fair deals: counts until the match starts (docs/fairness.md)
        seed = field_str(msg, "seed")

        async def offer() -> None:
            try:
                table.fair.offer(player.id, seed)
            except ValueError as e:
                raise ProtocolError("bad_request", str(e)) from None

        await table.call(offer)
        return None
    if kind == "leave":
        await table.call(lambda: table.leave(player, conn))
        if isinstance(conn, Connection):
            conn.tables.discard(table_id)
        return {"type": "left", "table": table_id}
    if kind == "back":
        await table.call(lambda: table.back(conn))
        return None
    if kind == "action":
        client_id = field_str(msg, "id")
        version = field_int(msg, "version")
        assert version is not None
        action = field_str(msg, "action", max_len=ACTION_TEXT_MAX)
        await table.call(lambda: table.act(conn, client_id, version, action))
        return None
    if kind == "chat":
        text = msg.get("text")
        if not isinstance(text, str):
            raise ProtocolError("bad_request", "text must be text")
        protocol.no_control(text, "text")
        await table.call(lambda: table.chat(conn, text))
        return None
    if kind == "seat_bot":  # the host gives a free seat to a bot before the match
        seat = field_int(msg, "seat")
        assert seat is not None
        level = field_str(msg, "level", max_len=20)
        await table.call(lambda: table.seat_bot(player, seat, level))
        return {"type": "seated_bot", "table": table_id, "seat": seat}
    name = field_str(msg, "player", max_len=40)
    guest = await store.player_named(name)
    if guest is None:
        raise ProtocolError("no_player", f"no player named {name!r}")
    await table.call(lambda: table.invite(player, guest))
    room.tell(guest.id, {"type": "invitation", "table": table.summary(), "from": player.name})
    return {"type": "invited", "table": table_id, "player": guest.name}


__all__ = ["Connection", "error", "serve_socket"]
