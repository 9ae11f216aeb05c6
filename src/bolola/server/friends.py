"""Friends, presence and challenges (issue 17).

- **Friends**: requests by name (from a player card, a table, the friends panel), answered
  by the other; blocks (no requests, no challenges from the blocked; the page hides their
  chat). ``GET /api/friends`` lists each friend with their presence: online or since when
  not, and the table they sit at, joinable or watchable as its access allows.
- **Live**: whoever's friends list would read differently (a friend came or went, sat
  down, a request arrived or was answered) hears ``{"type": "friends"}`` and reads it
  again; an invitation or a challenge reaches its player wherever they are in the app.
- **Challenges**: a new private table for the challenger and friends (bots for the rest),
  each invited friend told live, with an answer (accept: the first free seat; decline)
  the challenger hears, and an expiry (``CHALLENGE_SECONDS``) after which an unanswered
  invitation lapses. A **rematch** is a challenge to the same players, options and bots.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.routing import BaseRoute, Route

from bolola.engine import RecordError
from bolola.registry import FLAGSHIP, find
from bolola.server.backoff import Backoff
from bolola.server.protocol import ProtocolError, no_control
from bolola.server.spec import TableSpec
from bolola.store.challenges import StoredChallenge
from bolola.store.friends import Asked
from bolola.store.store import PlayerInfo, Store
from bolola.store.writer import WriteFailedError

if TYPE_CHECKING:
    from bolola.server.room import Room
    from bolola.server.service import Server
    from bolola.server.table import Table

log = logging.getLogger("bolola.friends")
CHALLENGE_SECONDS = 180.0
"""How long a challenge waits for an answer (then it lapses)."""
MAX_CHALLENGED = 3


@dataclass(slots=True)
class Challenge:
    """One challenge's invitations and their answers (``pending``, ``accepted``,
    ``declined``, ``expired``), with each invitee's seat if they had one (a rematch)."""

    table_id: int
    host_id: int
    host_name: str
    answers: dict[int, str]
    names: dict[int, str]
    seats: dict[int, int]
    expires_at: datetime
    timer: asyncio.TimerHandle | None = field(default=None, repr=False)
    # Its expiry under way, and the back-off of its tries when the database refuses it.
    expiry: asyncio.Task[None] | None = field(default=None, repr=False)
    backoff: Backoff | None = field(default=None, repr=False)
    # An answer and the expiry, one at a time: each reads the answers, waits on the
    # database, then writes them.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

    def to_json(self, table: dict[str, Any]) -> dict[str, Any]:
        return {
            "table": table,
            "from": self.host_name,
            "expires_at": self.expires_at.isoformat(),
            "answers": {self.names[p]: a for p, a in self.answers.items()},
        }


class Friends:
    """What the room knows of friends: who is online, who is whose friend (read when a
    player comes online), the challenges under way."""

    def __init__(
        self,
        room: Room,
        store: Store,
        seconds: float = CHALLENGE_SECONDS,
        retry: tuple[float, float] = (0.5, 30.0),
    ) -> None:
        self.room = room
        self.store = store
        self.seconds = seconds
        # An expiry the database refused is tried again: the first wait and the longest.
        self.retry = retry
        self.challenges: dict[int, Challenge] = {}
        # Expiries under way: the loop keeps only a weak reference to a task.
        self._expiring: set[asyncio.Task[None]] = set()
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
        self.changed(player_id)
        self._friends.pop(player_id, None)
        await self.store.seen(player_id)

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

    # -- challenges -----------------------------------------------------------------------

    async def challenge(
        self,
        host: PlayerInfo,
        invitees: list[PlayerInfo],
        spec: TableSpec,
        seats: dict[int, int] | None = None,
    ) -> tuple[Table, Challenge]:
        """A new private table for ``host`` and ``invitees`` (``spec``'s human seats are
        theirs), each invited and told."""
        if not invitees:
            raise ProtocolError("bad_request", "challenge at least one player")
        if len(invitees) > MAX_CHALLENGED or len({p.id for p in invitees}) < len(invitees):
            raise ProtocolError("bad_request", f"challenge 1 to {MAX_CHALLENGED} players")
        for guest in invitees:
            if guest.id == host.id:
                raise ProtocolError("bad_request", "you cannot challenge yourself")
            if await self.store.is_blocked(host.id, guest.id):
                raise ProtocolError("blocked", f"{guest.name} cannot be challenged")
            # From the database: the earlier challenge may be another process's.
            for c in await self.store.challenges_under_way(
                owed_by=guest.id, lapsing_after=datetime.now(UTC)
            ):
                if c.host_id == host.id and _pending(c, guest.id):
                    raise ProtocolError(
                        "already_challenged", f"{guest.name} has your challenge already"
                    )
        humans = sum(1 for s in spec.seats if s.kind == "human")
        if humans < 2:
            raise ProtocolError("bad_request", "a challenge needs a human seat for a friend")
        table = await self.room.create(host, spec)
        await table.call(lambda: table.take_seat(host, (seats or {}).get(host.id)))
        expires = datetime.now(UTC) + timedelta(seconds=self.seconds)
        challenge = Challenge(
            table.id,
            host.id,
            host.name,
            {p.id: "pending" for p in invitees},
            {p.id: p.name for p in invitees},
            dict(seats or {}),
            expires,
        )
        for guest in invitees:
            await table.call(lambda g=guest: table.invite(host, g))  # type: ignore[misc]
        # Kept before anyone is told: whoever owns the table next arms it again.
        await self.store.add_challenge(
            table.id, host.id, expires, {p.id: (seats or {}).get(p.id) for p in invitees}
        )
        self._arm(challenge)
        message = {"type": "challenge", **challenge.to_json(table.summary())}
        for guest in invitees:
            self.room.tell(guest.id, message)
        return table, challenge

    async def answer(self, player: PlayerInfo, table_id: int, accept: bool) -> dict[str, Any]:
        challenge = self.challenges.get(table_id)
        if challenge is None and self.room.cluster is not None:
            # The challenge lives with its table: if another process owns that, the
            # answer is made there (REST requests are forwarded: ElsewhereError).
            await self.room.find(table_id)
        if challenge is None or challenge.answers.get(player.id) is None:
            raise ProtocolError("no_challenge", "no such challenge for you")
        async with challenge.lock:
            return await self._answer(challenge, player, accept)

    async def _answer(
        self, challenge: Challenge, player: PlayerInfo, accept: bool
    ) -> dict[str, Any]:
        table_id = challenge.table_id
        state = challenge.answers[player.id]
        if state == "pending" and datetime.now(UTC) >= challenge.expires_at:
            state = "expired"  # its expiry is under way, or waits for the database
        if state != "pending":
            raise ProtocolError("no_challenge", f"this challenge is {state}")
        table = await self.room.find(table_id)
        seat = None
        if accept:
            wanted = challenge.seats.get(player.id)
            try:
                seat = await table.call(lambda: table.take_seat(player, wanted))
            except ProtocolError as e:
                if e.code != "seat_taken":
                    raise
                seat = await table.call(lambda: table.take_seat(player, None))
        else:
            await table.call(lambda: self._uninvite(table, player.id))
        challenge.answers[player.id] = "accepted" if accept else "declined"
        await self.store.answer_challenge(table_id, player.id, challenge.answers[player.id])
        self._tell_answer(challenge, player.name, challenge.answers[player.id])
        self._settle(challenge)
        return {"table": table_id, "answer": challenge.answers[player.id], "seat": seat}

    async def _expire(self, challenge: Challenge) -> None:
        table_id = challenge.table_id
        async with challenge.lock:
            if self.challenges.get(table_id) is not challenge:
                return  # settled meanwhile, or its table went to another process
            table = self.room.tables.get(table_id)
            for pid in [p for p, a in challenge.answers.items() if a == "pending"]:
                # Stored first: an expiry the database refuses stays pending, tried again.
                await self.store.answer_challenge(table_id, pid, "expired")
                challenge.answers[pid] = "expired"
                if table is not None:
                    with contextlib.suppress(ProtocolError):  # a table stopping: no matter
                        await table.call(lambda p=pid: self._uninvite(table, p))  # type: ignore[misc]
                message = {"type": "challenge_over", "table": table_id, "reason": "expired"}
                self.room.tell(pid, message)
                self._tell_answer(challenge, challenge.names[pid], "expired")
            self._settle(challenge)

    def _arm(self, challenge: Challenge) -> None:
        self.challenges[challenge.table_id] = challenge
        challenge.backoff = Backoff(*self.retry)
        left = (challenge.expires_at - datetime.now(UTC)).total_seconds()
        self._expire_in(challenge, max(0.0, left))

    def _expire_in(self, challenge: Challenge, seconds: float) -> None:
        if challenge.timer is not None:
            challenge.timer.cancel()
        challenge.timer = asyncio.get_running_loop().call_later(
            seconds, self._start_expiry, challenge
        )

    def _start_expiry(self, challenge: Challenge) -> None:
        challenge.timer = None
        task = asyncio.create_task(
            self._expire(challenge), name=f"challenge-expiry-{challenge.table_id}"
        )
        challenge.expiry = task
        self._expiring.add(task)
        task.add_done_callback(lambda t: self._expiry_done(t, challenge))

    def _expiry_done(self, task: asyncio.Task[None], challenge: Challenge) -> None:
        self._expiring.discard(task)
        if challenge.expiry is task:
            challenge.expiry = None
        if task.cancelled() or (e := task.exception()) is None:
            return
        extra = {"table": challenge.table_id}
        if self.challenges.get(challenge.table_id) is not challenge:
            log.warning("expiring a challenge failed: %s", e, extra=extra)  # gone meanwhile
        elif isinstance(e, WriteFailedError):
            assert challenge.backoff is not None
            delay = challenge.backoff.next()
            why = " ".join(str(e).split())[:300]
            log.warning("expiring a challenge failed: %s; again in %.2f s", why, delay, extra=extra)
            self._expire_in(challenge, delay)
        else:  # a bug: trying again would fail the same way
            log.error("expiring a challenge failed", exc_info=e, extra=extra)

    async def restore(self, table_ids: Collection[int]) -> None:
        """The challenges under way at these tables, just opened here (a restart, or
        taken over from another process): read back, their expiry armed again for the
        time they had left (at once if it has passed)."""
        if not table_ids:
            return
        for stored in await self.store.challenges_under_way(tables=table_ids):
            if stored.table_id in self.challenges or stored.table_id not in self.room.tables:
                continue
            self._arm(_challenge_of(stored))

    def drop(self, table_id: int) -> None:
        """The table went to another process: its challenge is that one's now."""
        challenge = self.challenges.pop(table_id, None)
        if challenge is not None:
            if challenge.timer is not None:
                challenge.timer.cancel()
            if challenge.expiry is not None:
                challenge.expiry.cancel()

    async def owed(self, player_id: int) -> list[dict[str, Any]]:
        """The challenges waiting for this player's answer, wherever their table is."""
        out = []
        now = datetime.now(UTC)
        for stored in await self.store.challenges_under_way(owed_by=player_id, lapsing_after=now):
            summary = self.room.summary_of(stored.table_id)
            if summary is not None:
                out.append(_challenge_of(stored).to_json(summary))
        return out

    async def _uninvite(self, table: Table, player_id: int) -> None:
        table.invited.discard(player_id)

    def _tell_answer(self, challenge: Challenge, name: str, answer: str) -> None:
        self.room.tell(
            challenge.host_id,
            {
                "type": "challenge_answer",
                "table": challenge.table_id,
                "player": name,
                "answer": answer,
            },
        )

    def _settle(self, challenge: Challenge) -> None:
        if all(a != "pending" for a in challenge.answers.values()):
            if challenge.timer is not None:
                challenge.timer.cancel()
            self.challenges.pop(challenge.table_id, None)

    def close(self) -> None:
        for c in self.challenges.values():
            if c.timer is not None:
                c.timer.cancel()
        self.challenges.clear()
        for task in self._expiring:
            task.cancel()


def _pending(stored: StoredChallenge, player_id: int) -> bool:
    return any(i.player_id == player_id and i.answer == "pending" for i in stored.invitees)


def _challenge_of(stored: StoredChallenge) -> Challenge:
    return Challenge(
        stored.table_id,
        stored.host_id,
        stored.host_name,
        {i.player_id: i.answer for i in stored.invitees},
        {i.player_id: i.name for i in stored.invitees},
        {i.player_id: i.seat for i in stored.invitees if i.seat is not None},
        stored.expires_at,
    )


def _friends_of(server: Server) -> Friends:
    return server.ready[1].friends


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
            "challenges": await friends.owed(me.id),
        }

    async def ask(request: Request) -> Any:
        store, _, _ = server.ready
        me = await player_of(request)
        other = await _named(store, (await body_of(request)).get("player"))
        if other.id == me.id:
            raise ProtocolError("bad_request", "you are your own friend already")
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
                raise ProtocolError("bad_request", "you cannot block yourself")
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
        table, made = await _friends_of(server).challenge(me, invitees, spec)
        return {"challenge": made.to_json(table.summary())}

    def answer_challenge(accept: bool) -> Callable[[Request], Awaitable[Any]]:
        async def handler(request: Request) -> Any:
            me = await player_of(request)
            return await _friends_of(server).answer(me, _table_id(request), accept)

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
        table, made = await _friends_of(server).challenge(me, invitees, spec, wanted)
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
