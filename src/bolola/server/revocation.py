"""Passwords changed outside this process (PL-15): the sockets still open on a session
they ended are told and closed.

A password changed through the room ends its player's older sessions at once, on every
process (``Room.end_sessions``). One set by the operator (``bolola password``, another
program on the same database) reaches a running server only through the database: every
``seconds`` the server reads the players whose sessions ended since its last look. Each
change is read for a while after it is made (``OVERLAP``), so a clock a little behind
the database's writer misses none; ending a session twice closes nothing more.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from bolola.store.store import Store

log = logging.getLogger("bolola.room")
OVERLAP = timedelta(seconds=60)
NOBODY = -1.0  # no session is made at this moment: none goes on

# A player's id, when their sessions ended, the session that goes on (Room.end_sessions).
EndSessions = Callable[[int, float, float], None]


class Revocation:
    def __init__(self, store: Store, end_sessions: EndSessions, seconds: float) -> None:
        self.store = store
        self.end_sessions = end_sessions
        self.seconds = seconds
        self.since = datetime.now(UTC)  # what was changed before the start: no socket yet
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.seconds > 0 and self._task is None:
            self._task = asyncio.create_task(self._watch(), name="revocation")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def check(self) -> int:
        """One look at the database: the number of players whose sessions it ended."""
        looked = datetime.now(UTC)
        ended = await self.store.sessions_ended(self.since - OVERLAP)
        for player_id, before, kept in ended:
            keep = NOBODY if kept is None else kept
            self.end_sessions(player_id, before, keep)
        self.since = looked
        return len(ended)

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self.seconds)
            try:
                await self.check()
            except asyncio.CancelledError:
                raise
            except Exception as e:  # the database away a moment: the next look catches up
                log.warning("looking for ended sessions failed: %s", " ".join(str(e).split()))
