"""Challenges (issue 17) as the store keeps them, so that one outlives the process that
made it: the process that owns its table next (after a restart, or taking it over from a
dead one) reads it back and arms its expiry again, and any process lists the challenges
a player owes an answer to. Answers change only from ``pending``: whichever process
answers first wins, and a late expiry cannot undo an acceptance.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bolola.store.models import ChallengeAnswer, ChallengeRow, Invitation, Player, utc

PENDING = "pending"
ENDING = ("declined", "expired")  # answers that take the invitation away


@dataclass(frozen=True, slots=True)
class Invitee:
    player_id: int
    name: str
    answer: str
    seat: int | None


@dataclass(frozen=True, slots=True)
class StoredChallenge:
    table_id: int
    host_id: int
    host_name: str
    expires_at: datetime
    invitees: tuple[Invitee, ...]


async def add(
    s: AsyncSession,
    table_id: int,
    host_id: int,
    expires_at: datetime,
    invitees: Mapping[int, int | None],
) -> None:
    """A new challenge: every invitee ``pending`` (with the seat they had, for a rematch)."""
    s.add(ChallengeRow(table_id=table_id, host_id=host_id, expires_at=expires_at))
    await s.flush()
    s.add_all(
        ChallengeAnswer(table_id=table_id, player_id=p, answer=PENDING, seat=seat)
        for p, seat in invitees.items()
    )


async def answer(s: AsyncSession, table_id: int, player_id: int, to: str) -> bool:
    """The player's pending answer becomes ``to``; False when it was not pending (answered
    already, expired, or no such challenge). Declined or lapsed, the invitation the
    challenge gave ends with it, or a restart (or the process taking the table over)
    would list the table to them again and let them sit."""
    done = await s.execute(
        update(ChallengeAnswer)
        .where(
            ChallengeAnswer.table_id == table_id,
            ChallengeAnswer.player_id == player_id,
            ChallengeAnswer.answer == PENDING,
        )
        .values(answer=to)
    )
    changed = bool(getattr(done, "rowcount", 0) == 1)
    if changed and to in ENDING:
        await s.execute(
            delete(Invitation).where(
                Invitation.table_id == table_id, Invitation.player_id == player_id
            )
        )
    return changed


async def under_way(
    s: AsyncSession,
    *,
    tables: Iterable[int] | None = None,
    owed_by: int | None = None,
    lapsing_after: datetime | None = None,
    answered_too: bool = False,
) -> list[StoredChallenge]:
    """The challenges with an answer still pending: of these tables, or that this player
    owes an answer to; with ``lapsing_after``, only those that lapse later than it (a
    challenge whose table left before its expiry ran is never marked expired); with
    ``answered_too``, those every friend answered as well (their seats still say so)."""
    query = (
        select(ChallengeRow, Player.name)
        .join(Player, Player.id == ChallengeRow.host_id)
        .order_by(ChallengeRow.table_id)
    )
    if not answered_too:
        pending = select(ChallengeAnswer.table_id).where(ChallengeAnswer.answer == PENDING)
        if owed_by is not None:
            pending = pending.where(ChallengeAnswer.player_id == owed_by)
        query = query.where(ChallengeRow.table_id.in_(pending))
    if tables is not None:
        query = query.where(ChallengeRow.table_id.in_(list(tables)))
    heads = (await s.execute(query)).all()
    if not heads:
        return []
    rows = await s.execute(
        select(ChallengeAnswer, Player.name)
        .join(Player, Player.id == ChallengeAnswer.player_id)
        .where(ChallengeAnswer.table_id.in_([c.table_id for c, _ in heads]))
        .order_by(ChallengeAnswer.player_id)
    )
    by_table: dict[int, list[Invitee]] = {}
    for a, name in rows.all():
        by_table.setdefault(a.table_id, []).append(Invitee(a.player_id, name, a.answer, a.seat))
    return [
        StoredChallenge(
            c.table_id,
            c.host_id,
            host_name,
            utc(c.expires_at),
            tuple(by_table.get(c.table_id, ())),
        )
        for c, host_name in heads
        if lapsing_after is None or utc(c.expires_at) > lapsing_after
    ]
