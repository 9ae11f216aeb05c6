"""What a player's achievements are computed from (issue 17), read from the store.

Each finished match's feats are kept with its results (``results.feats``, a JSON list per
human seat): found from the table's action log when the match ends, and again for older
matches by ``bolola achievements --backfill`` (:mod:`bolola.server.achievements`). These
run inside a session of :class:`bolola.store.store.Store` (writes through its writer).
"""

from __future__ import annotations

import json

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bolola.engine import Record
from bolola.fairness import Deals, FairDeals
from bolola.progression.achievements import DayClaim, MatchFacts
from bolola.store.models import ActionRow, DailyReward, ResultRow, TableRow, utc


async def player_history(
    s: AsyncSession, player_id: int
) -> tuple[list[MatchFacts], list[DayClaim]]:
    """The player's finished matches (with their feats, none where not yet found) and
    daily claims."""
    results = await s.scalars(select(ResultRow).where(ResultRow.player_id == player_id))
    matches = [
        MatchFacts(
            r.game,
            utc(r.finished_at),
            r.result,
            r.rating_after,
            frozenset(json.loads(r.feats)) if r.feats else frozenset(),
            r.table_id,
            left=r.xp == 0,  # only a seat a bot played at the end earns no XP (xp_for)
        )
        for r in results
    ]
    claims = await s.scalars(select(DailyReward).where(DailyReward.player_id == player_id))
    days = [DayClaim(c.day, c.streak, utc(c.claimed_at)) for c in claims]
    return matches, days


async def engine_record(s: AsyncSession, table_id: int) -> Record | None:
    """A table's game as the engine replays it: its options, what it dealt from and every
    logged action (None for no such table)."""
    table = await s.get(TableRow, table_id)
    if table is None:
        return None
    rows = await s.scalars(
        select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.version)
    )
    moves = tuple(f"{a.seat}:{a.action}" for a in rows)
    deals: Deals = table.seed
    if table.seed_top is not None and table.client_seeds is not None:
        deals = FairDeals.from_top(bytes.fromhex(table.seed_top), json.loads(table.client_seeds))
    return Record(table.game, json.loads(table.options), deals, moves)


async def tables_without_feats(s: AsyncSession, limit: int) -> list[int]:
    """Finished tables with a human seat whose feats were never found, oldest first."""
    rows = await s.scalars(
        select(ResultRow.table_id)
        .where(ResultRow.feats.is_(None))
        .distinct()
        .order_by(ResultRow.table_id)
        .limit(limit)
    )
    return list(rows)


async def set_feats(s: AsyncSession, table_id: int, feats: tuple[frozenset[str], ...]) -> None:
    """Keep each human seat's feats of a finished table (a seat beyond ``feats``: none)."""
    seats = await s.scalars(select(ResultRow.seat).where(ResultRow.table_id == table_id))
    for seat in list(seats):
        found = feats[seat] if seat < len(feats) else frozenset()
        await s.execute(
            update(ResultRow)
            .where(ResultRow.table_id == table_id, ResultRow.seat == seat)
            .values(feats=json.dumps(sorted(found)))
        )
