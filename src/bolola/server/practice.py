"""Play from here (issue 18): an unrated practice table at a position of a finished match.

The table is made the way a restart rebuilds one (``Room.restore``): written to the
database as a table in play, with the same game, options, deals (the same integer seed,
or the same seed chain and client seeds of a fair table) and the match's first ``at``
actions in its event log, then opened in the room, which replays that log before the
table's first command. So the practice table *is* the match at that position: every
hand, the score, whose move it is; from there on the requester plays their seat of the
match (seat 0 if they had none) and bots the others. It is private (``invited``),
unrated and has no move clock; a practice table offers hints (``docs/hints.md``).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from bolola import registry
from bolola.bots.base import LEVELS, make_bot
from bolola.engine import IllegalAction, RecordError, Seat
from bolola.fairness import Unrevealed
from bolola.server.finished import Finished
from bolola.server.protocol import ProtocolError
from bolola.server.serial import STOPPING
from bolola.store.store import LoggedAction, PlayerInfo, SeatInfo, Store, TableInfo

if TYPE_CHECKING:
    from bolola.server.room import Room
    from bolola.server.table import Table


def strongest(game: str) -> str:
    """The strongest bot level the game has (``expert`` where there is one)."""
    bots = registry.entry(game).bots
    return next(lv for lv in reversed(LEVELS) if lv == "beginner" or lv in bots)


def check_level(game: str, level: object) -> str:
    """The bots' level asked for (None: the strongest); a bad one is a bad request."""
    if level is None:
        return strongest(game)
    if not isinstance(level, str) or level not in LEVELS:
        raise ProtocolError("bad_request", f"level must be one of {', '.join(LEVELS)}")
    try:
        make_bot(game, level)
    except RecordError as e:
        raise ProtocolError("bad_request", str(e)) from None
    return level


def check_position(match: Finished, at: int) -> None:
    """``at`` is a position of the match with a move still to make, and it rebuilds;
    raises ``bad_request`` (out of the match, or its end) or ``cannot_rebuild``."""
    if not 0 <= at < match.versions:
        raise ProtocolError(
            "bad_request",
            f"at must be a position 0..{match.versions - 1} of this match "
            f"(at {match.versions} the match is over)",
        )
    try:
        state = match.state_at(at)
    except (RecordError, IllegalAction, Unrevealed) as e:
        raise ProtocolError("cannot_rebuild", f"position {at} cannot be rebuilt: {e}") from None
    if match.game.outcome(state) is not None:
        raise ProtocolError("bad_request", f"the match is over at position {at}")


async def open_practice(
    room: Room, store: Store, me: PlayerInfo, match: Finished, at: int, level: str
) -> tuple[Table, Seat]:
    """The practice table, open in the room, its log replayed; and the requester's seat."""
    if room.closing:
        raise ProtocolError("server_error", STOPPING)
    room.check_hosting(me.id)
    check_position(match, at)
    mine = match.seat_of(me.id)
    seat = 0 if mine is None else mine
    seats = tuple(
        SeatInfo(s, "human", None, me.id) if s == seat else SeatInfo(s, "bot", level, None)
        for s in range(match.seat_count)
    )
    d = match.dealing
    options = dict(match.record.options)
    reserved, fence = await room.new_table_id()
    table_id = await store.add_table(
        table_id=reserved,
        fence=fence,
        game=match.game.name,
        options=options,
        seed=d.seed,
        access="invited",
        move_seconds=None,
        rated=False,
        host_id=me.id,
        seats=list(seats),
        seed_top=d.seed_top,
    )
    log = tuple(
        LoggedAction(v, int(text.partition(":")[0]), text.partition(":")[2], None, None)
        for v, text in enumerate(match.record.moves[:at], 1)
    )
    try:
        # The log first, then the start: a table still "open" with a log is never
        # replayed (a restart meanwhile lets it expire), one "playing" always is.
        await asyncio.gather(*(store.append_action(table_id, entry) for entry in log))
        await store.start_table(table_id, options, d.client_seeds)
    except Exception:
        await store.expire_table(table_id)
        raise
    info = TableInfo(
        table_id,
        match.game.name,
        options,
        d.seed,
        "invited",
        None,
        False,
        me.id,
        "playing",
        seats,
        frozenset(),
        log,
        seed_top=d.seed_top,
        client_seeds=d.client_seeds,
    )
    table = await room.open_stored(info, {me.id: me}, fence)
    await table.call(table.warm)  # the log replayed now: the answer is the table at ``at``
    return table, seat
