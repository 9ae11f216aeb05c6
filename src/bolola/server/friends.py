"""Friends, presence and the routes of challenges (issue 17).

- **Friends**: requests by name (from a player card, a table, the friends panel), answered
  by the other; blocks (no requests, no challenges from the blocked; the page hides their
  chat). ``GET /api/friends`` lists each friend with their presence: online or since when
  not, and the table they sit at, joinable or watchable as its access allows.
- **Live**: whoever's friends list would read differently (a friend came or went, sat
  down, a request arrived or was answered) hears ``{"type": "friends"}`` and reads it
  again; an invitation or a challenge reaches its player wherever they are in the app.
- **Challenges** (:mod:`bolola.server.challenges`): their routes are here, with the
  friends panel's.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.routing import BaseRoute, Route

from bolola.engine import RecordError
from bolola.registry import FLAGSHIP, find
from bolola.server.challenges import MAX_CHALLENGED, Challenges
from bolola.server.protocol import ProtocolError, no_control
from bolola.server.spec import TableSpec
from bolola.store.friends import Asked
from bolola.store.store import PlayerInfo, Store

if TYPE_CHECKING:
    from bolola.server.room import Room
    from bolola.server.service import Server
    from bolola.server.table import Table

log = logging.getLogger("bolola.friends")


class Friends:
    """What the room knows of friends: who is online, who is whose friend (read when a
    player comes online)."""

    def __init__(
        self,
        room: Room,
        store: Store,
    ) -> None:
        self.room = room
        self.store = store
        self._friends: dict[int, set[int]] = {}  # online player -> their friends' ids

    # -- presence -------------------------------------------------------------------------

    async def arrive(self, player_id: int) -> None:
        """A player's first connection opened (on this process). Presence is best
        effort: a database or Redis failing here costs their friends the news until the
        player's next connection, never the connection (it is open and counted already)."""
        try:
            self._friends[player_id] = set(await self.store.friend_ids(player_id))
        except Exception as e:
            log.warning("reading a player's friends failed: %s", e, extra={"player": player_id})
            self._friends[player_id] = set()
        if self.room.cluster is not None:
            try:
                await self.room.cluster.came_online(player_id)
            except Exception as e:
                log.warning("telling other processes failed: %s", e, extra={"player": player_id})
        self.changed(player_id)

    async def depart(self, player_id: int) -> None:
        """A player's last connection (on this process) closed."""
        if self.room.cluster is not None:
            await self.room.cluster.went_offline(player_id)
        # Stored before the friends are told: the list they read again then says when the
        # player was last seen, not "offline" with no time.
        try:
            await self.store.seen(player_id)
        finally:
            self.changed(player_id)
            if player_id not in self.room.online:  # not back while this was written
                self._friends.pop(player_id, None)

    def changed(self, *player_ids: int) -> None:
        """These players' presence changed: their online friends read their list again
        (several processes: every friend is told, wherever connected)."""
        told: set[int] = set()
        everywhere = self.room.cluster is not None
        for pid in player_ids:
            for friend in self._friends.get(pid, ()):
                if (everywhere or friend in self.room.online) and friend not in told:
                    told.add(friend)
                    self.room.tell(friend, {"type": "friends"})

    async def online_among(self, player_ids: set[int]) -> set[int]:
        """Which of these players are connected, here or (several processes) elsewhere."""
        here = {p for p in player_ids if p in self.room.online}
        if self.room.cluster is None or here == player_ids:
            return here
        try:
            return here | await self.room.cluster.online_among(player_ids - here)
        except Exception as e:  # Redis away: what this process knows
            log.warning("presence elsewhere unknown: %s", e)
            return here

    def elsewhere(self, me: PlayerInfo, names: dict[int, str]) -> dict[int, dict[str, Any]]:
        """The tables of other processes these players sit at, as ``presence`` shows a
        table (from the lobby's summaries: seats name their players)."""
        by_name = {name: pid for pid, name in names.items()}
        out: dict[int, dict[str, Any]] = {}
        for shared in self.room.elsewhere.values():
            summary = shared["s"]
            if summary["status"] not in ("open", "playing"):
                continue
            for s in summary["seats"]:
                pid = by_name.get(s.get("player") or "")
                if pid is None or pid in out:
                    continue
                allowed = summary["access"] == "anyone" or me.id in (shared["h"], *shared["i"])
                out[pid] = {
                    "id": summary["id"],
                    "game": summary["game"],
                    "status": summary["status"],
                    "joinable": allowed and summary["status"] == "open" and summary["free"] > 0,
                    "watchable": allowed and summary["status"] == "playing",
                }
        return out

    def table_changed(self, table: Table) -> None:
        self.changed(*(h.player_id for h in table.holders if h.player_id is not None))

    async def relations_changed(self, *player_ids: int) -> None:
        """A friendship began or ended between these: each reads their list again."""
        for pid in player_ids:
            if pid in self._friends:
                self._friends[pid] = set(await self.store.friend_ids(pid))
            self.room.tell(pid, {"type": "friends"})

    def seated(self, player_ids: set[int]) -> dict[int, Table]:
        """The table each of these players sits at (not over): one pass over the room,
        however many friends a list shows."""
        out: dict[int, Table] = {}
        for table in self.room.tables.values():
            if table.status in ("open", "playing"):
                for h in table.holders:
                    if h.player_id in player_ids:
                        out.setdefault(h.player_id, table)
        return out

    def presence(
        self, me: PlayerInfo, friend_id: int, table: Table | None, online: bool
    ) -> dict[str, Any]:
        out: dict[str, Any] = {"online": online, "table": None}
        if table is not None:
            allowed = table.access == "anyone" or me.id in (table.host_id, *table.invited)
            out["table"] = {
                "id": table.id,
                "game": table.game.name,
                "status": table.status,
                "joinable": allowed
                and table.status == "open"
                and any(h.is_free for h in table.holders),
                "watchable": allowed and table.status == "playing",
            }
        return out


def _friends_of(server: Server) -> Friends:
    return server.ready[1].friends


def _challenges_of(server: Server) -> Challenges:
    return server.ready[1].challenges


async def _named(store: Store, raw: Any, what: str = "player") -> PlayerInfo:
    if not isinstance(raw, str) or not raw:
        raise ProtocolError("bad_request", f"{what} is a player's name")
    no_control(raw, what)
    found = await store.player_named(raw)
    if found is None:
        raise ProtocolError("no_player", f"no player named {raw!r}")
    return found


def routes(
    server: Server,
    endpoint: Callable[..., Any],
    player_of: Callable[[Request], Awaitable[PlayerInfo]],
    body_of: Callable[[Request], Awaitable[dict[str, Any]]],
) -> list[BaseRoute]:
    """The friends panel's reads and every flow's writes."""

    async def listing(request: Request) -> Any:
        store, _, _ = server.ready
        me = await player_of(request)
        friends = _friends_of(server)
        known = await store.relations(me.id)
        ids = {f.id for f in known.friends}
        tables = friends.seated(ids)
        online = await friends.online_among(ids)
        remote = friends.elsewhere(me, {f.id: f.name for f in known.friends if f.id not in tables})
        return {
            "friends": [
                {
                    "name": f.name,
                    **friends.presence(me, f.id, tables.get(f.id), f.id in online),
                    **({"table": remote[f.id]} if f.id in remote else {}),
                    "last_seen": None if f.last_seen_at is None else f.last_seen_at.isoformat(),
                }
                for f in known.friends
            ],
            "incoming": list(known.incoming),
            "outgoing": list(known.outgoing),
            "blocked": list(known.blocked),
            "suggested": list(known.suggested),
            "challenges": await _challenges_of(server).owed(me.id),
        }

    async def ask(request: Request) -> Any:
        store, _, _ = server.ready
        me = await player_of(request)
        other = await _named(store, (await body_of(request)).get("player"))
        if other.id == me.id:
            raise ProtocolError("self_friend", "you are your own friend already")
        asked = await store.ask_friend(me.id, other.id)
        if asked is Asked.BLOCKED:
            raise ProtocolError("blocked", f"{other.name} cannot be asked")
        await _friends_of(server).relations_changed(me.id, other.id)
        return {"player": other.name, "status": str(asked)}

    def answering(accept: bool) -> Callable[[Request], Awaitable[Any]]:
        async def handler(request: Request) -> Any:
            store, _, _ = server.ready
            me = await player_of(request)
            other = await _named(store, (await body_of(request)).get("player"))
            if not await store.answer_friend(me.id, other.id, accept):
                raise ProtocolError("no_request", f"no request from {other.name}")
            await _friends_of(server).relations_changed(me.id, other.id)
            return {"player": other.name, "status": "friends" if accept else "declined"}

        return handler

    async def remove(request: Request) -> Any:
        store, _, _ = server.ready
        me = await player_of(request)
        other = await _named(store, (await body_of(request)).get("player"))
        await store.remove_friend(me.id, other.id)
        await _friends_of(server).relations_changed(me.id, other.id)
        return {"player": other.name, "status": "removed"}

    def blocking(on: bool) -> Callable[[Request], Awaitable[Any]]:
        async def handler(request: Request) -> Any:
            store, _, _ = server.ready
            me = await player_of(request)
            other = await _named(store, (await body_of(request)).get("player"))
            if other.id == me.id:
                raise ProtocolError("self_block", "you cannot block yourself")
            await store.block(me.id, other.id, on)
            await _friends_of(server).relations_changed(me.id, other.id)
            return {"player": other.name, "status": "blocked" if on else "unblocked"}

        return handler

    async def challenge(request: Request) -> Any:
        store, room, _ = server.ready
        me = await player_of(request)
        body = await body_of(request)
        names = body.get("players")
        if not isinstance(names, list):
            raise ProtocolError("bad_request", "players lists the names of friends")
        if not 1 <= len(names) <= MAX_CHALLENGED:  # before a query for each name
            raise ProtocolError("bad_request", f"challenge 1 to {MAX_CHALLENGED} players")
        invitees = [await _named(store, n) for n in names]
        friends = set(await store.friend_ids(me.id))
        for guest in invitees:
            if guest.id not in friends:
                raise ProtocolError("not_friends", f"{guest.name} is not your friend")
        raw = body.get("table", {})
        if not isinstance(raw, dict):
            raise ProtocolError("bad_request", "table is an object")
        spec = TableSpec.from_json(
            {**raw, "access": "invited", "seats": _seats(raw, len(invitees))},
            min_move_seconds=room.settings.min_move_seconds,
        )
        table, made = await _challenges_of(server).challenge(me, invitees, spec)
        return {"challenge": made.to_json(table.summary())}

    def answer_challenge(accept: bool) -> Callable[[Request], Awaitable[Any]]:
        async def handler(request: Request) -> Any:
            me = await player_of(request)
            return await _challenges_of(server).answer(me, _table_id(request), accept)

        return handler

    async def rematch(request: Request) -> Any:
        store, room, _ = server.ready
        me = await player_of(request)
        old = await store.table_setup(_table_id(request))
        if old is None or old.status != "over":
            raise ProtocolError("no_table", "no finished match at this table")
        mine = [s for s in old.seats if s.player_id == me.id]
        if not mine:
            raise ProtocolError("not_seated", "only its players may ask for a rematch")
        others = [s for s in old.seats if s.kind == "human" and s.player_id not in (None, me.id)]
        invitees = [p for s in others if (p := await store.player(s.player_id or 0)) is not None]
        seats_raw = [
            {"kind": "bot", "level": s.level} if s.kind == "bot" else {"kind": "human"}
            for s in old.seats
        ]
        raw = {
            "game": old.game,
            "options": old.options,
            "seats": seats_raw,
            "access": "invited",
            "move_seconds": old.move_seconds,
            "rated": old.rated,
        }
        spec = TableSpec.from_json(raw, min_move_seconds=0.0)
        wanted = {s.player_id: s.seat for s in old.seats if s.player_id is not None}
        if not invitees:  # against bots alone: the same table again, at once
            table = await room.create(me, spec)
            await table.call(lambda: table.take_seat(me, wanted.get(me.id)))
            alone = {"table": table.summary(), "from": me.name, "expires_at": None, "answers": {}}
            return {"challenge": alone}
        table, made = await _challenges_of(server).challenge(me, invitees, spec, wanted)
        return {"challenge": made.to_json(table.summary())}

    return [
        Route("/api/friends", endpoint(listing)),
        Route("/api/friends/ask", endpoint(ask, unsafe=True), methods=["POST"]),
        Route("/api/friends/accept", endpoint(answering(True), unsafe=True), methods=["POST"]),
        Route("/api/friends/decline", endpoint(answering(False), unsafe=True), methods=["POST"]),
        Route("/api/friends/remove", endpoint(remove, unsafe=True), methods=["POST"]),
        Route("/api/blocks/add", endpoint(blocking(True), unsafe=True), methods=["POST"]),
        Route("/api/blocks/remove", endpoint(blocking(False), unsafe=True), methods=["POST"]),
        Route("/api/challenges", endpoint(challenge, unsafe=True), methods=["POST"]),
        Route(
            "/api/challenges/{id:int}/accept",
            endpoint(answer_challenge(True), unsafe=True),
            methods=["POST"],
        ),
        Route(
            "/api/challenges/{id:int}/decline",
            endpoint(answer_challenge(False), unsafe=True),
            methods=["POST"],
        ),
        Route("/api/tables/{id:int}/rematch", endpoint(rematch, unsafe=True), methods=["POST"]),
    ]


def _seats(raw: dict[str, Any], invited: int) -> list[dict[str, Any]] | None:
    """The challenge's seats: as given, else the challenger's and one per friend, then bots
    of ``bots`` level (club by default) for the rest, once the game's seat count is known
    (``TableSpec.from_json`` checks either)."""
    given = raw.get("seats")
    if given is not None:
        return list(given) if isinstance(given, list) else given
    name = raw.get("game", FLAGSHIP)
    options_raw = raw.get("options", {})
    try:
        game = find(str(name))
        options = game.parse_options(options_raw if isinstance(options_raw, dict) else {})
    except RecordError:
        return None  # TableSpec.from_json says what is wrong
    level = raw.get("bots", "club")
    count = game.seat_count(options)
    humans = min(count, 1 + invited)
    return [{"kind": "human"}] * humans + [{"kind": "bot", "level": level}] * (count - humans)


def _table_id(request: Request) -> int:
    table_id: int = request.path_params["id"]
    if table_id > 2**31 - 1:
        raise ProtocolError("no_table", f"no table {table_id}")
    return table_id


__all__ = ["Friends", "routes"]
