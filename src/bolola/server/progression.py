"""The server's side of progression (PL-11..PL-14): the day the daily reward counts in,
and the checks of the leaderboard's query. The rules themselves are ``bolola.progression``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from datetime import UTC, date, datetime

from bolola.engine import RecordError
from bolola.registry import FLAGSHIP, find
from bolola.server.protocol import ProtocolError

# Test-only: pins "today" (an ISO date) so tests can move through days without waiting.
TODAY_ENV = "BOLOLA_TODAY"
LEADERBOARD_LIMIT = 50
MAX_LEADERBOARD_LIMIT = 100
RECENT_MATCHES = 10


def utc_today() -> date:
    return datetime.now(UTC).date()


def day_source(environ: Mapping[str, str] = os.environ) -> Callable[[], date]:
    """Today's UTC date, or the pinned one.

    >>> day_source({TODAY_ENV: "2026-12-01"})()
    datetime.date(2026, 12, 1)
    """
    pinned = environ.get(TODAY_ENV)
    if not pinned:
        return utc_today
    try:
        day = date.fromisoformat(pinned)
    except ValueError:
        raise ValueError(f"{TODAY_ENV} must be a date like 2026-11-30, not {pinned!r}") from None
    return lambda: day


def leaderboard_query(params: Mapping[str, str]) -> tuple[str, int]:
    """The game and the number of players asked for; bad ones are a bad request.

    >>> leaderboard_query({}) == (FLAGSHIP, 50)
    True
    """
    name = params.get("game", FLAGSHIP)
    try:
        game = find(name).name
    except RecordError as e:
        raise ProtocolError("bad_request", str(e)) from None
    raw = params.get("limit", str(LEADERBOARD_LIMIT))
    try:
        limit = int(raw)
    except ValueError:
        limit = 0
    if not 1 <= limit <= MAX_LEADERBOARD_LIMIT:
        raise ProtocolError("bad_request", f"limit must be 1..{MAX_LEADERBOARD_LIMIT}")
    return game, limit
