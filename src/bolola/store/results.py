"""Results (PL-11..PL-14): what a match's end and a day's claim change (the record,
ratings, XP, results, daily rewards; each run inside one write of
:class:`bolola.store.store.Store`'s writer, so none is lost or applied twice), and the
reads of them (a player's recent matches, a game's leaderboard)."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bolola.engine import Result
from bolola.progression.daily import reward_xp, streak_on
from bolola.progression.rating import START
from bolola.progression.settlement import Progress, Standing, settle
from bolola.store.models import (
    DailyReward,
    MatchRecord,
    Player,
    Rating,
    ResultRow,
    TableRow,
    now,
    utc,
)
from bolola.store.values import DailyClaim, Leader, RecentMatch, SeatEnd


async def finish(
    session: AsyncSession,
    table_id: int,
    *,
    game: str,
    record: dict[str, Any],
    scores: tuple[int, ...],
    ends: list[SeatEnd],
    rated: bool,
    teams: tuple[tuple[int, ...], ...] | None,
) -> tuple[Progress, ...]:
    """The match record, the table over, and every human seat's rating, XP and result,
    moved by relative updates (two tables of one player ending at once both count); ()
    if the match was stored already (a retried write)."""
    if await session.get(MatchRecord, table_id) is not None:
        return ()  # finished already (a retried write)
    at = now()
    session.add(MatchRecord(table_id=table_id, record=json.dumps(record), finished_at=at))
    await session.execute(
        update(TableRow)
        .where(TableRow.id == table_id)
        .values(status="over", finished_at=at, scores=json.dumps(list(scores)))
    )
    humans = [e.player_id for e in ends if e.player_id is not None]
    known = {
        pid: (rating, count)
        for pid, rating, count in (
            await session.execute(
                select(Rating.player_id, Rating.rating, Rating.rated).where(
                    Rating.player_id.in_(humans), Rating.game == game
                )
            )
        ).all()
    }
    xps = dict(
        (await session.execute(select(Player.id, Player.xp).where(Player.id.in_(humans)))).all()
    )
    standings = [
        Standing(
            e.player_id,
            known.get(e.player_id, (START, 0))[0] if e.player_id else e.bot_rating,
            known.get(e.player_id, (START, 0))[1] if e.player_id else 0,
            xps.get(e.player_id, 0) if e.player_id else 0,
            e.result,
            e.rank,
            e.abandoned,
        )
        for e in ends
    ]
    progress = settle(standings, rated=rated, teams=teams)
    for p in progress:
        if p.player_id not in known:
            await session.execute(
                insert(Rating).values(
                    player_id=p.player_id,
                    game=game,
                    rating=START,
                    rated=0,
                    played=0,
                    won=0,
                    drawn=0,
                    lost=0,
                )
            )
        await session.execute(
            update(Rating)
            .where(Rating.player_id == p.player_id, Rating.game == game)
            .values(
                rating=Rating.rating + p.rating_change,
                rated=Rating.rated + int(rated),
                played=Rating.played + 1,
                won=Rating.won + int(p.result is Result.WIN),
                drawn=Rating.drawn + int(p.result is Result.DRAW),
                lost=Rating.lost + int(p.result is Result.LOSS),
            )
        )
        await session.execute(
            update(Player)
            .where(Player.id == p.player_id)
            .values(xp=Player.xp + p.xp_gained, games=Player.games + 1)
        )
        await session.execute(
            insert(ResultRow).values(
                table_id=table_id,
                seat=p.seat,
                player_id=p.player_id,
                game=game,
                rank=p.rank,
                result=p.result.value,
                rated=rated,
                rating_before=p.rating_before,
                rating_after=p.rating_after,
                xp=p.xp_gained,
                finished_at=at,
                left=p.left,
            )
        )
    return progress


async def claim_daily(session: AsyncSession, player_id: int, day: date) -> DailyClaim:
    """The daily reward for ``day``, if the player's last claim was another day."""
    last = (
        await session.execute(
            select(DailyReward.day, DailyReward.streak)
            .where(DailyReward.player_id == player_id)
            .order_by(DailyReward.day.desc())
            .limit(1)
        )
    ).first()
    last_day, last_streak = (None, 0) if last is None else (last[0], last[1])
    streak = streak_on(day, last_day, last_streak)
    if streak is None:
        return DailyClaim(False, 0, last_streak, day, reward_xp(last_streak + 1))
    xp = reward_xp(streak)
    await session.execute(
        insert(DailyReward).values(
            player_id=player_id, day=day, streak=streak, xp=xp, claimed_at=now()
        )
    )
    await session.execute(update(Player).where(Player.id == player_id).values(xp=Player.xp + xp))
    return DailyClaim(True, xp, streak, day, reward_xp(streak + 1))


async def recent(s: AsyncSession, player_id: int, limit: int = 10) -> list[RecentMatch]:
    """The player's last finished tables, newest first."""
    rows = await s.execute(
        select(ResultRow, TableRow.scores)
        .join(TableRow, TableRow.id == ResultRow.table_id)
        .where(ResultRow.player_id == player_id)
        .order_by(ResultRow.finished_at.desc(), ResultRow.table_id.desc())
        .limit(limit)
    )
    return [
        RecentMatch(
            r.table_id,
            r.game,
            utc(r.finished_at),
            r.seat,
            r.rank,
            tuple(json.loads(scores or "[]")),
            r.result,
            r.rating_after - r.rating_before,
            r.left,
        )
        for r, scores in rows.all()
    ]


async def left_seats(s: AsyncSession, table_id: int) -> frozenset[int]:
    """The seats of a finished table whose players had left it (a bot played them to the
    end): their results are forfeits."""
    rows = await s.execute(
        select(ResultRow.seat).where(ResultRow.table_id == table_id, ResultRow.left)
    )
    return frozenset(rows.scalars().all())


async def leaderboard(s: AsyncSession, game: str, limit: int) -> list[Leader]:
    """The best ratings of a game among players with a rated game there; equal
    ratings in name order (case-insensitive, as KB-5 breaks ties)."""
    rows = await s.execute(
        select(Player.name, Rating.rating, Player.xp, Rating.played)
        .join(Player, Player.id == Rating.player_id)
        .where(Rating.game == game, Rating.rated > 0)
        .order_by(Rating.rating.desc(), Player.name_key, Player.name)
        .limit(limit)
    )
    return [Leader(*row) for row in rows.all()]
