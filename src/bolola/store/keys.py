"""The server's own keys (the ``server_keys`` rows): secrets made on first use, the
health check's stamp, and signed-out session tokens until they would expire anyway.
Run inside a session of :class:`bolola.store.store.Store`."""

from __future__ import annotations

import secrets
import time

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bolola.store.models import ServerKey


async def value(s: AsyncSession, name: str) -> str | None:
    row = await s.get(ServerKey, name)
    return None if row is None else row.value


async def make_secret(session: AsyncSession, name: str) -> str:
    """The secret ``name``: the one kept (made since the caller's read), or a new one."""
    found = await session.get(ServerKey, name)
    if found is not None:
        return found.value
    made = secrets.token_urlsafe(48)
    session.add(ServerKey(name=name, value=made))
    return made


async def put(session: AsyncSession, name: str, stamp: str) -> None:
    row = await session.get(ServerKey, name)
    if row is None:
        session.add(ServerKey(name=name, value=stamp))
    else:
        row.value = stamp


async def revoke(session: AsyncSession, key: str, until: float) -> None:
    """Remember a signed-out session token (``key``, ``r:…``) until ``until``; the ones
    expired are forgotten on the way."""
    for row in await session.scalars(select(ServerKey).where(ServerKey.name.like("r:%"))):
        if float(row.value) < time.time():
            await session.delete(row)
    if await session.get(ServerKey, key) is None:
        session.add(ServerKey(name=key, value=repr(until)))
