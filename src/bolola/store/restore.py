"""What a restart reads back (or a process taking tables over): every live table with its
seats, invitations and whole log, the players seated there, the last lines of their
chats; a few queries in all, however many tables. Run inside a session of
:class:`bolola.store.store.Store`."""

from __future__ import annotations

import json
from collections.abc import Collection
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from bolola.store.models import ActionRow, ChatLine, Invitation, Player, Rating, SeatRow, TableRow
from bolola.store.values import GameRating, LoggedAction, PlayerInfo, SeatInfo, TableInfo

LIVE = ("open", "playing")


def live(only: Collection[int] | None) -> Any:
    """Open or in play (and one of ``only``, if given)."""
    status = TableRow.status.in_(LIVE)
    return status if only is None else status & TableRow.id.in_(list(only))


async def tables(s: AsyncSession, only: Collection[int] | None = None) -> list[TableInfo]:
    """Every table open or in play (or those of ``only``), with its seats, invitations
    and whole event log: four queries in all, however many tables (a restart reads
    them all at once)."""
    ids = select(TableRow.id).where(live(only))
    tables = (
        await s.execute(
            select(
                TableRow.id,
                TableRow.game,
                TableRow.options,
                TableRow.seed,
                TableRow.access,
                TableRow.move_seconds,
                TableRow.rated,
                TableRow.host_id,
                TableRow.status,
                TableRow.seed_top,
                TableRow.client_seeds,
            )
            .where(live(only))
            .order_by(TableRow.id)
        )
    ).all()
    seats: dict[int, list[SeatInfo]] = {}
    for t, seat, kind, level, player in await s.execute(
        select(SeatRow.table_id, SeatRow.seat, SeatRow.kind, SeatRow.level, SeatRow.player_id)
        .where(SeatRow.table_id.in_(ids))
        .order_by(SeatRow.table_id, SeatRow.seat)
    ):
        seats.setdefault(t, []).append(SeatInfo(seat, kind, level, player))
    invited: dict[int, set[int]] = {}
    for t, player in await s.execute(
        select(Invitation.table_id, Invitation.player_id).where(Invitation.table_id.in_(ids))
    ):
        invited.setdefault(t, set()).add(player)
    logs: dict[int, list[LoggedAction]] = {}
    for t, version, seat_no, action, player_id, client_id in await s.execute(
        select(
            ActionRow.table_id,
            ActionRow.version,
            ActionRow.seat,
            ActionRow.action,
            ActionRow.player_id,
            ActionRow.client_id,
        )
        .where(ActionRow.table_id.in_(ids))
        .order_by(ActionRow.table_id, ActionRow.version)
    ):
        logs.setdefault(t, []).append(LoggedAction(version, seat_no, action, player_id, client_id))
    return [
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
            seats=tuple(seats.get(t.id, ())),
            invited=frozenset(invited.get(t.id, ())),
            log=tuple(logs.get(t.id, ())),
            seed_top=t.seed_top,
            client_seeds=None if t.client_seeds is None else tuple(json.loads(t.client_seeds)),
        )
        for t in tables
    ]


async def players(s: AsyncSession, only: Collection[int] | None = None) -> dict[int, PlayerInfo]:
    """Every player seated at a live table (or one of ``only``), by id (two queries)."""
    seated = (
        select(SeatRow.player_id)
        .join(TableRow, TableRow.id == SeatRow.table_id)
        .where(live(only), SeatRow.player_id.is_not(None))
    )
    ratings: dict[int, list[GameRating]] = {}
    for pid, game, rating, rated, played, won, drawn, lost in await s.execute(
        select(
            Rating.player_id,
            Rating.game,
            Rating.rating,
            Rating.rated,
            Rating.played,
            Rating.won,
            Rating.drawn,
            Rating.lost,
        )
        .where(Rating.player_id.in_(seated))
        .order_by(Rating.player_id, Rating.game)
    ):
        ratings.setdefault(pid, []).append(
            GameRating(game, rating, rated, played, won, drawn, lost)
        )
    return {
        pid: PlayerInfo(pid, name, guest, xp, games, tuple(ratings.get(pid, ())), password_hash)
        for pid, name, guest, xp, games, password_hash in await s.execute(
            select(
                Player.id,
                Player.name,
                Player.is_guest,
                Player.xp,
                Player.games,
                Player.password_hash,
            ).where(Player.id.in_(seated))
        )
    }


async def chats(
    s: AsyncSession, limit: int = 50, only: Collection[int] | None = None
) -> dict[int, list[tuple[str, str, datetime]]]:
    """The last ``limit`` lines of every live table (or of ``only``), oldest first
    (one query)."""
    ranked = (
        select(
            ChatLine.table_id,
            ChatLine.id,
            ChatLine.player_id,
            ChatLine.text,
            ChatLine.at,
            func.row_number()
            .over(partition_by=ChatLine.table_id, order_by=ChatLine.id.desc())
            .label("n"),
        )
        .join(TableRow, TableRow.id == ChatLine.table_id)
        .where(live(only))
        .subquery()
    )
    out: dict[int, list[tuple[str, str, datetime]]] = {}
    for t, name, text, at in await s.execute(
        select(ranked.c.table_id, Player.name, ranked.c.text, ranked.c.at)
        .join(Player, Player.id == ranked.c.player_id)
        .where(ranked.c.n <= limit)
        .order_by(ranked.c.table_id, ranked.c.id)
    ):
        out.setdefault(t, []).append((name, text, at))
    return out
