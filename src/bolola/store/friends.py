"""Friends and blocks (issue 17), as the store keeps them: run inside a session of
:class:`bolola.store.store.Store` (writes through its writer, one at a time, so two
requests crossing each other become a friendship, never two pending rows).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from sqlalchemy import delete, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bolola.store.models import Block, Friendship, Identity, Player, ProviderFriend, now, utc


class Asked(StrEnum):
    """What a friend request came to."""

    SENT = "sent"  # pending until the other answers
    FRIENDS = "friends"  # they had asked too, or were friends already
    BLOCKED = "blocked"  # either blocks the other: nothing was asked


@dataclass(frozen=True, slots=True)
class Friend:
    id: int
    name: str
    last_seen_at: datetime | None


@dataclass(frozen=True, slots=True)
class Relations:
    """One player's friends, the requests they received and sent, the players they block."""

    friends: tuple[Friend, ...]
    incoming: tuple[str, ...]
    outgoing: tuple[str, ...]
    blocked: tuple[str, ...]
    suggested: tuple[str, ...] = ()  # friends at an outside provider, not yet asked here


async def is_blocked(s: AsyncSession, a: int, b: int) -> bool:
    """Whether either has blocked the other."""
    found = await s.scalar(
        select(Block.player_id).where(
            or_(
                (Block.player_id == a) & (Block.blocked_id == b),
                (Block.player_id == b) & (Block.blocked_id == a),
            )
        )
    )
    return found is not None


async def _between(s: AsyncSession, a: int, b: int) -> Friendship | None:
    return await s.scalar(
        select(Friendship).where(
            or_(
                (Friendship.player_id == a) & (Friendship.friend_id == b),
                (Friendship.player_id == b) & (Friendship.friend_id == a),
            )
        )
    )


async def ask(s: AsyncSession, a: int, b: int) -> Asked:
    """``a`` asks ``b`` to be friends (a refusal is a value: the writer's transaction
    turns any exception into a failed write)."""
    if await is_blocked(s, a, b):
        return Asked.BLOCKED
    row = await _between(s, a, b)
    if row is None:
        s.add(Friendship(player_id=a, friend_id=b, status="pending", created_at=now()))
        return Asked.SENT
    if row.status == "pending" and row.player_id == b:  # they had asked: both want it
        row.status = "accepted"
        return Asked.FRIENDS
    return Asked.FRIENDS if row.status == "accepted" else Asked.SENT


async def answer(s: AsyncSession, a: int, b: int, accept: bool) -> bool:
    """``a`` answers ``b``'s request; False when there was none pending."""
    row = await s.get(Friendship, (b, a))
    if row is None or row.status != "pending":
        return False
    if accept:
        row.status = "accepted"
    else:
        await s.delete(row)
    return True


async def remove(s: AsyncSession, a: int, b: int) -> bool:
    """No friendship (or request, either way) between them any more."""
    done = await s.execute(
        delete(Friendship).where(
            or_(
                (Friendship.player_id == a) & (Friendship.friend_id == b),
                (Friendship.player_id == b) & (Friendship.friend_id == a),
            )
        )
    )
    return bool(getattr(done, "rowcount", 0))


async def block(s: AsyncSession, a: int, b: int) -> None:
    """``a`` blocks ``b``: any friendship or request between them goes too."""
    await remove(s, a, b)
    if await s.get(Block, (a, b)) is None:
        s.add(Block(player_id=a, blocked_id=b, created_at=now()))


async def unblock(s: AsyncSession, a: int, b: int) -> None:
    await s.execute(delete(Block).where(Block.player_id == a, Block.blocked_id == b))


async def relations(s: AsyncSession, a: int) -> Relations:
    rows = (
        await s.execute(
            select(Friendship.player_id, Friendship.friend_id, Friendship.status).where(
                or_(Friendship.player_id == a, Friendship.friend_id == a)
            )
        )
    ).all()
    others = {p if p != a else f for p, f, _ in rows}
    blocked_ids = list(await s.scalars(select(Block.blocked_id).where(Block.player_id == a)))
    wanted = others | set(blocked_ids)
    people = {
        pid: (name, None if seen is None else utc(seen))
        for pid, name, seen in (
            await s.execute(
                select(Player.id, Player.name, Player.last_seen_at).where(Player.id.in_(wanted))
            )
        ).all()
    }
    friends, incoming, outgoing = [], [], []
    for p, f, status in rows:
        other = f if p == a else p
        name, seen = people[other]
        if status == "accepted":
            friends.append(Friend(other, name, seen))
        elif p == a:
            outgoing.append(name)
        else:
            incoming.append(name)
    known = others | set(blocked_ids) | {a}
    blocked_by = set(await s.scalars(select(Block.player_id).where(Block.blocked_id == a)))
    suggested = [
        name for pid, name in await _provider_friends(s, a) if pid not in known | blocked_by
    ]
    return Relations(
        tuple(sorted(friends, key=lambda x: x.name.casefold())),
        tuple(sorted(incoming, key=str.casefold)),
        tuple(sorted(outgoing, key=str.casefold)),
        tuple(sorted((people[b][0] for b in blocked_ids), key=str.casefold)),
        tuple(sorted(set(suggested), key=str.casefold)),
    )


async def _provider_friends(s: AsyncSession, a: int) -> list[tuple[int, str]]:
    """Players who are friends of ``a`` at a provider both signed in with, whichever of
    the two told us (a friendship there is mutual; the one who came later saw it)."""
    mine = (
        await s.execute(select(Identity.provider, Identity.subject).where(Identity.player_id == a))
    ).all()
    out: list[tuple[int, str]] = []
    for provider, subject in mine:
        theirs = (
            select(ProviderFriend.friend_subject)
            .where(ProviderFriend.provider == provider, ProviderFriend.subject == subject)
            .union(
                select(ProviderFriend.subject).where(
                    ProviderFriend.provider == provider, ProviderFriend.friend_subject == subject
                )
            )
        )
        rows = await s.execute(
            select(Player.id, Player.name)
            .join(Identity, Identity.player_id == Player.id)
            .where(Identity.provider == provider, Identity.subject.in_(theirs))
        )
        out += [(pid, name) for pid, name in rows.all()]
    return out


async def set_provider_friends(
    s: AsyncSession, provider: str, subject: str, friends: list[str]
) -> None:
    """What the provider says of this person's friends now replaces what it said before."""
    await s.execute(
        delete(ProviderFriend).where(
            ProviderFriend.provider == provider, ProviderFriend.subject == subject
        )
    )
    for friend in dict.fromkeys(friends):
        if friend != subject:
            s.add(ProviderFriend(provider=provider, subject=subject, friend_subject=friend))


async def friend_ids(s: AsyncSession, a: int) -> list[int]:
    rows = await s.execute(
        select(Friendship.player_id, Friendship.friend_id).where(
            Friendship.status == "accepted",
            or_(Friendship.player_id == a, Friendship.friend_id == a),
        )
    )
    return [p if p != a else f for p, f in rows.all()]


async def seen(s: AsyncSession, a: int, at: datetime) -> None:
    await s.execute(update(Player).where(Player.id == a).values(last_seen_at=at))
