"""Players as the store keeps them: read into :class:`PlayerInfo` with their ratings, and
added under a name nobody has (``bolola.names.key``: case and the form of accents
aside). Run inside a session of :class:`bolola.store.store.Store` (an addition through
its writer: the check and the insert in one transaction of the one writer, so no race)."""

from __future__ import annotations

from typing import Literal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bolola import names
from bolola.progression.cosmetics import DEFAULT, Kind
from bolola.store.models import Player, Rating, utc
from bolola.store.values import GameRating, PlayerInfo


async def info(session: AsyncSession, row: Player) -> PlayerInfo:
    """The player of ``row``, with their rating in every game they played."""
    ratings = (
        await session.scalars(
            select(Rating).where(Rating.player_id == row.id).order_by(Rating.game)
        )
    ).all()
    return PlayerInfo(
        row.id,
        row.name,
        row.is_guest,
        row.xp,
        row.games,
        tuple(
            GameRating(r.game, r.rating, r.rated, r.played, r.won, r.drawn, r.lost) for r in ratings
        ),
        row.password_hash,
        row.card_back or DEFAULT[Kind.BACK],
        row.felt or DEFAULT[Kind.FELT],
        None if row.sessions_from is None else utc(row.sessions_from).timestamp(),
    )


async def add(
    session: AsyncSession, name: str, is_guest: bool, password_hash: str | None
) -> PlayerInfo | None:
    """A new player named ``name``, or None if the name is taken."""
    key = names.key(name)
    taken = await session.scalar(select(Player.id).where(Player.name_key == key))
    if taken is not None:
        return None
    row = Player(
        name=name, name_key=key, is_guest=is_guest, password_hash=password_hash, xp=0, games=0
    )
    session.add(row)
    await session.flush()
    return PlayerInfo(row.id, row.name, row.is_guest, 0, 0, (), row.password_hash)


async def promote(
    session: AsyncSession, player_id: int, name: str | None, password_hash: str | None
) -> PlayerInfo | Literal["taken", "not_guest", "gone"]:
    """The guest ``player_id`` made a lasting player, keeping their XP, ratings and history:
    renamed ``name`` with that password if given (a guest claiming a local account), else
    under the same name (a guest linking an outside identity). "taken": the name is
    another's; "not_guest": a claim of a player who already has an account (claimed in
    another tab meanwhile)."""
    row = await session.get(Player, player_id)
    if row is None:
        return "gone"
    if name is not None:
        if not row.is_guest:
            return "not_guest"
        key = names.key(name)
        taken = await session.scalar(
            select(Player.id).where(Player.name_key == key, Player.id != row.id)
        )
        if taken is not None:
            return "taken"
        row.name, row.name_key, row.password_hash = name, key, password_hash
    row.is_guest = False
    await session.flush()
    return await info(session, row)
