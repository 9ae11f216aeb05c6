"""The store's part that knows who plays: the server's keys (secrets, signed-out
sessions, health) and players (guests, accounts, outside identities, passwords, the
designs they wear). A part of :class:`bolola.store.store.Store`, run on its sessions and
through its one writer."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bolola import names
from bolola.store import keys, players
from bolola.store.models import Identity, Player, now, utc
from bolola.store.values import NameTakenError, PlayerInfo
from bolola.store.writer import Writer


class Accounts:
    """Keys and players, for :class:`~bolola.store.store.Store`."""

    _sessions: async_sessionmaker[AsyncSession]
    writer: Writer

    async def secret(self, name: str) -> str:
        """A server secret, made on first use and kept."""
        async with self._sessions() as s:
            found = await keys.value(s, name)
        if found is not None:
            return found
        return await self.writer.write(lambda session: keys.make_secret(session, name))

    async def check_health(self) -> None:
        """A real read and a real write (the ``health`` key's time, committed); raises
        whatever the database raises when it cannot do either."""
        async with self._sessions() as s:
            await s.execute(select(func.count()).select_from(Player))
        stamp = datetime.now(UTC).isoformat()
        await self.writer.write(lambda session: keys.put(session, "health", stamp))

    async def revoke(self, key: str, until: float) -> None:
        """Remember a signed-out session token (by ``key``) until it would expire anyway."""
        await self.writer.write(lambda session: keys.revoke(session, key, until))

    async def revoked(self, key: str) -> bool:
        async with self._sessions() as s:
            return await keys.value(s, key) is not None

    async def add_player(
        self, name: str, *, is_guest: bool, password_hash: str | None = None
    ) -> PlayerInfo:
        async def add(session: AsyncSession) -> PlayerInfo | None:
            return await players.add(session, name, is_guest, password_hash)

        # The check and the insert share one transaction of the one writer: no race.
        added = await self.writer.write(add)
        if added is None:
            raise NameTakenError(name)
        return added

    async def player(self, player_id: int) -> PlayerInfo | None:
        async with self._sessions() as s:
            row = await s.get(Player, player_id)
            return None if row is None else await players.info(s, row)

    async def player_named(self, name: str) -> PlayerInfo | None:
        async with self._sessions() as s:
            row = await s.scalar(select(Player).where(Player.name_key == names.key(name)))
            return None if row is None else await players.info(s, row)

    async def link_identity(self, player_id: int, provider: str, subject: str) -> None:
        async def add(session: AsyncSession) -> None:
            session.add(Identity(player_id=player_id, provider=provider, subject=subject))

        await self.writer.write(add)

    async def promote_guest(
        self, player_id: int, name: str | None = None, password_hash: str | None = None
    ) -> PlayerInfo:
        """A guest kept as a player (``players.promote``); raises NameTakenError, or
        ValueError when the player is gone or, for a claim, no longer a guest."""

        async def write(session: AsyncSession) -> PlayerInfo | str:
            return await players.promote(session, player_id, name, password_hash)

        done = await self.writer.write(write)
        if done == "taken":
            raise NameTakenError(name or "")
        if isinstance(done, str):
            raise ValueError(done)
        return done

    async def player_by_identity(self, provider: str, subject: str) -> PlayerInfo | None:
        async with self._sessions() as s:
            row = await s.scalar(
                select(Player)
                .join(Identity, Identity.player_id == Player.id)
                .where(Identity.provider == provider, Identity.subject == subject)
            )
            return None if row is None else await players.info(s, row)

    async def wear(self, player_id: int, back: str | None, felt: str | None) -> None:
        """The designs a player chose (None: unchanged); the caller checked their level."""
        values = {k: v for k, v in (("card_back", back), ("felt", felt)) if v is not None}
        if not values:
            return

        async def write(session: AsyncSession) -> None:
            await session.execute(update(Player).where(Player.id == player_id).values(**values))

        await self.writer.write(write)

    async def set_password(
        self, player_id: int, password_hash: str, keep: float | None = None
    ) -> float:
        """A new password; every session made before now (returned, seconds since the
        epoch) is over but the one made at ``keep`` (the one that changed it)."""
        since = now()
        kept = None if keep is None else round(keep * 1e6)

        async def write(session: AsyncSession) -> None:
            await session.execute(
                update(Player)
                .where(Player.id == player_id)
                .values(password_hash=password_hash, sessions_from=since, sessions_kept=kept)
            )

        await self.writer.write(write)
        return since.timestamp()

    async def sessions_ended(self, after: datetime) -> list[tuple[int, float, float | None]]:
        """The players whose password changed after ``after``: each with the moment their
        sessions ended and the session that goes on (seconds since the epoch; None: none)."""
        async with self._sessions() as s:
            rows = await s.execute(
                select(Player.id, Player.sessions_from, Player.sessions_kept).where(
                    Player.sessions_from > after
                )
            )
            return [
                (pid, utc(since).timestamp(), None if kept is None else kept / 1e6)
                for pid, since, kept in rows.all()
                if since is not None
            ]
