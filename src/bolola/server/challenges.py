"""Challenges (issue 17): a new private table for the challenger and friends (bots for
the rest), each invited friend told live, with an answer (accept: the first free seat;
decline) the challenger hears, and an expiry (``CHALLENGE_SECONDS``) after which an
unanswered invitation lapses. A **rematch** is a challenge to the same players, options
and bots. A challenge lives with its table's process: restored with the table, dropped
when the table moves to another.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from bolola.server.backoff import Backoff
from bolola.server.protocol import ProtocolError
from bolola.server.seat import Awaited
from bolola.server.spec import TableSpec
from bolola.store.challenges import StoredChallenge
from bolola.store.store import PlayerInfo, Store
from bolola.store.writer import WriteFailedError

if TYPE_CHECKING:
    from bolola.server.room import Room
    from bolola.server.table import Table

log = logging.getLogger("bolola.challenges")
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


class Challenges:
    """The challenges under way at this process's tables."""

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
        await table.call(lambda: table.await_friends(_awaited(challenge), expires))
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
        answer = "accepted" if accept else "declined"
        # Stored before the table forgets the invitation: the same write ends its row.
        await self.store.answer_challenge(table_id, player.id, answer)
        challenge.answers[player.id] = answer
        with contextlib.suppress(ProtocolError):  # a table stopping: no matter
            if not accept:
                await table.call(lambda: table.uninvite(player.id))
            # The host reads it on the seat kept for them, not only in a passing toast.
            await table.call(lambda: table.friend_answered(player.id, answer))
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
                        await table.call(lambda p=pid: table.uninvite(p))  # type: ignore[misc]
                        await table.call(
                            lambda p=pid: table.friend_answered(p, "expired")  # type: ignore[misc]
                        )
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
        time they had left (at once if it has passed). Those every friend answered
        are read back too while their table waits for players: its seats still say
        who declined or let it lapse."""
        if not table_ids:
            return
        stored_ones = await self.store.challenges_under_way(tables=table_ids, answered_too=True)
        for stored in stored_ones:
            table = self.room.tables.get(stored.table_id)
            if stored.table_id in self.challenges or table is None:
                continue
            challenge = _challenge_of(stored)
            if any(a == "pending" for a in challenge.answers.values()):
                self._arm(challenge)
            elif table.status != "open":
                continue  # settled, and the match under way: no seat is kept
            with contextlib.suppress(ProtocolError):  # a table stopping: no matter
                await table.call(
                    lambda t=table, c=challenge: t.await_friends(_awaited(c), c.expires_at)  # type: ignore[misc]
                )

    def table_changed(self, table: Table) -> None:
        """A challenge whose challenger left its table before the match ends now, as if
        it expired: accepted later, it would seat the friend at a table nobody comes to.
        (One still waiting when the match begins, the host having seated bots, is
        answered ``table_full`` if accepted, as when another friend took the last seat.)"""
        challenge = self.challenges.get(table.id)
        if (
            challenge is not None
            and challenge.expiry is None
            and table.status == "open"
            and table.seat_of(challenge.host_id) is None
        ):
            self._expire_in(challenge, 0)

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


def _awaited(challenge: Challenge) -> list[Awaited]:
    """The challenge's friends as the table's free seats name them."""
    return [
        Awaited(p, challenge.names[p], answer, challenge.seats.get(p))
        for p, answer in challenge.answers.items()
    ]


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
