"""What the server reads and writes, as plain frozen values (no ORM object leaves here).

>>> store = await Store.open("sqlite:///bolola.db")   # migrates, starts the writer
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bolola.store.database import migrate, open_engine
from bolola.store.models import (
    ActionRow,
    ChatLine,
    Identity,
    Invitation,
    MatchRecord,
    Player,
    SeatRow,
    ServerKey,
    TableRow,
    now,
)
from bolola.store.writer import Writer


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    id: int
    name: str
    is_guest: bool
    rating: float
    xp: int
    games: int
    password_hash: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The public part: never the password hash."""
        return {
            "id": self.id,
            "name": self.name,
            "guest": self.is_guest,
            "rating": round(self.rating),
            "xp": self.xp,
            "level": 1 + self.xp // 100,
            "league": league(self.rating),
            "games": self.games,
        }


def league(rating: float) -> str:
    """PL-13: Bronze → Silver → Gold by rating."""
    return "gold" if rating >= 1700 else "silver" if rating >= 1500 else "bronze"


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    kind: str  # "human" | "bot"
    level: str | None
    player_id: int | None


@dataclass(frozen=True, slots=True)
class LoggedAction:
    version: int
    seat: int
    action: str
    player_id: int | None
    client_id: str | None


@dataclass(frozen=True, slots=True)
class TableInfo:
    id: int
    game: str
    options: dict[str, Any]
    seed: int
    access: str
    move_seconds: float | None
    rated: bool
    host_id: int | None
    status: str
    seats: tuple[SeatInfo, ...]
    invited: frozenset[int]
    log: tuple[LoggedAction, ...]


class NameTakenError(Exception):
    pass


def _player(row: Player) -> PlayerInfo:
    return PlayerInfo(
        row.id, row.name, row.is_guest, row.rating, row.xp, row.games, row.password_hash
    )


class Store:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._sessions = async_sessionmaker(engine, expire_on_commit=False)
        self.writer = Writer(self._sessions)

    @classmethod
    async def open(cls, url: str) -> Store:
        engine = open_engine(url)
        await migrate(engine)
        store = cls(engine)
        store.writer.start()
        return store

    async def close(self) -> None:
        await self.writer.stop()
        await self.engine.dispose()

    # -- keys and players -------------------------------------------------------------

    async def secret(self, name: str) -> str:
        """A server secret, made on first use and kept."""
        async with self._sessions() as s:
            row = await s.get(ServerKey, name)
            if row is not None:
                return row.value

        async def make(session: AsyncSession) -> str:
            found = await session.get(ServerKey, name)
            if found is not None:
                return found.value
            value = secrets.token_urlsafe(48)
            session.add(ServerKey(name=name, value=value))
            return value

        return await self.writer.write(make)

    async def add_player(
        self, name: str, *, is_guest: bool, password_hash: str | None = None
    ) -> PlayerInfo:
        async def add(session: AsyncSession) -> PlayerInfo | None:
            taken = await session.scalar(
                select(Player.id).where(func.lower(Player.name) == name.lower())
            )
            if taken is not None:
                return None
            row = Player(
                name=name,
                is_guest=is_guest,
                password_hash=password_hash,
                rating=1500.0,
                xp=0,
                games=0,
            )
            session.add(row)
            await session.flush()
            return _player(row)

        # The check and the insert share one transaction of the one writer: no race.
        added = await self.writer.write(add)
        if added is None:
            raise NameTakenError(name)
        return added

    async def player(self, player_id: int) -> PlayerInfo | None:
        async with self._sessions() as s:
            row = await s.get(Player, player_id)
            return None if row is None else _player(row)

    async def player_named(self, name: str) -> PlayerInfo | None:
        async with self._sessions() as s:
            row = await s.scalar(select(Player).where(func.lower(Player.name) == name.lower()))
            return None if row is None else _player(row)

    async def link_identity(self, player_id: int, provider: str, subject: str) -> None:
        async def add(session: AsyncSession) -> None:
            session.add(Identity(player_id=player_id, provider=provider, subject=subject))

        await self.writer.write(add)

    async def promote_guest(self, player_id: int) -> None:
        """A guest who linked an outside identity keeps their player, no longer a guest."""

        async def write(session: AsyncSession) -> None:
            await session.execute(
                update(Player).where(Player.id == player_id).values(is_guest=False)
            )

        await self.writer.write(write)

    async def player_by_identity(self, provider: str, subject: str) -> PlayerInfo | None:
        async with self._sessions() as s:
            row = await s.scalar(
                select(Player)
                .join(Identity, Identity.player_id == Player.id)
                .where(Identity.provider == provider, Identity.subject == subject)
            )
            return None if row is None else _player(row)

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
    ) -> int:
        async def add(session: AsyncSession) -> int:
            row = TableRow(
                game=game,
                options=json.dumps(options),
                seed=seed,
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

    async def start_table(self, table_id: int, options: dict[str, Any]) -> None:
        """Play begins: the options (with the first declarer) are fixed from now on."""

        async def write(session: AsyncSession) -> None:
            await session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(status="playing", options=json.dumps(options))
            )

        await self.writer.write(write)

    async def append_action(self, table_id: int, entry: LoggedAction) -> None:
        """Log an accepted action; returns once committed. A second entry for the same
        version fails (the primary key), so the log never forks."""

        row = {
            "table_id": table_id,
            "version": entry.version,
            "seat": entry.seat,
            "action": entry.action,
            "player_id": entry.player_id,
            "client_id": entry.client_id,
            "at": now(),
        }

        async def write(session: AsyncSession) -> None:
            # A Core insert: the hot path of the server skips the ORM's unit of work.
            await session.execute(insert(ActionRow).values(**row))

        await self.writer.write(write)

    async def finish_table(
        self, table_id: int, record: dict[str, Any], results: list[tuple[int, float, int]]
    ) -> None:
        """Store the match record; ``results`` (player id, rating change, xp) update the
        players in the same transaction, so no change is lost or applied twice."""

        async def write(session: AsyncSession) -> None:
            at = datetime.now(UTC)
            session.add(MatchRecord(table_id=table_id, record=json.dumps(record), finished_at=at))
            await session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(status="over", finished_at=at)
            )
            for player_id, delta, xp in results:
                # Relative updates: two matches ending at once both count.
                await session.execute(
                    update(Player)
                    .where(Player.id == player_id)
                    .values(
                        rating=Player.rating + delta,
                        xp=Player.xp + xp,
                        games=Player.games + 1,
                    )
                )

        await self.writer.write(write)

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

    async def record(self, table_id: int) -> dict[str, Any] | None:
        async with self._sessions() as s:
            row = await s.get(MatchRecord, table_id)
            return None if row is None else dict(json.loads(row.record))

    async def live_tables(self) -> list[TableInfo]:
        """Every table not over, with its seats, invitations and whole event log."""
        async with self._sessions() as s:
            tables = (
                await s.scalars(
                    select(TableRow).where(TableRow.status != "over").order_by(TableRow.id)
                )
            ).all()
            out = []
            for t in tables:
                seats = (
                    await s.scalars(
                        select(SeatRow).where(SeatRow.table_id == t.id).order_by(SeatRow.seat)
                    )
                ).all()
                invited = (
                    await s.scalars(select(Invitation.player_id).where(Invitation.table_id == t.id))
                ).all()
                log = (
                    await s.scalars(
                        select(ActionRow)
                        .where(ActionRow.table_id == t.id)
                        .order_by(ActionRow.version)
                    )
                ).all()
                out.append(
                    TableInfo(
                        id=t.id,
                        game=t.game,
                        options=json.loads(t.options),
                        seed=t.seed,
                        access=t.access,
                        move_seconds=t.move_seconds,
                        rated=t.rated,
                        host_id=t.host_id,
                        status=t.status,
                        seats=tuple(SeatInfo(r.seat, r.kind, r.level, r.player_id) for r in seats),
                        invited=frozenset(invited),
                        log=tuple(
                            LoggedAction(a.version, a.seat, a.action, a.player_id, a.client_id)
                            for a in log
                        ),
                    )
                )
            return out

    async def table_status(self, table_id: int) -> str | None:
        async with self._sessions() as s:
            row = await s.get(TableRow, table_id)
            return None if row is None else row.status
