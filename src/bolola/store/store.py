"""What the server reads and writes, as plain frozen values (no ORM object leaves here).

Used as::

    store = await Store.open("sqlite:///bolola.db")   # migrates, starts the writer
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Collection, Iterable, Mapping
from datetime import date, datetime
from typing import Any, cast

from sqlalchemy import Table, event, select, text, update
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.orm import configure_mappers
from sqlalchemy.pool import ConnectionPoolEntry
from sqlalchemy.util import greenlet_spawn

from bolola.engine import Record
from bolola.progression.achievements import DayClaim, MatchFacts
from bolola.progression.settlement import Progress
from bolola.store import challenges, friends, milestones, restore, results
from bolola.store.accounts import Accounts
from bolola.store.database import is_sqlite, open_migrated
from bolola.store.direct import SqliteLog
from bolola.store.models import (
    ActionRow,
    ChatLine,
    Invitation,
    MatchRecord,
    Player,
    SeatRow,
    TableRow,
    now,
    utc,
)
from bolola.store.pglog import PgLog
from bolola.store.values import (
    DailyClaim,
    GameRating,
    Leader,
    LoggedAction,
    NameTakenError,
    PlayerInfo,
    RecentMatch,
    SeatEnd,
    SeatInfo,
    TableInfo,
    TableSetup,
)
from bolola.store.writer import Append, DirectLog, Writer

__all__ = [
    "DailyClaim",
    "GameRating",
    "Leader",
    "LoggedAction",
    "NameTakenError",
    "PlayerInfo",
    "RecentMatch",
    "SeatEnd",
    "SeatInfo",
    "Store",
    "TableInfo",
]


ACTIONS = cast(Table, ActionRow.__table__)


def _close_returned(_dbapi_connection: Any, record: ConnectionPoolEntry) -> None:
    """A connection of a dropped pool, back from use: closed, not kept idle there."""
    record.close()


class Store(Accounts):
    def __init__(self, engine: AsyncEngine, direct: DirectLog | None = None) -> None:
        self.engine = engine
        # An ORM update or delete leaves the session's loaded objects alone: each write
        # runs on a session of its own (the writer expunges between the writes of a
        # batch), so none is loaded there to keep in step; and the default evaluates
        # the statement against them, building and keeping an evaluator per statement
        # shape (issue 15: "Memory, sixth round").
        self._sessions = async_sessionmaker(
            engine, expire_on_commit=False, execution_options={"synchronize_session": False}
        )
        self.writer = Writer(self._sessions, direct)
        self._disposing: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, url: str) -> Store:
        engine = await open_migrated(url)
        # At start, not at the first query: a mapping error stops the start, and what
        # the mappers work out is made among the start's objects, not among the first
        # busy hour's, whose pages it would keep (issue 15, "Memory, seventh round").
        configure_mappers()
        store = cls(engine, SqliteLog.of(url) or PgLog.of(url))
        store.writer.start()
        return store

    async def close(self) -> None:
        await self.writer.stop()
        if self._disposing is not None:
            await self._disposing
        await self.engine.dispose()

    def forget(self) -> None:
        """What the server forgets with its other caches when no table is live: the
        statements SQLAlchemy keeps compiled, the event log connection's page cache, and
        the pool's connections (each with its own cache; opened again on next use).
        Connections in use when the pool goes are closed as they come back."""
        self.engine.sync_engine.clear_compiled_cache()
        self.writer.shrink()
        if self._disposing is None or self._disposing.done():
            self._disposing = asyncio.get_running_loop().create_task(self._dispose())

    async def _dispose(self) -> None:
        """The engine on a new pool, the old one's connections closed: the idle ones now,
        those in use as they come back. ``engine.dispose()`` alone closes only the idle
        ones and lets the others back into the pool it dropped, left open for the garbage
        collector (an aiosqlite connection and its thread, unclosed)."""
        old = self.engine.sync_engine.pool
        # Swapping the pool does no I/O: nothing is checked in or out of the old pool
        # between the swap and the listener (the new pool took the old one's listeners
        # already, not this one).
        self.engine.sync_engine.dispose(close=False)
        event.listen(old, "checkin", _close_returned)
        await greenlet_spawn(old.dispose)

    # -- tables -----------------------------------------------------------------------

    async def add_table(
        self,
        *,
        game: str,
        options: dict[str, Any],
        seed: int,
        access: str,
        move_seconds: float | None,
        rated: bool,
        host_id: int | None,
        seats: list[SeatInfo],
        seed_top: str | None = None,
        table_id: int | None = None,
        fence: int = 0,
    ) -> int:
        """A new table, open; ``table_id`` one :meth:`reserve_table_id` gave (several
        processes: its lease taken before the row exists), with its owner's ``fence``."""

        async def add(session: AsyncSession) -> int:
            row = TableRow(
                id=table_id,
                fence=fence,
                game=game,
                options=json.dumps(options),
                seed=seed,
                seed_top=seed_top,
                access=access,
                move_seconds=move_seconds,
                rated=rated,
                host_id=host_id,
                status="open",
            )
            session.add(row)
            await session.flush()
            for s in seats:
                session.add(
                    SeatRow(
                        table_id=row.id,
                        seat=s.seat,
                        kind=s.kind,
                        level=s.level,
                        player_id=s.player_id,
                    )
                )
            return row.id

        return await self.writer.write(add)

    async def set_seat(self, table_id: int, seat: SeatInfo) -> None:
        async def write(session: AsyncSession) -> None:
            await session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat.seat)
                .values(kind=seat.kind, level=seat.level, player_id=seat.player_id)
            )

        await self.writer.write(write)

    async def invite(self, table_id: int, player_id: int) -> None:
        async def write(session: AsyncSession) -> None:
            if await session.get(Invitation, (table_id, player_id)) is None:
                session.add(Invitation(table_id=table_id, player_id=player_id))

        await self.writer.write(write)

    async def start_table(
        self, table_id: int, options: dict[str, Any], client_seeds: tuple[str, ...] | None = None
    ) -> None:
        """Play begins: the options (with the first declarer) and the seats' client seeds
        (fair deals) are fixed from now on."""
        seeds = None if client_seeds is None else json.dumps(list(client_seeds))

        async def write(session: AsyncSession) -> None:
            await session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(status="playing", options=json.dumps(options), client_seeds=seeds)
            )

        await self.writer.write(write)

    async def append_action(
        self, table_id: int, entry: LoggedAction, fence: int | None = None
    ) -> None:
        """Log an accepted action; returns once committed. A second entry for the same
        version fails (the primary key), so the log never forks. With a ``fence`` (several
        processes) the row goes in only while the table's token is still that one, else
        :class:`FencedError`: another process owns the table now."""
        row = {
            "table_id": table_id,
            "version": entry.version,
            "seat": entry.seat,
            "action": entry.action,
            "player_id": entry.player_id,
            "client_id": entry.client_id,
        }
        # The hot path of the server: a Core row, inserted with the other tables' rows of
        # the same group commit in one statement (see writer.py).
        await self.writer.write(
            Append(ACTIONS, row, stamp="at", what="Store.append_action", fence=fence)
        )

    async def actions_after(self, table_id: int, version: int) -> list[LoggedAction]:
        """The table's logged actions after ``version``, in order: what a write that
        seemed to fail may have committed all the same (a connection lost at COMMIT)."""
        async with self._sessions() as s:
            rows = await s.scalars(
                select(ActionRow)
                .where(ActionRow.table_id == table_id, ActionRow.version > version)
                .order_by(ActionRow.version)
            )
            return [
                LoggedAction(a.version, a.seat, a.action, a.player_id, a.client_id) for a in rows
            ]

    async def expire_table(self, table_id: int) -> bool:
        """An open table nobody joined leaves the room: ``expired``, never restored, no
        record. False if it was not open any more."""

        async def write(session: AsyncSession) -> bool:
            done = await session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status == "open")
                .values(status="expired", finished_at=now())
            )
            return bool(getattr(done, "rowcount", 0))

        return await self.writer.write(write)

    async def finish_table(
        self,
        table_id: int,
        *,
        game: str,
        record: dict[str, Any],
        scores: tuple[int, ...],
        ends: list[SeatEnd],
        rated: bool,
        teams: tuple[tuple[int, ...], ...] | None = None,
    ) -> tuple[Progress, ...]:
        """Store the match record and every human seat's progress in one transaction, so
        no result is lost or applied twice. Ratings and XP are read and moved inside the
        writer's transaction with relative updates: two tables of one player ending at
        once both count, the second from the first's new rating."""

        async def write(session: AsyncSession) -> tuple[Progress, ...]:
            return await results.finish(
                session,
                table_id,
                game=game,
                record=record,
                scores=scores,
                ends=ends,
                rated=rated,
                teams=teams,
            )

        return await self.writer.write(write)

    # -- progression (PL-11..PL-14) ---------------------------------------------------

    async def claim_daily(self, player_id: int, day: date) -> DailyClaim:
        """The daily reward for ``day`` (UTC): granted by the first claim only, however
        many arrive at once (one writer, and a unique (player, day) row behind it)."""

        async def write(session: AsyncSession) -> DailyClaim:
            return await results.claim_daily(session, player_id, day)

        return await self.writer.write(write)

    async def recent(self, player_id: int, limit: int = 10) -> list[RecentMatch]:
        """The player's last finished tables, newest first."""
        async with self._sessions() as s:
            return await results.recent(s, player_id, limit)

    async def left_seats(self, table_id: int) -> frozenset[int]:
        """The seats of a finished table whose players had left it: forfeits."""
        async with self._sessions() as s:
            return await results.left_seats(s, table_id)

    async def leaderboard(self, game: str, limit: int) -> list[Leader]:
        """The best ratings of a game among players with a rated game there; equal
        ratings in name order (case-insensitive, as KB-5 breaks ties)."""
        async with self._sessions() as s:
            return await results.leaderboard(s, game, limit)

    async def add_chat(self, table_id: int, player_id: int, text: str) -> datetime:
        async def write(session: AsyncSession) -> datetime:
            line = ChatLine(table_id=table_id, player_id=player_id, text=text)
            session.add(line)
            await session.flush()
            return line.at

        return await self.writer.write(write)

    async def chat(self, table_id: int, limit: int = 50) -> list[tuple[str, str, datetime]]:
        """The last ``limit`` lines, oldest first: (name, text, at)."""
        async with self._sessions() as s:
            rows = await s.execute(
                select(Player.name, ChatLine.text, ChatLine.at)
                .join(Player, Player.id == ChatLine.player_id)
                .where(ChatLine.table_id == table_id)
                .order_by(ChatLine.id.desc())
                .limit(limit)
            )
            return [(n, t, a) for n, t, a in reversed(rows.all())]

    # -- friends (issue 17) -------------------------------------------------------------------

    async def ask_friend(self, a: int, b: int) -> friends.Asked:
        """``a`` asks ``b`` (``BLOCKED`` when either blocks the other)."""

        async def write(session: AsyncSession) -> friends.Asked:
            return await friends.ask(session, a, b)

        return await self.writer.write(write)

    async def answer_friend(self, a: int, b: int, accept: bool) -> bool:
        async def write(session: AsyncSession) -> bool:
            return await friends.answer(session, a, b, accept)

        return await self.writer.write(write)

    async def remove_friend(self, a: int, b: int) -> bool:
        async def write(session: AsyncSession) -> bool:
            return await friends.remove(session, a, b)

        return await self.writer.write(write)

    async def block(self, a: int, b: int, on: bool) -> None:
        async def write(session: AsyncSession) -> None:
            await (friends.block if on else friends.unblock)(session, a, b)

        await self.writer.write(write)

    async def add_challenge(
        self,
        table_id: int,
        host_id: int,
        expires_at: datetime,
        invitees: Mapping[int, int | None],
    ) -> None:
        async def write(session: AsyncSession) -> None:
            await challenges.add(session, table_id, host_id, expires_at, invitees)

        await self.writer.write(write)

    async def answer_challenge(self, table_id: int, player_id: int, answer: str) -> bool:
        """The player's answer, if it was still pending (else False: another process, or
        the expiry, answered first)."""

        async def write(session: AsyncSession) -> bool:
            return await challenges.answer(session, table_id, player_id, answer)

        return await self.writer.write(write)

    async def challenges_under_way(
        self,
        *,
        tables: Iterable[int] | None = None,
        owed_by: int | None = None,
        lapsing_after: datetime | None = None,
        answered_too: bool = False,
    ) -> list[challenges.StoredChallenge]:
        async with self._sessions() as s:
            return await challenges.under_way(
                s,
                tables=tables,
                owed_by=owed_by,
                lapsing_after=lapsing_after,
                answered_too=answered_too,
            )

    async def table_setup(self, table_id: int) -> TableSetup | None:
        async with self._sessions() as s:
            row = await s.get(TableRow, table_id)
            if row is None:
                return None
            seats = await s.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            )
            invited = await s.scalars(
                select(Invitation.player_id).where(Invitation.table_id == table_id)
            )
            return TableSetup(
                row.id,
                row.game,
                json.loads(row.options),
                tuple(SeatInfo(x.seat, x.kind, x.level, x.player_id) for x in seats),
                row.status,
                row.move_seconds,
                row.rated,
                None if row.finished_at is None else utc(row.finished_at),
                row.access,
                row.host_id,
                frozenset(invited),
            )

    async def set_provider_friends(self, provider: str, subject: str, known: list[str]) -> None:
        """The person's friends at the provider, as it told us at their last sign-in."""

        async def write(session: AsyncSession) -> None:
            await friends.set_provider_friends(session, provider, subject, known)

        await self.writer.write(write)

    async def is_blocked(self, a: int, b: int) -> bool:
        async with self._sessions() as s:
            return await friends.is_blocked(s, a, b)

    async def relations(self, a: int) -> friends.Relations:
        async with self._sessions() as s:
            return await friends.relations(s, a)

    async def friend_ids(self, a: int) -> list[int]:
        async with self._sessions() as s:
            return await friends.friend_ids(s, a)

    async def seen(self, a: int) -> None:
        """The player's last connection closed now."""

        async def write(session: AsyncSession) -> None:
            await friends.seen(session, a, now())

        await self.writer.write(write)

    # -- milestones (issue 17): achievements' inputs, feats, the designs worn ---------------

    async def milestones(self, player_id: int) -> tuple[list[MatchFacts], list[DayClaim]]:
        """The player's finished matches (with their feats) and daily claims."""
        async with self._sessions() as s:
            return await milestones.player_history(s, player_id)

    async def engine_record(self, table_id: int) -> Record | None:
        """The table's game as the engine replays it (None: no such table)."""
        async with self._sessions() as s:
            return await milestones.engine_record(s, table_id)

    async def tables_without_feats(self, limit: int) -> list[int]:
        async with self._sessions() as s:
            return await milestones.tables_without_feats(s, limit)

    async def set_feats(self, table_id: int, feats: tuple[frozenset[str], ...]) -> None:
        async def write(session: AsyncSession) -> None:
            await milestones.set_feats(session, table_id, feats)

        await self.writer.write(write)

    async def record(self, table_id: int) -> dict[str, Any] | None:
        async with self._sessions() as s:
            row = await s.get(MatchRecord, table_id)
            return None if row is None else dict(json.loads(row.record))

    async def live_tables(self, only: Collection[int] | None = None) -> list[TableInfo]:
        """Every table open or in play (or those of ``only``): :func:`restore.tables`."""
        async with self._sessions() as s:
            return await restore.tables(s, only)

    async def live_players(self, only: Collection[int] | None = None) -> dict[int, PlayerInfo]:
        """Every player seated at a live table (or one of ``only``), by id."""
        async with self._sessions() as s:
            return await restore.players(s, only)

    async def live_chats(
        self, limit: int = 50, only: Collection[int] | None = None
    ) -> dict[int, list[tuple[str, str, datetime]]]:
        """The last ``limit`` lines of every live table (or of ``only``), oldest first."""
        async with self._sessions() as s:
            return await restore.chats(s, limit, only)

    async def reserve_table_id(self) -> int:
        """A table id no table has, for :meth:`add_table` (PostgreSQL: its sequence)."""
        async with self._sessions() as s:
            found = await s.scalar(text("SELECT nextval(pg_get_serial_sequence('tables', 'id'))"))
            return int(found)

    async def live_table_ids(self) -> list[int]:
        """The ids of the tables open or in play (several processes: which to own)."""
        async with self._sessions() as s:
            return list(
                await s.scalars(select(TableRow.id).where(TableRow.status.in_(restore.LIVE)))
            )

    async def claim_table(self, table_id: int) -> int:
        """A new fencing token for the table's owner (several processes): from now on
        the log takes only actions written with it (docs/scaling.md)."""

        async def write(session: AsyncSession) -> int:
            if not is_sqlite(self.engine):
                # A paused owner may hold the row (a log write it never committed): fail
                # fast rather than hold up the one writer; the taker tries again later,
                # once PostgreSQL has ended that transaction (POSTGRES_SETTINGS).
                await session.execute(text("SET LOCAL lock_timeout = '500ms'"))
            token = await session.scalar(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(fence=TableRow.fence + 1)
                .returning(TableRow.fence)
            )
            if token is None:
                raise LookupError(f"no table {table_id}")
            return int(token)

        return await self.writer.write(write)

    async def table_status(self, table_id: int) -> str | None:
        async with self._sessions() as s:
            row = await s.get(TableRow, table_id)
            return None if row is None else row.status
