"""Who sits at a table and who listens to it: seats taken, freed and kept (PL-2, PL-5),
spectators, the grace an absent player gets before a bot stands in, what everyone
hears of it (``seats`` frames), and the table's chat (PL-6).

Runs inside the table's task, like every command (:mod:`~bolola.server.serial`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from bolola.bots import LEVELS, make_bot
from bolola.engine import RecordError, Seat
from bolola.progression.levels import level_of
from bolola.server.backoff import Backoff
from bolola.server.bot_seats import BotSeats, log
from bolola.server.chat import Chat
from bolola.server.clock import Clock
from bolola.server.protocol import ProtocolError, dumps, error
from bolola.server.seat import Awaited, Holder, Listener
from bolola.store.store import PlayerInfo, SeatInfo, Store


class Seating(BotSeats):
    """The part of a :class:`~bolola.server.table.Table` that seats players and listeners."""

    # The table's own, read here.
    access: str
    host_id: int | None
    invited: set[int]
    store: Store
    listeners: dict[Listener, Seat | None]
    graces: dict[Seat, asyncio.TimerHandle]
    clock: Clock | None
    chat_log: Chat
    expiry: asyncio.TimerHandle | None
    backoff: Backoff
    # The friends a challenge invited here, and when it lapses: the free seats name them.
    awaiting: tuple[Awaited, ...]
    awaiting_until: datetime | None

    if TYPE_CHECKING:  # the table's, used here

        async def begin_if_full(self) -> None: ...

        def _changed(self) -> None: ...

        def _after_change(self) -> None: ...

    def seat_of(self, player_id: int) -> Seat | None:
        for seat, h in enumerate(self.holders):
            if h.kind == "human" and h.player_id == player_id:
                return seat
        return None

    async def take_seat(self, player: PlayerInfo, seat: Seat | None) -> Seat:
        """Seat ``player`` (PL-2): their own seat again, the one asked for, or the first free."""
        mine = self.seat_of(player.id)
        if mine is not None:
            return mine
        if self.status == "expired":
            raise ProtocolError("no_table", "nobody joined this table in time; it was closed")
        if self.status != "open":
            raise ProtocolError("table_full", "the match has started; every seat is taken")
        if self.access == "invited" and player.id != self.host_id and player.id not in self.invited:
            raise ProtocolError("not_invited")
        if seat is not None:
            if not 0 <= seat < len(self.holders):
                raise ProtocolError("bad_request", f"seat must be 0..{len(self.holders) - 1}")
            if not self.holders[seat].is_free:
                raise ProtocolError("seat_taken", f"seat {seat} is taken")
        else:
            free = [s for s, h in enumerate(self.holders) if h.is_free]
            if not free:
                raise ProtocolError("table_full", f"all {len(self.holders)} seats are taken")
            seat = free[0]
        h = self.holders[seat]
        await self.store.set_seat(self.id, SeatInfo(seat, "human", None, player.id))
        h.player_id, h.name = player.id, player.name
        h.rating = player.rating_in(self.game.name).rating
        h.xp_level = level_of(player.xp).number
        self._presence()
        self._arm_expiry()
        await self.begin_if_full()
        self._changed()
        return seat

    async def leave(self, player: PlayerInfo, conn: Listener | None = None) -> None:
        """Before play the seat is freed; during play the player keeps it and a bot plays
        for them until they come back (PL-5). During play only ``conn`` stops listening
        (given: the socket that left): another tab of the player goes on, showing the
        seat away, with its "I'm back"."""
        seat = self.seat_of(player.id)
        if seat is None:
            if conn is not None and self.listeners.get(conn, 0) is None:
                del self.listeners[conn]  # a spectator stops watching
                return
            raise ProtocolError("not_seated")
        h = self.holders[seat]
        for other, _s in list(self.listeners.items()):
            if other.player.id == player.id and (
                conn is None or other is conn or self.status != "playing"
            ):
                del self.listeners[other]
        h.online = sum(1 for s in self.listeners.values() if s == seat)
        if self.status == "open":
            await self.store.set_seat(self.id, SeatInfo(seat, "human", None, None))
            h.player_id, h.name = None, None
            self._arm_expiry()
        elif self.status == "playing":
            h.away = True
            self._after_change()
        self._presence()
        self._changed()

    async def invite(self, host: PlayerInfo, guest: PlayerInfo) -> None:
        if host.id != self.host_id and self.seat_of(host.id) is None:
            raise ProtocolError("not_seated", "only the host or a seated player may invite")
        if guest.id == host.id:
            raise ProtocolError("self_invite", "you cannot invite yourself to a table")
        if guest.id not in self.invited:
            await self.store.invite(self.id, guest.id)
            self.invited.add(guest.id)
            self._changed()  # listed to the guest now (and on every process)

    async def uninvite(self, player_id: int) -> None:
        """An invitation ends (its challenge declined or lapsed; the store's row went
        with that answer): the table is private to them again, and their lobby drops it."""
        if player_id in self.invited:
            self.invited.discard(player_id)
            self._changed()

    async def await_friends(self, friends: Iterable[Awaited], until: datetime) -> None:
        """A challenge invited ``friends`` here (or was read back): the free seats show
        whom they are kept for, and until when the challenge waits."""
        self.awaiting, self.awaiting_until = tuple(friends), until
        self._changed()
        self._presence()

    async def friend_answered(self, player_id: int, answer: str) -> None:
        """A challenged friend answered, or let the challenge lapse: their seat says so
        (a decline or a lapse stays shown, so the host knows to ask someone else)."""
        self.awaiting = tuple(
            replace(f, answer=answer) if f.player_id == player_id else f for f in self.awaiting
        )
        self._changed()
        self._presence()

    async def seat_bot(self, player: PlayerInfo, seat: Seat, level: str) -> None:
        """The host gives a free seat to a bot of ``level`` before the match starts (the
        friend it was kept for declined, or is not coming): the last one starts it."""
        if player.id != self.host_id:
            raise ProtocolError("not_host", "only the table's host may seat a bot")
        if self.status != "open":
            raise ProtocolError("table_full", "the match has started; every seat is taken")
        if not 0 <= seat < len(self.holders):
            raise ProtocolError("bad_request", f"seat must be 0..{len(self.holders) - 1}")
        if not self.holders[seat].is_free:
            raise ProtocolError("seat_taken", f"seat {seat} is taken")
        if level not in LEVELS:
            raise ProtocolError("bad_request", f"bot level must be one of {', '.join(LEVELS)}")
        try:  # a level this game has no bot for is refused now, not mid-match
            make_bot(self.game.name, level)
        except RecordError as e:
            raise ProtocolError("bad_request", str(e)) from None
        await self.store.set_seat(self.id, SeatInfo(seat, "bot", level, None))
        self.holders[seat] = Holder.of(SeatInfo(seat, "bot", level, None), {}, self.game.name)
        self._presence()
        self._arm_expiry()
        await self.begin_if_full()
        self._changed()

    def _arm_expiry(self, delay: float | None = None) -> None:
        """An open table leaves the room once nobody has taken or freed a seat at it for
        ``open_table_seconds``."""
        if self.expiry is not None:
            self.expiry.cancel()
            self.expiry = None
        wait = self.settings.open_table_seconds if delay is None else delay
        if self.status == "open" and wait > 0 and not self._stopping:
            self.expiry = asyncio.get_running_loop().call_later(wait, self.post, self._expire)

    async def _expire(self) -> None:
        self.expiry = None
        if self.status != "open":
            return
        try:
            still_open = await self.store.expire_table(self.id)
        except Exception as e:
            log.warning("expiring the table failed: %s", e, extra={"table": self.id})
            self._arm_expiry(self.backoff.next())
            return
        if not still_open:
            return
        self.status = "expired"
        log.info("open table expired", extra={"table": self.id})
        self._broadcast_same(
            error(
                "table_expired",
                "nobody joined this table in time; it was closed",
                table=self.id,
            )
        )
        self.listeners.clear()
        self._changed()

    def may_watch(self, player: PlayerInfo) -> bool:
        """Anyone may watch a table open to anyone; a private one, its host, the invited
        and its seated players (the lobby lists it to the same players)."""
        return (
            self.access == "anyone"
            or player.id == self.host_id
            or player.id in self.invited
            or self.seat_of(player.id) is not None
        )

    async def back(self, conn: Listener) -> None:
        """A seated player says they are here again: the bot stops playing for them."""
        seat = self.seat_of(conn.player.id)
        if seat is None:
            raise ProtocolError("not_seated")
        if self.holders[seat].away:
            self.holders[seat].away = False
            self._after_change()  # the seat's clock armed again, before everyone hears
            self._presence()

    async def detach(self, conn: Listener) -> None:
        if conn not in self.listeners:
            return
        seat = self.listeners.pop(conn)
        if seat is None:
            return
        h = self.holders[seat]
        h.online = max(0, h.online - 1)
        if h.online == 0 and self.status == "playing":
            self._start_grace(seat)
        self._presence()

    def _start_grace(self, seat: Seat) -> None:
        old = self.graces.pop(seat, None)
        if old is not None:
            old.cancel()
        if self._stopping:  # a timer would keep the stopped table alive for nothing
            return
        loop = asyncio.get_running_loop()
        self.graces[seat] = loop.call_later(
            self.settings.grace_seconds, self.post, lambda: self._grace_over(seat)
        )

    async def _grace_over(self, seat: Seat) -> None:
        self.graces.pop(seat, None)
        h = self.holders[seat]
        if h.online == 0 and not h.away and self.status == "playing":
            h.away = True
            self._after_change()
            self._presence()

    def _presence(self) -> None:
        # With the move clock as it runs now: a seat back, or played by a bot, changes it
        # without an update.
        self._broadcast_same(
            {
                "type": "seats",
                "table": self.id,
                "version": self.version,
                "seats": self.seats_json(),
                "clock": self.clock_json(),
            }
        )

    def clock_json(self) -> dict[str, Any] | None:
        """The move clock as it runs now (None: no person's clock runs)."""
        return None if self.clock is None else self.clock.to_json()

    def seats_json(self) -> list[dict[str, Any]]:
        seats = [h.to_json(s) for s, h in enumerate(self.holders)]
        host = None if self.host_id is None else self.seat_of(self.host_id)
        if self.status == "open" and self.awaiting_until is not None and host is not None:
            until = self.awaiting_until.isoformat()
            for seat, friend in kept_seats(self.holders, self.awaiting, self.seat_of).items():
                seats[seat]["kept_for"] = {
                    "player": friend.name,
                    "answer": friend.answer,
                    "until": until,
                    "from": self.holders[host].name,  # the host, who may seat a bot there
                }
        return seats

    def _broadcast_same(self, message: dict[str, Any]) -> None:
        if self.listeners:
            frame = dumps(message)
            for conn in self.listeners:
                conn.send(frame)

    async def chat(self, conn: Listener, text: str) -> None:
        """PL-6: a line to everyone at the table, stored; length and rate are limited."""
        if conn not in self.listeners:
            raise ProtocolError("not_joined")
        text = self.chat_log.check(conn.player.id, text)
        at = await self.store.add_chat(self.id, conn.player.id, text)
        line = self.chat_log.add(conn.player.name, self.seat_of(conn.player.id), text, at)
        self._broadcast_same({"type": "chat", "table": self.id, **line})


def kept_seats(
    holders: list[Holder],
    friends: Iterable[Awaited],
    seat_of: Callable[[int], Seat | None],
) -> dict[Seat, Awaited]:
    """Which free seat waits for which challenged friend not seated yet: the one a rematch
    keeps for them if it is free, else the first free seat no other friend has. A friend
    takes whichever is free when they accept, so this is what the host reads, not a lock."""
    free = [s for s, h in enumerate(holders) if h.is_free]
    waiting = [f for f in friends if f.answer != "accepted" and seat_of(f.player_id) is None]
    kept: dict[Seat, Awaited] = {}
    for f in waiting:
        if f.seat is not None and f.seat in free and f.seat not in kept:
            kept[f.seat] = f
    for f in waiting:
        if f in kept.values():
            continue
        rest = [s for s in free if s not in kept]
        if rest:
            kept[rest[0]] = f
    return kept
